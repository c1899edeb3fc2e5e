// A short list the API pages (a club's positions: at most 200, 100 a page) is shown whole: once a
// page is in, the next one is fetched, until there are no more.
import { useEffect, useRef } from 'react';

interface PageInfo {
  hasNextPage: boolean;
  endCursor?: string | null;
}

/** Calls `fetchAfter(endCursor)` once for each page that says more follow. */
export function useRemainingPages(pageInfo: PageInfo | undefined, fetchAfter: (cursor: string) => Promise<unknown>): void {
  const requested = useRef<string | null>(null);
  const cursor = pageInfo?.hasNextPage ? (pageInfo.endCursor ?? null) : null;
  useEffect(() => {
    if (!cursor || requested.current === cursor) return;
    requested.current = cursor;
    fetchAfter(cursor).catch((cause: unknown) => console.error('Loading the next page failed:', cause));
  }, [cursor, fetchAfter]);
}
