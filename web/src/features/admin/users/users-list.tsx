import { Stack, Text } from '@chakra-ui/react';
import { LuSearchX, LuUsers } from 'react-icons/lu';
import { EmptyPanel } from '../../../components/empty-panel';
import { LoadMoreButton } from '../../../components/load-more-button';
import type { AdminUserFilter, AdminUsers_MemberFragment } from '../../../gql/graphql';
import { LoadFailed } from '../reports/load-failed';
import { useIsMobile } from '../use-is-mobile';
import { useMinLoading } from '../use-min-loading';
import { useAdminUsers } from './use-admin-users';
import { UserCards, UsersTable } from './users-table';
import { UsersListSkeleton } from './users-skeletons';
import { USERS_EMPTY } from './users-texts';

interface UsersListProps {
  filter: AdminUserFilter;
  /** The debounced search text; '' for none. */
  search: string;
  onView: (user: AdminUsers_MemberFragment) => void;
}

/** One sub-tab's accounts, newest first: a table (cards on a phone) and 'Load more users'. */
export function UsersList({ filter, search, onView }: UsersListProps) {
  const mobile = useIsMobile();
  const { items, totalCount, hasMore, loadingMore, loadMoreFailed, loadMore, retry, loading, error } = useAdminUsers(filter, search);
  const skeleton = useMinLoading(loading && !items);

  if (skeleton) return <UsersListSkeleton mobile={mobile} what="users" />;
  if (!items) return error ? <LoadFailed what="the users" onRetry={retry} /> : null;
  if (items.length === 0) {
    return (
      <EmptyPanel
        icon={search ? <LuSearchX /> : <LuUsers />}
        title={search ? USERS_EMPTY.search : USERS_EMPTY.none}
        titleAs="h3"
        description={search ? 'Try another name or email address.' : 'Accounts appear here as people sign up.'}
      />
    );
  }
  return (
    <Stack gap="3" aria-busy={loading}>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        Showing {items.length} of {totalCount ?? items.length} {totalCount === 1 ? 'user' : 'users'}
      </Text>
      {mobile ? <UserCards users={items} onView={onView} /> : <UsersTable users={items} onView={onView} />}
      {hasMore && <LoadMoreButton what="users" loading={loadingMore} failed={loadMoreFailed} onLoadMore={loadMore} />}
    </Stack>
  );
}
