// The GraphQL socket binding (server/src/graphql/ws-socket.ts: graphql-ws's protocol core on `ws`
// with shared handlers and timers) over real sockets, with short timings: the protocol runs, a
// client that never sends connection_init is closed with 4408, a client that stops answering
// pings is ended while one that answers stays, a hook that fails closes only its own socket with
// 4500 (and is logged), closing a socket ends its subscriptions, and dispose closes every socket.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GraphQLInt, GraphQLObjectType, GraphQLSchema } from 'graphql';
import WebSocket, { WebSocketServer } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerOptions } from 'graphql-ws';
import { boundedWebSocket, type GraphQLSocket } from '../../server/src/graphql/ws-bounded.js';
import { serveGraphQLSockets, type GraphQLSockets } from '../../server/src/graphql/ws-socket.js';

const timing = { keepAliveMs: 150, keepAliveTurns: 3, connectionInitWaitMs: 300, initSweepMs: 25 };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ticks every 20 ms until the subscriber leaves, counting the streams that were closed. */
const streams = { open: 0, closed: 0 };
function ticks(): AsyncIterableIterator<number> {
  streams.open++;
  let n = 0;
  let closed = false;
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      await wait(20);
      return closed ? { done: true, value: undefined } : { done: false, value: ++n };
    },
    async return() {
      if (!closed) streams.closed++;
      closed = true;
      return { done: true, value: undefined };
    },
  };
}

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
  subscription: new GraphQLObjectType({
    name: 'Subscription',
    fields: { tick: { type: GraphQLInt, subscribe: ticks, resolve: (n: number) => n } },
  }),
});

type Extra = { socket: GraphQLSocket };
let running: { server: http.Server; sockets: GraphQLSockets; url: string; errors: unknown[] } | undefined;

async function start(options: Partial<ServerOptions<Record<string, unknown> | undefined, Extra>> = {}) {
  const errors: unknown[] = [];
  const log = { error: (obj: unknown) => errors.push(obj), warn: vi.fn(), info: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;
  const server = http.createServer();
  const wsServer = new WebSocketServer({ server, path: '/graphql', WebSocket: boundedWebSocket(() => {}) });
  const sockets = serveGraphQLSockets<Record<string, unknown> | undefined, Extra>(wsServer, { schema, ...options }, (socket) => ({ socket }), log, timing);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running = { server, sockets, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, errors };
  return running;
}

afterEach(async () => {
  if (!running) return;
  await running.sockets.dispose();
  await new Promise((r) => running!.server.close(r));
  running = undefined;
});

interface Conn {
  socket: WebSocket;
  messages: { type: string; id?: string; payload?: unknown }[];
  closed: Promise<{ code: number; reason: string }>;
}
function open(url: string, opts: { protocol?: string | null; autoPong?: boolean } = {}): Promise<Conn> {
  const protocol = opts.protocol === undefined ? 'graphql-transport-ws' : opts.protocol;
  const socket = protocol ? new WebSocket(url, protocol, { autoPong: opts.autoPong ?? true }) : new WebSocket(url);
  const messages: Conn['messages'] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, messages, closed }));
    socket.once('error', reject);
  });
}
const send = (c: Conn, message: object) => c.socket.send(JSON.stringify(message));
async function until(check: () => boolean, ms = 2000) {
  const by = Date.now() + ms;
  while (!check()) {
    if (Date.now() > by) throw new Error('condition not met in time');
    await wait(10);
  }
}

describe('GraphQL socket binding', () => {
  it('acknowledges connection_init and streams a subscription until the client completes it, which closes the stream', async () => {
    const { url } = await start();
    const c = await open(url);
    send(c, { type: 'connection_init' });
    await until(() => c.messages.some((m) => m.type === 'connection_ack'));
    const closedBefore = streams.closed;
    send(c, { id: 's1', type: 'subscribe', payload: { query: 'subscription { tick }' } });
    await until(() => c.messages.filter((m) => m.type === 'next').length >= 3);
    expect(c.messages.filter((m) => m.type === 'next').slice(0, 3).map((m) => m.payload)).toEqual([{ data: { tick: 1 } }, { data: { tick: 2 } }, { data: { tick: 3 } }]);
    send(c, { id: 's1', type: 'complete' });
    await until(() => streams.closed === closedBefore + 1);
    c.socket.close(1000);
    expect((await c.closed).code).toBe(1000);
  });

  it('answers ping with pong', async () => {
    const { url } = await start();
    const c = await open(url);
    send(c, { type: 'connection_init' });
    send(c, { type: 'ping' });
    await until(() => c.messages.some((m) => m.type === 'pong'));
    c.socket.close(1000);
  });

  it('closes a socket that sends no connection_init in time with 4408, and keeps one that did', async () => {
    const { url } = await start();
    const silent = await open(url);
    const talking = await open(url);
    send(talking, { type: 'connection_init' });
    expect(await silent.closed).toEqual({ code: 4408, reason: 'Connection initialisation timeout' });
    await wait(timing.connectionInitWaitMs);
    expect(talking.socket.readyState).toBe(WebSocket.OPEN);
    talking.socket.close(1000);
  });

  it('ends a client that stops answering pings, and keeps one that answers', async () => {
    const { url } = await start();
    const deaf = await open(url, { autoPong: false });
    const alive = await open(url);
    send(deaf, { type: 'connection_init' });
    send(alive, { type: 'connection_init' });
    const closed = await deaf.closed;
    expect(closed.code).toBe(1006); // terminated: no close frame
    await wait(timing.keepAliveMs * 3);
    expect(alive.socket.readyState).toBe(WebSocket.OPEN);
    alive.socket.close(1000);
  });

  it('refuses a client without the graphql-transport-ws subprotocol', async () => {
    const { url } = await start();
    const c = await open(url, { protocol: null });
    expect(await c.closed).toEqual({ code: 4406, reason: 'Subprotocol not acceptable' });
  });

  it('closes only the socket whose hook failed, with 4500 and no detail, and logs the error', async () => {
    const { url, errors } = await start({
      onSubscribe: (_ctx, _id, payload) => {
        if (payload.query.includes('boom')) throw new Error('secret detail');
      },
    });
    const failing = await open(url);
    const other = await open(url);
    for (const c of [failing, other]) send(c, { type: 'connection_init' });
    await until(() => failing.messages.length > 0 && other.messages.length > 0);
    send(other, { id: 'a', type: 'subscribe', payload: { query: 'subscription { tick }' } });
    send(failing, { id: 'b', type: 'subscribe', payload: { query: 'subscription boom { tick }' } });
    expect(await failing.closed).toEqual({ code: 4500, reason: 'Internal server error' });
    expect(errors).toHaveLength(1);
    const seen = other.messages.filter((m) => m.type === 'next').length;
    await until(() => other.messages.filter((m) => m.type === 'next').length > seen + 1);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    other.socket.close(1000);
  });

  it('ends the running subscriptions of a socket that closes, and tells onClose', async () => {
    const onClose = vi.fn();
    const { url } = await start({ onClose });
    const c = await open(url);
    send(c, { type: 'connection_init' });
    await until(() => c.messages.some((m) => m.type === 'connection_ack'));
    const closedBefore = streams.closed;
    send(c, { id: 'x', type: 'subscribe', payload: { query: 'subscription { tick }' } });
    send(c, { id: 'y', type: 'subscribe', payload: { query: 'subscription { tick }' } });
    await until(() => new Set(c.messages.filter((m) => m.type === 'next').map((m) => m.id)).size === 2);
    c.socket.terminate();
    await until(() => streams.closed === closedBefore + 2);
    await until(() => onClose.mock.calls.length === 1);
  });

  it('closes every socket with 1001 on dispose', async () => {
    const { url, sockets } = await start();
    const c = await open(url);
    send(c, { type: 'connection_init' });
    await until(() => c.messages.length > 0);
    await sockets.dispose();
    expect(await c.closed).toEqual({ code: 1001, reason: 'Going away' });
    running!.sockets = { dispose: async () => {} };
  });
});
