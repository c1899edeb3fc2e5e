// Sessions: the access token on GET /api/auth/user and GraphQL `me`, forged and revoked tokens,
// refresh-token rotation and reuse detection, sign-out (REST and GraphQL), and the idle timeout.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, sessions } from '../../server/src/db/schema/index.js';
import { ApiClient, STRONG_PASSWORD, newMember, uniqueEmail } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { memberId } from '../helpers/messages.js';

const NO_ACTIVE_SESSION = 'No active session';
const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
/** Forged, altered or malformed tokens, and sessions that do not exist (issue 25, item 13). */
const SESSION_INVALID = 'Your session is not valid. Please log in again.';

const ME = '{ me { id email fullName role isCouncilAdmin club { name applicationStatus } } }';
const REFRESH = `mutation Refresh($token: String!) {
  refreshSession(input: { refreshToken: $token }) { session { accessToken expiresAt refreshToken member { id email } } userErrors { field code message } }
}`;
const SIGN_OUT = 'mutation { signOut { signedOut userErrors { field code message } } }';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

/** A new signed-in member: the client holds the access token and the refresh cookie. */
async function member(opts: { clubName?: string } = {}) {
  const m = await newMember(server.url, { clubName: opts.clubName, fullName: 'Sess Ion' });
  return { ...m, refreshToken: m.client.cookie('clubroom_refresh')! };
}

/** A second, separate sign-in of the same account (another device). */
async function secondDevice(email: string) {
  const client = new ApiClient(server.url);
  const res = await client.signIn(email, STRONG_PASSWORD);
  if (res.status !== 200) throw new Error('second sign-in failed');
  return { client, accessToken: client.accessToken!, refreshToken: res.body.data.session.refresh_token as string };
}

/** Moves the session's last rotation back past REFRESH_TOKEN_REUSE_GRACE_SECONDS (30 s by default):
 *  the token rotated away then no longer rotates, it only proves a theft. */
async function pastTheGrace(userId: string) {
  await db().update(sessions).set({ lastRefreshedAt: new Date(Date.now() - 31_000) }).where(eq(sessions.userId, userId));
}

async function jwtSecret(): Promise<Uint8Array> {
  const [row] = await db().select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

async function signToken(claims: { sub: string; sid: string }, key: Uint8Array, opts: { expiresAt?: number; issuer?: string } = {}) {
  const expiresAt = opts.expiresAt ?? Math.floor(Date.now() / 1000) + 600;
  return new SignJWT({ sid: claims.sid, expires_at: expiresAt })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(opts.issuer ?? 'clubroom')
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);
}

async function expectRest401(client: ApiClient, token: string, message = SESSION_EXPIRED) {
  const res = await client.rest('GET', '/api/auth/user', undefined, { token });
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ success: false, data: null, error: message, code: 'UNAUTHENTICATED' });
}

async function expectGql401(client: ApiClient, token: string) {
  const res = await client.gql(ME, undefined, { token });
  expect(res.status).toBe(401);
  expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
}

describe('GET /api/auth/user and GraphQL me', () => {
  it('answers the signed-in user on GET /api/auth/user', async () => {
    const { client, email, user } = await member({ clubName: 'Session Sailing' });
    const res = await client.rest('GET', '/api/auth/user');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toMatchObject({
      id: user.id,
      email,
      full_name: 'Sess Ion',
      role: 'club_admin',
      is_council_admin: false,
      has_volunteer_profile: false,
      club: { id: user.id, name: 'Session Sailing', application_status: 'pending' },
    });
    expect(new Date(res.body.data.user.created_at).toString()).not.toBe('Invalid Date');
  });

  it('answers the signed-in user on GraphQL me', async () => {
    const { client, email, user } = await member();
    const res = await client.gql(ME);
    expect(res.errors).toBeUndefined();
    expect(res.data.me).toEqual({ id: memberId(user.id), email, fullName: 'Sess Ion', role: 'VOLUNTEER', isCouncilAdmin: false, club: null });
  });

  it("answers 401 'No active session' without a token", async () => {
    const client = new ApiClient(server.url);
    const res = await client.rest('GET', '/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, data: null, error: NO_ACTIVE_SESSION, code: 'UNAUTHENTICATED' });
  });

  it('answers me = null without a token', async () => {
    const client = new ApiClient(server.url);
    const res = await client.gql(ME);
    expect(res.status).toBe(200);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ me: null });
  });

  it('accepts the bearer scheme in any letter case', async () => {
    const { client } = await member();
    const res = await client.rest('GET', '/api/auth/user', undefined, { token: null, headers: { authorization: `bearer ${client.accessToken}` } });
    expect(res.status).toBe(200);
  });
});

describe('forged and unusable access tokens', () => {
  it('refuses a garbage token with 401 UNAUTHENTICATED on REST and GraphQL', async () => {
    const client = new ApiClient(server.url);
    for (const token of ['garbage', 'a.b.c', 'eyJhbGciOiJIUzI1NiJ9.e30.']) {
      await expectRest401(client, token, SESSION_INVALID);
      await expectGql401(client, token);
    }
  });

  it('refuses a token signed with another key', async () => {
    const { client, user } = await member();
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const forged = await signToken({ sub: user.id, sid: row!.id }, new TextEncoder().encode('x'.repeat(64)));
    await expectRest401(client, forged, SESSION_INVALID);
    await expectGql401(client, forged);
  });

  it("refuses an unsigned ('alg: none') token", async () => {
    const { client, user } = await member();
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, sid: row!.id, iss: 'clubroom', iat: now, exp: now + 600 })}.`;
    await expectRest401(client, unsigned, SESSION_INVALID);
    await expectGql401(client, unsigned);
  });

  it('refuses a token whose payload was altered to name another user', async () => {
    const alice = await member();
    const bob = await member();
    const [header, , signature] = alice.client.accessToken!.split('.');
    const payload = JSON.parse(Buffer.from(alice.client.accessToken!.split('.')[1]!, 'base64url').toString());
    payload.sub = bob.user.id;
    const tampered = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
    await expectRest401(alice.client, tampered, SESSION_INVALID);
  });

  it('refuses an expired token', async () => {
    const { client, user } = await member();
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const expired = await signToken({ sub: user.id, sid: row!.id }, await jwtSecret(), { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    await expectRest401(client, expired);
    await expectGql401(client, expired);
  });

  it("refuses a correctly signed token for a session that does not exist or is someone else's", async () => {
    const alice = await member();
    const bob = await member();
    const key = await jwtSecret();
    const [bobSession] = await db().select().from(sessions).where(eq(sessions.userId, bob.user.id));
    await expectRest401(alice.client, await signToken({ sub: alice.user.id, sid: randomUUID() }, key), SESSION_INVALID);
    await expectRest401(alice.client, await signToken({ sub: alice.user.id, sid: bobSession!.id }, key), SESSION_INVALID);
  });

  it('refuses a correctly signed token whose ids are not UUIDs with 401, not a server error', async () => {
    const { client } = await member();
    const key = await jwtSecret();
    const token = await signToken({ sub: 'not-a-uuid', sid: 'not-a-uuid' }, key);
    await expectRest401(client, token, SESSION_INVALID);
    await expectGql401(client, token);
  });
});

describe('refresh (POST /api/auth/refresh and GraphQL refreshSession)', () => {
  it('rotates the refresh token from the cookie and answers a new session', async () => {
    const { client, email, refreshToken } = await member();
    const res = await client.rest('POST', '/api/auth/refresh');
    expect(res.status).toBe(200);
    const session = res.body.data.session;
    expect(session.user.email).toBe(email);
    expect(session.refresh_token).not.toBe(refreshToken);
    expect(session.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(client.cookie('clubroom_refresh')).toBe(session.refresh_token);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('clubroom_refresh='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/api\/auth/i);

    const me = await client.rest('GET', '/api/auth/user', undefined, { token: session.access_token });
    expect(me.status).toBe(200);
  });

  it('accepts the refresh token in the body too', async () => {
    const { email, refreshToken } = await member();
    const other = new ApiClient(server.url);
    const res = await other.rest('POST', '/api/auth/refresh', { refresh_token: refreshToken });
    expect(res.status).toBe(200);
    expect(res.body.data.session.user.email).toBe(email);
  });

  it('rotates again from the token just rotated away, within the grace, when the answer was lost on the way (a navigation, a dropped connection)', async () => {
    const { client, user, refreshToken } = await member();
    const lost = await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: refreshToken });
    expect(lost.status).toBe(200);
    // The browser never got that answer: it still holds the first token and presents it again.
    const retried = await client.rest('POST', '/api/auth/refresh');
    expect(retried.status).toBe(200);
    const session = retried.body.data.session;
    expect(session.refresh_token).not.toBe(lost.body.data.session.refresh_token);
    expect(client.cookie('clubroom_refresh')).toBe(session.refresh_token);
    expect((await client.rest('GET', '/api/auth/user', undefined, { token: session.access_token })).status).toBe(200);
    // The lost answer's token is nobody's any more; the session goes on with the new one.
    expect((await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: lost.body.data.session.refresh_token })).status).toBe(401);
    expect((await client.rest('POST', '/api/auth/refresh')).status).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.revokedAt).toBeNull();
  });

  it('does not stretch the grace: a rotation inside it keeps the first rotation time, so a replayed token ends the session once the grace is over', async () => {
    const { client, user, refreshToken } = await member();
    expect((await client.rest('POST', '/api/auth/refresh', { refresh_token: refreshToken })).status).toBe(200);
    const [first] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const inGrace = await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: refreshToken });
    expect(inGrace.status).toBe(200);
    const [second] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(second!.lastRefreshedAt.getTime()).toBe(first!.lastRefreshedAt.getTime());
    await pastTheGrace(user.id);
    expect((await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: refreshToken })).status).toBe(401);
    expect((await client.rest('GET', '/api/auth/user', undefined, { token: inGrace.body.data.session.access_token })).status).toBe(401);
  });

  it('refuses the old refresh token once it has been rotated and the grace is over', async () => {
    const { client, user, refreshToken } = await member();
    expect((await client.rest('POST', '/api/auth/refresh')).status).toBe(200);
    await pastTheGrace(user.id);
    const again = await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: refreshToken });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ success: false, data: null, code: 'UNAUTHENTICATED', error: SESSION_EXPIRED });
  });

  it('ends the whole session when a rotated refresh token is reused after the grace', async () => {
    const { client, user, refreshToken } = await member();
    const rotated = await client.rest('POST', '/api/auth/refresh');
    const newest = rotated.body.data.session;
    expect((await client.rest('GET', '/api/auth/user', undefined, { token: newest.access_token })).status).toBe(200);
    await pastTheGrace(user.id);

    // Someone replays the stolen, already-used refresh token.
    const thief = new ApiClient(server.url);
    expect((await thief.rest('POST', '/api/auth/refresh', { refresh_token: refreshToken })).status).toBe(401);

    await expectRest401(client, newest.access_token);
    await expectGql401(client, newest.access_token);
    const refresh = await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: newest.refresh_token });
    expect(refresh.status).toBe(401);
  });

  it('leaves the other sessions of the user alone when one session is ended by reuse', async () => {
    const { client, user, email, refreshToken } = await member();
    const device = await secondDevice(email);
    await client.rest('POST', '/api/auth/refresh');
    await pastTheGrace(user.id);
    expect((await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: refreshToken })).status).toBe(401);
    expect((await client.rest('GET', '/api/auth/user')).status).toBe(401);
    expect((await device.client.rest('GET', '/api/auth/user')).status).toBe(200);
  });

  it("answers 401 'No active session' without any refresh token and clears the cookie on failure", async () => {
    const client = new ApiClient(server.url);
    const none = await client.rest('POST', '/api/auth/refresh');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ code: 'UNAUTHENTICATED', error: NO_ACTIVE_SESSION });

    const bad = await client.rest('POST', '/api/auth/refresh', { refresh_token: 'f'.repeat(64) });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHENTICATED');
    const cleared = bad.headers.getSetCookie().find((c) => c.startsWith('clubroom_refresh='));
    expect(cleared).toMatch(/clubroom_refresh=;|Expires=Thu, 01 Jan 1970/i);
  });

  it('works through GraphQL refreshSession and rotates there too', async () => {
    const { client, user, email, refreshToken } = await member();
    const res = await client.gql(REFRESH, { token: refreshToken }, { token: null });
    expect(res.errors).toBeUndefined();
    expect(res.data.refreshSession.userErrors).toEqual([]);
    const session = res.data.refreshSession.session;
    expect(session.member.email).toBe(email);
    expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.now());
    expect(session.refreshToken).not.toBe(refreshToken);
    const me = await client.gql('{ me { email } }', undefined, { token: session.accessToken });
    expect(me.data.me.email).toBe(email);

    await pastTheGrace(user.id);
    const again = await client.gql(REFRESH, { token: refreshToken }, { token: null });
    expect(again.data).toBeNull();
    expect(again.errors?.[0]).toMatchObject({ message: SESSION_EXPIRED, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('refreshes while the request still carries the expired access token it is meant to replace', async () => {
    const { client, user } = await member();
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const expired = await signToken({ sub: user.id, sid: row!.id }, await jwtSecret(), { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const res = await client.rest('POST', '/api/auth/refresh', undefined, { token: expired });
    expect(res.status).toBe(200);
    expect(res.body.data.session.user.id).toBe(user.id);
  });

  it('refreshes through GraphQL while the request still carries the expired access token', async () => {
    const { client, user, refreshToken } = await member();
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const expired = await signToken({ sub: user.id, sid: row!.id }, await jwtSecret(), { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const res = await client.gql(REFRESH, { token: refreshToken }, { token: expired });
    expect(res.errors).toBeUndefined();
    expect(res.data.refreshSession.session.member.id).toBe(memberId(user.id));
  });

  it('refuses a refresh once the session has been idle past SESSION_IDLE_TIMEOUT', async () => {
    const { client, user } = await member();
    await db().update(sessions).set({ idleExpiresAt: new Date(Date.now() - 60_000) }).where(eq(sessions.userId, user.id));
    const res = await client.rest('POST', '/api/auth/refresh');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', error: SESSION_EXPIRED });
  });

  it('refuses a refresh once the session is past its maximum age', async () => {
    const { client, user } = await member();
    await db().update(sessions).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(sessions.userId, user.id));
    const res = await client.rest('POST', '/api/auth/refresh');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });

  it('pushes the idle deadline forward on every refresh', async () => {
    const { client, user } = await member();
    const soon = new Date(Date.now() + 60_000);
    await db().update(sessions).set({ idleExpiresAt: soon }).where(eq(sessions.userId, user.id));
    expect((await client.rest('POST', '/api/auth/refresh')).status).toBe(200);
    const [row] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.idleExpiresAt.getTime()).toBeGreaterThan(soon.getTime() + 20 * 60_000);
  });
});

describe('sign-out', () => {
  it('REST sign-out revokes the session: the same access token gets 401 at once and refresh fails', async () => {
    const { client, refreshToken } = await member();
    const token = client.accessToken!;
    const out = await client.rest('POST', '/api/auth/signout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, data: null, error: null });
    const cleared = out.headers.getSetCookie().find((c) => c.startsWith('clubroom_refresh='));
    expect(cleared).toMatch(/clubroom_refresh=;|Expires=Thu, 01 Jan 1970/i);

    await expectRest401(client, token);
    await expectGql401(client, token);
    const refresh = await new ApiClient(server.url).rest('POST', '/api/auth/refresh', { refresh_token: refreshToken });
    expect(refresh.status).toBe(401);
  });

  it('GraphQL signOut revokes the session too', async () => {
    const { client, refreshToken } = await member();
    const token = client.accessToken!;
    const res = await client.gql(SIGN_OUT);
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({ signOut: { signedOut: true, userErrors: [] } });
    await expectRest401(client, token);
    await expectGql401(client, token);
    const refresh = await client.gql(REFRESH, { token: refreshToken }, { token: null });
    expect(refresh.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('signing out one session leaves another session of the same user working', async () => {
    const { client, email } = await member();
    const device = await secondDevice(email);
    expect((await client.rest('POST', '/api/auth/signout')).status).toBe(200);
    expect((await device.client.rest('GET', '/api/auth/user')).status).toBe(200);
    const refreshed = await device.client.rest('POST', '/api/auth/refresh', { refresh_token: device.refreshToken });
    expect(refreshed.status).toBe(200);
  });

  it("REST sign-out without a token answers 401 'No active session'", async () => {
    const client = new ApiClient(server.url);
    const res = await client.rest('POST', '/api/auth/signout');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', error: NO_ACTIVE_SESSION });
  });

  it('GraphQL signOut without a token answers UNAUTHENTICATED', async () => {
    const client = new ApiClient(server.url);
    const res = await client.gql(SIGN_OUT);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('signs in again while the request still carries the revoked access token of the ended session', async () => {
    const { client, email } = await member();
    const stale = client.accessToken!;
    await client.rest('POST', '/api/auth/signout');
    const again = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD }, { token: stale });
    expect(again.status).toBe(200);
    expect(again.body.data.session.user.email).toBe(email);
  });

  it('a signed-out user can sign in again and gets a fresh working session', async () => {
    const { client, email } = await member();
    await client.rest('POST', '/api/auth/signout');
    client.accessToken = null;
    const again = await client.signIn(email, STRONG_PASSWORD);
    expect(again.status).toBe(200);
    expect((await client.rest('GET', '/api/auth/user')).status).toBe(200);
  });
});

describe('several users', () => {
  it("answers each user's own account for their own token", async () => {
    const alice = await member();
    const bob = await newMember(server.url, { email: uniqueEmail('bob') });
    const a = await alice.client.rest('GET', '/api/auth/user');
    const b = await bob.client.rest('GET', '/api/auth/user');
    expect(a.body.data.user.id).toBe(alice.user.id);
    expect(b.body.data.user.id).toBe(bob.user.id);
    expect(a.body.data.user.id).not.toBe(b.body.data.user.id);
  });
});
