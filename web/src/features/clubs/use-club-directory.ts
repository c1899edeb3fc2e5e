// One directory listing (a search and a sport), 24 clubs a page, further pages after the keyset
// cursor appended to the cached first page. Mounted once per listing (see ClubDirectoryPage).
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ClubDirectoryDocument, type ClubDirectoryQuery } from '../../gql/graphql';
import { useFreshnessPolicy } from '../../lib/freshness';
import { CLUBS_MAX_AGE_MS, DIRECTORY_PAGE_SIZE } from './clubs-limits';

type DirectoryPage = ClubDirectoryQuery['clubDirectory'];

/** The next page after `previous`; a club already listed (names can change between pages) is kept once. */
function appendPage(previous: DirectoryPage, next: DirectoryPage): DirectoryPage {
  const seen = new Set(previous.clubs.map((club) => club.id));
  return { ...next, clubs: [...previous.clubs, ...next.clubs.filter((club) => !seen.has(club.id))] };
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
  const page = data?.clubDirectory;
  useEffect(() => {
    if (error) console.error('Loading the club directory failed:', error);
  }, [error]);

  const loadMore = useCallback(() => {
    if (!page?.hasMore || !page.endCursor || inFlight.current) return;
    inFlight.current = true;
    setLoadingMore(true);
    setLoadMoreFailed(false);
    fetchMore({
      variables: { after: page.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => {
        // The cache may have dropped the list meanwhile (returnPartialData gives what is left).
        if (!previous?.clubDirectory) return previous;
        return { clubDirectory: appendPage(previous.clubDirectory, fetchMoreResult.clubDirectory) };
      },
    })
      .catch((cause: unknown) => {
        console.error('Loading more clubs failed:', cause);
        setLoadMoreFailed(true);
      })
      .finally(() => {
        inFlight.current = false;
        setLoadingMore(false);
      });
  }, [fetchMore, page]);

  // Failures are logged by the effect above.
  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  return { page, error, loadingMore, loadMoreFailed, loadMore, retry };
}
