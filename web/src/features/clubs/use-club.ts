// One club's public page data, fresh for 5 minutes.
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import { ClubDocument } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
import { errorCodes } from '../../lib/request-errors';
import { CLUBS_MAX_AGE_MS } from './clubs-limits';

/** The server's answers for a club that is not listed: unknown or unapproved, or not a UUID. */
const NOT_LISTED = new Set(['NOT_FOUND', 'BAD_USER_INPUT']);

export function useClub(id: string) {
  const fetchPolicy = useFreshnessPolicy(`club:${id}`, CLUBS_MAX_AGE_MS);
  const { data, error, refetch } = useQuery(ClubDocument, {
    variables: { id },
    fetchPolicy,
    context: { silent: true },
  });
  const notFound = !!error && errorCodes(error).some((code) => NOT_LISTED.has(code));

  useEffect(() => {
    if (error && !notFound) console.error('Loading the club failed:', error);
  }, [error, notFound]);

  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  return { club: data?.club, error, notFound, retry };
}
