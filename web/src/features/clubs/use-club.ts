// One club's public page data, fresh for 5 minutes: the club, and all its live positions (read
// 100 a page; further pages follow at once, as a club has at most 200).
import { useCallback, useEffect, useMemo } from 'react';
import { ClubDocument } from './clubs.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { usePageQuery } from '../../lib/page-query';
import { useRemainingPages } from '../../lib/use-remaining-pages';
import { CLUBS_MAX_AGE_MS } from './clubs-limits';

export function useClub(id: string) {
  const fetchPolicy = useFreshnessPolicy(`club:${id}`, CLUBS_MAX_AGE_MS);
  const { data, error, refetch, fetchMore } = usePageQuery(ClubDocument, {
    variables: { id, positionsAfter: null },
    fetchPolicy,
    context: { silent: true },
  });
  const club = data?.club ?? undefined;
  // The server answers null for a club that does not exist or is not listed (unapproved), and
  // says whether it was listed and a moderator removed it (gone, not merely not found).
  const notFound = data !== undefined && data.club === null;
  const removed = notFound && data.clubRemoved === true;

  useEffect(() => {
    if (error) console.error('Loading the club failed:', error);
  }, [error]);

  const fetchPositionsAfter = useCallback((cursor: string) => fetchMore({ variables: { positionsAfter: cursor } }), [fetchMore]);
  useRemainingPages(club?.positions.pageInfo, fetchPositionsAfter);
  const positions = useMemo(() => club?.positions.edges.map((edge) => edge.node) ?? [], [club]);

  const upcomingSessions = useMemo(() => club?.upcomingSessions.nodes ?? [], [club]);

  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  return { club, positions, upcomingSessions, error, notFound, removed, retry };
}
