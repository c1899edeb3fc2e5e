import { Alert, Button, Card, Container, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSearchParams } from '../../lib/navigation';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import type { OfferAnswer } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { PageMeta } from '../../lib/page-meta';
import { notifyError } from '../../lib/toaster';
import { useFocusOnMount } from '../../lib/use-focus-on-mount';
import { errorMessageOf } from '../../lib/user-errors';
import { AnswerPlaceOfferByLinkDocument, PlaceOfferLinkDocument } from './offer-answer-link.generated';
import { OFFER_ANSWER_LINK_TEXTS as T } from './offer-answer-link-texts';

/** How the page ends: the answer saved (for this application), or a refusal in the server's words. */
type Outcome = { saved: true; answer: OfferAnswer; applicationId: string } | { saved: false; message: string };

const APPLICATIONS_PATH = '/volunteer/dashboard?tab=applications';
const applicationPath = (id: string) => `/applications/${encodeURIComponent(id)}`;

/** /offers/answer?token=… (public, no sign-in): a one-tap Accept / Decline link of a place offered
 *  from a waiting list. Opening it only reads what the link would do (mail scanners open links);
 *  the button applies it, once. */
export default function OfferAnswerLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <PageMeta title={T.title} description={T.description} path="/offers/answer" noindex />
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {T.title}
        </Heading>
        {token ? <OfferLinkPanel token={token} /> : <Result status="warning" message={T.invalid} />}
      </Stack>
    </Container>
  );
}

function OfferLinkPanel({ token }: { token: string }) {
  const { data, loading, error, refetch } = useQuery(PlaceOfferLinkDocument, { variables: { token }, fetchPolicy: 'network-only' });
  const [answerByLink, { loading: working }] = useMutation(AnswerPlaceOfferByLinkDocument, { context: { silent: true } });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const link = data?.placeOfferLink;

  const onConfirm = async () => {
    if (!link) return;
    try {
      const { data: answered } = await answerByLink({ variables: { input: { token } } });
      const payload = answered?.answerPlaceOfferByLink;
      if (!payload) throw new Error('The server gave no answer.');
      const [refusal] = payload.userErrors;
      if (refusal) {
        setOutcome({ saved: false, message: refusal.code === 'NOT_FOUND' ? T.invalid : refusal.message });
        return;
      }
      if (!payload.application) throw new Error('The server gave no application.');
      setOutcome({ saved: true, answer: link.answer, applicationId: payload.application.id });
    } catch (cause) {
      console.error('Answering the offer by link failed:', cause);
      notifyError(T.failedTitle, errorMessageOf(cause) ?? T.failed);
    }
  };

  if (link && outcome) {
    if (!outcome.saved) return <Result status="warning" message={outcome.message} focus />;
    const message = outcome.answer === 'ACCEPT' ? T.accepted(link.positionTitle, link.clubName) : T.declined;
    return <Result status="success" message={message} to={applicationPath(outcome.applicationId)} linkText={T.applicationLink} focus />;
  }
  if (link && (!link.open || !link.offerExpiresAt)) return <Result status="warning" message={T.notOffered} />;
  if (link) {
    return (
      <Card.Root variant="outline">
        <Card.Body gap="4">
          <Text textStyle="lg" fontWeight="medium">
            {T.offered(link.positionTitle, link.clubName)}
          </Text>
          <Text>{T.until(formatDateTime(link.offerExpiresAt!))}</Text>
          <Text>{T.question(link.answer)}</Text>
          <Button
            alignSelf="flex-start"
            colorPalette={link.answer === 'ACCEPT' ? 'teal' : 'red'}
            loading={working}
            loadingText={T.working}
            onClick={() => void onConfirm()}
          >
            {T.confirm(link.answer)}
          </Button>
          <Link asChild colorPalette="teal" color="colorPalette.fg" variant="underline" alignSelf="flex-start">
            <RouterLink to={APPLICATIONS_PATH}>{T.applicationsLink}</RouterLink>
          </Link>
        </Card.Body>
      </Card.Root>
    );
  }
  if (data) return <Result status="warning" message={T.invalid} />;
  if (error && !loading) {
    return <LoadError title={T.loadFailed} onRetry={() => refetch().catch((cause: unknown) => console.error('Offer link reload failed:', cause))} />;
  }
  return <PageSpinner />;
}

interface ResultProps {
  status: 'success' | 'warning';
  message: string;
  to?: string;
  linkText?: string;
  focus?: boolean;
}

function Result({ status, message, to = APPLICATIONS_PATH, linkText = T.applicationsLink, focus = false }: ResultProps) {
  const ref = useFocusOnMount<HTMLDivElement>(focus);
  return (
    <Stack gap="4">
      <Alert.Root status={status} role="status" ref={ref} tabIndex={-1} outline="none">
        <Alert.Indicator />
        <Alert.Title>{message}</Alert.Title>
      </Alert.Root>
      <Link asChild colorPalette="teal" color="colorPalette.fg" variant="underline" alignSelf="flex-start">
        <RouterLink to={to}>{linkText}</RouterLink>
      </Link>
    </Stack>
  );
}
