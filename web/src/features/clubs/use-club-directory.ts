// One directory listing (a search and a sport), 24 clubs a page; further pages continue after the
// connection's endCursor and the cache appends them (relayStylePagination in lib/apollo-cache).
// Mounted once per listing (see ClubDirectoryPage).
import { useMemo } from 'react';
import type { ClubCard_ClubFragment } from '../../gql/graphql';
import { ClubDirectoryDocument } from './clubs.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { usePageQuery } from '../../lib/page-query';
import { usePagedConnection } from '../../lib/use-paged-connection';
import { CLUBS_MAX_AGE_MS, DIRECTORY_PAGE_SIZE } from './clubs-limits';

export interface DirectoryPage {
  clubs: ClubCard_ClubFragment[];
  totalCount: number;
  hasMore: boolean;
}

const LISTING = { listing: 'club directory', items: 'clubs' };

export function useClubDirectory(search: string, sport: string) {
  const fetchPolicy = useFreshnessPolicy(`clubDirectory:${search}:${sport}`, CLUBS_MAX_AGE_MS);
  const { data, error, refetch, fetchMore } = usePageQuery(ClubDirectoryDocument, {
    variables: { search: search || null, sport: sport || null, first: DIRECTORY_PAGE_SIZE, after: null },
    fetchPolicy,
    // Directory failures are only logged (spec section 8): the page shows its own retry.
    context: { silent: true },
  });
  const listing = usePagedConnection({ error, refetch, fetchMore }, data?.clubs, LISTING);
  const { items, totalCount, hasMore } = listing;
  const page = useMemo<DirectoryPage | undefined>(
    () => (items && totalCount !== undefined ? { clubs: items, totalCount, hasMore } : undefined),
    [items, totalCount, hasMore],
  );
  const { loadingMore, loadMoreFailed, loadMore, retry } = listing;

  return { page, error, loadingMore, loadMoreFailed, loadMore, retry };
}
