import { Alert, Button, Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSearchParams } from '../../lib/navigation';
import { useFocusOnMount } from '../../lib/use-focus-on-mount';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { PageMeta } from '../../lib/page-meta';
import { notifyError } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { sessionWhen } from '../sessions/session-format';
import type { SessionAnswerLink_SessionFragment } from '../../gql/graphql';
import { AnswerSessionByLinkDocument, SessionAnswerLinkDocument } from './session-answer-link.generated';
import { SESSION_ANSWER_LINK_TEXTS as T } from './session-answer-link-texts';

/** How the page ends: the answer saved, or a refusal (the server's message). */
type Outcome = { saved: true; answer: string; waitingPosition: number | null } | { saved: false; message: string };

const sessionPagePath = (session: SessionAnswerLink_SessionFragment) => `/clubs/${session.club.id}/sessions/${session.id}`;

/** /sessions/answer?token=… (public, no sign-in): a one-tap Going / Can't make it link of a session
 *  reminder email. Opening it only reads what the link would do (mail scanners open links); the
 *  button applies it, once. */
export default function SessionAnswerLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <PageMeta title={T.title} description={T.description} path="/sessions/answer" noindex />
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {T.title}
        </Heading>
        {token ? <AnswerLinkPanel token={token} /> : <Refused message={T.invalid} />}
      </Stack>
    </Container>
  );
}

function AnswerLinkPanel({ token }: { token: string }) {
  const { data, loading, error, refetch } = useQuery(SessionAnswerLinkDocument, { variables: { token }, fetchPolicy: 'network-only' });
  const [answerByLink, { loading: working }] = useMutation(AnswerSessionByLinkDocument, { context: { silent: true } });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const link = data?.sessionAnswerLink;
  const onConfirm = async () => {
    try {
      const { data: answer } = await answerByLink({ variables: { input: { token } } });
      const payload = answer?.answerSessionByLink;
      if (!payload) throw new Error('The server gave no answer.');
      const [refusal] = payload.userErrors;
      if (refusal) {
        setOutcome({ saved: false, message: refusal.code === 'NOT_FOUND' ? T.invalid : refusal.message });
        return;
      }
      if (!payload.answer) throw new Error('The server gave no answer.');
      setOutcome({ saved: true, answer: payload.answer.answer, waitingPosition: payload.answer.waitingPosition ?? null });
    } catch (cause) {
      console.error('Answering by link failed:', cause);
      notifyError(T.failedTitle, errorMessageOf(cause) ?? T.failed);
    }
  };

  if (link && outcome) {
    const message = outcome.saved ? (outcome.answer === 'GOING' ? T.going : outcome.answer === 'CANT' ? T.cant : T.waiting(outcome.waitingPosition)) : outcome.message;
    return <Result status={outcome.saved ? 'success' : 'warning'} message={message} session={link.session} focus />;
  }
  if (link?.session.cancelledAt) return <Result status="warning" message={T.cancelled} session={link.session} />;
  if (link?.used) return <Result status="warning" message={T.used} session={link.session} />;
  if (link) {
    const when = sessionWhen(link.session.startsAt, link.session.endsAt, link.session.timeZone);
    return (
      <Card.Root variant="outline">
        <Card.Body gap="4">
          <Text textStyle="lg">{T.question(link.answer, link.session.name, when)}</Text>
          <Text color="fg.muted">{T.club(link.session.club.name)}</Text>
          <Button alignSelf="flex-start" loading={working} loadingText={T.working} onClick={() => void onConfirm()}>
            {T.confirm(link.answer)}
          </Button>
          <Link asChild colorPalette="teal" variant="underline" alignSelf="flex-start">
            <RouterLink to={sessionPagePath(link.session)}>{T.sessionLinkPlain}</RouterLink>
          </Link>
        </Card.Body>
      </Card.Root>
    );
  }
  if (data) return <Refused message={T.invalid} />;
  if (error && !loading) {
    return <LoadError title={T.loadFailed} onRetry={() => refetch().catch((cause: unknown) => console.error('Answer link reload failed:', cause))} />;
  }
  return <PageSpinner />;
}

function Result({ status, message, session, focus = false }: { status: 'success' | 'warning'; message: string; session: SessionAnswerLink_SessionFragment; focus?: boolean }) {
  const ref = useFocusOnMount<HTMLDivElement>(focus);
  return (
    <Stack gap="4">
      <Alert.Root status={status} role="status" ref={ref} tabIndex={-1} outline="none">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      <Link asChild colorPalette="teal" variant="underline" alignSelf="flex-start">
        <RouterLink to={sessionPagePath(session)}>{T.sessionLink}</RouterLink>
      </Link>
    </Stack>
  );
}

function Refused({ message }: { message: string }) {
  return (
    <Alert.Root status="warning" role="status">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
