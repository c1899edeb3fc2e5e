// The list's filters live in the query string (spec sections 2 and 9), so a link reopens the same
// view: defaults are left out, and the inputs are ahead of the address by a 300 ms debounce. The
// list shows what the address says; the inputs show the draft.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from '../../../lib/navigation';
import {
  DEFAULT_LIST_FILTERS,
  listFiltersToParams,
  parseListFilters,
  type ApplicationListFilters,
} from '@clubroom/rules/admin';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { APPROVALS_PATH, listQuery } from '../admin-route';
import { FILTER_DEBOUNCE_MS } from '../admin-texts';

export interface ListFilters {
  /** What the address says: the list on screen. */
  applied: ApplicationListFilters;
  /** What the inputs show. */
  draft: ApplicationListFilters;
  /** Changes filters; any change but the page's own goes back to the first page. */
  update: (patch: Partial<ApplicationListFilters>) => void;
  /** Search, dates and location cleared; status, sort and page size kept. */
  clearFilters: () => void;
}

export function useListFilters(): ListFilters {
  const [params, setParams] = useSearchParams();
  const urlKey = params.toString();
  const applied = useMemo(() => parseListFilters(new URLSearchParams(urlKey)), [urlKey]);
  const [draft, setDraft] = useState(applied);
  const debounced = useDebouncedValue(draft, FILTER_DEBOUNCE_MS);
  const written = useRef(urlKey);

  // The address changed from outside (a link, Back): the inputs follow it.
  useEffect(() => {
    if (urlKey === written.current) return;
    written.current = urlKey;
    setDraft(parseListFilters(new URLSearchParams(urlKey)));
  }, [urlKey]);

  // The inputs settled: the address follows them (unless the administrator has left the list).
  useEffect(() => {
    const next = listQuery(listFiltersToParams(debounced));
    if (next === written.current) return;
    if (window.location.pathname.replace(/\/$/, '') !== APPROVALS_PATH) return;
    written.current = next;
    setParams(new URLSearchParams(next), { replace: true });
  }, [debounced, setParams]);

  const update = useCallback((patch: Partial<ApplicationListFilters>) => {
    setDraft((current) => ({ ...current, offset: 0, ...patch }));
  }, []);

  const clearFilters = useCallback(() => {
    setDraft((current) => ({
      ...current,
      search: DEFAULT_LIST_FILTERS.search,
      search_fields: [...DEFAULT_LIST_FILTERS.search_fields],
      date_from: null,
      date_to: null,
      location: '',
      offset: 0,
    }));
  }, []);

  return { applied, draft, update, clearFilters };
}
