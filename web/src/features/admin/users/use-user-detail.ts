// One account with everything the detail dialog shows (activity counts are admin-only fields).
import { useQuery } from '@apollo/client/react';
import type { AdminUsers_DetailFragment } from '../../../gql/graphql';
import { AdminUserDetailDocument } from './users.generated';
import { useLoggedError } from '../use-logged-error';

export function useUserDetail(id: string | undefined) {
  const { data, loading, error, refetch } = useQuery(AdminUserDetailDocument, {
    variables: { id: id ?? '' },
    skip: !id,
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  useLoggedError(error, 'Loading the user failed:');
  const node = data?.node;
  const user: AdminUsers_DetailFragment | undefined = node && node.__typename === 'Member' ? node : undefined;
  return { user, loading, error, refetch };
}
