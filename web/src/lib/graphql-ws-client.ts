// The graphql-ws client for subscriptions on /graphql. It connects lazily (only while a
// subscription is active), authenticates in connection_init with the current access token, and
// reconnects when the signed-in identity changes (sign-in, sign-out).
import { createClient, type Client } from 'graphql-ws';
import { QUERY_RETRY_CAP_MS } from './constants';
import { getAccessToken, onAuthEvent } from './session';

function websocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

/** `onCatchUp` runs when the socket comes back after it was lost (the server restarted, the
 *  network dropped): the live events of the gap were never delivered, so the app asks again for
 *  what it shows. */
export function createWsClient(onCatchUp?: () => void): Client {
  let identityChanged = false;
  const client = createClient({
    url: websocketUrl(),
    lazy: true,
    connectionParams: () => {
      const token = getAccessToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    retryAttempts: Number.POSITIVE_INFINITY,
    // The first retry is at once (an identity change closes the socket on purpose); further
    // retries (the server is away) back off from 2 s.
    retryWait: (retries) =>
      new Promise((resolve) => window.setTimeout(resolve, retries === 0 ? 0 : Math.min(QUERY_RETRY_CAP_MS, 1_000 * 2 ** retries))),
  });
  // Another identity needs another socket: terminate() closes with 4499, which graphql-ws retries,
  // and active subscriptions resubscribe on a new socket whose connection_init carries the new
  // token (the app fetches its queries again itself on sign-in). A refreshed token of the same
  // session does not: the server keeps a socket until its session ends (server/src/app/ws.ts), and
  // closing it at every refresh opened a gap in which live events (an approval, a message) were lost.
  onAuthEvent((event) => {
    if (event === 'TOKEN_REFRESHED') return;
    identityChanged = true;
    client.terminate();
  });
  client.on('connected', (_socket, _payload, wasRetry) => {
    if (wasRetry && !identityChanged) onCatchUp?.();
    identityChanged = false;
  });
  // A trusted document (trusted-documents.ts) goes by its hash: graphql-ws's protocol wants a
  // `query` string, so it is an empty one, and the server runs the manifest's text of the hash.
  return {
    ...client,
    subscribe: (payload, sink) => client.subscribe(payload.extensions?.persistedQuery ? { ...payload, query: '' } : payload, sink),
  };
}
