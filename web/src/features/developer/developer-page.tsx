import { Alert, Button, Card, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../components/page-spinner';
import type { Developer_ApiTokenFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { ApiTokenItem } from './api-token-item';
import { CreateTokenDialog } from './create-token-dialog';
import { DEVELOPER_TEXTS, DEVELOPER_TOASTS } from './developer-texts';
import { RevokeTokenDialog } from './revoke-token-dialog';
import { useApiTokens, useRevokeApiToken } from './use-api-tokens';
import { WebhooksSection } from './webhooks-section';

export default function DeveloperPage() {
  const { data, error, loading, refetch } = useApiTokens();
  const { revoke, revoking } = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [revokeTarget, setRevokeTarget] = useState<Developer_ApiTokenFragment | null>(null);

  const tokens = data?.apiTokens.nodes ?? [];

  const onRevoke = async () => {
    if (!revokeTarget) return;
    try {
      await revoke(revokeTarget.id);
      notifySuccess(DEVELOPER_TOASTS.revoked);
      setRevokeTarget(null);
    } catch (cause) {
      console.error('Revoking the API token failed:', cause);
      notifyError(DEVELOPER_TOASTS.revokeFailed, cause instanceof Error ? cause.message : undefined);
    }
  };

  return (
    <Container maxW="4xl" py="10">
      <Stack gap="6">
        <Stack gap="2">
          <Link asChild alignSelf="flex-start" textStyle="sm">
            <RouterLink to="/profile">Back to My Profile</RouterLink>
          </Link>
          <Heading as="h1" size="2xl">
            {DEVELOPER_TEXTS.title}
          </Heading>
          <Text color="fg.muted">{DEVELOPER_TEXTS.intro}</Text>
          <HStack gap="4" flexWrap="wrap">
            <Link href="/graphql" colorPalette="teal" variant="underline">
              Open the GraphQL explorer
            </Link>
            <Link href="/docs/api" colorPalette="teal" variant="underline">
              Read the API guide
            </Link>
          </HStack>
        </Stack>

        <Card.Root variant="outline" as="section" aria-labelledby="api-tokens-heading">
          <Card.Header>
            <HStack justify="space-between" gap="3" flexWrap="wrap">
              <Heading as="h2" size="lg" id="api-tokens-heading">
                {DEVELOPER_TEXTS.tokensHeading}
              </Heading>
              <Button colorPalette="teal" size="sm" disabled={!data} onClick={() => setCreating(true)}>
                {DEVELOPER_TEXTS.newToken}
              </Button>
            </HStack>
          </Card.Header>
          <Card.Body>
            {!data && loading && <PageSpinner />}
            {!data && !loading && error && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{DEVELOPER_TEXTS.loadFailed}</Alert.Title>
                  <Alert.Description>Please try again.</Alert.Description>
                </Alert.Content>
                <Button size="sm" variant="outline" alignSelf="center" onClick={() => refetch().catch((cause: unknown) => console.error('API tokens reload failed:', cause))}>
                  Try again
                </Button>
              </Alert.Root>
            )}
            {data && tokens.length === 0 && <Text color="fg.muted">{DEVELOPER_TEXTS.empty}</Text>}
            {tokens.length > 0 && (
              <Stack as="ul" listStyleType="none" gap="3" aria-label="Your API tokens">
                {tokens.map((token) => (
                  <ApiTokenItem key={token.id} token={token} onRevoke={() => setRevokeTarget(token)} />
                ))}
              </Stack>
            )}
            {data?.apiTokens.pageInfo.hasNextPage && (
              <Text mt="3" textStyle="sm" color="fg.muted">
                {DEVELOPER_TEXTS.tooMany}
              </Text>
            )}
          </Card.Body>
        </Card.Root>

        <WebhooksSection />
      </Stack>
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <RevokeTokenDialog name={revokeTarget?.name ?? null} revoking={revoking} onClose={() => setRevokeTarget(null)} onConfirm={() => void onRevoke()} />
    </Container>
  );
}
