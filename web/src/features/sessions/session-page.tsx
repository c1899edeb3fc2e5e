import { Badge, Box, Button, Container, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';
import { memo } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { loginReturningTo } from '../../lib/return-to';
import { AddToCalendarLink } from '../../components/add-to-calendar-link';
import { LazyIsland } from '../../components/lazy-island';
import { LoadError } from '../../components/load-error';
import { NotFoundPanel } from '../../components/not-found-panel';
import { PageSpinner } from '../../components/page-spinner';
import { SectionCard } from '../../components/section-card';
import type { SessionPage_SessionFragment } from '../../gql/graphql';
import { lazyWithApollo } from '../../lib/apollo-island';
import { useAuth } from '../../lib/use-auth';
import { useIdle } from '../../lib/use-idle';
import { usePageQuery } from '../../lib/page-query';
import { useServerDataAnonymous } from '../../lib/member-data';
import { PageMeta } from '../../lib/page-meta';
import { ClubFollowButton } from '../clubs/club-follow-button';
import { SessionPageDocument } from './session-page.generated';
import { sessionWhen, SESSION_TEXTS } from './session-format';
import { SESSION_PAGE_TEXTS as T } from './session-page-texts';

// What the page does beyond showing the session loads with the GraphQL client, in islands of its
// own (issue 27: a visitor reads the page without the client): a member's answer, the owner's head
// count and tools, and the live changes.
const SessionAnswerPanel = lazyWithApollo(() => import('./session-answer-panel').then((module) => module.SessionAnswerPanel));
const SessionOwnerPanel = lazyWithApollo(() => import('./session-owner-panel').then((module) => module.SessionOwnerPanel));
const SessionLiveUpdates = lazyWithApollo(() => import('./session-live').then((module) => module.SessionLiveUpdates));

/** /clubs/:clubId/sessions/:sessionId: one session or event. */
export default function SessionPage() {
  const { clubId = '', sessionId = '' } = useParams();
  const { data, error, refetch } = usePageQuery(SessionPageDocument, { variables: { id: sessionId }, context: { silent: true } });
  // Live: an answer, a move or a cancellation shows at once (the fragment merges into the cache).
  // Not while the server renders the page (it renders once, as a visitor), nor while the page
  // still shows the server's anonymous data: the subscription answers as whoever asks, and an
  // owner's head count must not be replaced by a visitor's (null).
  // A visitor's page starts them once it has loaded and is idle (they bring the client); a
  // member's client is there already.
  const { status } = useAuth();
  const anonymousData = useServerDataAnonymous();
  const idle = useIdle();
  const session = data?.node && 'kind' in data.node ? (data.node as SessionPage_SessionFragment) : null;
  const live = session && (idle || status === 'signed-in') && status !== 'checking' && !anonymousData && (
    <LazyIsland>
      <SessionLiveUpdates sessionId={sessionId} />
    </LazyIsland>
  );

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
  return (
    <>
      <SessionDetails session={session} />
      {live}
    </>
  );
}

/** Memoised: the page renders again as its live updates start (idle, the session known), with
 *  the same session; its details need not (121 components, twice, after hydrating). */
const SessionDetails = memo(function SessionDetails({ session }: { session: SessionPage_SessionFragment }) {
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
            {started ? <Text>{T.started}</Text> : status !== 'signed-in' ? <SignInToAnswer /> : !session.club.followedByMe ? <FollowToAnswer session={session} /> : <LazyIsland><SessionAnswerPanel session={session} /></LazyIsland>}
          </SectionCard>
        )}
        {isOwner && (
          <LazyIsland>
            <SessionOwnerPanel session={session} started={started} />
          </LazyIsland>
        )}
      </Stack>
    </Container>
  );
});

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
