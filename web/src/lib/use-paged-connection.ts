// A listing the API pages (a relay connection): 'Load more' continues after the connection's
// endCursor and the cache appends the page (relayStylePagination in lib/apollo-cache). Failures are
// only logged (spec section 8): the page shows its own retry. Used by the club directory, the
// opportunities browser and the volunteer's applications.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

interface PagedConnection<T extends { id: string }> {
  edges: ReadonlyArray<{ node: T }>;
  totalCount: number;
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

interface PagedQuery {
  error?: unknown;
  refetch: () => Promise<unknown>;
  fetchMore: (options: { variables: { after: string } }) => Promise<unknown>;
}

/** `what` names the listing in the console: 'Loading the <what> failed', 'Loading more <more> failed'. */
export function usePagedConnection<T extends { id: string }>(
  { error, refetch, fetchMore }: PagedQuery,
  connection: PagedConnection<T> | undefined,
  what: { listing: string; items: string },
) {
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);
  const inFlight = useRef(false);

  useEffect(() => {
    if (error) console.error(`Loading the ${what.listing} failed:`, error);
  }, [error, what.listing]);

  // An item met again on a later page (it changed between pages) is listed once.
  const items = useMemo(() => {
    if (!connection) return undefined;
    const seen = new Set<string>();
    return connection.edges.map((edge) => edge.node).filter((item) => !seen.has(item.id) && !!seen.add(item.id));
  }, [connection]);

  const endCursor = connection?.pageInfo.hasNextPage ? connection.pageInfo.endCursor : null;
  const loadMore = useCallback(() => {
    if (!endCursor || inFlight.current) return;
    inFlight.current = true;
    setLoadingMore(true);
    setLoadMoreFailed(false);
    fetchMore({ variables: { after: endCursor } })
      .catch((cause: unknown) => {
        console.error(`Loading more ${what.items} failed:`, cause);
        setLoadMoreFailed(true);
      })
      .finally(() => {
        inFlight.current = false;
        setLoadingMore(false);
      });
  }, [fetchMore, endCursor, what.items]);

  // Failures are logged by the effect above.
  const retry = useCallback(() => {
    refetch().catch(() => undefined);
  }, [refetch]);

  return {
    items,
    totalCount: connection?.totalCount,
    hasMore: !!connection?.pageInfo.hasNextPage,
    loadingMore,
    loadMoreFailed,
    loadMore,
    retry,
  };
}
