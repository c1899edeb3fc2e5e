import { Badge, Button, Field, Fieldset, HStack, Link, Stack, Text, Switch } from '@chakra-ui/react';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useState } from 'react';
import { LuCalendar } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { offsetLabel, REMINDER_OFFSET_CHOICES, REMINDER_OFFSETS_MAX } from '@clubroom/rules/sessions';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { SectionCard } from '../../components/section-card';
import type { ClubSessionsTab_ClubFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { ClubEventForm, EMPTY_CLUB_EVENT } from '../sessions/club-event-form';
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

function NewEvent() {
  const [create] = useMutation(CreateClubEventDocument, { context: { silent: true }, refetchQueries: [MyClubSessionsDocument] });
  return (
    <SectionCard level="h2" title={T.addEvent} description={T.addEventIntro}>
      <ClubEventForm
        label={T.addEvent}
        submitLabel={T.create}
        failedTitle={T.createFailed}
        defaultValues={EMPTY_CLUB_EVENT}
        onSave={async (input) => {
          const { data } = await create({ variables: { input } });
          requirePayload(data?.createClubEvent);
          notifySuccess(T.created);
          return EMPTY_CLUB_EVENT;
        }}
      />
    </SectionCard>
  );
}
