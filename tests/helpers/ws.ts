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
