// Personal API tokens: created, listed and revoked by their owner from a signed-in session, and
// turned back into a caller (a Viewer narrowed to the token's scopes) on every request that
// presents one. The secret is shown once and stored only as its SHA-256 hash.
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import type { Db } from '../../db/client.js';
import { apiTokens, clubs, councilAdmins, users, type ApiTokenRow } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { AppError, accountRefusedMessage, errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import { WriteLimiter } from '../../lib/write-limits.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import { creationPage } from '../../graphql/creation-page.js';
import type { ConnectionResult, PageArgs } from '../../graphql/relay.js';
import { accountViewer, CLUB_OF_USER, COUNCIL_SEAT_OF_USER, VIEWER_ACCOUNT } from '../../lib/viewer-account.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  API_TOKEN_MARKER,
  API_TOKEN_PREFIX_LENGTH,
  TOKEN_MESSAGES,
  createApiTokenRules,
  revokeApiTokenRules,
  type ApiScopeName,
} from './tokens.rules.js';

/** How many tokens one member may hold that still work (neither revoked nor expired). */
export const MAX_ACTIVE_TOKENS = 50;
export const TOO_MANY_TOKENS = `You can have at most ${MAX_ACTIVE_TOKENS} working API tokens: revoke one you no longer use first.`;
/** What a refused API token answers (HTTP 401, also the WWW-Authenticate description): each says
 *  why, so a script's owner knows whether to fix the token, make a new one or ask about the account. */
export const INVALID_API_TOKEN = 'This API token is not valid.';
export const REVOKED_API_TOKEN = 'This API token has been revoked.';
export const EXPIRED_API_TOKEN = 'This API token has expired.';
/** Past the hourly limit on creating tokens; `retry` is 'in 42 minutes'. */
export const TOO_MANY_TOKEN_CREATIONS = (retry: string) => `You have created too many API tokens in the last hour. Please try again ${retry}.`;
/** The last-used time is written at most this often per token. */
const TOUCH_INTERVAL_MS = 60_000;
export const API_TOKEN_LIST_DEFAULT = 20;
/** `clubroom_pat_` and 32 random bytes in base64url. */
const TOKEN_SHAPE = /^clubroom_pat_[A-Za-z0-9_-]{43}$/;

export type ApiTokenListRow = ApiTokenRow & { cursorAt: string };

/** Whether a bearer credential is an API token (rather than a session's JWT). */
export const isApiTokenSecret = (bearer: string) => bearer.startsWith(API_TOKEN_MARKER);

/** The token check every request with an API token runs, built once: drizzle writes its SQL
 *  text and column mapping once, and each request only fills in the hash. */
function tokenCheckStatement(db: Db) {
  return db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      ...VIEWER_ACCOUNT,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(clubs, CLUB_OF_USER)
    .leftJoin(councilAdmins, COUNCIL_SEAT_OF_USER)
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .prepare('api_token_check');
}

export class ApiTokensService {
  /** Built on first use (the database is ready by then). */
  private tokenCheck?: ReturnType<typeof tokenCheckStatement>;

  /** Creations per member per hour. */
  private readonly creations: WriteLimiter;

  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSub,
    private readonly limits: { creationsPerHour: number; retentionDays: number } = { creationsPerHour: 20, retentionDays: 30 },
  ) {
    this.creations = new WriteLimiter(db, [{ name: 'api_token_create', points: limits.creationsPerHour, windowSeconds: 3600 }], TOO_MANY_TOKEN_CREATIONS);
  }

  /** A new token for the caller; the secret is in the answer and nowhere else. A valid request
   *  counts against the member's hourly creations; past them RATE_LIMITED, and no token. */
  async create(viewer: Viewer, raw: unknown): Promise<{ token: ApiTokenRow; secret: string }> {
    requireSession(viewer);
    const input = parseInput(createApiTokenRules, raw);
    await this.creations.consume({ api_token_create: [viewer.userId] });
    const secret = `${API_TOKEN_MARKER}${randomBytes(32).toString('base64url')}`;
    const token = await this.db.transaction(async (tx) => {
      // One creation at a time per member, so the cap holds under concurrent requests.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, viewer.userId)).for('update');
      const [working] = await tx
        .select({ n: count() })
        .from(apiTokens)
        .where(and(eq(apiTokens.userId, viewer.userId), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), sql`${apiTokens.expiresAt} > now()`)));
      if (Number(working?.n ?? 0) >= MAX_ACTIVE_TOKENS) throw errors.validation(TOO_MANY_TOKENS);
      const [row] = await tx
        .insert(apiTokens)
        .values({
          userId: viewer.userId,
          name: input.name,
          tokenHash: sha256(secret),
          prefix: secret.slice(0, API_TOKEN_MARKER.length + API_TOKEN_PREFIX_LENGTH),
          scopes: [...input.scopes],
          expiresAt: input.expiresAt,
        })
        .returning();
      return row!;
    });
    return { token: token, secret };
  }

  /** Revokes one of the caller's tokens at once: HTTP requests with it are refused from now on and
   *  open WebSocket connections made with it are closed. Revoking a revoked token changes nothing. */
  async revoke(viewer: Viewer, rawId: unknown): Promise<ApiTokenRow> {
    requireSession(viewer);
    const { id } = parseInput(revokeApiTokenRules, { id: rawId });
    return this.db.transaction(async (tx) => {
      const mine = and(eq(apiTokens.id, id), eq(apiTokens.userId, viewer.userId));
      const [revoked] = await tx.update(apiTokens).set({ revokedAt: new Date() }).where(and(mine, isNull(apiTokens.revokedAt))).returning();
      if (revoked) {
        // Sockets authenticated with the token hold it as their session id (ws.ts).
        await this.pubsub.publish(Topic.SessionRevoked, { sessionId: revoked.id, userId: revoked.userId }, { id: revoked.id, executor: tx });
        return revoked;
      }
      const [already] = await tx.select().from(apiTokens).where(mine);
      if (!already) throw new AppError('NOT_FOUND', TOKEN_MESSAGES.notFound, { id: TOKEN_MESSAGES.notFound });
      return already;
    });
  }

  /** Deletes tokens revoked, or expired, more than the retention period ago (API_TOKEN_RETENTION_DAYS;
   *  the maintenance pass). They no longer work and no longer show on the Developer page; the
   *  audit trail names no token, so nothing there goes with them. Answers how many went. */
  async purgeRetired(): Promise<number> {
    const before = sql`now() - make_interval(days => ${this.limits.retentionDays})`;
    const gone = await this.db
      .delete(apiTokens)
      .where(or(lt(apiTokens.revokedAt, before), lt(apiTokens.expiresAt, before)))
      .returning({ id: apiTokens.id });
    return gone.length;
  }

  /** The caller's tokens, newest first, a page at a time. */
  async list(viewer: Viewer, args: PageArgs): Promise<ConnectionResult<ApiTokenListRow>> {
    requireSession(viewer);
    return creationPage(this.db, apiTokens, eq(apiTokens.userId, viewer.userId), args, { list: 'apiTokens', defaultSize: API_TOKEN_LIST_DEFAULT });
  }

  /** The caller's own tokens among `ids` (node lookups); none for an API token caller. */
  async ownByIds(viewer: Viewer | null, ids: readonly string[]): Promise<Array<ApiTokenRow | null>> {
    if (!viewer || viewer.credential === 'token' || ids.length === 0) return ids.map(() => null);
    const rows = await this.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, viewer.userId), anyOf(apiTokens.id, [...ids])));
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** The caller an API token stands for: its owner (who must be active) with the token's scopes.
   *  One statement reads the token and its owner; the last-used time is written at most once a
   *  minute. Unknown, revoked or expired tokens are refused (401). */
  async authenticate(secret: string): Promise<Viewer> {
    if (!TOKEN_SHAPE.test(secret)) throw errors.unauthenticated(INVALID_API_TOKEN);
    this.tokenCheck ??= tokenCheckStatement(this.db);
    const [row] = await this.tokenCheck.execute({ tokenHash: sha256(secret) });
    const now = Date.now();
    if (!row) throw errors.unauthenticated(INVALID_API_TOKEN);
    if (row.revokedAt) throw errors.unauthenticated(REVOKED_API_TOKEN);
    if (row.expiresAt && row.expiresAt.getTime() <= now) throw errors.unauthenticated(EXPIRED_API_TOKEN);
    if (row.user.status !== 'active') throw errors.unauthenticated(accountRefusedMessage(row.user.status));
    if (!row.lastUsedAt || row.lastUsedAt.getTime() <= now - TOUCH_INTERVAL_MS) await this.touch(row.id);
    const scopes = row.scopes as ApiScopeName[];
    return {
      // The owner's rights narrowed to the token's scopes, decided once, there.
      ...accountViewer(row, scopes),
      sessionId: row.id,
      credential: 'token',
      scopes,
      tokenId: row.id,
    };
  }

  /** Records a use, unless another request (on any instance) already did within the minute. */
  private async touch(id: string): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, sql`now() - interval '1 minute'`))));
  }
}

/** Token management is for a signed-in session only: a token never mints, lists or revokes tokens
 *  (the operations are @SessionOnly too; this guards the service itself). */
function requireSession(viewer: Viewer): void {
  if (viewer.credential === 'token') throw errors.forbidden('An API token cannot manage API tokens: sign in to the web app.');
}

declare module '../../lib/services.js' {
  interface Services {
    apiTokens: ApiTokensService;
  }
}
