import { useEffect, useRef, useState } from 'react';

/** Loaders show at least this long (administration spec, section 9). */
export const LOADER_MIN_MS = 500;

/** `loading`, held true for at least LOADER_MIN_MS once it has started, so a skeleton never
 *  flashes for a moment (spec section 9). */
export function useMinLoading(loading: boolean, minMs = LOADER_MIN_MS): boolean {
  const startedAt = useRef<number | null>(loading ? Date.now() : null);
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    if (loading) {
      if (startedAt.current === null) startedAt.current = Date.now();
      setHolding(true);
      return;
    }
    if (startedAt.current === null) return;
    const left = startedAt.current + minMs - Date.now();
    startedAt.current = null;
    if (left <= 0) {
      setHolding(false);
      return;
    }
    const timer = window.setTimeout(() => setHolding(false), left);
    return () => window.clearTimeout(timer);
  }, [loading, minMs]);
  return loading || holding;
}
