// Idempotent writes (docs/API.md, 'Idempotent writes'): a signed-in caller may send an
// `Idempotency-Key` header with a GraphQL mutation (POST /graphql) or a REST write. The first
// request with a key runs and its answer (status below 500) is kept for 24 hours, keyed by the
// account and the key; a repeat of the same request gets that answer again, byte for byte, with
// `Idempotent-Replayed: true`, instead of running twice (the web client's offline queue replays its
// writes with their keys). A repeat while the first still runs answers 409; the same key with
// another request 422. Anonymous requests, queries, and the operations that answer credentials
// (sign-in, tokens: their answers are never stored) ignore the header.
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import type { Db } from '../db/client.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { parseOptions } from '../graphql/limits.js';
import { isRestRoute } from './authenticate.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long an answer is kept (and a key cannot be used for another request). */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A first request still marked running after this long is taken as lost (its process died). */
const ABANDONED_SECONDS = 120;
const KEY_FORMAT = /^[\x21-\x7e]{1,100}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency key must be 1 to 100 visible ASCII characters',
  inProgress: 'A request with this idempotency key is still in progress.',
  reused: 'This idempotency key was already used for a different request.',
} as const;

const REST_WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GraphQL mutations whose answers carry credentials (session tokens, an API token's secret, a
 *  calendar feed's secret address) or that take credentials of their own: never stored. */
const CREDENTIAL_MUTATIONS = new Set(['signIn', 'signUp', 'signUpVolunteer', 'refreshSession', 'requestPasswordReset', 'resetPassword', 'changePassword', 'createApiToken', 'createCalendarFeed', 'rotateCalendarFeed']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an idempotency key whose answer is to be kept. */
    idempotency: { userId: string; key: string; done: boolean } | null;
  }
}

/** A key another request holds: running (no status yet) or answered. */
interface HeldKey {
  requestHash: string;
  responseStatus: number | null;
  responseBody: string | null;
}

/** The kept answers. */
export class IdempotencyKeys {
  constructor(private readonly db: Db) {}

  /** Claims the key for this request (also a key whose answer has expired, or whose first request
   *  was lost): 'claimed'; else the row that holds it. One statement: of two concurrent requests
   *  with one key exactly one claims it. */
  async claim(userId: string, key: string, requestHash: string): Promise<'claimed' | 'vanished' | HeldKey> {
    const claimed = await this.db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash })
      .onConflictDoUpdate({
        target: [idempotencyKeys.userId, idempotencyKeys.key],
        set: { requestHash, responseStatus: null, responseBody: null, createdAt: sql`now()` },
        setWhere: sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
          or (${idempotencyKeys.responseStatus} is null and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${ABANDONED_SECONDS}))`,
      })
      .returning({ userId: idempotencyKeys.userId });
    if (claimed.length > 0) return 'claimed' as const;
    const [row]: (HeldKey | undefined)[] = await this.db
      .select({ requestHash: idempotencyKeys.requestHash, responseStatus: idempotencyKeys.responseStatus, responseBody: idempotencyKeys.responseBody })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    // Gone between the two statements (purged at that moment): the caller may claim it again.
    return row ?? ('vanished' as const);
  }

  async keep(userId: string, key: string, status: number, body: string): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ responseStatus: status, responseBody: body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  }

  /** Frees a key whose request failed (status 500 or more, or no answer to keep): it may be retried. */
  async release(userId: string, key: string): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), sql`${idempotencyKeys.responseStatus} is null`));
  }

  /** The purge worker's part (app/maintenance.ts): answers older than 24 hours. */
  async purgeExpired(): Promise<number> {
    const gone = await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`))
      .returning({ key: idempotencyKeys.key });
    return gone.length;
  }
}

/** The operation a POST /graphql body runs, if it can be read. */
function operationOf(body: unknown): OperationDefinitionNode | null {
  const { query, operationName } = (body ?? {}) as { query?: unknown; operationName?: unknown };
  if (typeof query !== 'string') return null;
  try {
    const operations = parse(query, parseOptions).definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    if (typeof operationName === 'string') return operations.find((o) => o.name?.value === operationName) ?? null;
    return operations.length === 1 ? operations[0]! : null;
  } catch {
    return null;
  }
}

/** Whether this request is a write whose answer may be kept. */
function isKeptWrite(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0]!;
  if (path === '/graphql') {
    if (request.method !== 'POST') return false;
    const operation = operationOf(request.body);
    if (operation?.operation !== 'mutation') return false;
    return !operation.selectionSet.selections.some((s) => s.kind === Kind.FIELD && CREDENTIAL_MUTATIONS.has(s.name.value));
  }
  if (!isRestRoute(request.url) || !REST_WRITES.has(request.method)) return false;
  // Session and password routes answer tokens; an upload's body is a stream, not hashed here.
  if (path.startsWith('/api/auth/')) return false;
  return !String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/');
}

const requestHashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method}\n${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');

function refuse(request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string) {
  if (request.url.startsWith('/graphql')) return reply.status(status).send({ errors: [{ message, extensions: { code } }] });
  return reply.status(status).send({ success: false, data: null, error: message, code });
}

/** GraphQL answers failures with status 200: an internal error or a rate limit means the write did
 *  not run (its transaction rolled back), so the answer is not kept and a retry runs it. */
const UNKEPT_CODES = new Set(['INTERNAL_SERVER_ERROR', 'RATE_LIMITED']);
export function failedToRun(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ extensions?: { code?: unknown } }> };
    return (parsed.errors ?? []).some((e) => UNKEPT_CODES.has(String(e.extensions?.code)));
  } catch {
    return false;
  }
}

/** Registers the header's hooks: after authentication and the REST security-token check. */
export function registerIdempotency(app: FastifyInstance, keys: IdempotencyKeys) {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !request.viewer || !isKeptWrite(request)) return;
    const key = Array.isArray(header) ? null : header;
    if (key === null || !KEY_FORMAT.test(key)) return refuse(request, reply, 400, 'BAD_USER_INPUT', IDEMPOTENCY_MESSAGES.badKey);
    const userId = request.viewer.userId;
    const hash = requestHashOf(request);
    let held = await keys.claim(userId, key, hash);
    if (held === 'vanished') held = await keys.claim(userId, key, hash);
    if (held === 'vanished') return;
    if (held === 'claimed') {
      request.idempotency = { userId, key, done: false };
      return;
    }
    if (held.requestHash !== hash) return refuse(request, reply, 422, 'BAD_USER_INPUT', IDEMPOTENCY_MESSAGES.reused);
    if (held.responseStatus === null || held.responseBody === null) return refuse(request, reply, 409, 'CONFLICT', IDEMPOTENCY_MESSAGES.inProgress);
    return reply.status(held.responseStatus).header('content-type', 'application/json; charset=utf-8').header(REPLAYED_HEADER, 'true').send(held.responseBody);
  });

  // The answer as it goes out (after serialization): kept below 500 (but 429), else the key is freed.
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.idempotency;
    if (!held || held.done) return payload;
    held.done = true;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    try {
      // A rate-limit refusal (429) did not run the request: not kept, so a later retry runs it.
      if (reply.statusCode < 500 && reply.statusCode !== 429 && body !== null && !failedToRun(body)) await keys.keep(held.userId, held.key, reply.statusCode, body);
      else await keys.release(held.userId, held.key);
    } catch (err) {
      // The answer still goes out; a repeat meanwhile answers 409 until the key counts as lost.
      request.log.error({ err }, 'keeping an idempotent answer failed');
    }
    return payload;
  });

  // A request that ended without an answer going out (the connection dropped first): freed.
  app.addHook('onResponse', async (request) => {
    const held = request.idempotency;
    if (held && !held.done) {
      held.done = true;
      await keys.release(held.userId, held.key).catch((err: unknown) => request.log.error({ err }, 'freeing an idempotency key failed'));
    }
  });
}

declare module '../lib/services.js' {
  interface Services {
    /** The kept answers of writes sent with an Idempotency-Key. */
    idempotency: IdempotencyKeys;
  }
}
