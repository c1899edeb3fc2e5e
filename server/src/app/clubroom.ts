// Assembles one Clubroom instance: Fastify, Apollo Server + graphql-ws on /graphql, the REST
// adapter, the built client, and the background workers.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { OperationDefinitionNode } from 'graphql';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import type { Config } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { createPgPubSub, Topic, type PubSub } from '../graphql/pubsub.js';
import { jitGateway } from '../graphql/executor.js';
import { buildClubroomSchema } from './schema.js';
import type { Context } from '../graphql/context.js';
import { createContext } from './context.js';
import { formatGraphQLError } from '../graphql/errors.js';
import { registerWebSocketGraphQL } from './ws.js';
import { AppError, errors, INTERNAL_MESSAGE } from '../lib/errors.js';
import { loggerOptions } from '../lib/log.js';
import { disallowedTextError } from '../lib/text-input.js';
import { armorPlugins, armorValidationRules, parseOptions } from '../graphql/limits.js';
import { costOnGraphQLRefusals } from '../graphql/cost.js';
import { loadSecret } from '../lib/secrets.js';
import { createServices, type Services } from './services.js';
import { ensureFirstAdmin } from '../modules/auth/bootstrap.js';
import { registerAuthRoutes } from '../modules/auth/auth.rest.js';
import { registerCouncilRoutes } from '../modules/council/council.rest.js';
import { registerCalendarRoutes } from '../modules/calendar/calendar.rest.js';
import { registerAdminRoutes } from '../modules/admin/admin.rest.js';
import { registerAdminExportRoutes } from '../modules/admin/admin.downloads.js';
import { registerHoursExportRoutes } from '../modules/hours/hours.downloads.js';
import { registerVolunteerRoutes } from '../modules/volunteers/volunteers.rest.js';
import { Csrf } from '../rest/csrf.js';
import { sendError } from '../rest/envelope.js';
import { createTransport, MailWorker } from '../mail/worker.js';
import { JobWorker } from '../jobs/worker.js';
import { jobHandlers } from './jobs.js';
import { registerUnsubscribeRoutes } from '../modules/notifications/notifications.rest.js';
import { registerDataExportRoutes } from '../modules/account/account.rest.js';
import { registerCertificateRoutes } from '../modules/certificates/certificates.rest.js';
import { invalidTokenChallenge, registerAuthentication } from '../http/authenticate.js';
import { REQUEST_ID_HEADER, registerRequestIds, requestReceiptOptions } from '../http/request-errors.js';
import { registerIdempotency } from '../http/idempotency.js';
import { explorerHtml, registerWeb, shellScriptHashes } from '../http/web.js';
import { startMaintenance } from './maintenance.js';
import { WebhookWorker } from '../modules/webhooks/webhooks.worker.js';
import { WEBHOOKS_QUEUED } from '../modules/webhooks/webhooks.service.js';
import { loadPageRenderer } from './pages.js';
import { registerSitemap } from './sitemap.js';
import { startSuspensionSweep } from '../modules/admin-users/admin-users.worker.js';
import { registerDeveloperRoutes } from './developer.js';
import { tokenGatePlugin } from '../modules/tokens/tokens.plugin.js';
import { isSessionViewer, requestedHash, sessionDocumentRefusal, TrustedDocuments } from '../graphql/trusted-documents.js';
import { loadSchemaVersion, registerSchemaVersion, schemaVersionPlugin } from './schema-version.js';

export interface Clubroom {
  app: FastifyInstance;
  database: Database;
  services: Services;
  pubsub: PubSub;
  mailWorker: MailWorker;
  webhookWorker: WebhookWorker;
  /** Works the durable job table (digests, and later reminders and expiries). */
  jobWorker: JobWorker;
  close(): Promise<void>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const BODY_LIMIT_BYTES = 1_048_576;
const TOO_LARGE = 'The request is too large.';

/** /health warns past this share of PostgreSQL's NOTIFY queue in use. */
export const NOTIFY_QUEUE_WARNING = 0.5;

/** `apolloPlugins`: more Apollo plugins, after Clubroom's own (tests observe the pipeline with them). */
export async function createClubroom(
  config: Config,
  opts: {
    database?: Database;
    logStream?: NodeJS.WritableStream;
    webDir?: string;
    ssrDir?: string;
    apolloPlugins?: ApolloServerPlugin<Context>[];
    /** URLs per sitemap file (default the protocol's 50,000): tests force the sitemap index. */
    sitemapPageSize?: number;
  } = {},
): Promise<Clubroom> {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, opts.logStream),
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A request must arrive whole within REQUEST_TIMEOUT_MS, else 408 in its path's shape, with
    // its request id (request-errors.ts).
    ...requestReceiptOptions(config.requestTimeoutMs),
    // Addresses the router itself refuses (a bad escape, an overlong parameter) get the same
    // shapes as every other refusal instead of Fastify's own.
    frameworkErrors: (err, request, reply) => refuseAddress(err, request as FastifyRequest, reply as FastifyReply),
  });

  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, prepare: config.databasePrepare }));
  await database.migrate();
  await ensureFirstAdmin(database.db, config, { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });

  const pubsub = await createPgPubSub(database, (err) => app.log.error({ err }, 'pub/sub event dropped'), (message) => app.log.warn(message));
  const deliver = createTransport({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: join(config.dataDir, 'mail'), log: app.log });
  const services = await createServices(database, config, pubsub);
  const mailWorker = new MailWorker(database.db, deliver, config.mailPollIntervalMs, app.log);
  const jobWorker = new JobWorker(database.db, jobHandlers(services, { appUrl: config.appUrl, pubsub }), {
    intervalMs: config.jobPollIntervalMs,
    leaseSeconds: config.jobLeaseSeconds,
    log: app.log,
  });
  const webhookWorker = new WebhookWorker(database.db, {
    intervalMs: config.webhookPollIntervalMs,
    allowPrivateOutboundUrls: config.allowPrivateOutboundUrls,
    perMinute: config.webhookDeliveriesPerMinute,
    notify: services.notify,
    secrets: services.webhooks.secretBox,
    log: app.log,
  });
  services.webhooks.useWake(() => webhookWorker.kick());
  // Mail, a job or a webhook delivery queued by a commit on any instance: the workers look now, not
  // at their next poll.
  const stopKicks = pubsub.watch(Topic.OutboxQueued, (id) => {
    if (id === WEBHOOKS_QUEUED) return webhookWorker.kick();
    mailWorker.kick();
    jobWorker.kick();
  });

  const secureCookies = config.appUrl.startsWith('https://');
  const csrf = new Csrf(await loadSecret(database.db, 'csrf_secret'), secureCookies);

  // The build's trusted documents and the schema version its answers name: read once, refused at
  // start when missing.
  const trusted = TrustedDocuments.load();
  const schemaVersion = loadSchemaVersion();

  registerRequestIds(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, config.appUrl, config.serveWeb ? shellScriptHashes(opts.webDir) : []);
  registerAuthentication(app, services.auth);

  // REST writes need the security token; no REST text may hold a control character (GraphQL
  // arguments get the same check in the schema's validateFn).
  app.addHook('preHandler', async (request) => {
    const url = request.url;
    const isRest = url.startsWith('/api/') || url.startsWith('/admin/club-applications');
    if (!isRest) return;
    if (WRITE_METHODS.has(request.method)) csrf.verify(request);
    const refused = disallowedTextError(request.params) ?? disallowedTextError(request.query) ?? disallowedTextError(request.body);
    if (refused) throw refused;
  });
  // Idempotency-Key on writes (after authentication and the security token): idempotency.ts.
  registerIdempotency(app, services.idempotency);
  registerTrustedDocuments(app, trusted, config.trustedDocuments === 'enforce');
  // /graphql refusals written outside Apollo carry extensions.cost too (graphql/cost.ts).
  app.addHook('onSend', costOnGraphQLRefusals);
  registerSchemaVersion(app, schemaVersion);

  app.setErrorHandler((err, request, reply) => {
    const status = (err as { statusCode?: number }).statusCode;
    if (request.url.startsWith('/graphql') && !(err instanceof AppError)) {
      if (status === 413) return reply.status(413).send({ errors: [{ message: TOO_LARGE, extensions: { code: 'PAYLOAD_TOO_LARGE' } }] });
      const clientError = status !== undefined && status >= 400 && status < 500;
      if (!clientError) request.log.error({ err }, 'request failed');
      return reply.status(clientError ? 400 : 500).send({
        errors: [{ message: clientError ? 'Please check your input and try again.' : INTERNAL_MESSAGE, extensions: { code: clientError ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR' } }],
      });
    }
    if (err instanceof AppError) return sendError(reply, err);
    if (status === 413) return reply.status(413).send({ success: false, data: null, error: TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
    if (status && status >= 400 && status < 500) {
      return sendError(reply, errors.validation('Please check your input and try again.'));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({ success: false, data: null, error: INTERNAL_MESSAGE, code: 'INTERNAL_SERVER_ERROR' });
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, errors.notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`)),
  );

  // Degraded (503) while the database cannot be reached or live events are not heard (the LISTEN
  // connection is being re-made). The NOTIFY queue is shared by every instance: its use is
  // reported, and warned of past half, but pulling every instance would not empty it.
  app.get('/health', async (_req, reply) => {
    const [up, notifyQueueUsage] = await Promise.all([database.ping(), database.notifyQueueUsage()]);
    const listening = pubsub.listening();
    if (notifyQueueUsage !== null && notifyQueueUsage >= NOTIFY_QUEUE_WARNING) {
      app.log.warn(`health: PostgreSQL's NOTIFY queue is ${Math.round(notifyQueueUsage * 100)}% full (a listener has stopped reading); live events fail once it is full`);
    }
    const ok = up && listening;
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database: up ? 'up' : 'down', liveEvents: listening ? 'listening' : 'reconnecting', notifyQueueUsage });
  });

  registerAuthRoutes(app, { services, csrf, secureCookies, sessionMaxAgeDays: config.sessionMaxAgeDays });
  registerCouncilRoutes(app, { services, appUrl: config.appUrl });
  registerCalendarRoutes(app, { services });
  registerUnsubscribeRoutes(app, services);
  registerDataExportRoutes(app, services);
  registerCertificateRoutes(app, services);
  registerAdminRoutes(app, { services });
  registerAdminExportRoutes(app, { services });
  registerHoursExportRoutes(app, { services });
  await registerVolunteerRoutes(app, { services });

  // GraphQL over HTTP (Apollo) and WebSocket (graphql-ws) on the same path.
  const schema = await buildClubroomSchema(pubsub.forTypeGraphql());
  const wsCleanup = registerWebSocketGraphQL(app, schema, services, pubsub, { trusted, enforce: config.trustedDocuments === 'enforce', schemaVersion });

  const apollo = new ApolloServer<Context>({
    ...(config.graphqlJit ? { gateway: jitGateway(schema) } : { schema }),
    introspection: true,
    includeStacktraceInErrorResponses: false,
    allowBatchedHttpRequests: false,
    validationRules: armorValidationRules,
    parseOptions,
    // The web client's documents by hash from the build's manifest (and APQ registrations of API
    // tokens and anonymous callers); their parse and validation kept for the server's life.
    persistedQueries: { cache: trusted.persistedQueryCache() },
    documentStore: trusted.documentStore(),
    formatError: (formatted, error) => formatGraphQLError(formatted, error, app.log),
    plugins: [
      fastifyApolloDrainPlugin(app),
      // Apollo's cache-control plugin wraps every field's resolver to collect cache hints, which
      // Clubroom never gives (every /graphql answer is no-store: registerSecurityHeaders).
      ApolloServerPluginCacheControlDisabled(),
      schemaVersionPlugin(schemaVersion),
      ...armorPlugins(),
      // The cost limit (with the variables), API token scopes and cost budgets; every response's
      // extensions.cost and a token's RateLimit fields.
      tokenGatePlugin(services, onlyCredentialOperations),
      {
        // A refused bearer token (forged, expired, of an ended session) answers HTTP 401
        // UNAUTHENTICATED before any operation runs, public ones included: a client never gets
        // an anonymous answer while it believes it is signed in.
        async requestDidStart() {
          return {
            async didResolveOperation({ contextValue, operation }) {
              if (contextValue.authError && !onlyCredentialOperations(operation)) throw contextValue.authError;
            },
            async willSendResponse({ response, contextValue }) {
              const body = response.body;
              if (!contextValue.authError || body.kind !== 'single') return;
              if (body.singleResult.errors?.some((e) => e.message === contextValue.authError!.message)) {
                response.http.status = 401;
                response.http.headers.set('www-authenticate', invalidTokenChallenge(contextValue.authError));
              }
            },
          };
        },
      },
      {
        async serverWillStart() {
          return {
            async renderLandingPage() {
              return { html: explorerHtml() };
            },
            async drainServer() {
              await wsCleanup.dispose();
            },
          };
        },
      },
      ...(opts.apolloPlugins ?? []),
    ],
  });
  await apollo.start();
  await app.register(fastifyApollo(apollo), {
    context: async (request) =>
      createContext({
        viewer: request.viewer,
        authError: request.authError,
        services,
        meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
        requestId: String(request.id),
        log: request.log,
      }),
  });

  registerDeveloperRoutes(app, schema);
  // robots.txt and the sitemap describe APP_URL's public pages, whichever process serves them.
  registerSitemap(app, { services, appUrl: config.appUrl, pageSize: opts.sitemapPageSize });
  if (config.serveWeb) {
    const render = await loadPageRenderer({ dir: opts.ssrDir, apollo, services, appUrl: config.appUrl, log: app.log });
    await registerWeb(app, opts.webDir, { supportEmail: config.supportEmail, appUrl: config.appUrl, render, queryHash: (name) => trusted.queryHash(name) });
  }

  mailWorker.start();
  // The daily job that carries every club's sessions forward (created once; it reschedules itself).
  await services.sessionPlanner.ensureWindowJob();
  // Reminders of coming sessions made before there were reminders (each at its own time).
  await services.sessionPlanner.ensureReminderJobs();
  jobWorker.start();
  webhookWorker.start();
  const stopMaintenance = startMaintenance(services, app.log);
  const stopSuspensionSweep = startSuspensionSweep(services.adminUsers, app.log);

  return {
    app,
    database,
    services,
    pubsub,
    mailWorker,
    webhookWorker,
    jobWorker,
    async close() {
      stopKicks();
      stopMaintenance();
      await stopSuspensionSweep();
      // Bulk approvals in progress finish their current application and the rest before closing.
      await services.adminApprovals.settle();
      await jobWorker.stop();
      await mailWorker.stop();
      await webhookWorker.stop();
      await app.close();
      await pubsub.close();
      if (!opts.database) await database.close();
    },
  };
}

/** Operations that never act as the bearer: they take credentials of their own (a password, a
 *  refresh or reset token), so a client whose access token has expired can still use them with
 *  the stale header attached. */
const CREDENTIAL_OPERATIONS = new Set(['signIn', 'signUp', 'signUpVolunteer', 'refreshSession', 'requestPasswordReset', 'resetPassword', '__typename']);

function onlyCredentialOperations(operation: OperationDefinitionNode | undefined): boolean {
  if (!operation) return false;
  return operation.operation === 'mutation' && operation.selectionSet.selections.every((s) => s.kind === 'Field' && CREDENTIAL_OPERATIONS.has(s.name.value));
}

/** GraphQL over HTTP's `documentId` (`sha256:<hex>`) is taken as Apollo's persisted-query
 *  extension; with `enforce`, a request authenticated by a browser session runs only a document of
 *  the manifest, named by hash (graphql/trusted-documents.ts). There is no way around it for a
 *  session: the check reads only the credential and the request's own document. */
function registerTrustedDocuments(app: FastifyInstance, trusted: TrustedDocuments, enforce: boolean) {
  app.addHook('preHandler', async (request, reply) => {
    if (!request.url.startsWith('/graphql') || (request.method !== 'POST' && request.method !== 'GET')) return;
    const params = graphqlParams(request);
    if (!params) return;
    if (request.method === 'POST' && params.query === undefined && typeof params.documentId === 'string' && !params.extensions) {
      const hash = requestedHash(params);
      if (hash) params.extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
    }
    if (!enforce || !isSessionViewer(request.viewer)) return;
    const refused = sessionDocumentRefusal(trusted, params);
    if (refused) return reply.status(refused.status).send({ errors: [{ message: refused.message, extensions: { code: refused.code } }] });
  });
}

type GraphQLParams = { query?: unknown; extensions?: unknown; documentId?: unknown };

/** A GraphQL request's document fields: the JSON body, or GET's query string (extensions as JSON). */
function graphqlParams(request: FastifyRequest): GraphQLParams | null {
  if (request.method === 'POST') return request.body && typeof request.body === 'object' ? (request.body as GraphQLParams) : null;
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || (query.query === undefined && query.extensions === undefined && query.documentId === undefined)) return null;
  let extensions: unknown = query.extensions;
  if (typeof extensions === 'string') {
    try {
      extensions = JSON.parse(extensions);
    } catch {
      extensions = undefined;
    }
  }
  return { query: query.query, extensions, documentId: query.documentId };
}

function refuseAddress(err: Error, request: FastifyRequest, reply: FastifyReply) {
  const status = (err as { statusCode?: number }).statusCode ?? 400;
  const message = 'Please check your input and try again.';
  // No route ran, so no hook either: the request id is named here.
  reply.header(REQUEST_ID_HEADER, request.id);
  if (request.url.startsWith('/graphql')) return reply.status(status).send({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
  return reply.status(status).send({ success: false, data: null, error: message, code: 'BAD_USER_INPUT' });
}

/** Answers that carry tokens, a member's own data or the administration area's are never kept by
 *  a browser or a proxy cache. */
const NO_STORE = /^\/(graphql|api\/auth\/|api\/admin\/|admin\/club-applications(\/|\?|$))/;

function registerSecurityHeaders(app: FastifyInstance, appUrl: string, scriptHashes: string[]) {
  const origin = new URL(appUrl);
  // The app's own WebSocket origin, named: 'self' alone does not cover ws: in every browser, and
  // any ws:/wss: host would let injected script talk to anywhere.
  const socketOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  const csp = `default-src 'self'; script-src ${["'self'", ...scriptHashes].join(' ')}; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self' ${socketOrigin}; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'`;
  const https = origin.protocol === 'https:';
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    // A stored upload keeps its own, stricter policy (modules/volunteers/volunteers.uploads.ts).
    if (!(request.url.startsWith('/uploads/') && reply.hasHeader('content-security-policy'))) reply.header('content-security-policy', csp);
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (NO_STORE.test(request.url)) reply.header('cache-control', 'no-store');
  });
}
