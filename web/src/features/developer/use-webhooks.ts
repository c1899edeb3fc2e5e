// The Webhooks section's data: the caller's endpoints and the event kinds, one endpoint's delivery
// log (a page at a time), and the mutations. Writes reject on failure (UserErrors for a refused
// input), so forms and toasts read the messages the same way for both.
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput } from '../../gql/graphql';
import { requirePayload } from '../../lib/user-errors';
import {
  DeveloperCreateWebhookEndpointDocument,
  DeveloperDeleteWebhookEndpointDocument,
  DeveloperEnableWebhookEndpointDocument,
  DeveloperRedeliverWebhookDocument,
  DeveloperReplayWebhookDeliveriesDocument,
  DeveloperRotateWebhookSecretDocument,
  DeveloperUpdateWebhookEndpointDocument,
  DeveloperWebhookDeliveriesDocument,
  DeveloperWebhooksDocument,
} from './webhooks.generated';

const SILENT = { context: { silent: true } };
const REFETCH_LIST = { ...SILENT, refetchQueries: ['DeveloperWebhooks'], awaitRefetchQueries: true };
const REFETCH_LOG = { ...SILENT, refetchQueries: ['DeveloperWebhookDeliveries'], awaitRefetchQueries: true };

/** A page of the delivery log. */
export const DELIVERIES_PAGE = 10;

export function useWebhookEndpoints() {
  const { data, error, loading, refetch } = useQuery(DeveloperWebhooksDocument, { fetchPolicy: 'cache-and-network', ...SILENT });
  useEffect(() => {
    if (error) console.error('Loading the webhook endpoints failed:', error);
  }, [error]);
  return { data, error, loading, refetch };
}

/** One page of an endpoint's log: the newest, or the one after `after`. */
export function useWebhookDeliveries(endpointId: string, after: string | undefined) {
  const { data, error, loading, refetch } = useQuery(DeveloperWebhookDeliveriesDocument, {
    variables: { id: endpointId, first: DELIVERIES_PAGE, after },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
    ...SILENT,
  });
  useEffect(() => {
    if (error) console.error('Loading the webhook delivery log failed:', error);
  }, [error]);
  const node = data?.node;
  const connection = node && 'deliveries' in node ? node.deliveries : undefined;
  return { connection, error, loading, refetch };
}

export function useCreateWebhookEndpoint() {
  const [mutate] = useMutation(DeveloperCreateWebhookEndpointDocument, REFETCH_LIST);
  return useCallback(
    async (input: CreateWebhookEndpointInput) => {
      const { data } = await mutate({ variables: { input } });
      const payload = requirePayload(data?.createWebhookEndpoint);
      if (!payload.secret || !payload.endpoint) throw new Error('createWebhookEndpoint answered no endpoint');
      return { secret: payload.secret, endpoint: payload.endpoint };
    },
    [mutate],
  );
}

export function useUpdateWebhookEndpoint() {
  const [mutate] = useMutation(DeveloperUpdateWebhookEndpointDocument, SILENT);
  return useCallback(
    async (input: UpdateWebhookEndpointInput) => {
      const { data } = await mutate({ variables: { input } });
      return requirePayload(data?.updateWebhookEndpoint).endpoint;
    },
    [mutate],
  );
}

export function useDeleteWebhookEndpoint() {
  const [mutate, { loading }] = useMutation(DeveloperDeleteWebhookEndpointDocument, REFETCH_LIST);
  const remove = useCallback(
    async (id: string) => {
      const { data } = await mutate({ variables: { input: { id } } });
      requirePayload(data?.deleteWebhookEndpoint);
    },
    [mutate],
  );
  return { remove, deleting: loading };
}

export function useRotateWebhookSecret() {
  const [mutate, { loading }] = useMutation(DeveloperRotateWebhookSecretDocument, SILENT);
  const rotate = useCallback(
    async (id: string) => {
      const { data } = await mutate({ variables: { input: { id } } });
      const payload = requirePayload(data?.rotateWebhookSecret);
      if (!payload.secret) throw new Error('rotateWebhookSecret answered no secret');
      return payload.secret;
    },
    [mutate],
  );
  return { rotate, rotating: loading };
}

export function useEnableWebhookEndpoint() {
  const [mutate, { loading }] = useMutation(DeveloperEnableWebhookEndpointDocument, REFETCH_LOG);
  const enable = useCallback(
    async (id: string) => {
      const { data } = await mutate({ variables: { input: { id } } });
      requirePayload(data?.enableWebhookEndpoint);
    },
    [mutate],
  );
  return { enable, enabling: loading };
}

export function useRedeliverWebhook() {
  const [mutate] = useMutation(DeveloperRedeliverWebhookDocument, SILENT);
  return useCallback(
    async (id: string) => {
      const { data } = await mutate({ variables: { input: { id } } });
      requirePayload(data?.redeliverWebhook);
    },
    [mutate],
  );
}

export function useReplayWebhookDeliveries() {
  const [mutate] = useMutation(DeveloperReplayWebhookDeliveriesDocument, REFETCH_LOG);
  return useCallback(
    async (endpointId: string, since: Date) => {
      const { data } = await mutate({ variables: { input: { endpointId, since: since.toISOString() } } });
      return requirePayload(data?.replayWebhookDeliveries).requeuedCount ?? 0;
    },
    [mutate],
  );
}
