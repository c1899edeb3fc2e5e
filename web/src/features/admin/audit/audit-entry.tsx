import { chakra, HStack, Stack, Text } from '@chakra-ui/react';
import type { AdminAudit_ActionFragment } from '../../../gql/graphql';
import { formatDateTime } from '../../../lib/format';
import { ActionBadge } from './action-badge';

/** One audit log entry: action, target, details, administrator, IP address and time. */
export function AuditEntry({ entry }: { entry: AdminAudit_ActionFragment }) {
  return (
    <Stack gap="1" py="3" minW="0">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <HStack gap="2" minW="0" flexWrap="wrap">
          <ActionBadge actionType={entry.actionType} />
          <Text fontWeight="semibold" wordBreak="break-word">
            {entry.targetName}
          </Text>
        </HStack>
        <chakra.time dateTime={entry.createdAt} fontSize="sm" color="fg.muted">
          {formatDateTime(entry.createdAt)}
        </chakra.time>
      </HStack>
      <Text fontSize="sm" wordBreak="break-word">
        {entry.details}
      </Text>
      <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
        By {entry.adminName} ({entry.adminEmail})
        {entry.ipAddress ? ` · IP ${entry.ipAddress}` : ''}
      </Text>
    </Stack>
  );
}
