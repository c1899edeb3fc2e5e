import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export function wsClient(baseUrl: string, accessToken?: string): Client {
  return createClient({
    url: `${baseUrl.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Subscribes and answers a promise of the first event (or the error). */
export function firstEvent<T = unknown>(client: Client, query: string): { event: Promise<T>; ready: Promise<void> } {
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const event = new Promise<T>((resolve, reject) => {
    const dispose = client.subscribe<T>(
      { query },
      {
        next: (value) => {
          dispose();
          if (value.errors?.length) reject(new Error(value.errors.map((e) => e.message).join('; ')));
          else resolve(value.data as T);
        },
        error: (err) => reject(err instanceof Error ? err : new Error(JSON.stringify(err))),
        complete: () => {},
      },
    );
  });
  client.on('connected', () => setTimeout(markReady, 200));
  return { event, ready };
}

/** What a raw graphql-transport-ws connection saw: every message the server sent and how the
 *  socket closed (code 0 when it was still open at the deadline, then closed by us). */
export interface RawWsOutcome {
  code: number;
  reason: string;
  messages: Array<{ type: string; id?: string; payload?: unknown }>;
}

/** Speaks the protocol by hand (no client library in between): sends connection_init with
 *  `payload`, and, should the server acknowledge it, a subscribe of `query`. Resolves when the
 *  server closes the socket or after `timeoutMs`. */
export function rawConnectionInit(baseUrl: string, payload: unknown, opts: { query?: string; operationName?: string; variables?: Record<string, unknown>; timeoutMs?: number } = {}): Promise<RawWsOutcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const messages: RawWsOutcome['messages'] = [];
    let settled = false;
    const finish = (code: number, reason: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ code, reason, messages });
    };
    const timer = setTimeout(() => {
      finish(0, 'still open');
      socket.terminate();
    }, opts.timeoutMs ?? 3000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as RawWsOutcome['messages'][number];
      messages.push(message);
      if (message.type === 'connection_ack' && opts.query) socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: opts.query, operationName: opts.operationName, variables: opts.variables } }));
    });
    socket.on('close', (code, reason) => finish(code, reason.toString()));
    socket.on('error', (err) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        reject(err);
      }
    });
  });
}

/** The close code carried by a graphql-ws client error (a CloseEvent), or undefined. */
export function closeCodeOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}
