import { Alert, Badge, Button, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { Developer_WebhookEndpointFragment } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { WebhookDeliveryLog } from './webhook-delivery-log';
import { WEBHOOK_KIND_LABELS, WEBHOOKS_TEXTS } from './webhooks-texts';
import { endpointKindOf } from './webhook-kinds';

interface WebhookEndpointItemProps {
  endpoint: Developer_WebhookEndpointFragment;
  enabling: boolean;
  onEdit: () => void;
  onRotate: () => void;
  onEnable: () => void;
  onDelete: () => void;
}

/** One endpoint: URL, kind, status (with why it was disabled), event kinds, description, its
 *  actions, and its delivery log behind a toggle. */
export function WebhookEndpointItem({ endpoint, enabling, onEdit, onRotate, onEnable, onDelete }: WebhookEndpointItemProps) {
  const [showLog, setShowLog] = useState(false);
  const logId = useId();
  const kind = endpointKindOf(endpoint.kind);
  const kindLabel = kind === 'club' && endpoint.club ? `${WEBHOOK_KIND_LABELS.club.label}: ${endpoint.club.name}` : WEBHOOK_KIND_LABELS[kind].label;
  const disabled = endpoint.status === 'DISABLED';
  const name = endpoint.url;
  return (
    <Stack as="li" gap="3" borderWidth="1px" borderRadius="md" p="4" aria-label={name}>
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="1" minW="0" flex="1">
          <Heading as="h3" size="sm" wordBreak="break-all">
            {endpoint.url}
          </Heading>
          <HStack gap="2" flexWrap="wrap">
            <Badge variant="outline">{kindLabel}</Badge>
            <Badge colorPalette={disabled ? 'red' : 'green'}>{disabled ? 'Disabled' : 'Active'}</Badge>
          </HStack>
          {endpoint.description && <Text textStyle="sm">{endpoint.description}</Text>}
        </Stack>
        <HStack gap="2" flexWrap="wrap">
          {disabled && (
            <Button size="xs" colorPalette="teal" loading={enabling} loadingText="Enabling..." aria-label={`Enable again ${name}`} onClick={onEnable}>
              Enable again
            </Button>
          )}
          <Button size="xs" variant="outline" aria-label={`Edit ${name}`} onClick={onEdit}>
            Edit
          </Button>
          <Button size="xs" variant="outline" aria-label={`Rotate secret of ${name}`} onClick={onRotate}>
            Rotate secret
          </Button>
          <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete ${name}`} onClick={onDelete}>
            Delete
          </Button>
        </HStack>
      </HStack>
      {disabled && (
        <Alert.Root status="warning" size="sm">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Disabled{endpoint.disabledAt && ` on ${formatDateTime(endpoint.disabledAt)}`}</Alert.Title>
            <Alert.Description>{endpoint.disabledReason ?? 'Deliveries failed too many times in a row.'} New events are not sent until you enable it again.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Wrap gap="2" aria-label="Event kinds">
        {endpoint.eventKinds.map((kindName) => (
          <Badge key={kindName} variant="outline" fontFamily="mono">
            {kindName}
          </Badge>
        ))}
      </Wrap>
      {endpoint.previousSecretExpiresAt && (
        <Text textStyle="xs" color="fg.muted">
          {WEBHOOKS_TEXTS.previousSecret} {formatDateTime(endpoint.previousSecretExpiresAt)}.
        </Text>
      )}
      <Button size="xs" variant="ghost" alignSelf="flex-start" aria-expanded={showLog} aria-controls={showLog ? logId : undefined} onClick={() => setShowLog((open) => !open)}>
        {showLog ? 'Hide delivery log' : 'Show delivery log'}
      </Button>
      {showLog && <WebhookDeliveryLog endpointId={endpoint.id} id={logId} />}
    </Stack>
  );
}
