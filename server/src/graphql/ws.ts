// GraphQL subscriptions over WebSocket (graphql-ws) on /graphql. The caller authenticates once in
// connection_init (a session's JWT, or an API token whose id then stands as the session). When the
// session ends (sign-out, password reset, stolen refresh token, a revoked API token) the socket
// stops carrying that user's events at once: only the sessionRevoked notice still goes out, and
// the socket is closed a moment later.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, parse, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { boundedWebSocket } from './ws-bounded.js';
import { bearerToken } from '../http/authenticate.js';
import { SESSION_EXPIRED } from '../lib/errors.js';
import type { Services } from '../services.js';
import type { Context } from './context.js';
import { createSocketContext, type SocketContext } from './ws-context.js';
import { formatGraphQLError } from './errors.js';
import { checkSubscriptionDocument } from './limits.js';
import { Topic, type PubSub } from './pubsub.js';
import { gateSocketOperation } from '../modules/tokens/tokens.plugin.js';
import { isTokenViewer } from '../modules/tokens/tokens.scopes.js';

/** graphql-ws's Unauthorized: the client does not retry. */
const SESSION_ENDED = 4401;
/** One session's sockets past the cap are closed with this code (a browser tab holds one). */
export const TOO_MANY_CONNECTIONS = 4429;
export const WS_LIMITS = {
  /** Operations one socket may run at once (the web client runs about seven). */
  subscriptionsPerConnection: 20,
  /** Sockets one session may hold open on one instance (a tab each). */
  connectionsPerSession: 10,
} as const;
/** Time for the sessionRevoked notice to reach the client before the socket closes. */
const CLOSE_DELAY_MS = 1000;

type Extra = {
  viewer?: Context['viewer'];
  sessionEnded?: boolean;
};

export function registerWebSocketGraphQL(app: FastifyInstance, schema: GraphQLSchema, services: Services, pubsub: PubSub): { dispose(): void | Promise<void> } {
  const wsServer = new WebSocketServer({ noServer: true, WebSocket: boundedWebSocket(() => app.log.warn('live socket cut off: the client stopped reading its messages')) });
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== '/graphql') return socket.destroy();
    wsServer.handleUpgrade(request, socket, head, (ws) => wsServer.emit('connection', ws, request));
  });

  const socketsPerSession = new Map<string, number>();

  return useServer<Record<string, unknown>, Extra>(
    {
      schema,
      onConnect: async (ctx) => {
        const token = bearerToken(String(ctx.connectionParams?.authorization ?? ''));
        if (!token) return true;
        try {
          const viewer = await services.auth.authenticate(token);
          const open = socketsPerSession.get(viewer.sessionId) ?? 0;
          if (open >= WS_LIMITS.connectionsPerSession) {
            ctx.extra.socket.close(TOO_MANY_CONNECTIONS, 'Too many connections for this session');
            return false;
          }
          socketsPerSession.set(viewer.sessionId, open + 1);
          ctx.extra.socket.once('close', () => {
            const left = (socketsPerSession.get(viewer.sessionId) ?? 1) - 1;
            if (left > 0) socketsPerSession.set(viewer.sessionId, left);
            else socketsPerSession.delete(viewer.sessionId);
          });
          ctx.extra.viewer = viewer;
          const ended = pubsub.subscribe(Topic.SessionRevoked, viewer.sessionId)[Symbol.asyncIterator]();
          ended.next().then(
            (event) => {
              if (event.done) return;
              ctx.extra.sessionEnded = true;
              setTimeout(() => ctx.extra.socket.close(SESSION_ENDED, 'Session ended'), CLOSE_DELAY_MS).unref();
            },
            () => undefined,
          );
          ctx.extra.socket.once('close', () => void ended.return?.());
          return true;
        } catch {
          return false;
        }
      },
      onSubscribe: async (ctx, _id, payload) => {
        // graphql-ws has already entered this operation among the socket's running ones.
        if (Object.keys(ctx.subscriptions).length > WS_LIMITS.subscriptionsPerConnection) return [tooManySubscriptions()];
        const refused = checkSubscriptionDocument(schema, payload.query, !ctx.extra.viewer);
        if (refused) return refused;
        // An API token: its scopes, and the operation's cost charged to its budget.
        if (isTokenViewer(ctx.extra.viewer)) return (await gateSocketOperation(schema, services, ctx.extra.viewer, parse(payload.query), payload.operationName)) ?? undefined;
        return undefined;
      },
      onNext: (ctx, _id, _payload, args, result) => {
        (args.contextValue as SocketContext).dropLoaders();
        if (ctx.extra.sessionEnded && !(result.data && 'sessionRevoked' in result.data)) {
          return { errors: [{ message: SESSION_EXPIRED, extensions: { code: 'UNAUTHENTICATED' } }] };
        }
        return result.errors ? { ...result, errors: result.errors.map((e) => formatGraphQLError(e.toJSON(), e, app.log)) } : undefined;
      },
      onError: (_ctx, _id, _payload, errs) => errs.map((e) => formatGraphQLError(e.toJSON(), e, app.log)),
      context: (ctx) =>
        createSocketContext({
          viewer: ctx.extra.viewer ?? null,
          authError: null,
          services,
          meta: { ip: ctx.extra.request.socket.remoteAddress ?? 'unknown' },
          requestId: randomUUID(),
          log: app.log,
        }),
    },
    wsServer,
  );
}

function tooManySubscriptions(): GraphQLError {
  return new GraphQLError(`A connection may run at most ${WS_LIMITS.subscriptionsPerConnection} operations at once.`, {
    extensions: { code: 'BAD_REQUEST' },
  });
}
