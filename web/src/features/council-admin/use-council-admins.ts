// Council administrator grants (platform administrators only), shown whole. Writes reject on
// failure (UserErrors when the server refused the input, see lib/user-errors).
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import { CouncilAdminListDocument, GrantCouncilAdminDocument, RevokeCouncilAdminDocument } from './council-admin.generated';
import { useRemainingPages } from '../../lib/use-remaining-pages';
import { requirePayload } from '../../lib/user-errors';

const WRITE = { context: { silent: true }, refetchQueries: ['CouncilAdminList'], awaitRefetchQueries: true };

export function useCouncilAdmins() {
  const { data, error, loading, fetchMore } = useQuery(CouncilAdminListDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  const fetchAfter = useCallback((after: string) => fetchMore({ variables: { after }, context: { silent: true } }), [fetchMore]);
  useRemainingPages(data?.councilAdmins.pageInfo, fetchAfter);
  useEffect(() => {
    if (error) console.error('Loading the council administrators failed:', error);
  }, [error]);
  return { admins: data?.councilAdmins.edges.map((edge) => edge.node), error, loading };
}

export function useGrantCouncilAdmin() {
  const [mutate, { loading }] = useMutation(GrantCouncilAdminDocument, WRITE);
  const grant = useCallback(async (email: string) => {
    const { data } = await mutate({ variables: { input: { email } } });
    requirePayload(data?.grantCouncilAdmin);
  }, [mutate]);
  return { grant, granting: loading };
}

export function useRevokeCouncilAdmin() {
  const [mutate] = useMutation(RevokeCouncilAdminDocument, WRITE);
  return useCallback(async (email: string) => {
    const { data } = await mutate({ variables: { input: { email } } });
    requirePayload(data?.revokeCouncilAdmin);
  }, [mutate]);
}
