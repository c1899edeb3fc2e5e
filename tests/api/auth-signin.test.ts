// Sign-in over REST (POST /api/auth/signin) and GraphQL (signIn): the session, the refresh cookie,
// the one message for every credentials failure, and the login validation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { count } from 'drizzle-orm';
import { sessions } from '../../server/src/db/schema/index.js';
import { INVALID_EMAIL } from '../helpers/spec-texts.js';

const INVALID_CREDENTIALS = 'Invalid email or password.';
const PASSWORD_REQUIRED = 'Password is required';

const SIGN_IN = `mutation SignIn($input: SignInInput!) {
  signIn(input: $input) { session { accessToken expiresAt refreshToken member { id email fullName role } } userErrors { field code message } }
}`;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function sessionCount(): Promise<number> {
  const [row] = await server.clubroom.database.db.select({ n: count() }).from(sessions);
  return Number(row?.n ?? 0);
}

/** A fresh account (signed up, not signed in). */
async function account(opts: { clubName?: string } = {}) {
  const email = uniqueEmail('signin');
  const client = new ApiClient(server.url);
  const res = await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Sid Signin', clubName: opts.clubName });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.body.error}`);
  return { email, client };
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('POST /api/auth/signin', () => {
  it('answers data.session with access_token, expires_at, refresh_token and user', async () => {
    const { email, client } = await account();
    const res = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.error).toBeNull();
    const session = res.body.data.session;
    expect(Object.keys(session).sort()).toEqual(['access_token', 'expires_at', 'refresh_token', 'user']);
    expect(session.access_token).toEqual(expect.any(String));
    expect(session.access_token.split('.')).toHaveLength(3);
    expect(session.refresh_token).toEqual(expect.any(String));
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(32);
    expect(session.user).toMatchObject({ email, full_name: 'Sid Signin', role: 'volunteer', club: null, is_council_admin: false });
    // The password hash never leaves the server.
    expect(JSON.stringify(res.body)).not.toMatch(/password|argon2/i);
  });

  it('gives expires_at in epoch seconds, in the future, about 15 minutes ahead', async () => {
    const { email, client } = await account();
    const before = nowSeconds();
    const res = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD });
    const after = nowSeconds();
    const expiresAt = res.body.data.session.expires_at;
    expect(Number.isInteger(expiresAt)).toBe(true);
    expect(expiresAt).toBeGreaterThan(after);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 900 - 5);
    expect(expiresAt).toBeLessThanOrEqual(after + 900 + 5);
  });

  it('sets the refresh token as an httpOnly, SameSite=Strict cookie on path /api/auth', async () => {
    const { email, client } = await account();
    const res = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('clubroom_refresh='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*Path=\/api\/auth(;|$)/i);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    expect(client.cookie('clubroom_refresh')).toBe(res.body.data.session.refresh_token);
  });

  it('signs in a club owner with role club_admin and the pending club', async () => {
    const { email, client } = await account({ clubName: 'Signin Swimmers' });
    const res = await client.signIn(email, STRONG_PASSWORD);
    expect(res.body.data.session.user).toMatchObject({ role: 'club_admin', club: { name: 'Signin Swimmers', application_status: 'pending' } });
  });

  it('accepts the email in any letter case and with surrounding spaces', async () => {
    const { email, client } = await account();
    for (const variant of [email.toUpperCase(), `  ${email}  `]) {
      const res = await client.rest('POST', '/api/auth/signin', { email: variant, password: STRONG_PASSWORD });
      expect(res.status, variant).toBe(200);
      expect(res.body.data.session.user.email).toBe(email);
    }
  });

  it('refuses a wrong password with 401 INVALID_CREDENTIALS', async () => {
    const { email, client } = await account();
    const res = await client.rest('POST', '/api/auth/signin', { email, password: `${STRONG_PASSWORD}x` });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, data: null, error: INVALID_CREDENTIALS, code: 'INVALID_CREDENTIALS' });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('clubroom_refresh='))).toBe(false);
  });

  it('refuses a password in another letter case', async () => {
    const { email, client } = await account();
    const res = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD.toLowerCase() });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers an unknown email exactly as a wrong password', async () => {
    const { email, client } = await account();
    const wrong = await client.rest('POST', '/api/auth/signin', { email, password: 'Wr0ng!Password' });
    const unknown = await client.rest('POST', '/api/auth/signin', { email: uniqueEmail('nobody'), password: 'Wr0ng!Password' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({ success: false, data: null, error: INVALID_CREDENTIALS, code: 'INVALID_CREDENTIALS' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it("requires a password: 'Password is required'", async () => {
    const { email, client } = await account();
    for (const body of [{ email, password: '' }, { email }]) {
      const res = await client.rest('POST', '/api/auth/signin', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, data: null, code: 'BAD_USER_INPUT', error: PASSWORD_REQUIRED });
      expect(res.body.fields).toEqual({ password: PASSWORD_REQUIRED });
    }
  });

  it('requires a valid email', async () => {
    const client = new ApiClient(server.url);
    for (const email of ['not-an-email', '', undefined]) {
      const res = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BAD_USER_INPUT', error: INVALID_EMAIL, fields: { email: INVALID_EMAIL } });
    }
  });

  it('gives each sign-in its own session and tokens', async () => {
    const { email, client } = await account();
    const a = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD });
    const b = await client.rest('POST', '/api/auth/signin', { email, password: STRONG_PASSWORD });
    expect(a.body.data.session.access_token).not.toBe(b.body.data.session.access_token);
    expect(a.body.data.session.refresh_token).not.toBe(b.body.data.session.refresh_token);
  });

  it('issues an access token that opens GET /api/auth/user', async () => {
    const { email, client } = await account();
    const res = await client.signIn(email, STRONG_PASSWORD);
    const me = await client.rest('GET', '/api/auth/user', undefined, { token: res.body.data.session.access_token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.id).toBe(res.body.data.session.user.id);
  });
});

describe('GraphQL signIn', () => {
  it('answers an AuthSession whose access token works', async () => {
    const { email, client } = await account({ clubName: 'Graph Golfers' });
    const before = nowSeconds();
    const res = await client.gql(SIGN_IN, { input: { email, password: STRONG_PASSWORD } });
    expect(res.errors).toBeUndefined();
    expect(res.data.signIn.userErrors).toEqual([]);
    const session = res.data.signIn.session;
    // The caller has just proved to be this member: its own fields are shown.
    expect(session.member).toMatchObject({ email, fullName: 'Sid Signin', role: 'CLUB_ADMIN' });
    // expiresAt is a DateTime: the access token's 15 minutes from now.
    expect(session.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const expires = Date.parse(session.expiresAt) / 1000;
    expect(expires).toBeGreaterThanOrEqual(before + 900 - 5);
    expect(expires).toBeLessThanOrEqual(nowSeconds() + 900 + 5);
    expect(session.refreshToken).toEqual(expect.any(String));

    const me = await client.gql('{ me { id email club { name applicationStatus } } }', undefined, { token: session.accessToken });
    expect(me.data.me).toEqual({ id: session.member.id, email, club: { name: 'Graph Golfers', applicationStatus: 'PENDING' } });
  });

  it('accepts the email in another letter case', async () => {
    const { email, client } = await account();
    const res = await client.gql(SIGN_IN, { input: { email: email.toUpperCase(), password: STRONG_PASSWORD } });
    expect(res.errors).toBeUndefined();
    expect(res.data.signIn.session.member.email).toBe(email);
  });

  it('refuses a wrong password and an unknown email with the same INVALID_CREDENTIALS user error, and opens no session', async () => {
    const { email, client } = await account();
    const sessionsBefore = await sessionCount();
    const wrong = await client.gql(SIGN_IN, { input: { email, password: 'Wr0ng!Password' } });
    const unknown = await client.gql(SIGN_IN, { input: { email: uniqueEmail('ghost'), password: 'Wr0ng!Password' } });
    for (const res of [wrong, unknown]) {
      expect(res.errors).toBeUndefined();
      expect(res.data.signIn).toEqual({ session: null, userErrors: [{ field: null, code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS }] });
    }
    expect(await sessionCount()).toBe(sessionsBefore);
  });

  it("answers the user error 'Password is required' on password for an empty password", async () => {
    const { email, client } = await account();
    const res = await client.gql(SIGN_IN, { input: { email, password: '' } });
    expect(res.errors).toBeUndefined();
    expect(res.data.signIn).toEqual({ session: null, userErrors: [{ field: 'password', code: 'BAD_USER_INPUT', message: PASSWORD_REQUIRED }] });
  });
});
