// The search's three boxes live in the URL (?q=...&location=...&skill=...), so a search survives a
// reload and Back. The boxes are ahead of the URL by the debounce.
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '../../lib/navigation';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

export interface VolunteerFilterValues {
  q: string;
  location: string;
  skill: string;
}

const KEYS = ['q', 'location', 'skill'] as const;

export function useVolunteerFilters() {
  const [params, setParams] = useSearchParams();
  const [boxes, setBoxes] = useState<VolunteerFilterValues>(() => ({
    q: params.get('q') ?? '',
    location: params.get('location') ?? '',
    skill: params.get('skill') ?? '',
  }));
  const debounced = useDebouncedValue(boxes, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    // Only while the visitor is still on the search (a late debounce must not follow them away).
    if (!window.location.pathname.replace(/\/$/, '').endsWith('/volunteers/search')) return;
    const current = new URLSearchParams(window.location.search);
    const next = new URLSearchParams(current);
    for (const key of KEYS) {
      const value = debounced[key].trim();
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (next.toString() !== current.toString()) setParams(next, { replace: true });
  }, [debounced, setParams]);

  const setBox = useCallback((key: keyof VolunteerFilterValues, value: string) => setBoxes((current) => ({ ...current, [key]: value })), []);
  const clear = useCallback(() => setBoxes({ q: '', location: '', skill: '' }), []);

  const applied = {
    search: params.get('q')?.trim() || null,
    location: params.get('location')?.trim() || null,
    skill: params.get('skill')?.trim() || null,
  };
  return { boxes, setBox, clear, applied, filtered: Boolean(applied.search || applied.location || applied.skill) };
}
