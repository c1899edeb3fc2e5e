// What the sessions table holds: a refused sign-in or refresh leaves no session row behind, and the
// maintenance purge (AuthService.purgeExpired) removes sessions and reset links only once they
// have been unusable for longer than its grace period (7 days), never a live one.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions, users } from '../../server/src/db/schema/index.js';
import { ApiClient, STRONG_PASSWORD, newMember, uniqueEmail } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

const DAY = 86_400_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

async function sessionCount(): Promise<number> {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(sessions);
  return row!.n;
}

describe('refused sign-ins and refreshes leave no session row', () => {
  it('a wrong password, an unknown email and a suspended account create no session', async () => {
    const { email, user } = await newMember(server.url);
    const before = await sessionCount();
    expect(before).toBeGreaterThan(0);
    const client = new ApiClient(server.url);

    const wrong = await client.rest('POST', '/api/auth/signin', { email, password: 'Wr0ng!Password' });
    expect(wrong.status).toBe(401);
    const unknown = await client.rest('POST', '/api/auth/signin', { email: uniqueEmail('nobody'), password: STRONG_PASSWORD });
    expect(unknown.status).toBe(401);
    const gqlWrong = await client.gql('mutation($i: SignInInput!) { signIn(input: $i) { session { accessToken } userErrors { code } } }', { i: { email, password: 'Wr0ng!Password' } });
    expect(gqlWrong.data.signIn).toEqual({ session: null, userErrors: [{ code: 'INVALID_CREDENTIALS' }] });
    expect(await sessionCount()).toBe(before);

    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, user.id));
    const suspended = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD });
    expect(suspended.status).toBe(403);
    expect(await sessionCount()).toBe(before);
    // The right password on an active account does create one: the count is a real witness.
    await db().update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    expect((await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD })).status).toBe(200);
    expect(await sessionCount()).toBe(before + 1);
  });

  for (const [what, column] of [
    ['idle past the timeout', 'idleExpiresAt'],
    ['past its maximum age', 'expiresAt'],
  ] as const) {
    it(`a refresh refused because the session is ${what} creates no session and does not revive it`, async () => {
      const { client, user } = await newMember(server.url);
      const refreshToken = client.cookie('clubroom_refresh')!;
      const past = new Date(Date.now() - 60_000);
      await db().update(sessions).set({ [column]: past }).where(eq(sessions.userId, user.id));
      const before = await sessionCount();

      const rest = await client.rest('POST', '/api/auth/refresh', { refresh_token: refreshToken });
      expect(rest.status).toBe(401);
      const gql = await new ApiClient(server.url).gql('mutation($t: String!) { refreshSession(input: { refreshToken: $t }) { session { accessToken } } }', { t: refreshToken });
      expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

      expect(await sessionCount()).toBe(before);
      const rows = await db().select().from(sessions).where(eq(sessions.userId, user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]![column].getTime()).toBe(past.getTime());
    });
  }
});

describe('AuthService.purgeExpired', () => {
  it('removes sessions ended more than 7 days ago and keeps live and recently ended ones', async () => {
    const { user } = await newMember(server.url);
    const now = Date.now();
    const session = (name: string, at: { idle?: number; expires?: number; revoked?: number | null }) => ({
      name,
      values: {
        userId: user.id,
        refreshTokenHash: `purge-${name}-${randomUUID()}`,
        idleExpiresAt: new Date(now + (at.idle ?? 30 * 60_000)),
        expiresAt: new Date(now + (at.expires ?? 30 * DAY)),
        revokedAt: at.revoked === undefined || at.revoked === null ? null : new Date(now + at.revoked),
      },
    });
    const cases = [
      { keep: true, ...session('live', {}) },
      { keep: true, ...session('idle an hour ago', { idle: -3_600_000 }) },
      { keep: true, ...session('idle 6 days ago', { idle: -6 * DAY }) },
      { keep: true, ...session('past max age 6 days ago', { idle: -6 * DAY, expires: -6 * DAY }) },
      { keep: true, ...session('revoked 6 days ago', { revoked: -6 * DAY }) },
      { keep: false, ...session('idle 8 days ago', { idle: -8 * DAY }) },
      { keep: false, ...session('past max age 8 days ago', { idle: -6 * DAY, expires: -8 * DAY }) },
      { keep: false, ...session('revoked 8 days ago', { revoked: -8 * DAY }) },
    ];
    const ids = new Map<string, string>();
    for (const c of cases) {
      const [row] = await db().insert(sessions).values(c.values).returning({ id: sessions.id });
      ids.set(row!.id, c.name);
    }

    await server.clubroom.services.auth.purgeExpired();

    const left = (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((r) => ids.get(r.id));
    // The member's own sign-in session (not in `ids`) is live and stays too.
    expect(left.filter((name) => name !== undefined).sort()).toEqual(cases.filter((c) => c.keep).map((c) => c.name).sort());
    expect(left.filter((name) => name === undefined)).toHaveLength(1);
  });

  it('removes reset links expired more than 7 days ago and keeps live and recently expired ones', async () => {
    const { user } = await newMember(server.url);
    const now = Date.now();
    const cases = [
      { name: 'live', keep: true, expires: 30 * 60_000 },
      { name: 'expired an hour ago', keep: true, expires: -3_600_000 },
      { name: 'expired 6 days ago', keep: true, expires: -6 * DAY },
      { name: 'expired 8 days ago', keep: false, expires: -8 * DAY },
    ];
    for (const c of cases) {
      await db().insert(passwordResets).values({ userId: user.id, tokenHash: `purge-${c.name}-${randomUUID()}`, expiresAt: new Date(now + c.expires) });
    }

    await server.clubroom.services.auth.purgeExpired();

    const left = await db().select({ tokenHash: passwordResets.tokenHash }).from(passwordResets).where(eq(passwordResets.userId, user.id));
    const names = left.map((r) => cases.find((c) => r.tokenHash.startsWith(`purge-${c.name}-`))?.name).sort();
    expect(names).toEqual(cases.filter((c) => c.keep).map((c) => c.name).sort());
  });
});
