// Whether this render is past hydration: false on the server and in the hydrating render, true
// after (and in every render of a page that was not server-rendered). Text that depends on the
// browser (its time zone, its clock, the member's stored choices, who is signed in) waits for it,
// so the hydrating render matches the server's HTML exactly.
//
// One flag for the whole app, in a context that HydrationProvider (app-root.tsx) turns true in a
// transition once the hydrating render has been committed: React renders what differs in the
// browser in short slices. (Each hook used to ask `useSyncExternalStore` with a server snapshot,
// and React re-renders a store whose browser snapshot differs from its server one synchronously
// after hydrating: the session's state, the header and every follow button, one task of ~0.15 s
// at 4x CPU slowdown in the middle of a phone's start-up.)
import { createContext, startTransition, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/** Whether this document's #root arrived rendered by the server to hydrate (server/src/http/web.ts
 *  marks it; a signed-in page's frame is rendered afresh instead: main.tsx). */
function pageIsServerRendered(): boolean {
  return typeof document === 'undefined' || document.querySelector('#root[data-ssr]:not([data-ssr="frame"])') !== null;
}

/** Outside a provider (a component's own test): hydrated in a browser, not on the server. */
const HydratedContext = createContext(typeof document !== 'undefined');

/** Marks #root once the page is live: its hydration and the browser's render after it committed
 *  (the end-to-end tests wait for it: tests/e2e/fixtures.ts). */
function markLive(): void {
  document.getElementById('root')?.setAttribute('data-hydrated', '');
}

export function HydrationProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(() => !pageIsServerRendered());
  useEffect(() => {
    if (hydrated) markLive();
    else startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

export function useHydrated(): boolean {
  return useContext(HydratedContext);
}

/** `useSyncExternalStore` that renders the server's snapshot until the page has hydrated, then the
 *  store's (in HydrationProvider's transition, not in a synchronous render of its own). */
export function useStoreAfterHydration<T>(subscribe: (listener: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  const hydrated = useHydrated();
  return useSyncExternalStore(subscribe, hydrated ? getSnapshot : getServerSnapshot, getServerSnapshot);
}
