// The club owner's part of a session's page: the live head count and who answered, and moving,
// changing or cancelling the session. An island loaded with the GraphQL client: only the owner
// sees it, and a visitor's page carries neither it nor its forms.
import { Button, Field, HStack, Heading, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { SectionCard } from '../../components/section-card';
import type { SessionPage_SessionFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { CancelSessionDocument, MoveSessionDocument, SessionAttendeesDocument, UpdateClubEventDocument } from './session-actions.generated';
import { ClubEventForm, fromLocalInput, toLocalInput, type ClubEventFormValues } from './club-event-form';
import { SESSION_PAGE_TEXTS as T } from './session-page-texts';

export function SessionOwnerPanel({ session, started }: { session: SessionPage_SessionFragment; started: boolean }) {
  const { data, refetch } = useQuery(SessionAttendeesDocument, { variables: { id: session.id }, context: { silent: true } });
  const counts = session.headCount;
  // The live head count changed: the names follow.
  const key = counts ? `${counts.going}|${counts.cant}|${counts.waiting}` : '';
  useEffect(() => {
    if (key) void refetch().catch(() => undefined);
  }, [key, refetch]);
  const node = data?.node && 'going' in data.node ? data.node : null;
  return (
    <>
      <SectionCard level="h2" title={T.headCount} description={T.headCountLive}>
        {counts && (
          <HStack gap="6" flexWrap="wrap" aria-live="polite">
            <Count label={T.goingCount} value={counts.going} />
            <Count label={T.cantCount} value={counts.cant} />
            <Count label={T.waitingCount} value={counts.waiting} />
            <Count label={T.noAnswerCount} value={counts.noAnswer} />
          </HStack>
        )}
        {node && (
          <Stack gap="4">
            <Names title={T.goingCount} people={node.going.nodes} />
            <Names title={T.cantCount} people={node.cant.nodes} withReason />
            {node.waiting.totalCount > 0 && <Names title={T.waitingCount} people={node.waiting.nodes} />}
          </Stack>
        )}
      </SectionCard>
      {!started && !session.cancelledAt && (session.kind === 'EVENT' ? <EditEvent session={session} /> : <MoveSession session={session} />)}
      {!started && !session.cancelledAt && <CancelSession session={session} />}
    </>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap="0">
      <Text as="span" display="block" textStyle="2xl" fontWeight="bold" fontVariantNumeric="tabular-nums">
        {value}
      </Text>
      <Text as="span" display="block" textStyle="sm" color="fg.muted">
        {label}
      </Text>
    </Stack>
  );
}

function Names({ title, people, withReason }: { title: string; people: readonly { member: { id: string; name: string }; reason?: string | null }[]; withReason?: boolean }) {
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {people.length === 0 ? (
        <Text color="fg.muted">{T.nobody}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="1" aria-label={title}>
          {people.map((p) => (
            <Text as="li" key={p.member.id}>
              {p.member.name}
              {withReason && p.reason ? ` — “${p.reason}”` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CancelSession({ session }: { session: SessionPage_SessionFragment }) {
  const [cancel, { loading }] = useMutation(CancelSessionDocument, { context: { silent: true } });
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = async () => {
    try {
      const { data } = await cancel({ variables: { input: { sessionId: session.id, reason } } });
      requirePayload(data?.cancelSession);
      notifySuccess(T.cancelled);
      setProblem(undefined);
    } catch (error) {
      // The reason's problem shows under the field; anything else in a toast.
      const field = fieldErrorsOf(error)?.reason;
      setProblem(field);
      if (!field) notifyError(T.cancelFailed, errorMessageOf(error));
    }
  };
  return (
    <SectionCard level="h2" title={T.cancelTitle} description={T.cancelIntro}>
      <form noValidate onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Stack gap="3">
        <Field.Root invalid={!!problem} required>
          <Field.Label>{T.cancelReason}</Field.Label>
          <Textarea value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} rows={2} />
          {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="red" alignSelf="start" loading={loading}>
          {T.cancelConfirm}
        </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}


function MoveSession({ session }: { session: SessionPage_SessionFragment }) {
  const [move, { loading }] = useMutation(MoveSessionDocument, { context: { silent: true } });
  const [startsAt, setStartsAt] = useState(toLocalInput(session.startsAt));
  const [endsAt, setEndsAt] = useState(toLocalInput(session.endsAt));
  const [place, setPlace] = useState(session.place ?? '');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const submit = async () => {
    try {
      const { data } = await move({ variables: { input: { sessionId: session.id, startsAt: fromLocalInput(startsAt), endsAt: fromLocalInput(endsAt), place: place.trim() || null } } });
      requirePayload(data?.moveSession);
      setProblems({});
      notifySuccess(T.moved);
    } catch (error) {
      const fields = fieldErrorsOf(error) ?? {};
      setProblems(fields);
      if (!fields.startsAt && !fields.endsAt && !fields.place) notifyError(T.moveFailed, errorMessageOf(error));
    }
  };
  return (
    <SectionCard level="h2" title={T.moveTitle} description={T.moveIntro}>
      <form
        noValidate
        aria-label={T.moveTitle}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="3">
          <HStack gap="4" flexWrap="wrap" align="start">
            <Field.Root invalid={!!problems.startsAt} maxW="xs">
              <Field.Label>{T.moveStarts}</Field.Label>
              <Input type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
              {problems.startsAt && <Field.ErrorText>{problems.startsAt}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={!!problems.endsAt} maxW="xs">
              <Field.Label>{T.moveEnds}</Field.Label>
              <Input type="datetime-local" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
              {problems.endsAt && <Field.ErrorText>{problems.endsAt}</Field.ErrorText>}
            </Field.Root>
          </HStack>
          <Field.Root invalid={!!problems.place}>
            <Field.Label>{T.movePlace}</Field.Label>
            <Input value={place} maxLength={200} onChange={(e) => setPlace(e.target.value)} />
            {problems.place && <Field.ErrorText>{problems.place}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="teal" variant="outline" alignSelf="start" loading={loading}>
            {T.moveConfirm}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  );
}

/** An event's form values as it stands. */
function eventValues(session: SessionPage_SessionFragment): ClubEventFormValues {
  return {
    title: session.title ?? session.name,
    description: session.description ?? '',
    place: session.place ?? '',
    startsAt: toLocalInput(session.startsAt),
    endsAt: toLocalInput(session.endsAt),
    capacity: session.capacity === null || session.capacity === undefined ? '' : String(session.capacity),
  };
}

/** An event's owner changes any of it (a training session is moved instead: its name and
 *  description are the club's). */
function EditEvent({ session }: { session: SessionPage_SessionFragment }) {
  const [update] = useMutation(UpdateClubEventDocument, { context: { silent: true } });
  return (
    <SectionCard level="h2" title={T.editTitle} description={T.editIntro}>
      <ClubEventForm
        label={T.editTitle}
        submitLabel={T.editConfirm}
        failedTitle={T.editFailed}
        defaultValues={eventValues(session)}
        onSave={async (input) => {
          const { data } = await update({ variables: { input: { sessionId: session.id, ...input } } });
          const saved = requirePayload(data?.updateClubEvent);
          notifySuccess(T.edited);
          return saved.session ? eventValues(saved.session) : eventValues(session);
        }}
      />
    </SectionCard>
  );
}
