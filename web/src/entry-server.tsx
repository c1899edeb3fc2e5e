// The server's renderer of the public pages (built by `vite build --ssr` into dist/ssr; loaded
// by server/src/app/pages.ts). It renders a page as an anonymous visitor with its GraphQL data:
// React's static prerender, repeated by Apollo until every query on the page has its data, then
// the page's <head> tags, its HTTP status and its queries' results to hydrate from (the browser
// answers the page's queries from them without the GraphQL client: lib/page-query.ts).
import { ApolloClient, ApolloLink, type OperationVariables } from '@apollo/client';
import { ApolloProvider, useQuery } from '@apollo/client/react';
import createEmotionCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider, Global } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { print } from 'graphql';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { Observable } from 'rxjs';
import { ServerApolloClient } from './app/apollo-root';
import { AppRoot } from './app/app-root';
import { preloadRoutes, routeFirstQuery, routeLaterModules, routeModules } from './app/lazy-page';
import { GLOBAL_STYLES_ATTRIBUTE } from './app/global-styles';
import { AppRoutes, isServerRendered, isSignedInFrame, routes } from './app/router';
import { system } from './app/theme';
import { createCache } from './lib/apollo-cache';
import { pageQueryKey, PageQueryServerContext, type PageQueryServer } from './lib/page-query';
import type { ServerState } from './lib/ssr-state';
import { headHtml, headTags, scriptSafeJson } from './lib/page-meta-tags';
import { ServerRenderContext, type ServerRender } from './lib/server-render';

export interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface RenderRequest {
  /** The request's path and query. */
  url: string;
  appUrl: string;
  /** Executes one operation as an anonymous visitor. */
  execute: (request: GraphQLRequest) => Promise<unknown>;
  signal: AbortSignal;
}

export interface RenderedPage {
  status: number;
  head: string;
  html: string;
  state: string;
  /** Only the signed-in frame around a page the browser renders (the same for every visitor). */
  frame?: boolean;
}

/** Apollo's link on the server: each operation goes to `execute`, in this process. */
function executeLink(execute: RenderRequest['execute']): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({ query: print(operation.query), variables: operation.variables, operationName: operation.operationName })
          .then((result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          })
          .catch((error: unknown) => observer.error(error));
      }),
  );
}

/**
 * The page's CSS for its <head>: Chakra's styles (emotion) as a handful of <style> elements there,
 * not one beside each styled element in the body (~70 on a directory page). The browser's emotion
 * takes them over (its cache reads the ids of emotion's marker, `data-emotion`), so nothing is
 * inserted again at hydration. The CSS is in plain <style> elements and the markers, after them,
 * are empty: emotion in the browser moves each element it takes over to the end of the <head>
 * (the page's styles twice: as it starts and as it hydrates), and moving ~40 KB of CSS was a
 * style recalculation of the whole page each time (~0.1–0.2 s at 4x CPU slowdown); moving an empty
 * one costs nothing. (The body was also moving each element into the <head> before React started.)
 */
function styleCollector(): { cache: EmotionCache; tags: (html: string) => string } {
  const cache = createEmotionCache({ key: 'css' });
  // Emotion's switch for "render no <style> elements; keep the CSS in the cache to extract".
  cache.compat = true;
  const server = createEmotionServer(cache);
  return {
    cache,
    tags(html) {
      const { styles } = server.extractCriticalToChunks(html);
      const css = styles.filter((chunk) => chunk.css !== '').map((chunk) => `<style>${chunk.css}</style>`);
      const markers = styles.map((chunk) => `<style data-emotion="${chunk.key} ${chunk.ids.join(' ')}"></style>`);
      return [...css, ...markers].join('');
    },
  };
}

let globalStyleTag: string | undefined;

/** Chakra's global CSS (app/global-styles.ts) in its <style>, for every page's <head>: the
 *  theme's layer order first, then its reset, the tokens' custom properties and the global styles,
 *  as ChakraProvider's Global elements render them. The same for every page: made once. */
export function globalStyles(): string {
  if (globalStyleTag === undefined) {
    const cache = createEmotionCache({ key: 'css' });
    cache.compat = true;
    renderToString(
      <CacheProvider value={cache}>
        <Global styles={[system.layers.atRule, system._global]} />
      </CacheProvider>,
    );
    const [global] = createEmotionServer(cache).extractCriticalToChunks('').styles;
    if (!global?.css) throw new Error("Chakra's global styles rendered no CSS.");
    globalStyleTag = `<style ${GLOBAL_STYLES_ATTRIBUTE}>${global.css}</style>`;
  }
  return globalStyleTag;
}

/** usePageQuery on the server: Apollo's useQuery (prerenderStatic waits for it), each result
 *  recorded under its key for the page's data block. */
function recordingPageQueries(results: ServerState['results']): PageQueryServer {
  return {
    use(document, options) {
      const { data, error, refetch, fetchMore } = useQuery(document as never, { variables: options.variables as OperationVariables, context: options.context });
      if (data !== undefined) results[pageQueryKey(document as never, options.variables)] = data;
      return { data: data as never, error, refetch, fetchMore: fetchMore as never };
    },
  };
}

/** `value` with every object's keys in sorted order, at every depth. The page's results are
 *  recorded in the order its queries happened to answer, which differs from one render to the next
 *  (Apollo renders again as each query answers): the page's bytes must not (the same page for
 *  everyone, tests/e2e/public-pages.spec.ts; a cache validator on the bytes). */
function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortedKeys((value as Record<string, unknown>)[key])]),
  );
}

/** An error inside the page while rendering it: the page's boundary shows its error screen in
 *  the HTML, and the server's log says why (the message only; it carries no request data). */
function reportRenderError(error: unknown): void {
  console.error('Rendering a page on the server failed:', error instanceof Error ? error.stack : error);
}

/** The modules (Vite manifest keys) the page at `pathname` loads besides the app's entry, for the
 *  server to name in its HTML (server/src/http/web.ts): any page, rendered here or not. */
export function pageModules(pathname: string): string[] {
  return routeModules(routes, pathname);
}

/** The modules the screen around the page at `pathname` loads once the page is under way (the
 *  signed-in header's): named in its HTML at low priority. */
export function laterModules(pathname: string): string[] {
  return routeLaterModules(routes, pathname);
}

/** The operation the page at `pathname` asks for first, which the app sends as it starts (its
 *  name; the server writes its hash into the HTML: lib/first-query.ts), or null. */
export function firstQuery(pathname: string): string | null {
  return routeFirstQuery(routes, pathname);
}

/** The page at `url`, or null when it is not a public page (the shell serves it). */
export async function render({ url, appUrl, execute, signal }: RenderRequest): Promise<RenderedPage | null> {
  const location = new URL(url, appUrl);
  const matches = matchRoutes(routes, location.pathname);
  if (!matches) return null;
  // A signed-in page: only its frame, as every visitor's is while the session is checked (the
  // server never knows who is signed in); the browser renders the page once it knows.
  const frame = !isServerRendered(matches[matches.length - 1]!.route.handle) && matches.some(({ route }) => isSignedInFrame(route.handle));
  if (!frame && !isServerRendered(matches[matches.length - 1]!.route.handle)) return null;

  // The page renders loaded, as the browser hydrates it (main.tsx): no Suspense boundary around it.
  if (!frame) await preloadRoutes(routes, location.pathname);

  const client = new ApolloClient({ ssrMode: true, cache: createCache(), link: executeLink(execute) });
  const results: ServerState['results'] = {};
  const pageQueries = recordingPageQueries(results);
  const server: ServerRender = { appUrl, meta: null, status: 200 };
  const styles = styleCollector();
  const { result, aborted } = await prerenderStatic({
    tree: (
      <ServerRenderContext value={server}>
        <ServerApolloClient value={client}>
          <ApolloProvider client={client}>
            <PageQueryServerContext value={pageQueries}>
              <CacheProvider value={styles.cache}>
                <AppRoot>
                  <StaticRouter location={`${location.pathname}${location.search}`}>
                    <AppRoutes />
                  </StaticRouter>
                </AppRoot>
              </CacheProvider>
            </PageQueryServerContext>
          </ApolloProvider>
        </ServerApolloClient>
      </ServerRenderContext>
    ),
    context: { client },
    signal,
    // Node's stream, typed here (a browser-typed project) by what prerenderStatic reads of it.
    renderFunction: (tree) => prerenderToNodeStream(tree, {
        signal,
        // Every boundary inline, in order: no boundary sent apart with an inline script to put it
        // in place (the CSP allows no inline script, and the page is complete anyway).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError: reportRenderError,
      }) as unknown as ReturnType<prerenderStatic.PrerenderToNodeStream>,
    maxRerenders: 5,
  });
  if (aborted) return null;
  return {
    status: server.status,
    head: `${headHtml(headTags(server.meta, appUrl))}\n    ${styles.tags(result)}`,
    html: result,
    state: scriptSafeJson(sortedKeys({ results } satisfies ServerState)),
    ...(frame ? { frame: true } : {}),
  };
}
