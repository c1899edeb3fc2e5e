// graphql-ws's protocol core (makeServer) on a `ws` server, built for thousands of idle sockets.
// graphql-ws's own binding (graphql-ws/use/ws) keeps, for every socket, an adapter object with
// four closures, a keep-alive interval with its closures, and, for every running subscription, one
// more suspended async frame. Here the socket itself is graphql-ws's socket (ws-bounded.ts), every
// event handler is one function shared by all sockets (ws calls it with the socket as `this`), one
// timer pings the sockets, a share of them at a time so that each is pinged once per period, and
// one watches the sockets that have not sent connection_init yet (graphql-ws would keep a timer
// per socket for its whole life). The protocol, its messages and
// close codes are graphql-ws's own.
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket, WebSocketServer } from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { GraphQLSocket } from './ws-bounded.js';

export const SOCKET_TIMING = {
  /** A ping every this long; a socket that has not answered the previous one by then is ended
   *  (graphql-ws's binding: 12 s). */
  keepAliveMs: 12_000,
  /** The sockets take their pings in this many turns, one turn every keepAliveMs / keepAliveTurns
   *  (250 ms): pinging 5,000 sockets at once held the event loop for 100-200 ms, and every live
   *  event of that moment waited (docs/BENCHMARKS.md, 'Live connections at scale'). */
  keepAliveTurns: 48,
  /** A socket that has not sent connection_init this long after opening is closed (4408), as
   *  graphql-ws's connectionInitWaitTimeout does by default. */
  connectionInitWaitMs: 3_000,
  /** How often the sockets waiting for their connection_init are looked at. */
  initSweepMs: 250,
};

/** The sockets in `turns` groups, filled in turn as they come: each call of next() answers the
 *  following group, so every socket comes up once every `turns` calls. */
export class TakingTurns<T> {
  private readonly groups: Set<T>[];
  readonly turns: number;
  private readonly groupOf = new Map<T, Set<T>>();
  private added = 0;
  private turn = 0;

  constructor(turns: number) {
    this.turns = Math.max(1, Math.floor(turns));
    this.groups = Array.from({ length: this.turns }, () => new Set<T>());
  }

  add(item: T): void {
    const group = this.groups[this.added++ % this.groups.length]!;
    group.add(item);
    this.groupOf.set(item, group);
  }

  delete(item: T): void {
    this.groupOf.get(item)?.delete(item);
    this.groupOf.delete(item);
  }

  /** The group whose turn it is (the set itself: deleting from it while reading it is safe). */
  next(): ReadonlySet<T> {
    const group = this.groups[this.turn]!;
    this.turn = (this.turn + 1) % this.groups.length;
    return group;
  }

  get size(): number {
    return this.groupOf.size;
  }

  clear(): void {
    for (const group of this.groups) group.clear();
    this.groupOf.clear();
  }
}

export interface GraphQLSockets {
  /** Closes every socket (1001) and stops the server and its keep-alive. */
  dispose(): Promise<void>;
}

/** Serves graphql-ws's protocol (makeServer with `options`) on the sockets `wsServer` accepts (its
 *  WebSocket class must be ws-bounded.ts's); `extraOf` makes each socket's ctx.extra. */
export function serveGraphQLSockets<P extends Record<string, unknown> | undefined, E extends { socket: GraphQLSocket }>(
  wsServer: WebSocketServer,
  options: ServerOptions<P, E>,
  extraOf: (socket: GraphQLSocket, request: IncomingMessage) => E,
  log: FastifyBaseLogger,
  timing: typeof SOCKET_TIMING = SOCKET_TIMING,
): GraphQLSockets {
  wsServer.options.handleProtocols = handleProtocols;
  /** The sockets that have not sent connection_init, with the time by which they must. */
  const awaitingInit = new Map<GraphQLSocket, number>();
  /** The open sockets, in the turns they take their keep-alive pings. */
  const pingTurns = new TakingTurns<GraphQLSocket>(timing.keepAliveTurns);
  const server = makeServer<P, E>({
    ...options,
    connectionInitWaitTimeout: Infinity,
    onConnect: (ctx) => {
      awaitingInit.delete(ctx.extra.socket);
      return options.onConnect?.(ctx);
    },
  });

  const fail = (socket: GraphQLSocket, err: unknown, what: string) => {
    log.error({ err }, `live socket: ${what}`);
    socket.close(CloseCode.InternalServerError, 'Internal server error');
  };
  function onMessage(this: WebSocket, data: RawData) {
    (this as GraphQLSocket).received?.(String(data)).catch((err: unknown) => fail(this as GraphQLSocket, err, 'handling a message failed'));
  }
  function onError(this: WebSocket, err: Error) {
    fail(this as GraphQLSocket, err, 'socket error');
  }
  function onPong(this: WebSocket) {
    (this as GraphQLSocket).awaitingPong = false;
  }
  function onClose(this: WebSocket, code: number, reason: Buffer) {
    awaitingInit.delete(this as GraphQLSocket);
    pingTurns.delete(this as GraphQLSocket);
    (this as GraphQLSocket).closed?.(code, String(reason)).catch((err: unknown) => log.error({ err }, 'live socket: clean-up after close failed'));
  }

  wsServer.once('error', (err) => {
    log.error({ err }, 'live socket server error');
    for (const socket of wsServer.clients) socket.close(CloseCode.InternalServerError, 'Internal server error');
  });
  wsServer.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const socket = ws as GraphQLSocket;
    socket.on('error', onError);
    socket.on('message', onMessage);
    socket.on('pong', onPong);
    socket.on('close', onClose);
    socket.closed = server.opened(socket, extraOf(socket, request));
    if (socket.readyState === socket.OPEN) {
      awaitingInit.set(socket, Date.now() + timing.connectionInitWaitMs);
      pingTurns.add(socket);
    }
  });
  const initSweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, by] of awaitingInit) {
      if (by > now) continue;
      awaitingInit.delete(socket);
      socket.close(CloseCode.ConnectionInitialisationTimeout, 'Connection initialisation timeout');
    }
  }, timing.initSweepMs);
  initSweep.unref();

  // Each socket is pinged once every keepAliveMs, in its turn; one that has not answered the
  // previous ping by then is ended.
  const keepAlive = setInterval(() => {
    for (const socket of pingTurns.next()) {
      if (socket.readyState !== socket.OPEN) continue;
      if (socket.awaitingPong) {
        socket.terminate();
        continue;
      }
      socket.awaitingPong = true;
      socket.ping();
    }
  }, timing.keepAliveMs / pingTurns.turns);
  keepAlive.unref();

  return {
    dispose: async () => {
      clearInterval(keepAlive);
      clearInterval(initSweep);
      awaitingInit.clear();
      pingTurns.clear();
      for (const socket of wsServer.clients) socket.close(1001, 'Going away');
      wsServer.removeAllListeners();
      await new Promise<void>((resolve, reject) => wsServer.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
