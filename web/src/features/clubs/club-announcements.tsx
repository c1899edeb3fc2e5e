import { HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { LoadError } from '../../components/load-error';
import { ReportButton } from '../../components/report-button';
import { ShowMoreButton } from '../../components/show-more-button';
import type { ClubAnnouncement_AnnouncementFragment } from '../../gql/graphql';
import { formatDate } from '../../lib/format';
import { CLUB_ANNOUNCEMENTS_TEXTS as T } from './club-announcements-texts';
import { ClubSection } from './club-section';
import { useClubAnnouncements } from './use-club-announcements';

/** The club page's Announcements: the latest first, each with 'Report'. Opened from a notification
 *  (`?announcement=`), the page scrolls to that one, shows it marked and marks it read. */
export function ClubAnnouncements({ clubId }: { clubId: string }) {
  const [params] = useSearchParams();
  const { items, error, hasMore, loadingMore, loadMoreFailed, loadMore, retry, focusedId } = useClubAnnouncements(clubId, params.get('announcement'));

  return (
    <ClubSection title={T.heading}>
      {!items ? (
        error ? (
          <LoadError title={T.loadFailed} onRetry={retry} />
        ) : (
          <Text color="fg.muted">Loading announcements...</Text>
        )
      ) : items.length === 0 ? (
        <Text color="fg.muted">{T.empty}</Text>
      ) : (
        <Stack gap="3">
          <Stack as="ul" listStyleType="none" gap="3" aria-label={T.listName}>
            {items.map((announcement) => (
              <ClubAnnouncementItem key={announcement.id} announcement={announcement} clubId={clubId} focused={announcement.id === focusedId} />
            ))}
          </Stack>
          {hasMore && <ShowMoreButton label={T.showMore} loadingText={T.showingMore} failedText={T.moreFailed} loading={loadingMore} failed={loadMoreFailed} onShowMore={loadMore} />}
        </Stack>
      )}
    </ClubSection>
  );
}

function ClubAnnouncementItem({ announcement, clubId, focused }: { announcement: ClubAnnouncement_AnnouncementFragment; clubId: string; focused: boolean }) {
  // The Stack renders an li; its ref type is the Stack's (a div's).
  const ref = useRef<HTMLDivElement>(null);
  const headingId = `announcement-${announcement.id}-title`;
  // Opened from a notification: brought into view and given the focus, so a screen reader starts there.
  useEffect(() => {
    if (!focused || !ref.current) return;
    ref.current.scrollIntoView({ block: 'center' });
    ref.current.focus({ preventScroll: true });
  }, [focused]);

  return (
    <Stack
      as="li"
      ref={ref}
      id={`announcement-${announcement.id}`}
      aria-labelledby={headingId}
      tabIndex={focused ? -1 : undefined}
      gap="1.5"
      p="3"
      borderWidth="1px"
      borderRadius="md"
      borderColor={focused ? 'teal.solid' : 'border'}
      bg={focused ? 'teal.subtle' : undefined}
    >
      {focused && (
        <Text textStyle="xs" fontWeight="semibold" color="teal.fg">
          {T.openedFromNotification}
        </Text>
      )}
      <HStack justify="space-between" align="flex-start" gap="2">
        <Stack gap="0" minW="0">
          <Text as="h3" id={headingId} fontWeight="semibold" wordBreak="break-word">
            {announcement.title}
          </Text>
          <Text textStyle="sm" color="fg.muted">
            <time dateTime={announcement.createdAt}>{formatDate(announcement.createdAt)}</time>
          </Text>
        </Stack>
        <ReportButton
          target={{ type: 'ANNOUNCEMENT', id: announcement.id, label: T.reportLabel(announcement.title) }}
          ownerClubId={clubId}
          name={T.reportName(announcement.title)}
          flexShrink="0"
        />
      </HStack>
      <Text whiteSpace="pre-line" wordBreak="break-word">
        {announcement.body}
      </Text>
    </Stack>
  );
}
