// GraphQL subscriptions over WebSocket (graphql-ws) on /graphql. The caller authenticates once in
// connection_init. When the session ends (sign-out, password reset, stolen refresh token) the
// socket stops carrying that user's events at once: only the sessionRevoked notice still goes
// out, and the socket is closed a moment later.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import { bearerToken } from '../http/authenticate.js';
import { SESSION_EXPIRED } from '../lib/errors.js';
import type { Services } from '../services.js';
import { createContext, type Context } from './context.js';
import { formatGraphQLError } from './errors.js';
import { Topic, type PubSub } from './pubsub.js';

/** graphql-ws's Unauthorized: the client does not retry. */
const SESSION_ENDED = 4401;
/** Time for the sessionRevoked notice to reach the client before the socket closes. */
const CLOSE_DELAY_MS = 1000;

type Extra = {
  viewer?: Context['viewer'];
  sessionEnded?: boolean;
};

export function registerWebSocketGraphQL(app: FastifyInstance, schema: GraphQLSchema, services: Services, pubsub: PubSub): { dispose(): void | Promise<void> } {
  const wsServer = new WebSocketServer({ noServer: true });
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== '/graphql') return socket.destroy();
    wsServer.handleUpgrade(request, socket, head, (ws) => wsServer.emit('connection', ws, request));
  });

  return useServer<Record<string, unknown>, Extra>(
    {
      schema,
      onConnect: async (ctx) => {
        const token = bearerToken(String(ctx.connectionParams?.authorization ?? ''));
        if (!token) return true;
        try {
          const viewer = await services.auth.authenticate(token);
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
      onNext: (ctx, _id, _payload, _args, result) => {
        if (ctx.extra.sessionEnded && !(result.data && 'sessionRevoked' in result.data)) {
          return { errors: [{ message: SESSION_EXPIRED, extensions: { code: 'UNAUTHENTICATED' } }] };
        }
        return result.errors ? { ...result, errors: result.errors.map((e) => formatGraphQLError(e.toJSON(), e, app.log)) } : undefined;
      },
      onError: (_ctx, _id, _payload, errs) => errs.map((e) => formatGraphQLError(e.toJSON(), e, app.log)),
      context: (ctx) =>
        createContext({
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
