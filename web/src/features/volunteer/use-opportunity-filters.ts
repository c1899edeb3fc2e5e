// The opportunities browser's filters live in the URL (?q=&skill=&sport=&location=), so they
// survive a reload and come back with Back. The two text boxes are ahead of the URL by the
// debounce; the selects change it at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSearchParams } from '../../lib/navigation';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { SEARCH_DEBOUNCE_MS } from './volunteer-limits';

export interface OpportunityFilters {
  /** What the search and location boxes show. */
  query: string;
  setQuery: (value: string) => void;
  place: string;
  setPlace: (value: string) => void;
  /** What is sent to the server: trimmed, debounced ('' for none). */
  search: string;
  location: string;
  /** '' for any. */
  skill: string;
  setSkill: (value: string) => void;
  sport: string;
  setSport: (value: string) => void;
  filtered: boolean;
  clearFilters: () => void;
}

/** A text box whose value follows the URL parameter `name` after the debounce, and the other way
 *  round when the URL changes from outside (a link, Back). */
function useDebouncedParam(name: string, value: string, setParam: (name: string, value: string) => void) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  const lastDebounced = useRef(debounced);
  useEffect(() => {
    if (debounced === lastDebounced.current) return;
    lastDebounced.current = debounced;
    if (debounced !== value) setParam(name, debounced);
  }, [debounced, value, name, setParam]);

  const lastValue = useRef(value);
  useEffect(() => {
    if (value === lastValue.current) return;
    lastValue.current = value;
    if (value !== debounced) setText(value);
  }, [value, debounced]);

  return [text, setText] as const;
}

export function useOpportunityFilters(): OpportunityFilters {
  const [params, setParams] = useSearchParams();
  const search = params.get('q')?.trim() ?? '';
  const location = params.get('location')?.trim() ?? '';
  const skill = params.get('skill') ?? '';
  const sport = params.get('sport') ?? '';
  // The page this listing belongs to (/volunteer-opportunities... or /opportunities).
  const [pathname] = useState(useLocation().pathname);

  const setParam = useCallback(
    (name: string, value: string) => {
      // From the address bar, not this render's params: the router commits a new URL in a
      // transition, so a change made meanwhile would bring back the old one. A debounced change
      // landing after the visitor has left the listing must not follow them.
      if (window.location.pathname !== pathname) return;
      const next = new URLSearchParams(window.location.search);
      if (value) next.set(name, value);
      else next.delete(name);
      setParams(next, { replace: true });
    },
    [setParams, pathname],
  );

  const [query, setQuery] = useDebouncedParam('q', search, setParam);
  const [place, setPlace] = useDebouncedParam('location', location, setParam);
  const setSkill = useCallback((value: string) => setParam('skill', value), [setParam]);
  const setSport = useCallback((value: string) => setParam('sport', value), [setParam]);
  const clearFilters = useCallback(() => {
    setQuery('');
    setPlace('');
    setParams(new URLSearchParams(), { replace: true });
  }, [setParams, setQuery, setPlace]);

  return {
    query,
    setQuery,
    place,
    setPlace,
    search,
    location,
    skill,
    setSkill,
    sport,
    setSport,
    filtered: search !== '' || location !== '' || skill !== '' || sport !== '',
    clearFilters,
  };
}
