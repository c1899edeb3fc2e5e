// Council administrator grants (platform administrators only). Writes reject on failure.
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import { CouncilAdminListDocument, GrantCouncilAdminDocument, RevokeCouncilAdminDocument } from '../../gql/graphql';

const WRITE = { context: { silent: true }, refetchQueries: ['CouncilAdminList'], awaitRefetchQueries: true };

export function useCouncilAdmins() {
  const { data, error, loading } = useQuery(CouncilAdminListDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Loading the council administrators failed:', error);
  }, [error]);
  return { admins: data?.councilAdmins, error, loading };
}

export function useGrantCouncilAdmin() {
  const [mutate, { loading }] = useMutation(GrantCouncilAdminDocument, WRITE);
  const grant = useCallback(async (email: string) => void (await mutate({ variables: { email } })), [mutate]);
  return { grant, granting: loading };
}

export function useRevokeCouncilAdmin() {
  const [mutate] = useMutation(RevokeCouncilAdminDocument, WRITE);
  return useCallback(async (email: string) => void (await mutate({ variables: { email } })), [mutate]);
}
