// A page in its own chunk that can be loaded before React first renders it. A server-rendered
// page must not suspend while it hydrates: a dehydrated boundary that receives an update before its
// chunk arrived (the session check settling, a hook's browser value) is thrown away and rendered
// again on the client, so the page's content vanished behind the spinner for a second or two on a
// slow phone (a layout shift of 0.1–0.2, and the largest paint moved to the second render).
// main.tsx therefore loads the matched routes' pages (preloadRoutes) and only then hydrates; a
// page already loaded renders at once, without suspending.
//
// A page that is not loaded yet shows the page spinner until its chunk arrives, then renders: a
// state change, not a Suspense boundary. A server-rendered page has no boundary around it, on the
// server (entry-server.tsx preloads it too) and in the browser: React leaves a boundary's server
// HTML dehydrated after the shell and hydrates it later, and an update above it meanwhile (the
// session check settling re-renders the layout) made React hydrate the whole page synchronously,
// in one task of 0.9 s at 4x CPU slowdown (Lighthouse's total blocking time). And a page that
// suspended (a signed-in page whose chunk was still on its way when the session check let it
// render) was revealed no sooner than 300 ms after its fallback, React's throttle on Suspense
// reveals: the page's first query went out that much later (bench/notes/public-pages.md).
import { useEffect, useState, type ComponentType, type FunctionComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';

type PageModule = { default: ComponentType };

export type LazyPage = FunctionComponent & {
  /** Loads the page's chunk (once); resolves when the page can render without suspending. */
  preload(): Promise<void>;
  /** The modules it loads, as keys of Vite's manifest ('src/features/clubs/club-page.tsx'): the
   *  server names their chunks in the page's HTML, so that they download with the app's entry
   *  rather than after it (routeModules). Written in by the build (vite.config.ts, pageSources). */
  sources: readonly string[];
};

export function lazyPage(load: () => Promise<PageModule>, sources: readonly string[] = []): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module.default;
      },
      (error: unknown) => {
        // A failed load (offline) is tried again by the next preload; the page's error boundary
        // shows the failure meanwhile, as for any lazy page.
        loading = undefined;
        throw error;
      },
    ));
  function Page() {
    const [state, setState] = useState<{ Component: ComponentType | null; error?: unknown }>(() => ({ Component: Loaded ?? null }));
    const waiting = state.Component === null && state.error === undefined;
    useEffect(() => {
      if (!waiting) return;
      let mounted = true;
      preload().then(
        () => mounted && setState({ Component: Loaded! }),
        // Thrown in render below, to the page's error boundary; its reset (another path) mounts
        // the page again, and the chunk is asked for again.
        (error: unknown) => mounted && setState({ Component: null, error }),
      );
      return () => {
        mounted = false;
      };
    }, [waiting]);
    if (state.error !== undefined) throw state.error;
    if (state.Component) return <state.Component />;
    return <PageSpinner />;
  }
  return Object.assign(Page, { preload, sources });
}

function isLazyPage(type: unknown): type is LazyPage {
  return typeof type === 'function' && typeof (type as Partial<LazyPage>).preload === 'function';
}

/** The lazy pages of the routes that match `pathname` (their elements that are lazy pages). */
function matchedPages(routes: RouteObject[], pathname: string): LazyPage[] {
  return (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => (route.element as { type?: unknown } | null | undefined)?.type)
    .filter(isLazyPage);
}

/** Loads the pages of the routes that match `pathname`. */
export function preloadRoutes(routes: RouteObject[], pathname: string): Promise<unknown> {
  return Promise.all(matchedPages(routes, pathname).map((page) => page.preload()));
}

/** The modules (Vite manifest keys) the pages of the routes that match `pathname` load. */
export function routeModules(routes: RouteObject[], pathname: string): string[] {
  return [...new Set(matchedPages(routes, pathname).flatMap((page) => page.sources))];
}

/** What a route's handle may name besides its page: modules (Vite manifest keys) its screen loads
 *  once the page is under way (the signed-in header's account controls). */
export interface LaterModulesHandle {
  laterModules?: readonly string[];
}

/** The modules the handles of the routes that match `pathname` name as loaded later. */
export function routeLaterModules(routes: RouteObject[], pathname: string): string[] {
  return [...new Set((matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => (route.handle as LaterModulesHandle | undefined)?.laterModules ?? []))];
}

/** What a signed-in route's handle may name: its page's first query, an operation without
 *  variables that the app sends as it starts (lib/first-query.ts; the server finds its hash). */
export interface FirstQueryHandle {
  firstQuery?: string;
}

/** The first query the deepest route matching `pathname` names, or null. */
export function routeFirstQuery(routes: RouteObject[], pathname: string): string | null {
  const matches = matchRoutes(routes, pathname) ?? [];
  return (matches[matches.length - 1]?.route.handle as FirstQueryHandle | undefined)?.firstQuery ?? null;
}
