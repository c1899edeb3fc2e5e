import { Alert, Button, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuMegaphone } from 'react-icons/lu';
import { ANNOUNCEMENT_BODY_MAX, ANNOUNCEMENT_TEXTS, ANNOUNCEMENT_TITLE_MAX, postAnnouncementRules, type PostAnnouncementValues } from '@clubroom/rules/announcements';
import { EmptyPanel } from '../../components/empty-panel';
import { FormField } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { SectionCard } from '../../components/section-card';
import { ShowMoreButton } from '../../components/show-more-button';
import { formatDateTime } from '../../lib/format';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { CLUB_ANNOUNCEMENTS_TEXTS as T } from './club-announcements-texts';
import { useClubAnnouncements, usePostAnnouncement } from './use-club-announcements';

/** The Announcements tab: write one to the followers, and the club's announcements with how many
 *  followers each reached and how many read it. */
export function ClubAnnouncementsPanel() {
  return (
    <Stack gap="6">
      <PostAnnouncementForm />
      <OwnerAnnouncementList />
    </Stack>
  );
}

function PostAnnouncementForm() {
  const post = usePostAnnouncement();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PostAnnouncementValues>({ resolver: zodResolver(postAnnouncementRules), mode: 'onSubmit', defaultValues: { title: '', body: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      await post(values);
      notifySuccess(T.posted, T.postedDescription);
      reset();
    } catch (error) {
      console.error('Posting the announcement failed:', error);
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, { title: 'title', body: 'body' });
      // A refusal of the whole post (the club's daily limit, a club not approved) is said above the form.
      if (applied.length === 0) setRefusal(errorMessageOf(error) ?? T.postFailed);
    }
  });

  return (
    <SectionCard level="h2" title={T.formHeading} description={T.formIntro} icon={<LuMegaphone aria-hidden="true" />}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          {refusal && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Description>{refusal}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <FormField label={T.titleLabel} error={errors.title} helperText={`Up to ${ANNOUNCEMENT_TITLE_MAX} characters.`}>
            <Input {...register('title')} maxLength={ANNOUNCEMENT_TITLE_MAX} autoComplete="off" />
          </FormField>
          <FormField label={T.bodyLabel} error={errors.body} helperText={`${T.bodyHelp} Up to ${ANNOUNCEMENT_BODY_MAX} characters.`}>
            <Textarea rows={6} {...register('body')} />
          </FormField>
          <Button type="submit" colorPalette="teal" alignSelf="flex-start" loading={isSubmitting} loadingText={T.submitting}>
            {T.submit}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

function OwnerAnnouncementList() {
  const { items, totalCount, error, hasMore, loadingMore, loadMoreFailed, loadMore, retry } = useClubAnnouncements();

  if (!items || totalCount === undefined) {
    if (error) return <LoadError title={T.loadFailed} onRetry={retry} />;
    return <PageSpinner />;
  }

  return (
    <SectionCard level="h2" title={T.listHeading} description={T.listIntro}>
      {items.length === 0 ? (
        <EmptyPanel icon={<LuMegaphone />} title={T.empty} titleAs="h3" description={T.emptyDescription} size="sm" />
      ) : (
        <Stack gap="3">
          <Stack as="ul" listStyleType="none" gap="0" aria-label={T.listName}>
            {items.map((announcement) => (
              <Stack as="li" key={announcement.id} gap="1" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
                <Text as="h3" fontWeight="semibold" wordBreak="break-word">
                  {announcement.title}
                </Text>
                <Text textStyle="sm" color="fg.muted">
                  <time dateTime={announcement.createdAt}>{T.postedOn(formatDateTime(announcement.createdAt))}</time>
                </Text>
                <Text whiteSpace="pre-line" wordBreak="break-word" lineClamp={4}>
                  {announcement.body}
                </Text>
                <Text textStyle="sm" fontWeight="medium" color="fg.muted">
                  {ANNOUNCEMENT_TEXTS.counts(announcement.deliveredCount ?? 0, announcement.readCount ?? 0)}
                </Text>
              </Stack>
            ))}
          </Stack>
          {hasMore && <ShowMoreButton label={T.showMore} loadingText={T.showingMore} failedText={T.moreFailed} loading={loadingMore} failed={loadMoreFailed} onShowMore={loadMore} />}
        </Stack>
      )}
    </SectionCard>
  );
}
