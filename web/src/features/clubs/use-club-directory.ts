// One directory listing (a search and a sport), 24 clubs a page; further pages continue after the
// connection's endCursor and the cache appends them (relayStylePagination in lib/apollo-cache).
// Mounted once per listing (see ClubDirectoryPage).
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ClubDirectoryDocument, type ClubCard_ClubFragment } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
import { CLUBS_MAX_AGE_MS, DIRECTORY_PAGE_SIZE } from './clubs-limits';

export interface DirectoryPage {
  clubs: ClubCard_ClubFragment[];
  totalCount: number;
  hasMore: boolean;
}

export function useClubDirectory(search: string, sport: string) {
  const fetchPolicy = useFreshnessPolicy(`clubDirectory:${search}:${sport}`, CLUBS_MAX_AGE_MS);
  const { data, error, refetch, fetchMore } = useQuery(ClubDirectoryDocument, {
    variables: { search: search || null, sport: sport || null, first: DIRECTORY_PAGE_SIZE, after: null },
    fetchPolicy,
    // Directory failures are only logged (spec section 8): the page shows its own retry.
    context: { silent: true },
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);
  const inFlight = useRef(false);
  const connection = data?.clubs;
  useEffect(() => {
    if (error) console.error('Loading the club directory failed:', error);
  }, [error]);

  const page = useMemo<DirectoryPage | undefined>(() => {
    if (!connection) return undefined;
    // A club met again on a later page (its name changed between pages) is listed once.
    const seen = new Set<string>();
    const clubs = connection.edges.map((edge) => edge.node).filter((club) => !seen.has(club.id) && !!seen.add(club.id));
    return { clubs, totalCount: connection.totalCount, hasMore: connection.pageInfo.hasNextPage };
  }, [connection]);

  const endCursor = connection?.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  const loadMore = useCallback(() => {
    if (!endCursor || inFlight.current) return;
    inFlight.current = true;
    setLoadingMore(true);
    setLoadMoreFailed(false);
    fetchMore({ variables: { after: endCursor } })
      .catch((cause: unknown) => {
        console.error('Loading more clubs failed:', cause);
        setLoadMoreFailed(true);
      })
      .finally(() => {
        inFlight.current = false;
        setLoadingMore(false);
      });
  }, [fetchMore, endCursor]);

  // Failures are logged by the effect above.
  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  return { page, error, loadingMore, loadMoreFailed, loadMore, retry };
}
