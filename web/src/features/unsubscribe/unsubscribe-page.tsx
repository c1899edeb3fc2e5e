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
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { UnsubscribeDocument, UnsubscribeLinkDocument } from './unsubscribe.generated';
import { UNSUBSCRIBE_TEXTS as T } from './unsubscribe-texts';

/** Where the member changes the rest (sign-in required: the route guard sends them to /login). */
const SETTINGS_PATH = '/profile/notifications';

/** What the page ends on after the button: done (what is now off) or the link was refused. */
type Outcome = { done: true; what: string } | { done: false };

/** /unsubscribe?token=… (public, no sign-in): the link of a notification email's footer. Opening
 *  it only reads what the link turns off (mail scanners open links); the button turns it off. */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';

  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <PageMeta title={T.title} description={T.description} path="/unsubscribe" noindex />
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {T.title}
        </Heading>
        {token ? <UnsubscribeLinkPanel token={token} /> : <InvalidLink />}
      </Stack>
    </Container>
  );
}

function UnsubscribeLinkPanel({ token }: { token: string }) {
  const { data, loading, error, refetch } = useQuery(UnsubscribeLinkDocument, { variables: { token }, fetchPolicy: 'network-only' });
  const [unsubscribe, { loading: working }] = useMutation(UnsubscribeDocument, { context: { silent: true } });
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const onUnsubscribe = async () => {
    try {
      const { data: answer } = await unsubscribe({ variables: { input: { token } } });
      if (answer?.unsubscribe.userErrors.some((userError) => userError.code === 'NOT_FOUND')) {
        setOutcome({ done: false });
        return;
      }
      const { link } = requirePayload(answer?.unsubscribe);
      if (!link) throw new Error('The server gave no link.');
      setOutcome({ done: true, what: link.what });
    } catch (cause) {
      console.error('Unsubscribe failed:', cause);
      notifyError(T.failedTitle, errorMessageOf(cause) ?? T.failed);
    }
  };

  if (outcome) return outcome.done ? <Unsubscribed what={outcome.what} focus /> : <InvalidLink focus />;
  const link = data?.unsubscribeLink;
  if (link?.off) return <Unsubscribed what={link.what} />;
  if (link) {
    return (
      <Card.Root variant="outline">
        <Card.Body gap="4">
          <Text textStyle="lg">{T.question(link.what, link.email)}</Text>
          <Button alignSelf="flex-start" loading={working} loadingText={T.working} onClick={() => void onUnsubscribe()}>
            {T.button}
          </Button>
        </Card.Body>
      </Card.Root>
    );
  }
  if (data) return <InvalidLink />;
  if (error && !loading) {
    return <LoadError title={T.loadFailed} onRetry={() => refetch().catch((cause: unknown) => console.error('Unsubscribe link reload failed:', cause))} />;
  }
  return <PageSpinner />;
}

function Unsubscribed({ what, focus = false }: { what: string; focus?: boolean }) {
  const ref = useFocusOnMount<HTMLDivElement>(focus);
  return (
    <Stack gap="4">
      <Alert.Root status="success" role="status" ref={ref} tabIndex={-1} outline="none">
        <Alert.Indicator />
        <Alert.Title>{T.done(what)}</Alert.Title>
      </Alert.Root>
      <SettingsLink />
    </Stack>
  );
}

function InvalidLink({ focus = false }: { focus?: boolean }) {
  const ref = useFocusOnMount<HTMLDivElement>(focus);
  return (
    <Stack gap="4">
      <Alert.Root status="warning" role="status" ref={ref} tabIndex={-1} outline="none">
        <Alert.Indicator />
        <Alert.Title>{T.invalid}</Alert.Title>
      </Alert.Root>
      <SettingsLink />
    </Stack>
  );
}

function SettingsLink() {
  return (
    <Link asChild colorPalette="teal" variant="underline" alignSelf="flex-start">
      <RouterLink to={SETTINGS_PATH}>{T.settingsLink}</RouterLink>
    </Link>
  );
}
