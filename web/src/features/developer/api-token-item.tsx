import { Badge, Button, Code, DataList, Heading, HStack, Stack, Wrap } from '@chakra-ui/react';
import { API_SCOPES, scopeOfEnumName } from '@clubroom/rules/tokens';
import { RelativeTime } from '../../components/relative-time';
import type { Developer_ApiTokenFragment } from '../../gql/graphql';
import { formatDate, formatDateTime } from '../../lib/format';
import { DEVELOPER_TEXTS } from './developer-texts';

function status(token: Developer_ApiTokenFragment): { label: string; palette: string } {
  if (token.revokedAt) return { label: 'Revoked', palette: 'red' };
  if (!token.active) return { label: 'Expired', palette: 'orange' };
  return { label: 'Active', palette: 'green' };
}

/** One token: name, prefix, scopes, dates and its Revoke button. */
export function ApiTokenItem({ token, onRevoke }: { token: Developer_ApiTokenFragment; onRevoke: () => void }) {
  const state = status(token);
  return (
    <Stack as="li" gap="3" borderWidth="1px" borderRadius="md" p="4">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <Stack gap="1">
          <HStack gap="2" flexWrap="wrap">
            <Heading as="h3" size="sm">
              {token.name}
            </Heading>
            <Badge colorPalette={state.palette}>{state.label}</Badge>
          </HStack>
          <Code alignSelf="flex-start">{token.prefix}…</Code>
        </Stack>
        {!token.revokedAt && (
          <Button size="xs" variant="outline" colorPalette="red" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
            Revoke
          </Button>
        )}
      </HStack>
      <Wrap gap="2">
        {token.scopes.map((value) => {
          const scope = scopeOfEnumName(value);
          return (
            <Badge key={value} variant="outline" fontFamily="mono" title={scope ? API_SCOPES[scope] : undefined}>
              {scope ?? value}
            </Badge>
          );
        })}
      </Wrap>
      <DataList.Root orientation="horizontal" size="sm" gap="2">
        <DataList.Item>
          <DataList.ItemLabel>Created</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(token.createdAt)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Last used</DataList.ItemLabel>
          <DataList.ItemValue>{token.lastUsedAt ? <RelativeTime value={token.lastUsedAt} /> : DEVELOPER_TEXTS.neverUsed}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Expires</DataList.ItemLabel>
          <DataList.ItemValue>{token.expiresAt ? formatDate(token.expiresAt) : DEVELOPER_TEXTS.neverExpires}</DataList.ItemValue>
        </DataList.Item>
        {token.revokedAt && (
          <DataList.Item>
            <DataList.ItemLabel>Revoked on</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(token.revokedAt)}</DataList.ItemValue>
          </DataList.Item>
        )}
      </DataList.Root>
    </Stack>
  );
}
