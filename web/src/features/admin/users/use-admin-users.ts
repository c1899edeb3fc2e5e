// One listing of the Users tab (a sub-tab and a search), 20 accounts a page; 'Load more users'
// continues after the connection's endCursor and the cache appends the page (relayStylePagination
// in lib/apollo-cache). Failures are only logged (spec section 8): the tab shows its own retry.
import { useQuery } from '@apollo/client/react';
import type { AdminUserFilter } from '../../../gql/graphql';
import { AdminUsersDocument, AdminUserStatsDocument } from './users.generated';
import { usePagedConnection } from '../../../lib/use-paged-connection';
import { useLoggedError } from '../use-logged-error';
import { USERS_PAGE_SIZE } from './users-texts';

const LISTING = { listing: 'users', items: 'users' };

export function useAdminUsers(filter: AdminUserFilter, search: string) {
  const { data, loading, error, refetch, fetchMore } = useQuery(AdminUsersDocument, {
    variables: { filter, search: search || null, first: USERS_PAGE_SIZE, after: null },
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  const listing = usePagedConnection({ error, refetch, fetchMore }, data?.adminUsers, LISTING);
  return { ...listing, loading, error };
}

export function useAdminUserStats() {
  const { data, error } = useQuery(AdminUserStatsDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  useLoggedError(error, 'Loading the user counters failed:');
  return data?.adminUserStats;
}
