// The graphql-ws client for subscriptions on /graphql. It connects lazily (only while a
// subscription is active), authenticates in connection_init with the current access token, and
// reconnects when the signed-in identity changes (sign-in, sign-out).
import { createClient, type Client, type FormattedExecutionResult, type Sink, type SubscribePayload } from 'graphql-ws';
import { QUERY_RETRY_CAP_MS } from './constants';
import { forgetCursors, lastCursor, rememberCursor, resumableField } from './resume-cursors';
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
    // Another identity's events are not these: its subscriptions start afresh.
    forgetCursors();
    client.terminate();
  });
  client.on('connected', (_socket, _payload, wasRetry) => {
    if (wasRetry && !identityChanged) onCatchUp?.();
    identityChanged = false;
  });
  // A trusted document (trusted-documents.ts) goes by its hash: graphql-ws's protocol wants a
  // `query` string, so it is an empty one, and the server runs the manifest's text of the hash. The
  // payload's other properties are kept as they are (a resumable one's `variables` is a getter).
  const send = client.subscribe.bind(client);
  client.subscribe = (payload, sink) =>
    send(payload.extensions?.persistedQuery ? (Object.defineProperties({}, { ...Object.getOwnPropertyDescriptors(payload), query: { value: '', enumerable: true } }) as SubscribePayload) : payload, sink);
  return resuming(client, () => onCatchUp?.());
}

/**
 * A resumable subscription (resume-cursors.ts) remembers the `cursor` of each event it receives and
 * sends the last one as `after` each time graphql-ws sends it again (graphql-ws writes the payload
 * anew for every connection, so a getter gives the cursor of that moment): after a drop the server
 * replays what came meanwhile, in order, then goes on live. A cursor the server no longer replays
 * from (CURSOR_EXPIRED: older than its window) is forgotten: the app reads its lists again and the
 * subscription starts afresh, live, without one.
 */
function resuming(client: Client, catchUp: () => void): Client {
  const subscribe = client.subscribe.bind(client);
  client.subscribe = <Data, Extensions>(payload: SubscribePayload, sink: Sink<FormattedExecutionResult<Data, Extensions>>) => {
    const name = payload.operationName;
    const field = resumableField(name);
    if (!name || !field) return subscribe(payload, sink);
    const resumable: SubscribePayload = {
      ...payload,
      get variables() {
        const after = lastCursor(name);
        return after ? { ...payload.variables, after } : payload.variables;
      },
    };
    let ended = false;
    let dispose = () => {};
    const start = () => {
      let expired = false;
      dispose = subscribe<Data, Extensions>(resumable, {
        next: (result) => {
          const value = result as FormattedExecutionResult<Record<string, { cursor?: unknown } | null>, unknown>;
          if (value.errors?.some((e) => e.extensions?.code === 'CURSOR_EXPIRED')) {
            expired = true;
            forgetCursors(name);
            catchUp();
            return;
          }
          rememberCursor(name, value.data?.[field]?.cursor);
          sink.next(result);
        },
        error: (error) => sink.error(error),
        complete: () => {
          if (expired && !ended) start();
          else sink.complete();
        },
      });
    };
    start();
    return () => {
      ended = true;
      dispose();
    };
  };
  return client;
}
