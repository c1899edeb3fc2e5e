// Data freshness (spec section 9): a query whose data was fetched less than its maximum age ago
// is answered from the cache when a screen mounts again; older data is shown and fetched anew.
import { useEffect, useMemo } from 'react';
import { onAuthEvent } from './session';

type FreshnessPolicy = 'cache-first' | 'cache-and-network';

const fetchedAt = new Map<string, number>();

// Another identity must not count the previous user's fetches as fresh.
onAuthEvent((event) => {
  if (event !== 'TOKEN_REFRESHED') fetchedAt.clear();
});

function isFresh(key: string, maxAgeMs: number): boolean {
  const at = fetchedAt.get(key);
  return at !== undefined && Date.now() - at < maxAgeMs;
}

/** Forgets when the data whose keys begin with `keyPrefix` was fetched: a screen that shows it
 *  next fetches it anew (after a change that a mounted query cannot show, e.g. a withdrawn
 *  application and the figures of a dashboard tab that is not open). */
export function expireFreshness(keyPrefix: string): void {
  for (const key of [...fetchedAt.keys()]) if (key.startsWith(keyPrefix)) fetchedAt.delete(key);
}

/** The fetch policy for data identified by `key` that stays fresh for `maxAgeMs`. */
export function useFreshnessPolicy(key: string, maxAgeMs: number): FreshnessPolicy {
  const policy = useMemo<FreshnessPolicy>(() => (isFresh(key, maxAgeMs) ? 'cache-first' : 'cache-and-network'), [key, maxAgeMs]);
  useEffect(() => {
    if (policy === 'cache-and-network') fetchedAt.set(key, Date.now());
  }, [key, policy]);
  return policy;
}
