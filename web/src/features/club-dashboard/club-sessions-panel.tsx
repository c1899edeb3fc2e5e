import { Badge, Button, Field, Fieldset, HStack, Input, Link, Stack, Text, Switch, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuCalendar } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { offsetLabel, REMINDER_OFFSET_CHOICES, REMINDER_OFFSETS_MAX } from '@clubroom/rules/sessions';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { SectionCard } from '../../components/section-card';
import type { ClubSessionsTab_ClubFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { sessionWhen, SESSION_TEXTS } from '../sessions/session-format';
import { CreateClubEventDocument, MyClubSessionsChangedDocument, MyClubSessionsDocument, UpdateClubSessionSettingsDocument } from './club-sessions.generated';
import { CLUB_SESSIONS_TEXTS as T } from './club-sessions-texts';

/** The Sessions tab: the coming sessions with live head counts, the settings, and a new event. */
export function ClubSessionsPanel() {
  const { data, error, refetch } = useQuery(MyClubSessionsDocument, { context: { silent: true } });
  const club = data?.me?.club ?? null;
  // Live: every answer, change or setting updates the list (the event's club merges into the cache).
  useSubscription(MyClubSessionsChangedDocument, { variables: { clubId: club?.id ?? '' }, skip: !club });
  if (!data) {
    if (error) return <LoadError title={T.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />;
    return <PageSpinner />;
  }
  if (!club) return null;
  return (
    <Stack gap="6">
      <SessionList club={club} />
      <NewEvent />
      <SessionSettings club={club} />
    </Stack>
  );
}

function SessionList({ club }: { club: ClubSessionsTab_ClubFragment }) {
  const sessions = club.upcomingSessions.nodes;
  return (
    <SectionCard level="h2" title={T.heading} description={T.intro}>
      {sessions.length === 0 ? (
        <EmptyPanel icon={<LuCalendar />} title={T.empty} titleAs="h3" description={T.emptyDescription} size="sm" />
      ) : (
        <Stack as="ul" listStyleType="none" gap="0" aria-label={T.listName}>
          {sessions.map((s) => (
            <Stack as="li" key={s.id} gap="1" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
              <HStack gap="2" flexWrap="wrap">
                <Link asChild colorPalette="teal" color="colorPalette.fg" fontWeight="semibold">
                  <RouterLink to={`/clubs/${club.id}/sessions/${s.id}`}>{s.name}</RouterLink>
                </Link>
                {s.kind === 'EVENT' && <Badge colorPalette="purple">{SESSION_TEXTS.event}</Badge>}
                {s.cancelledAt ? <Badge colorPalette="red">{SESSION_TEXTS.cancelled}</Badge> : s.movedAt ? <Badge colorPalette="orange">{SESSION_TEXTS.moved}</Badge> : null}
              </HStack>
              <Text textStyle="sm" fontVariantNumeric="tabular-nums">
                {sessionWhen(s.startsAt, s.endsAt, s.timeZone)}
                {s.place ? ` · ${s.place}` : ''}
              </Text>
              {!s.cancelledAt && s.headCount && (
                <Text textStyle="sm" color="fg.muted">
                  {T.counts(s.headCount)}
                </Text>
              )}
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

function SessionSettings({ club }: { club: ClubSessionsTab_ClubFragment }) {
  const [save, { loading }] = useMutation(UpdateClubSessionSettingsDocument, { context: { silent: true } });
  const [byDefault, setByDefault] = useState(club.attendingByDefault);
  const [offsets, setOffsets] = useState<number[]>(club.reminderOffsetsMinutes);
  const toggle = (minutes: number, on: boolean) => setOffsets((list) => (on ? [...list, minutes] : list.filter((m) => m !== minutes)));
  const submit = async () => {
    try {
      const { data } = await save({ variables: { input: { attendingByDefault: byDefault, reminderOffsetsMinutes: offsets } } });
      requirePayload(data?.updateClubSessionSettings);
      notifySuccess(T.settingsSaved);
    } catch (error) {
      notifyError(T.settingsFailed, errorMessageOf(error));
    }
  };
  return (
    <SectionCard level="h2" title={T.settingsHeading} description={T.settingsIntro}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="5">
          <Field.Root>
            <Switch.Root checked={byDefault} onCheckedChange={(d) => setByDefault(d.checked === true)} colorPalette="teal">
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{T.attendingByDefault}</Switch.Label>
            </Switch.Root>
            <Field.HelperText>{T.attendingByDefaultHelp}</Field.HelperText>
          </Field.Root>
          <Fieldset.Root>
            <Fieldset.Legend>{T.reminders}</Fieldset.Legend>
            <Fieldset.HelperText>{T.remindersHelp}</Fieldset.HelperText>
            <HStack gap="4" flexWrap="wrap">
              {REMINDER_OFFSET_CHOICES.map((minutes) => {
                const on = offsets.includes(minutes);
                return (
                  <Switch.Root key={minutes} checked={on} disabled={!on && offsets.length >= REMINDER_OFFSETS_MAX} onCheckedChange={(d) => toggle(minutes, d.checked === true)} colorPalette="teal">
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>{`${offsetLabel(minutes)} before`}</Switch.Label>
                  </Switch.Root>
                );
              })}
            </HStack>
          </Fieldset.Root>
          <Button type="submit" colorPalette="teal" alignSelf="start" loading={loading}>
            {T.saveSettings}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

interface EventForm {
  title: string;
  description: string;
  place: string;
  startsAt: string;
  endsAt: string;
  capacity: string;
}
const EMPTY_EVENT: EventForm = { title: '', description: '', place: '', startsAt: '', endsAt: '', capacity: '' };
const FIELDS: Record<string, keyof EventForm> = { title: 'title', description: 'description', place: 'place', startsAt: 'startsAt', endsAt: 'endsAt', capacity: 'capacity' };

/** 'datetime-local' values are the member's own clock; the server gets instants. */
const instant = (local: string) => (local ? new Date(local).toISOString() : 'invalid');

function NewEvent() {
  const [create, { loading }] = useMutation(CreateClubEventDocument, { context: { silent: true }, refetchQueries: [MyClubSessionsDocument] });
  const { register, handleSubmit, setError, reset, formState } = useForm<EventForm>({ defaultValues: EMPTY_EVENT });
  const errors = formState.errors;
  const onSubmit = handleSubmit(async (values) => {
    const capacity = values.capacity.trim() === '' ? null : Number(values.capacity);
    if (capacity !== null && !Number.isInteger(capacity)) {
      setError('capacity', { message: 'Places must be a whole number from 1 to 10000, or left empty for no limit.' });
      return;
    }
    if (!values.startsAt) setError('startsAt', { message: 'Enter a valid start date and time.' });
    if (!values.endsAt) setError('endsAt', { message: 'Enter a valid end date and time.' });
    if (!values.startsAt || !values.endsAt) return;
    try {
      const { data } = await create({
        variables: { input: { title: values.title, description: values.description || null, place: values.place || null, startsAt: instant(values.startsAt), endsAt: instant(values.endsAt), capacity } },
      });
      requirePayload(data?.createClubEvent);
      notifySuccess(T.created);
      reset(EMPTY_EVENT);
    } catch (error) {
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, FIELDS);
      if (applied.length === 0) notifyError(T.createFailed, errorMessageOf(error));
    }
  });
  return (
    <SectionCard level="h2" title={T.addEvent} description={T.addEventIntro}>
      <form onSubmit={onSubmit} noValidate aria-label={T.addEvent}>
        <Stack gap="4">
          <Field.Root invalid={!!errors.title} required>
            <Field.Label>{T.title}</Field.Label>
            <Input {...register('title')} maxLength={120} />
            <Field.ErrorText>{errors.title?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.description}>
            <Field.Label>{T.description}</Field.Label>
            <Textarea {...register('description')} rows={3} />
            <Field.ErrorText>{errors.description?.message}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!errors.place}>
            <Field.Label>{T.place}</Field.Label>
            <Input {...register('place')} maxLength={200} />
            <Field.ErrorText>{errors.place?.message}</Field.ErrorText>
          </Field.Root>
          <HStack gap="4" flexWrap="wrap" align="start">
            <Field.Root invalid={!!errors.startsAt} required maxW="xs">
              <Field.Label>{T.startsAt}</Field.Label>
              <Input type="datetime-local" {...register('startsAt')} />
              <Field.ErrorText>{errors.startsAt?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!errors.endsAt} required maxW="xs">
              <Field.Label>{T.endsAt}</Field.Label>
              <Input type="datetime-local" {...register('endsAt')} />
              <Field.ErrorText>{errors.endsAt?.message}</Field.ErrorText>
            </Field.Root>
          </HStack>
          <Field.Root invalid={!!errors.capacity} maxW="xs">
            <Field.Label>{T.capacity}</Field.Label>
            <Input type="number" min={1} max={10000} {...register('capacity')} />
            <Field.ErrorText>{errors.capacity?.message}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="teal" alignSelf="start" loading={loading}>
            {T.create}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}
