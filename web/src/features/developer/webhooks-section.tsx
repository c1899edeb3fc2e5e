import { Button, Card, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuWebhook } from 'react-icons/lu';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import type { Developer_WebhookEndpointFragment } from '../../gql/graphql';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { useAuth } from '../../lib/use-auth';
import { errorMessageOf } from '../../lib/user-errors';
import { useDeleteWebhookEndpoint, useEnableWebhookEndpoint, useWebhookEndpoints } from './use-webhooks';
import { CreateWebhookDialog, EditWebhookDialog, RotateSecretDialog, type EditableEndpoint } from './webhook-dialogs';
import { WebhookEndpointItem } from './webhook-endpoint-item';
import { creatableEndpointKinds, endpointKindOf, type EventKindOption } from './webhook-kinds';
import { WEBHOOKS_DOCS_URL, WEBHOOKS_TEXTS, WEBHOOKS_TOASTS } from './webhooks-texts';

/** The Developer page's Webhooks section: the caller's endpoints, their delivery logs and the
 *  dialogs that make, change, rotate, enable and delete them. */
export function WebhooksSection() {
  const { data, error, loading, refetch } = useWebhookEndpoints();
  const user = useAuth().session?.user ?? null;
  const { remove, deleting } = useDeleteWebhookEndpoint();
  const { enable, enabling } = useEnableWebhookEndpoint();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<EditableEndpoint | null>(null);
  const [rotating, setRotating] = useState<Developer_WebhookEndpointFragment | null>(null);
  const [deleteTarget, setDeleteTarget] = useState<Developer_WebhookEndpointFragment | null>(null);
  const [enablingId, setEnablingId] = useState<string | null>(null);

  const options = useMemo<EventKindOption[]>(
    () => (data?.webhookEventKinds ?? []).map((kind) => ({ name: kind.name, description: kind.description, endpointKinds: kind.endpointKinds.map(endpointKindOf) })),
    [data],
  );
  const kinds = useMemo(() => (user ? creatableEndpointKinds({ role: user.role, club: user.club }) : ['member' as const]), [user]);
  const clubName = user?.club?.name ?? null;
  const endpoints = data?.webhookEndpoints.nodes ?? [];

  const onDelete = async () => {
    if (!deleteTarget) return;
    try {
      await remove(deleteTarget.id);
      notifySuccess(WEBHOOKS_TOASTS.deleted);
      setDeleteTarget(null);
    } catch (cause) {
      console.error('Deleting the webhook endpoint failed:', cause);
      notifyError(WEBHOOKS_TOASTS.deleteFailed, errorMessageOf(cause));
    }
  };
  const onEnable = async (id: string) => {
    setEnablingId(id);
    try {
      await enable(id);
      notifySuccess(WEBHOOKS_TOASTS.enabled);
    } catch (cause) {
      console.error('Enabling the webhook endpoint failed:', cause);
      notifyError(WEBHOOKS_TOASTS.enableFailed, errorMessageOf(cause));
    } finally {
      setEnablingId(null);
    }
  };

  return (
    <Card.Root variant="outline" as="section" aria-labelledby="webhooks-heading">
      <Card.Header>
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Heading as="h2" size="lg" id="webhooks-heading">
            {WEBHOOKS_TEXTS.heading}
          </Heading>
          <Button colorPalette="teal" size="sm" disabled={!data} onClick={() => setCreating(true)}>
            {WEBHOOKS_TEXTS.newEndpoint}
          </Button>
        </HStack>
        <Text color="fg.muted" textStyle="sm">
          {WEBHOOKS_TEXTS.intro}{' '}
          <Link href={WEBHOOKS_DOCS_URL} colorPalette="teal" variant="underline">
            {WEBHOOKS_TEXTS.docsLink}
          </Link>
        </Text>
      </Card.Header>
      <Card.Body>
        {!data && loading && <PageSpinner />}
        {!data && !loading && error && <LoadError title={WEBHOOKS_TEXTS.loadFailed} onRetry={() => void refetch().catch(() => undefined)} />}
        {data && endpoints.length === 0 && (
          <EmptyPanel icon={<LuWebhook />} title={WEBHOOKS_TEXTS.emptyTitle} titleAs="h3" size="sm" description={WEBHOOKS_TEXTS.emptyLine} />
        )}
        {endpoints.length > 0 && (
          <Stack as="ul" listStyleType="none" gap="3" aria-label="Your webhook endpoints">
            {endpoints.map((endpoint) => (
              <WebhookEndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                enabling={enablingId === endpoint.id}
                onEdit={() => setEditing({ ...endpoint, kind: endpointKindOf(endpoint.kind) })}
                onRotate={() => setRotating(endpoint)}
                onEnable={() => void onEnable(endpoint.id)}
                onDelete={() => setDeleteTarget(endpoint)}
              />
            ))}
          </Stack>
        )}
        {data?.webhookEndpoints.pageInfo.hasNextPage && (
          <Text mt="3" textStyle="sm" color="fg.muted">
            {WEBHOOKS_TEXTS.tooMany}
          </Text>
        )}
      </Card.Body>
      <CreateWebhookDialog open={creating} onClose={() => setCreating(false)} options={options} kinds={kinds} clubName={clubName} />
      <EditWebhookDialog endpoint={editing} options={options} clubName={clubName} onClose={() => setEditing(null)} />
      <RotateSecretDialog endpoint={rotating} onClose={() => setRotating(null)} />
      <ConfirmDeleteDialog
        open={deleteTarget !== null}
        onClose={() => setDeleteTarget(null)}
        title={WEBHOOKS_TEXTS.deleteTitle}
        question={WEBHOOKS_TEXTS.deleteQuestion}
        itemName={deleteTarget?.url}
        deleting={deleting}
        onConfirm={() => void onDelete()}
      />
    </Card.Root>
  );
}
