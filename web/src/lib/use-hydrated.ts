// Whether this render is past hydration: false on the server and in the hydrating render, true
// after (and in every render of a page that was not server-rendered). Text that depends on the
// browser (its time zone, its clock, the member's stored choices) waits for it, so the hydrating
// render matches the server's HTML exactly.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
