// The directory's search and sport live in the URL (?q=...&sport=...), so they survive a reload
// and come back with the browser's Back button. The search box is ahead of the URL by the debounce.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from './clubs-limits';

export interface DirectoryFilters {
  /** What the search box shows. */
  query: string;
  setQuery: (value: string) => void;
  /** The search sent to the server: the trimmed, debounced query ('' for none). */
  search: string;
  /** '' for All Sports. */
  sport: string;
  setSport: (value: string) => void;
  clearFilters: () => void;
}

export function useDirectoryFilters(): DirectoryFilters {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const sport = params.get('sport') ?? '';
  const [query, setQuery] = useState(search);
  const debounced = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);

  const setParam = useCallback(
    (name: string, value: string) => {
      // From the address bar, not the params of the last render: the router commits a new URL
      // in a transition, so a change made meanwhile would otherwise bring back the old one.
      // A debounced change landing after the visitor has left the directory must not follow them.
      if (!window.location.pathname.replace(/\/$/, '').endsWith('/clubs')) return;
      const next = new URLSearchParams(window.location.search);
      if (value) next.set(name, value);
      else next.delete(name);
      setParams(next, { replace: true });
    },
    [setParams],
  );

  // Typing settles: the URL follows the search box.
  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced !== search) setParam('q', debounced);
  }, [debounced, search, setParam]);

  // The URL changed from outside (a link to /clubs, Back): the search box follows the URL.
  const lastSearch = useRef(search);
  useEffect(() => {
    if (search === lastSearch.current) return;
    lastSearch.current = search;
    if (search !== debounced) setQuery(search);
  }, [search, debounced]);

  const setSport = useCallback((value: string) => setParam('sport', value), [setParam]);
  const clearFilters = useCallback(() => {
    setQuery('');
    setParams(new URLSearchParams(), { replace: true });
  }, [setParams]);

  return { query, setQuery, search, sport, setSport, clearFilters };
}
