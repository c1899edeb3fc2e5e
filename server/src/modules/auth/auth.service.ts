// Accounts and sessions: sign-up, sign-in, refresh, sign-out, password reset. Every rule of these
// flows lives here; GraphQL and REST only translate.
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { isUniqueViolation, type Db, type Executor } from '../../db/client.js';
import { apiTokens, clubs, councilAdmins, passwordResets, sessions, users } from '../../db/schema/index.js';
import { anyOf } from '../../db/any.js';
import { hashPassword, verifyPassword, type PasswordHashCost } from '../../lib/password-hash.js';
import { AppError, accountRefusedMessage, errors } from '../../lib/errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import { Topic, type PubSub } from '../../graphql/pubsub.js';
import type { UsersService, UserView } from '../users/users.service.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { accountViewer, CLUB_OF_USER, COUNCIL_SEAT_OF_USER, VIEWER_ACCOUNT } from '../../lib/viewer-account.js';
import {
  CURRENT_PASSWORD_WRONG,
  NEW_PASSWORD_SAME,
  changePasswordRules,
  requestPasswordResetRules,
  resetPasswordRules,
  signInRules,
  signUpRules,
} from './auth.rules.js';
import type { RateLimitService } from './rate-limit.service.js';
import type { TokenService } from './tokens.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import { isApiTokenSecret, type ApiTokensService } from '../tokens/tokens.service.js';
import { endDueSuspensions } from '../admin-users/admin-users.service.js';
import { accountRefusalMessage } from '../admin-users/admin-users.rules.js';
import { clubApplicationEvent } from '../clubs/clubs.service.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';

export const EMAIL_IN_USE = 'This email address has already been used with a sports club.';
export const INVALID_CREDENTIALS = 'Invalid email or password.';
export const INVALID_RESET_LINK = 'This password reset link is invalid or has expired.';
export const NO_ACTIVE_SESSION = 'No active session';

/** An account email (welcome, registration received): its subject, paragraphs and link. */
export interface AccountMail {
  subject: string;
  paragraphs: string[];
  action?: { url: string; label: string };
}

export interface IssuedSession {
  accessToken: string;
  expiresAt: number;
  refreshToken: string;
  user: UserView;
}

export interface AuthDeps {
  db: Db;
  users: UsersService;
  tokens: TokenService;
  rateLimits: RateLimitService;
  /** Personal API tokens: a bearer starting with `clubroom_pat_` is one of them. */
  apiTokens: Pick<ApiTokensService, 'authenticate'>;
  pubsub: PubSub;
  /** The notification dispatcher: the welcome and reset emails go through it. */
  notify: Pick<NotificationDispatcher, 'notify'>;
  /** Webhook events (issue 31): a club's application, for administrators. */
  webhooks: WebhookEmitter;
  config: {
    appUrl: string;
    sessionIdleTimeoutMinutes: number;
    /** How long the refresh token just rotated away still rotates (a lost answer, not a theft). */
    refreshTokenReuseGraceSeconds: number;
    sessionMaxAgeDays: number;
    passwordResetTtlMinutes: number;
    passwordHash: PasswordHashCost;
  };
}

const emailKey = (email: string) => email.trim().toLowerCase();

/** The session check every authenticated request runs, built once: drizzle writes its SQL text
 *  and column mapping once, and each request only fills in the session id. */
function sessionCheckStatement(db: Db) {
  return db
    .select({ ...VIEWER_ACCOUNT, revokedAt: sessions.revokedAt, idleExpiresAt: sessions.idleExpiresAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(clubs, CLUB_OF_USER)
    .leftJoin(councilAdmins, COUNCIL_SEAT_OF_USER)
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare('auth_session_check');
}

export class AuthService {
  /** Verified against when the email is unknown, so both paths cost the same. */
  private dummyHash: Promise<string>;
  /** Built on first use (the database is ready by then). */
  private sessionCheck?: ReturnType<typeof sessionCheckStatement>;

  constructor(private readonly deps: AuthDeps) {
    this.dummyHash = hashPassword(randomToken(16), deps.config.passwordHash);
  }

  /** Creates the account and, with a club name, the club's application (status pending). */
  async signUp(raw: unknown, meta: RequestMeta): Promise<{ user: UserView }> {
    const input = parseInput(signUpRules, raw);
    const fullName = sanitizeText(input.fullName);
    const clubName = input.clubName ? sanitizeText(input.clubName) : undefined;
    if (fullName.length < 2) throw errors.validation('Name must be at least 2 characters', { fullName: 'Name must be at least 2 characters' });
    if (clubName !== undefined && clubName.length < 2) {
      throw errors.validation('Club name must be at least 2 characters', { clubName: 'Club name must be at least 2 characters' });
    }
    const user = await this.createAccount({ email: input.email, password: input.password, fullName }, meta, {
      within: clubName
        ? async (tx, userId) => {
            const [club] = await tx.insert(clubs).values({ id: userId, name: clubName, contactEmail: input.email }).returning();
            await this.deps.webhooks.emit(tx, clubApplicationEvent('club.application.submitted', club!));
          }
        : undefined,
      mail: clubName
        ? {
            subject: `We received your registration for ${clubName}`,
            paragraphs: [
              `Thank you for registering ${clubName} on Clubroom. Your application is pending approval: once an administrator has confirmed your details we will email you, and your club can then advertise volunteer roles.`,
            ],
            action: { url: `${this.deps.config.appUrl}/login`, label: 'You can already sign in' },
          }
        : this.welcomeMail(),
    });
    return { user };
  }

  /** The plain welcome of a new account. */
  welcomeMail(): AccountMail {
    return { subject: 'Welcome to Clubroom', paragraphs: ['Your Clubroom account is ready.'], action: { url: `${this.deps.config.appUrl}/login`, label: 'Sign in' } };
  }

  /**
   * What every kind of sign-up shares, once its input has passed its rules: the sign-up rate limit
   * per IP, the password hash, one account per email (EMAIL_IN_USE), and one transaction holding
   * the account, what `within` adds (a club's application, a volunteer profile) and the welcome
   * mail. A failure anywhere leaves no account.
   */
  async createAccount(
    account: { email: string; password: string; fullName: string },
    meta: RequestMeta,
    opts: { within?: (tx: Executor, userId: string) => Promise<void>; mail: AccountMail },
  ): Promise<UserView> {
    await this.deps.rateLimits.signUp(meta.ip);
    const passwordHash = await hashPassword(account.password, this.deps.config.passwordHash);
    const emailInUse = new AppError('EMAIL_IN_USE', EMAIL_IN_USE, { email: EMAIL_IN_USE });
    const [existing] = await this.deps.db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, emailKey(account.email)));
    if (existing) throw emailInUse;
    try {
      const userId = await this.deps.db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values({ email: account.email, fullName: account.fullName, passwordHash }).returning({ id: users.id });
        if (opts.within) await opts.within(tx, user!.id);
        await this.deps.notify.notify(tx, user!.id, { kind: 'account_security', title: opts.mail.subject, description: opts.mail.paragraphs.join(' '), email: opts.mail });
        return user!.id;
      });
      return (await this.deps.users.view(userId))!;
    } catch (err) {
      if (isUniqueViolation(err)) throw emailInUse;
      throw err;
    }
  }

  async signIn(raw: unknown, meta: RequestMeta): Promise<IssuedSession> {
    const input = parseInput(signInRules, raw);
    const email = emailKey(input.email);
    // Brute-force protection: only refused attempts count, per email + IP and per IP.
    await this.deps.rateLimits.checkSignIn(email, meta.ip);
    const [user] = await this.deps.db.select().from(users).where(eq(sql`lower(${users.email})`, email));
    const valid = await verifyPassword(user?.passwordHash ?? (await this.dummyHash), input.password);
    if (!user || !valid) {
      await this.deps.rateLimits.signInFailed(email, meta.ip);
      throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    // Only now that the password is verified does the caller learn why the account is refused.
    const refusal = await this.accountRefusal(user);
    if (refusal) {
      await this.deps.rateLimits.signInFailed(email, meta.ip);
      throw refusal;
    }
    await this.deps.rateLimits.signInSucceeded(email, meta.ip);
    return this.openSession(user.id, meta);
  }

  /** Why a suspended or banned account may not sign in (ACCOUNT_SUSPENDED, saying why and until
   *  when), or null when it may. A suspension whose end has passed is lifted here at once. */
  private async accountRefusal(user: typeof users.$inferSelect): Promise<AppError | null> {
    let account = user;
    if (account.status === 'suspended' && account.suspendedUntil && account.suspendedUntil.getTime() <= Date.now()) {
      await this.deps.db.transaction((tx) => endDueSuspensions(tx, { userId: account.id }));
      const [now] = await this.deps.db.select().from(users).where(eq(users.id, account.id));
      if (!now) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      account = now;
    }
    if (account.status === 'active') return null;
    // A deleted account's email is gone, so its sign-in cannot reach here; say nothing of it if it did.
    if (account.status === 'deleted') return new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    return new AppError('ACCOUNT_SUSPENDED', accountRefusalMessage(account.status, account.statusReason, account.suspendedUntil));
  }

  private async openSession(userId: string, meta: RequestMeta): Promise<IssuedSession> {
    const refreshToken = randomToken();
    const now = Date.now();
    const [session] = await this.deps.db
      .insert(sessions)
      .values({
        userId,
        refreshTokenHash: sha256(refreshToken),
        userAgent: meta.userAgent?.slice(0, 500),
        ipAddress: meta.ip,
        idleExpiresAt: new Date(now + this.idleMs()),
        expiresAt: new Date(now + this.deps.config.sessionMaxAgeDays * 86_400_000),
      })
      .returning({ id: sessions.id });
    return this.issue(userId, session!.id, refreshToken);
  }

  private idleMs(): number {
    return this.deps.config.sessionIdleTimeoutMinutes * 60_000;
  }

  private async issue(userId: string, sessionId: string, refreshToken: string): Promise<IssuedSession> {
    const { token, expiresAt } = await this.deps.tokens.sign(userId, sessionId);
    const user = await this.deps.users.view(userId);
    if (!user) throw errors.sessionExpired();
    return { accessToken: token, expiresAt, refreshToken, user };
  }

  /** Rotates the refresh token. A token that was already rotated away means it leaked and the
   *  whole session ends, except within REFRESH_TOKEN_REUSE_GRACE_SECONDS of its rotation: then the
   *  answer to that rotation was most likely lost on the way (a page navigated away, a tab closed, a
   *  connection dropped after the server committed), so the session rotates again from it. The grace
   *  runs from the first rotation (a rotation in the grace does not move `lastRefreshedAt`), so a
   *  stolen token cannot be kept alive by replaying it. */
  async refresh(refreshToken: string | undefined | null): Promise<IssuedSession> {
    if (!refreshToken || refreshToken.length > 200) throw errors.unauthenticated(NO_ACTIVE_SESSION);
    const hash = sha256(refreshToken);
    const next = randomToken();
    const now = new Date();
    const live = and(isNull(sessions.revokedAt), gt(sessions.idleExpiresAt, now), gt(sessions.expiresAt, now));
    const idleExpiresAt = new Date(now.getTime() + this.idleMs());
    let [rotated] = await this.deps.db
      .update(sessions)
      .set({ refreshTokenHash: sha256(next), previousRefreshTokenHash: hash, lastRefreshedAt: now, idleExpiresAt })
      .where(and(eq(sessions.refreshTokenHash, hash), live))
      .returning({ id: sessions.id, userId: sessions.userId });
    if (!rotated) {
      const graceStart = new Date(now.getTime() - this.deps.config.refreshTokenReuseGraceSeconds * 1000);
      [rotated] = await this.deps.db
        .update(sessions)
        .set({ refreshTokenHash: sha256(next), idleExpiresAt })
        .where(and(eq(sessions.previousRefreshTokenHash, hash), gt(sessions.lastRefreshedAt, graceStart), live))
        .returning({ id: sessions.id, userId: sessions.userId });
    }
    if (!rotated) {
      const [reused] = await this.deps.db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.previousRefreshTokenHash, hash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id, userId: sessions.userId });
      if (reused) await this.deps.pubsub.publish(Topic.SessionRevoked, { sessionId: reused.id, userId: reused.userId, reason: 'refresh_token_reused' }, { id: reused.id });
      throw errors.sessionExpired();
    }
    const [owner] = await this.deps.db.select({ status: users.status }).from(users).where(eq(users.id, rotated.userId));
    if (owner?.status !== 'active') throw errors.sessionExpired();
    return this.issue(rotated.userId, rotated.id, next);
  }

  async signOut(viewer: Viewer): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(and(eq(sessions.id, viewer.sessionId), isNull(sessions.revokedAt)));
      await this.deps.pubsub.publish(Topic.SessionRevoked, { sessionId: viewer.sessionId, userId: viewer.userId, reason: 'signed_out' }, { id: viewer.sessionId, executor: tx });
    });
  }

  /** The caller behind an access token (one statement checks the token's session is still open)
   *  or behind a personal API token. */
  async authenticate(accessToken: string): Promise<Viewer> {
    if (isApiTokenSecret(accessToken)) return this.deps.apiTokens.authenticate(accessToken);
    // Refusals say why (docs/API.md 'Error codes'): a token we did not sign, or that names no
    // session of its user, is not valid; one past its time, or whose session ended, expired; an
    // account that may not act now says so.
    const claims = await this.deps.tokens.check(accessToken);
    if (claims === 'expired') throw errors.sessionExpired();
    if (claims === 'invalid') throw errors.sessionInvalid();
    this.sessionCheck ??= sessionCheckStatement(this.deps.db);
    const [row] = await this.sessionCheck.execute({ sessionId: claims.sessionId });
    const now = Date.now();
    if (!row || row.user.id !== claims.userId) throw errors.sessionInvalid();
    if (row.user.status !== 'active') throw errors.unauthenticated(accountRefusedMessage(row.user.status));
    if (row.revokedAt || row.idleExpiresAt.getTime() <= now || row.expiresAt.getTime() <= now) throw errors.sessionExpired();
    return { ...accountViewer(row), sessionId: claims.sessionId };
  }

  /** Which of `ids` (sessions, or API tokens standing as sessions) have ended: revoked, expired,
   *  or their user no longer active. One statement for them all (ws.ts, after a LISTEN loss). */
  async endedSessions(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const now = new Date();
    const live = await this.deps.db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(anyOf(sessions.id, ids), isNull(sessions.revokedAt), eq(users.status, 'active'), gt(sessions.idleExpiresAt, now), gt(sessions.expiresAt, now)))
      .unionAll(
        this.deps.db
          .select({ id: apiTokens.id })
          .from(apiTokens)
          .innerJoin(users, eq(users.id, apiTokens.userId))
          .where(and(anyOf(apiTokens.id, ids), isNull(apiTokens.revokedAt), eq(users.status, 'active'), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)))),
      );
    const alive = new Set(live.map((r) => r.id));
    return new Set(ids.filter((id) => !alive.has(id)));
  }

  /** Always answers the same way, whether or not the email has an account. */
  async requestPasswordReset(raw: unknown, meta: RequestMeta): Promise<void> {
    const input = parseInput(requestPasswordResetRules, raw);
    await this.deps.rateLimits.resetRequest(emailKey(input.email), meta.ip);
    const [user] = await this.deps.db.select().from(users).where(eq(sql`lower(${users.email})`, emailKey(input.email)));
    if (!user || user.status !== 'active') return;
    const token = randomToken();
    const link = `${this.resetPage(input.redirectTo)}?token=${token}`;
    const minutes = this.deps.config.passwordResetTtlMinutes;
    await this.deps.db.transaction(async (tx) => {
      await tx.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + minutes * 60_000) });
      const subject = 'Reset your Clubroom password';
      await this.deps.notify.notify(tx, user.id, {
        kind: 'account_security',
        title: subject,
        description: 'Someone asked to reset the password of your Clubroom account.',
        email: {
          subject,
          paragraphs: [
            `Someone asked to reset the password of your Clubroom account. To choose a new password, open this link within ${minutes} minutes:`,
            link,
            'If it was not you, ignore this email: your password stays as it is.',
          ],
        },
      });
    });
  }

  /** The reset page on this site; a redirect_to elsewhere is ignored so that a reset link can
   *  never point to another origin. */
  private resetPage(redirectTo: string | null | undefined): string {
    const fallback = `${this.deps.config.appUrl}/reset-password`;
    if (!redirectTo) return fallback;
    try {
      const url = new URL(redirectTo, this.deps.config.appUrl);
      const app = new URL(this.deps.config.appUrl);
      return url.origin === app.origin && url.pathname === '/reset-password' ? `${url.origin}${url.pathname}` : fallback;
    } catch {
      return fallback;
    }
  }

  /** Sets the new password, spends the link, and ends every session of the account. */
  async resetPassword(raw: unknown): Promise<void> {
    const token = (raw as { token?: unknown } | null)?.token;
    if (typeof token !== 'string' || token.length === 0 || token.length > 200) throw new AppError('INVALID_RESET_TOKEN', INVALID_RESET_LINK);
    const input = parseInput(resetPasswordRules, raw);
    const passwordHash = await hashPassword(input.password, this.deps.config.passwordHash);
    const now = new Date();
    await this.deps.db.transaction(async (tx) => {
      const [reset] = await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, sha256(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId });
      if (!reset) throw new AppError('INVALID_RESET_TOKEN', INVALID_RESET_LINK);
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, reset.userId));
      // Other outstanding links for the account stop working too.
      await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id, userId: sessions.userId });
      for (const s of ended) await this.deps.pubsub.publish(Topic.SessionRevoked, { sessionId: s.id, userId: s.userId, reason: 'password_reset' }, { id: s.id, executor: tx });
    });
  }

  /** The signed-in member sets a new password. The current password must be given (a stolen
   *  access token alone cannot take the account over); on success every OTHER session of the
   *  account ends at once and outstanding reset links stop working. The caller's session stays. */
  /** The current password is checked by confirmPassword (its brute-force limits). */
  async changePassword(viewer: Viewer, raw: unknown, meta: RequestMeta): Promise<void> {
    const input = parseInput(changePasswordRules, raw);
    const user = await this.confirmPassword(viewer, input.currentPassword, meta, 'currentPassword');
    if (input.newPassword === input.currentPassword) throw errors.validation(NEW_PASSWORD_SAME, { newPassword: NEW_PASSWORD_SAME });
    const passwordHash = await hashPassword(input.newPassword, this.deps.config.passwordHash);
    const now = new Date();
    await this.deps.db.transaction(async (tx) => {
      // Only if the hash is still the one verified: of two concurrent changes, one wins.
      const [changed] = await tx
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(and(eq(users.id, viewer.userId), eq(users.passwordHash, user.passwordHash)))
        .returning({ id: users.id });
      if (!changed) throw errors.validation(CURRENT_PASSWORD_WRONG, { currentPassword: CURRENT_PASSWORD_WRONG });
      await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, viewer.userId), isNull(passwordResets.usedAt)));
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, viewer.userId), isNull(sessions.revokedAt), ne(sessions.id, viewer.sessionId)))
        .returning({ id: sessions.id, userId: sessions.userId });
      for (const s of ended) await this.deps.pubsub.publish(Topic.SessionRevoked, { sessionId: s.id, userId: s.userId, reason: 'password_changed' }, { id: s.id, executor: tx });
    });
  }

  /**
   * The signed-in member proves it is them with their password (before a password change or an
   * account deletion). A wrong password is a failed sign-in for the brute-force limits (a stolen
   * access token must not become a way to guess the password past the sign-in page's limits) and
   * is refused as CURRENT_PASSWORD_WRONG on `field`. Answers the hash that was checked.
   */
  async confirmPassword(viewer: Viewer, password: string, meta: RequestMeta, field: string): Promise<{ passwordHash: string }> {
    const email = emailKey(viewer.email);
    await this.deps.rateLimits.checkSignIn(email, meta.ip);
    const [user] = await this.deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, viewer.userId));
    if (!user) throw errors.sessionExpired();
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.deps.rateLimits.signInFailed(email, meta.ip);
      throw errors.validation(CURRENT_PASSWORD_WRONG, { [field]: CURRENT_PASSWORD_WRONG });
    }
    await this.deps.rateLimits.signInSucceeded(email, meta.ip);
    return user;
  }

  /** Removes what can no longer be used: ended sessions and spent or expired reset links. */
  async purgeExpired(): Promise<void> {
    const cutoff = new Date(Date.now() - 7 * 86_400_000);
    await this.deps.db.delete(sessions).where(or(lt(sessions.expiresAt, cutoff), lt(sessions.idleExpiresAt, cutoff), lt(sessions.revokedAt, cutoff)));
    await this.deps.db.delete(passwordResets).where(lt(passwordResets.expiresAt, cutoff));
  }
}

declare module '../../lib/services.js' {
  interface Services {
    auth: AuthService;
  }
}
