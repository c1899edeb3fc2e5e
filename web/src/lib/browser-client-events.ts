// The browser's GraphQL client as an event, and whether the page came with the server's results:
// lib/apollo.ts makes the client and announces it, lib/page-query.ts loads it (a dynamic import) and
// hands its queries to it once it exists, whoever made it (a page, the signed-in header), without
// either module importing the other's statically (npm run lint:deps: no cycles).
import type { ApolloClient } from '@apollo/client';

let current: ApolloClient | undefined;
const listeners = new Set<(client: ApolloClient) => void>();
let serverResults = false;

/** lib/apollo.ts, once the browser's client is made. */
export function announceBrowserClient(client: ApolloClient): void {
  current = client;
  listeners.forEach((listener) => listener(client));
  listeners.clear();
}

/** Calls `listener` with the browser's client once it exists (at once if it does). */
export function onBrowserClient(listener: (client: ApolloClient) => void): void {
  if (current) listener(current);
  else listeners.add(listener);
}

/** lib/page-query.ts: this page arrived rendered with the results of its queries. */
export function markServerResults(): void {
  serverResults = true;
}

/** Whether this page arrived with the server's results (lib/apollo.ts then fetches them again as
 *  the member, if one is signed in). */
export function hadServerResults(): boolean {
  return serverResults;
}
