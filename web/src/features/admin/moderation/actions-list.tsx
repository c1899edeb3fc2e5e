import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { LuGavel, LuUndo2 } from 'react-icons/lu';
import { EmptyPanel } from '../../../components/empty-panel';
import { LoadMoreButton } from '../../../components/load-more-button';
import { RelativeTime } from '../../../components/relative-time';
import type { Moderation_ActionFragment } from '../../../gql/graphql';
import { LoadFailed } from '../reports/load-failed';
import { useIsMobile } from '../use-is-mobile';
import { useMinLoading } from '../use-min-loading';
import { UsersListSkeleton } from '../users/users-skeletons';
import { ActionTypeBadge, TargetTypeBadge } from './moderation-badges';
import { MODERATION_EMPTY } from './moderation-texts';
import { useModerationActions } from './use-moderation-lists';

/** One decision: its type, the item, the administrator, the note, when, and 'Restore' for a
 *  removal whose item is still removed. */
export function ActionEntry({ action, onRestore }: { action: Moderation_ActionFragment; onRestore?: () => void }) {
  return (
    <Stack gap="1" py="3" minW="0">
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap">
        <HStack gap="2" minW="0" flexWrap="wrap">
          <ActionTypeBadge type={action.actionType} />
          <TargetTypeBadge type={action.targetType} />
          <Text fontWeight="semibold" wordBreak="break-word">
            {action.targetLabel}
          </Text>
        </HStack>
        <RelativeTime value={action.createdAt} fontSize="sm" color="fg.muted" />
      </HStack>
      {action.note && (
        <Text fontSize="sm" wordBreak="break-word">
          {action.note}
        </Text>
      )}
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          By {action.adminName}
          {action.targetUser ? ` · Account: ${action.targetUser.name}` : ''}
        </Text>
        {action.canRestore && onRestore && (
          <Button size="xs" variant="outline" colorPalette="teal" aria-label={`Restore ${action.targetLabel}`} onClick={onRestore}>
            <LuUndo2 aria-hidden /> Restore
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

/** The 'Actions' sub-tab: every moderation decision, newest first. */
export function ActionsList({ onRestore }: { onRestore: (action: Moderation_ActionFragment) => void }) {
  const mobile = useIsMobile();
  const { items, totalCount, hasMore, loadingMore, loadMoreFailed, loadMore, retry, loading, error } = useModerationActions();
  const skeleton = useMinLoading(loading && !items);

  if (skeleton) return <UsersListSkeleton mobile={mobile} what="moderation actions" />;
  if (!items) return error ? <LoadFailed what="the moderation actions" onRetry={retry} /> : null;
  if (items.length === 0) {
    return <EmptyPanel icon={<LuGavel />} title={MODERATION_EMPTY.actions} titleAs="h3" description="Decisions on reports appear here." />;
  }
  return (
    <Stack gap="3" aria-busy={loading}>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Showing {items.length} of {totalCount ?? items.length} {totalCount === 1 ? 'action' : 'actions'}
      </Text>
      <Stack as="ul" listStyleType="none" gap="0" aria-label="Moderation actions" borderWidth="1px" borderRadius="md" px="4">
        {items.map((action) => (
          <Box as="li" key={action.id} borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
            <ActionEntry action={action} onRestore={() => onRestore(action)} />
          </Box>
        ))}
      </Stack>
      {hasMore && <LoadMoreButton what="actions" loading={loadingMore} failed={loadMoreFailed} onLoadMore={loadMore} />}
    </Stack>
  );
}
