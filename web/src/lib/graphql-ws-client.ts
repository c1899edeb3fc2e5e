// The graphql-ws client for subscriptions on /graphql. It connects lazily (only while a
// subscription is active), authenticates in connection_init with the current access token, and
// reconnects whenever the signed-in identity or its token changes.
import { createClient, type Client } from 'graphql-ws';
import { QUERY_RETRY_CAP_MS } from './constants';
import { getAccessToken, onAuthEvent } from './session';

function websocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

export function createWsClient(): Client {
  const client = createClient({
    url: websocketUrl(),
    lazy: true,
    connectionParams: () => {
      const token = getAccessToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    retryAttempts: Number.POSITIVE_INFINITY,
    // The first retry is at once: a token refresh closes the socket on purpose, and every second
    // without one is a second whose live events (a message removed, a badge) are missed. Further
    // retries (the server is away) back off from 2 s.
    retryWait: (retries) =>
      new Promise((resolve) => window.setTimeout(resolve, retries === 0 ? 0 : Math.min(QUERY_RETRY_CAP_MS, 1_000 * 2 ** retries))),
  });
  // terminate() closes with 4499, which graphql-ws retries: active subscriptions resubscribe on a
  // new socket whose connection_init carries the new token.
  onAuthEvent(() => client.terminate());
  return client;
}
