import { Badge, Box, Button, chakra, Code, Heading, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { WEBHOOK_LOG_DAYS } from '@clubroom/rules/webhooks';
import { FormField } from '../../components/form-field';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import type { Developer_WebhookDeliveryFragment, WebhookDeliveryStatus } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { instantOfLocal, localDateTimeValue } from './webhook-kinds';
import { WEBHOOKS_TEXTS, WEBHOOKS_TOASTS } from './webhooks-texts';
import { useRedeliverWebhook, useReplayWebhookDeliveries, useWebhookDeliveries } from './use-webhooks';

/** The first KB of a response body: what the log shows. */
const BODY_SHOWN = 1024;

const STATUS: Record<WebhookDeliveryStatus, { label: string; palette: string }> = {
  PENDING: { label: 'Pending', palette: 'blue' },
  DELIVERED: { label: 'Delivered', palette: 'green' },
  FAILED: { label: 'Failed', palette: 'red' },
  SKIPPED: { label: 'Skipped', palette: 'gray' },
};

/** One endpoint's deliveries, newest first, a page at a time, with Redeliver and Replay since. */
export function WebhookDeliveryLog({ endpointId, id }: { endpointId: string; id: string }) {
  // The cursors of the pages before this one ('Older' pushes, 'Newer' pops): forward paging only.
  const [cursors, setCursors] = useState<string[]>([]);
  const { connection, error, loading, refetch } = useWebhookDeliveries(endpointId, cursors.at(-1));
  const retry = () => void refetch().catch(() => undefined);
  const deliveries = connection?.nodes ?? [];
  const info = connection?.pageInfo;

  return (
    <Stack id={id} gap="4" borderTopWidth="1px" pt="4">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Heading as="h4" size="sm">
          {WEBHOOKS_TEXTS.logHeading}
          {connection && ` (${connection.totalCount})`}
        </Heading>
        <Button size="xs" variant="outline" loading={loading && !!connection} loadingText="Refreshing..." onClick={retry}>
          Refresh log
        </Button>
      </HStack>
      {!connection && loading && <PageSpinner />}
      {!connection && !loading && error && <LoadError title={WEBHOOKS_TEXTS.logLoadFailed} onRetry={retry} />}
      {connection && deliveries.length === 0 && (
        <Text color="fg.muted" textStyle="sm">
          {WEBHOOKS_TEXTS.logEmpty}
        </Text>
      )}
      {deliveries.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="3" aria-label="Deliveries">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </Stack>
      )}
      {(cursors.length > 0 || info?.hasNextPage) && (
        <HStack gap="2" justify="center">
          <Button size="xs" variant="outline" disabled={cursors.length === 0} onClick={() => setCursors((list) => list.slice(0, -1))}>
            Newer deliveries
          </Button>
          <Button size="xs" variant="outline" disabled={!info?.hasNextPage || !info.endCursor} onClick={() => info?.endCursor && setCursors((list) => [...list, info.endCursor!])}>
            Older deliveries
          </Button>
        </HStack>
      )}
      <Text textStyle="xs" color="fg.muted">
        {WEBHOOKS_TEXTS.logKept}
      </Text>
      <ReplaySinceForm endpointId={endpointId} />
    </Stack>
  );
}

function DeliveryItem({ delivery }: { delivery: Developer_WebhookDeliveryFragment }) {
  const redeliver = useRedeliverWebhook();
  const [busy, setBusy] = useState(false);
  const status = STATUS[delivery.status];
  const onRedeliver = async () => {
    setBusy(true);
    try {
      await redeliver(delivery.id);
      notifySuccess(WEBHOOKS_TOASTS.redelivered, delivery.webhookId);
    } catch (error) {
      console.error('Redelivering the webhook failed:', error);
      notifyError(WEBHOOKS_TOASTS.redeliverFailed, errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack as="li" gap="2" borderWidth="1px" borderRadius="md" p="3" aria-label={`${delivery.eventKind} ${delivery.webhookId}`}>
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="1">
          <HStack gap="2" flexWrap="wrap">
            <Text fontFamily="mono" fontWeight="semibold">
              {delivery.eventKind}
            </Text>
            <Badge colorPalette={status.palette}>{status.label}</Badge>
          </HStack>
          <Text textStyle="sm">
            webhook-id <Code>{delivery.webhookId}</Code>
          </Text>
          <Text textStyle="xs" color="fg.muted">
            Event at {formatDateTime(delivery.createdAt)} · {delivery.attemptCount === 1 ? '1 attempt' : `${delivery.attemptCount} attempts`}
            {delivery.nextAttemptAt && ` · next attempt ${formatDateTime(delivery.nextAttemptAt)}`}
          </Text>
          {delivery.skippedReason && (
            <Text textStyle="sm" color="fg.muted">
              {delivery.skippedReason}
            </Text>
          )}
        </Stack>
        <Button size="xs" variant="outline" colorPalette="teal" loading={busy} loadingText="Redelivering..." aria-label={`Redeliver ${delivery.webhookId}`} onClick={() => void onRedeliver()}>
          Redeliver
        </Button>
      </HStack>
      {delivery.attempts.length > 0 && (
        <Box overflowX="auto">
          <Table.Root size="sm" variant="outline">
            <Table.Caption srOnly>Attempts of {delivery.webhookId}</Table.Caption>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Attempt</Table.ColumnHeader>
                <Table.ColumnHeader>Sent</Table.ColumnHeader>
                <Table.ColumnHeader>Response</Table.ColumnHeader>
                <Table.ColumnHeader>Duration</Table.ColumnHeader>
                <Table.ColumnHeader>Body</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {delivery.attempts.map((attempt) => (
                <Table.Row key={attempt.attemptNumber}>
                  <Table.Cell>
                    {attempt.attemptNumber}
                    {attempt.redelivery && ' (redelivery)'}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{formatDateTime(attempt.requestedAt)}</Table.Cell>
                  <Table.Cell>{attempt.responseStatus ?? attempt.error ?? 'No answer'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{attempt.durationMs} ms</Table.Cell>
                  <Table.Cell>
                    {attempt.responseBody ? (
                      <chakra.pre fontFamily="mono" textStyle="xs" whiteSpace="pre-wrap" wordBreak="break-all" maxH="24" overflowY="auto">
                        {attempt.responseBody.slice(0, BODY_SHOWN)}
                      </chakra.pre>
                    ) : (
                      '—'
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

/** Replay since: a moment in the viewer's time; the server bounds the period and says why. */
function ReplaySinceForm({ endpointId }: { endpointId: string }) {
  const replay = useReplayWebhookDeliveries();
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const now = new Date();
  const min = localDateTimeValue(new Date(now.getTime() - WEBHOOK_LOG_DAYS * 86_400_000));
  const max = localDateTimeValue(now);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const since = instantOfLocal(value);
    if (!since) {
      setProblem('Choose a date and time');
      return;
    }
    setProblem(undefined);
    setBusy(true);
    try {
      const count = await replay(endpointId, since);
      notifySuccess(WEBHOOKS_TOASTS.replayed(count));
    } catch (error) {
      console.error('Replaying the webhook deliveries failed:', error);
      const fields = fieldErrorsOf(error);
      setProblem(fields?.since ?? fields?.until ?? errorMessageOf(error));
      notifyError(WEBHOOKS_TOASTS.replayFailed, errorMessageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <HStack gap="3" align="flex-end" flexWrap="wrap">
        <Box flex="1" minW="56">
          <FormField label={WEBHOOKS_TEXTS.replayLabel} error={problem ? { type: 'server', message: problem } : undefined} helperText={WEBHOOKS_TEXTS.replayHelp}>
            <Input type="datetime-local" size="sm" min={min} max={max} value={value} onChange={(event) => setValue(event.target.value)} />
          </FormField>
        </Box>
        <Button type="submit" size="sm" variant="outline" colorPalette="teal" loading={busy} loadingText="Replaying...">
          Replay
        </Button>
      </HStack>
    </form>
  );
}
