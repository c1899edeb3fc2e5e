// The Developer page's data: the caller's tokens with the scope descriptions, and the create and
// revoke mutations. Writes reject on failure, with the first rule violation's message.
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import type { CreateApiTokenInput } from '../../gql/graphql';
import { DeveloperApiTokensDocument, DeveloperCreateApiTokenDocument, DeveloperRevokeApiTokenDocument } from './developer.generated';

const WRITE = { context: { silent: true }, refetchQueries: ['DeveloperApiTokens'], awaitRefetchQueries: true };

/** A rule violation from a payload's userErrors: the message for a toast, the fields for the form. */
export class TokenUserError extends Error {
  constructor(readonly fields: Record<string, string>, message: string) {
    super(message);
  }
}

function refuseOnUserErrors(userErrors: ReadonlyArray<{ field?: string | null; message: string }>): void {
  if (userErrors.length === 0) return;
  const fields = Object.fromEntries(userErrors.filter((e) => e.field).map((e) => [e.field!, e.message]));
  throw new TokenUserError(fields, userErrors[0]!.message);
}

export function useApiTokens() {
  const { data, error, loading, refetch } = useQuery(DeveloperApiTokensDocument, { fetchPolicy: 'cache-and-network', context: { silent: true } });
  useEffect(() => {
    if (error) console.error('Loading the API tokens failed:', error);
  }, [error]);
  return { data, error, loading, refetch };
}

export function useCreateApiToken() {
  const [mutate] = useMutation(DeveloperCreateApiTokenDocument, WRITE);
  return useCallback(
    async (input: CreateApiTokenInput) => {
      const { data } = await mutate({ variables: { input } });
      const payload = data?.createApiToken;
      refuseOnUserErrors(payload?.userErrors ?? []);
      if (!payload?.secret || !payload.token) throw new Error('createApiToken answered no token');
      return { secret: payload.secret, token: payload.token };
    },
    [mutate],
  );
}

export function useRevokeApiToken() {
  const [mutate, { loading }] = useMutation(DeveloperRevokeApiTokenDocument, WRITE);
  const revoke = useCallback(
    async (id: string) => {
      const { data } = await mutate({ variables: { input: { id } } });
      refuseOnUserErrors(data?.revokeApiToken.userErrors ?? []);
    },
    [mutate],
  );
  return { revoke, revoking: loading };
}
