import { Badge, Box, Button, Container, Field, HStack, Heading, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import { useEffect, useState } from 'react';
import { LuArrowLeft } from 'react-icons/lu';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { loginReturningTo } from '../../lib/return-to';
import { AddToCalendarLink } from '../../components/add-to-calendar-link';
import { LoadError } from '../../components/load-error';
import { NotFoundPanel } from '../../components/not-found-panel';
import { PageSpinner } from '../../components/page-spinner';
import { SectionCard } from '../../components/section-card';
import type { SessionPage_SessionFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf, requirePayload } from '../../lib/user-errors';
import { useAuth } from '../../lib/use-auth';
import { usePageQuery } from '../../lib/page-query';
import { useServerDataAnonymous } from '../../lib/member-data';
import { PageMeta } from '../../lib/page-meta';
import { ClubFollowButton } from '../clubs/club-follow-button';
import { AnswerSessionDocument, CancelSessionDocument, MoveSessionDocument, SessionAttendeesDocument, SessionChangedDocument, SessionPageDocument, UpdateClubEventDocument } from './session-page.generated';
import { ClubEventForm, fromLocalInput, toLocalInput, type ClubEventFormValues } from './club-event-form';
import { myAnswerText, sessionWhen, SESSION_TEXTS } from './session-format';

export const SESSION_PAGE_TEXTS = {
  back: 'Back to the club',
  notFound: 'This session could not be found.',
  notFoundDescription: 'It may have been removed when the club changed its meeting times, or the link is wrong.',
  loadFailed: 'This session could not be loaded.',
  when: 'When',
  where: 'Where',
  about: 'About this event',
  cancelledBecause: (reason: string) => `Cancelled by the club: ${reason}`,
  started: 'This session has started; answers are closed.',
  yourAnswer: 'Your answer',
  going: 'Going',
  cant: 'Can’t make it',
  reasonLabel: 'Reason (optional, for the club)',
  sendCant: 'Send “Can’t make it”',
  answered: 'Answer saved',
  answerFailed: 'Your answer was not saved',
  signInToAnswer: 'Sign in to answer',
  followToAnswer: (club: string) => `Follow ${club} to say whether you are coming.`,
  byDefault: 'The club counts its followers as going unless they say otherwise.',
  waitingPosition: (n: number) => `You are number ${n} on the waiting list; you will be told if a place frees.`,
  headCount: 'Who is coming',
  headCountLive: 'Updated live as members answer.',
  goingCount: 'Going',
  cantCount: 'Can’t make it',
  waitingCount: 'Waiting list',
  noAnswerCount: 'No answer',
  nobody: 'Nobody yet.',
  cancelTitle: 'Cancel this session',
  cancelIntro: 'Everyone who said they are going is told at once, with your reason.',
  cancelReason: 'Reason',
  cancelConfirm: 'Cancel session',
  cancelled: 'Session cancelled',
  moveTitle: 'Move this session',
  moveIntro: 'Change its date, time or place. Everyone who said they are going is told at once.',
  moveStarts: 'Starts',
  moveEnds: 'Ends',
  movePlace: 'Place',
  moveConfirm: 'Move session',
  moved: 'Session moved',
  moveFailed: 'The session was not moved',
  editTitle: 'Change this event',
  editIntro: 'Its title, description, time, place and places. If the time or place changes, everyone who said they are going is told at once.',
  editConfirm: 'Save changes',
  edited: 'Event saved',
  editFailed: 'The event was not saved',
  cancelFailed: 'The session was not cancelled',
} as const;
const T = SESSION_PAGE_TEXTS;

/** /clubs/:clubId/sessions/:sessionId: one session or event. */
export default function SessionPage() {
  const { clubId = '', sessionId = '' } = useParams();
  const { data, error, refetch } = usePageQuery(SessionPageDocument, { variables: { id: sessionId }, context: { silent: true } });
  // Live: an answer, a move or a cancellation shows at once (the fragment merges into the cache).
  // Not while the server renders the page (it renders once, as a visitor), nor while the page
  // still shows the server's anonymous data: the subscription answers as whoever asks, and an
  // owner's head count must not be replaced by a visitor's (null).
  const { status } = useAuth();
  const anonymousData = useServerDataAnonymous();
  useSubscription(SessionChangedDocument, { variables: { sessionId }, skip: !data?.node || typeof window === 'undefined' || status === 'checking' || anonymousData });
  const session = data?.node && 'kind' in data.node ? (data.node as SessionPage_SessionFragment) : null;

  if (!data) {
    if (error) return <Container maxW="3xl" py="16"><LoadError title={T.loadFailed} onRetry={() => void refetch().catch(() => undefined)} /></Container>;
    return <PageSpinner />;
  }
  if (!session || session.club.id !== clubId) {
    return (
      <Container maxW="3xl" py="16">
        <NotFoundPanel title={T.notFound} text={T.notFoundDescription} backTo={`/clubs/${clubId}`} backLabel={T.back} />
      </Container>
    );
  }
  return <SessionDetails session={session} />;
}

function SessionDetails({ session }: { session: SessionPage_SessionFragment }) {
  const { status, session: auth } = useAuth();
  const isOwner = auth?.user.club?.node_id === session.club.id;
  const started = new Date(session.startsAt).getTime() <= Date.now();
  const when = sessionWhen(session.startsAt, session.endsAt, session.timeZone);
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }} px={{ base: '4', md: '6' }}>
      <PageMeta
        title={`${session.name} · ${session.club.name}`}
        description={`${session.name}: ${when}${session.place ? `, ${session.place}` : ''}.`}
        path={`/clubs/${session.club.id}/sessions/${session.id}`}
        type="article"
        jsonLd={{
          '@context': 'https://schema.org',
          '@type': 'Event',
          name: session.name,
          startDate: session.startsAt,
          endDate: session.endsAt,
          eventStatus: session.cancelledAt ? 'https://schema.org/EventCancelled' : session.movedAt ? 'https://schema.org/EventRescheduled' : 'https://schema.org/EventScheduled',
          location: { '@type': 'Place', name: session.place ?? session.club.location ?? session.club.name },
          organizer: { '@type': 'SportsClub', name: session.club.name },
        }}
      />
      <Stack gap="6">
        <Link asChild colorPalette="teal" color="colorPalette.fg" textStyle="sm" fontWeight="medium" alignSelf="start">
          <RouterLink to={`/clubs/${session.club.id}`}>
            <LuArrowLeft aria-hidden="true" />
            {T.back}
          </RouterLink>
        </Link>
        <Stack gap="2">
          <HStack gap="2" flexWrap="wrap">
            {session.kind === 'EVENT' && <Badge colorPalette="purple">{SESSION_TEXTS.event}</Badge>}
            {session.cancelledAt ? <Badge colorPalette="red">{SESSION_TEXTS.cancelled}</Badge> : session.movedAt ? <Badge colorPalette="orange">{SESSION_TEXTS.moved}</Badge> : null}
          </HStack>
          <Heading as="h1" size="2xl">
            {session.name}
          </Heading>
          <Text color="fg.muted">{session.club.name}</Text>
        </Stack>
        {session.cancelledAt && session.cancelReason && (
          <Box role="status" borderWidth="1px" borderColor="border.error" bg="bg.error" color="fg.error" rounded="md" p="3">
            {T.cancelledBecause(session.cancelReason)}
          </Box>
        )}
        <SectionCard level="h2" title={T.when}>
          <Text fontVariantNumeric="tabular-nums">{when}</Text>
          <AddToCalendarLink clubId={session.club.id} sessionId={session.id} />
          <Text>
            <Text as="span" fontWeight="medium">
              {T.where}:{' '}
            </Text>
            {session.place ?? session.club.location ?? '—'}
          </Text>
          {!session.cancelledAt && (
            <Text color="fg.muted">
              {SESSION_TEXTS.going(session.goingCount)}
              {session.placesLeft !== null && session.placesLeft !== undefined ? ` · ${SESSION_TEXTS.placesLeft(session.placesLeft)}` : ''}
            </Text>
          )}
        </SectionCard>
        {session.description && (
          <SectionCard level="h2" title={T.about}>
            <Box css={{ '& p': { marginBottom: '0.5rem' }, '& ul': { listStyleType: 'disc', paddingInlineStart: '1.5rem' }, '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.5rem' } }} dangerouslySetInnerHTML={{ __html: session.description }} />
          </SectionCard>
        )}
        {!isOwner && !session.cancelledAt && (
          <SectionCard level="h2" title={T.yourAnswer}>
            {started ? <Text>{T.started}</Text> : status !== 'signed-in' ? <SignInToAnswer /> : !session.club.followedByMe ? <FollowToAnswer session={session} /> : <AnswerPanel session={session} />}
          </SectionCard>
        )}
        {isOwner && <OwnerPanel session={session} started={started} />}
      </Stack>
    </Container>
  );
}

function SignInToAnswer() {
  const { pathname } = useLocation();
  return (
    <Button asChild colorPalette="teal" alignSelf="start">
      <RouterLink to={loginReturningTo(pathname)}>
        {T.signInToAnswer}
      </RouterLink>
    </Button>
  );
}

function FollowToAnswer({ session }: { session: SessionPage_SessionFragment }) {
  return (
    <Stack gap="3" align="start">
      <Text>{T.followToAnswer(session.club.name)}</Text>
      <ClubFollowButton club={{ id: session.club.id, name: session.club.name, followedByMe: session.club.followedByMe }} />
    </Stack>
  );
}

function AnswerPanel({ session }: { session: SessionPage_SessionFragment }) {
  const [answer, { loading }] = useMutation(AnswerSessionDocument, { context: { silent: true } });
  const [askingReason, setAskingReason] = useState(false);
  const [reason, setReason] = useState('');
  const mine = session.myAnswer;
  const send = async (value: 'GOING' | 'CANT') => {
    try {
      const { data } = await answer({ variables: { input: { sessionId: session.id, answer: value, reason: value === 'CANT' && reason.trim() ? reason.trim() : null } } });
      requirePayload(data?.answerSession);
      setAskingReason(false);
      notifySuccess(T.answered);
    } catch (error) {
      notifyError(T.answerFailed, errorMessageOf(error));
    }
  };
  return (
    <Stack gap="3">
      {mine && (
        <Text aria-live="polite" fontWeight="medium">
          {myAnswerText(mine)}
          {mine.answer === 'CANT' && mine.reason ? `: “${mine.reason}”` : ''}
        </Text>
      )}
      {mine?.byDefault && <Text color="fg.muted">{T.byDefault}</Text>}
      {mine?.waitingPosition && <Text color="fg.muted">{T.waitingPosition(mine.waitingPosition)}</Text>}
      <HStack gap="3" flexWrap="wrap" role="group" aria-label={T.yourAnswer}>
        <Button colorPalette="teal" variant={mine && !mine.byDefault && mine.answer !== 'CANT' ? 'solid' : 'outline'} aria-pressed={!!mine && !mine.byDefault && mine.answer !== 'CANT'} loading={loading} onClick={() => void send('GOING')}>
          {T.going}
        </Button>
        <Button colorPalette="red" variant={mine?.answer === 'CANT' ? 'solid' : 'outline'} aria-pressed={mine?.answer === 'CANT'} disabled={loading} onClick={() => setAskingReason(true)}>
          {T.cant}
        </Button>
      </HStack>
      {askingReason && (
        <Stack gap="2" as="form" onSubmit={(e) => { e.preventDefault(); void send('CANT'); }}>
          <Field.Root>
            <Field.Label>{T.reasonLabel}</Field.Label>
            <Textarea value={reason} maxLength={300} onChange={(e) => setReason(e.target.value)} rows={2} />
          </Field.Root>
          <Button type="submit" colorPalette="red" alignSelf="start" loading={loading}>
            {T.sendCant}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function OwnerPanel({ session, started }: { session: SessionPage_SessionFragment; started: boolean }) {
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
