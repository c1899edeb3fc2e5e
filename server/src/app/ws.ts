// GraphQL subscriptions over WebSocket (graphql-ws) on /graphql. The caller authenticates once in
// connection_init (a session's JWT, or an API token whose id then stands as the session). When the
// session ends (sign-out, password reset, stolen refresh token, a revoked API token) the socket
// stops carrying that user's events at once: only the sessionRevoked notice still goes out, and
// the socket is closed a moment later.
import type { FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { boundedWebSocket, type GraphQLSocket } from '../graphql/ws-bounded.js';
import { serveGraphQLSockets } from '../graphql/ws-socket.js';
import { subscribe } from '../graphql/subscribe.js';
import { bearerToken } from '../http/authenticate.js';
import { SESSION_EXPIRED } from '../lib/errors.js';
import type { Services } from '../lib/services.js';
import type { Context } from '../graphql/context.js';
import { SocketContext } from './ws-context.js';
import type { RequestMeta } from '../lib/viewer.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { checkSubscriptionDocument } from '../graphql/limits.js';
import { Topic, type PubSub } from '../graphql/pubsub.js';
import { gateSocketOperation } from '../modules/tokens/tokens.plugin.js';
import { asSocketErrors, isSessionViewer, requestedHash, sessionDocumentRefusal, type TrustedDocuments } from '../graphql/trusted-documents.js';

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

/** What a socket keeps of its connection: the caller once signed in, the request's address. */
type Extra = {
  socket: GraphQLSocket;
  meta: RequestMeta;
  viewer?: Context['viewer'];
  sessionEnded?: boolean;
};

/** `trusted`: the build's documents, which a subscribe may name by hash (`query: ""` with
 *  `extensions.persistedQuery.sha256Hash`, as over HTTP); with `enforce`, a session's socket may
 *  run nothing else. `schemaVersion`: named in every result's extensions, as over HTTP. */
export type SocketDocuments = { trusted: TrustedDocuments; enforce: boolean; schemaVersion: string };

export function registerWebSocketGraphQL(
  app: FastifyInstance,
  schema: GraphQLSchema,
  services: Services,
  pubsub: PubSub,
  documents: SocketDocuments,
): { dispose(): void | Promise<void> } {
  const wsServer = new WebSocketServer({ noServer: true, WebSocket: boundedWebSocket(() => app.log.warn('live socket cut off: the client stopped reading its messages')) });
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://x').pathname !== '/graphql') return socket.destroy();
    wsServer.handleUpgrade(request, socket, head, (ws) => wsServer.emit('connection', ws, request));
  });

  // The open sockets of each signed-in session, fed by ONE watch of every session revocation
  // (rather than a subscription per socket): the per-session cap counts them, and a revocation or
  // a re-check after a LISTEN loss ends them.
  const socketsPerSession = new Map<string, Set<Extra>>();
  const endSession = (sessionId: string) => {
    for (const open of socketsPerSession.get(sessionId) ?? []) {
      if (open.sessionEnded) continue;
      open.sessionEnded = true;
      setTimeout(() => open.socket.close(SESSION_ENDED, 'Session ended'), CLOSE_DELAY_MS).unref();
    }
  };
  const unwatch = pubsub.watch(Topic.SessionRevoked, (sessionId) => sessionId && endSession(sessionId));
  // Revocations made while LISTEN was down were missed: every open session is checked again, in
  // one statement, and each ended one is announced as a revocation is (every instance then sends
  // its sessionRevoked notice and closes its sockets a moment later).
  const offResync = pubsub.onResync(() => {
    const open = [...socketsPerSession.keys()];
    if (open.length === 0) return;
    const announce = async (sessionId: string) => {
      const [first] = socketsPerSession.get(sessionId) ?? [];
      const userId = first?.viewer?.userId;
      if (userId) await pubsub.publish(Topic.SessionRevoked, { sessionId, userId }, { id: sessionId });
    };
    services.auth
      .endedSessions(open)
      .then((ended) => Promise.all([...ended].map(announce)))
      .catch((err: unknown) => app.log.error({ err }, 'live sockets: re-checking sessions after a LISTEN loss failed'));
  });

  const sockets = serveGraphQLSockets<Record<string, unknown> | undefined, Extra>(
    wsServer,
    {
      schema,
      subscribe,
      onConnect: async (ctx) => {
        const token = bearerToken(String(ctx.connectionParams?.authorization ?? ''));
        if (!token) return true;
        try {
          const viewer = await services.auth.authenticate(token);
          // Closed while the token was checked: onClose has run already, nothing to enter.
          if (ctx.extra.socket.readyState !== ctx.extra.socket.OPEN) return false;
          const open = socketsPerSession.get(viewer.sessionId) ?? new Set<Extra>();
          if (open.size >= WS_LIMITS.connectionsPerSession) {
            ctx.extra.socket.close(TOO_MANY_CONNECTIONS, 'Too many connections for this session');
            return false;
          }
          open.add(ctx.extra);
          socketsPerSession.set(viewer.sessionId, open);
          // The token is not needed past this point: not kept for the socket's life.
          (ctx as { connectionParams?: unknown }).connectionParams = undefined;
          ctx.extra.viewer = viewer;
          return true;
        } catch {
          return false;
        }
      },
      onClose: (ctx) => {
        const sessionId = ctx.extra.viewer?.sessionId;
        const open = sessionId ? socketsPerSession.get(sessionId) : undefined;
        if (!open) return;
        open.delete(ctx.extra);
        if (open.size === 0) socketsPerSession.delete(sessionId!);
      },
      onSubscribe: async (ctx, _id, payload) => {
        // graphql-ws has already entered this operation among the socket's running ones.
        if (Object.keys(ctx.subscriptions).length > WS_LIMITS.subscriptionsPerConnection) return [tooManySubscriptions()];
        if (documents.enforce && isSessionViewer(ctx.extra.viewer)) {
          const refused = sessionDocumentRefusal(documents.trusted, payload);
          if (refused) return asSocketErrors(refused);
        }
        // Parsed and validated once per trusted hash or per document text (limits.ts keeps
        // them): the arguments returned here spare graphql-ws its own parse and validation of
        // every subscribe.
        const hash = payload.query ? null : requestedHash(payload);
        const checked = hash ? documents.trusted.checkedDocument(schema, hash) : checkSubscriptionDocument(schema, payload.query, !ctx.extra.viewer);
        if (!checked) return [persistedQueryNotFound()];
        if (checked.errors) return checked.errors;
        const { document } = checked;
        // The cost limit with this operation's variables, as over HTTP; for an API token, its
        // scopes, and the cost taken from its budget.
        const refused = await gateSocketOperation(schema, services, ctx.extra.viewer ?? null, document, payload.operationName, payload.variables);
        if (refused) return refused;
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables };
      },
      onNext: (ctx, _id, _payload, args, result) => {
        (args.contextValue as Partial<SocketContext> | undefined)?.dropLoaders?.();
        if (ctx.extra.sessionEnded && !(result.data && 'sessionRevoked' in result.data)) {
          return { errors: [{ message: SESSION_EXPIRED, extensions: { code: 'UNAUTHENTICATED' } }] };
        }
        const extensions = { ...result.extensions, schemaVersion: documents.schemaVersion };
        return result.errors ? { ...result, extensions, errors: result.errors.map((e) => formatGraphQLError(e.toJSON(), e, app.log)) } : { ...result, extensions };
      },
      onError: (_ctx, _id, _payload, errs) => errs.map((e) => formatGraphQLError(e.toJSON(), e, app.log)),
      context: (ctx) => new SocketContext(ctx.extra.viewer ?? null, services, ctx.extra.meta, app.log),
    },
    // Only the remote address is kept of the upgrade request (the context's meta.ip), not the
    // request with its headers, for the socket's whole life.
    (socket, request) => ({ socket, meta: { ip: request.socket.remoteAddress ?? 'unknown' } }),
    app.log,
  );
  return {
    dispose: () => {
      unwatch();
      offResync();
      return sockets.dispose();
    },
  };
}

/** As Apollo answers an unknown hash over HTTP. */
function persistedQueryNotFound(): GraphQLError {
  return new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
}

function tooManySubscriptions(): GraphQLError {
  return new GraphQLError(`A connection may run at most ${WS_LIMITS.subscriptionsPerConnection} operations at once.`, {
    extensions: { code: 'BAD_REQUEST' },
  });
}
