// The security token for REST writes (GET /api/auth/csrf, X-CSRF-Token + clubroom_csrf cookie) and
// Apollo's CSRF prevention on /graphql.
import { createHmac } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings, users } from '../../server/src/db/schema/index.js';
import { ApiClient, STRONG_PASSWORD, newMember, uniqueEmail } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

const CSRF_MISSING = 'Security token missing. Please refresh the page.';
const CSRF_INVALID = 'Invalid security token. Please refresh the page.';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

async function accountsWithEmail(email: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return Number(row!.n);
}

/** A visitor's security token and the cookie value that binds it. */
async function visitor(): Promise<{ token: string; cookie: string }> {
  const client = new ApiClient(server.url);
  const token = await client.fetchCsrf();
  return { token, cookie: client.cookie('clubroom_csrf')! };
}

function signUpBody(email: string) {
  return JSON.stringify({ email, password: STRONG_PASSWORD, metadata: { full_name: 'Csrf Tester' } });
}

async function post(path: string, body: string, headers: Record<string, string>) {
  const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: (await res.json()) as { success: boolean; data: unknown; error: string; code?: string } };
}

async function csrfSecret(): Promise<string> {
  const [row] = await db().select().from(appSettings).where(eq(appSettings.key, 'csrf_secret'));
  return row!.value;
}

describe('GET /api/auth/csrf', () => {
  it('answers a 64-hex token valid about one hour and sets the clubroom_csrf cookie', async () => {
    const before = Date.now();
    const res = await fetch(`${server.url}/api/auth/csrf`);
    const after = Date.now();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: { token: string; expires_at: string }; error: null };
    expect(body.success).toBe(true);
    expect(body.error).toBeNull();
    expect(body.data.token).toMatch(/^[0-9a-f]{64}$/);
    const expires = Date.parse(body.data.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + 3_600_000 - 5_000);
    expect(expires).toBeLessThanOrEqual(after + 3_600_000 + 5_000);

    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('clubroom_csrf='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Strict/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
    expect(cookie).toMatch(/;\s*Max-Age=3600/i);
  });

  it('answers a different token on every call', async () => {
    const a = await visitor();
    const b = await visitor();
    expect(a.token).not.toBe(b.token);
  });
});

describe('REST writes', () => {
  it('succeed with the token in X-CSRF-Token and its cookie', async () => {
    const { token, cookie } = await visitor();
    const email = uniqueEmail('csrf-ok');
    const res = await post('/api/auth/signup', signUpBody(email), { 'x-csrf-token': token, cookie: `clubroom_csrf=${cookie}` });
    expect(res.status).toBe(200);
    expect(await accountsWithEmail(email)).toBe(1);
  });

  it('without X-CSRF-Token answer 403 CSRF_MISSING and change nothing', async () => {
    const { cookie } = await visitor();
    const email = uniqueEmail('csrf-missing');
    for (const headers of [{ cookie: `clubroom_csrf=${cookie}` }, {}] as Array<Record<string, string>>) {
      const res = await post('/api/auth/signup', signUpBody(email), headers);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, data: null, error: CSRF_MISSING, code: 'CSRF_MISSING' });
    }
    expect(await accountsWithEmail(email)).toBe(0);
  });

  it('without X-CSRF-Token are refused on every write path, before anything else', async () => {
    const { client } = await newMember(server.url);
    for (const path of ['/api/auth/signin', '/api/auth/signout', '/api/auth/refresh', '/api/auth/reset-password', '/api/auth/reset-password/confirm']) {
      const res = await client.rest('POST', path, {}, { csrf: false });
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe('CSRF_MISSING');
    }
    // The sign-out above was refused: the session still works.
    expect((await client.rest('GET', '/api/auth/user')).status).toBe(200);
  });

  it('with a wrong token answer 403 CSRF_INVALID and change nothing', async () => {
    const { token, cookie } = await visitor();
    const email = uniqueEmail('csrf-wrong');
    const wrong = token.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    for (const header of [wrong, 'x', 'f'.repeat(64), `${token}0`]) {
      const res = await post('/api/auth/signup', signUpBody(email), { 'x-csrf-token': header, cookie: `clubroom_csrf=${cookie}` });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ success: false, data: null, error: CSRF_INVALID, code: 'CSRF_INVALID' });
    }
    expect(await accountsWithEmail(email)).toBe(0);
  });

  it('with a token but without its cookie answer 403 CSRF_INVALID', async () => {
    const { token } = await visitor();
    const email = uniqueEmail('csrf-nocookie');
    const res = await post('/api/auth/signup', signUpBody(email), { 'x-csrf-token': token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CSRF_INVALID', error: CSRF_INVALID });
    expect(await accountsWithEmail(email)).toBe(0);
  });

  it("refuse a token from another visitor's cookie", async () => {
    const mine = await visitor();
    const theirs = await visitor();
    const email = uniqueEmail('csrf-other');
    const res = await post('/api/auth/signup', signUpBody(email), { 'x-csrf-token': theirs.token, cookie: `clubroom_csrf=${mine.cookie}` });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CSRF_INVALID', error: CSRF_INVALID });
    expect(await accountsWithEmail(email)).toBe(0);
  });

  it('refuse a cookie whose token or expiry was altered', async () => {
    const { token, cookie } = await visitor();
    const [cookieToken, expires, mac] = cookie.split('.');
    const email = uniqueEmail('csrf-tamper');
    const later = String(Number(expires) + 86_400_000);
    const forgedToken = 'a'.repeat(64);
    for (const [header, value] of [
      [token, `${cookieToken}.${later}.${mac}`],
      [forgedToken, `${forgedToken}.${expires}.${mac}`],
      [token, `${cookieToken}.${expires}`],
      [token, `${cookieToken}.${expires}.${'0'.repeat(64)}`],
    ] as const) {
      const res = await post('/api/auth/signup', signUpBody(email), { 'x-csrf-token': header, cookie: `clubroom_csrf=${value}` });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CSRF_INVALID');
    }
    expect(await accountsWithEmail(email)).toBe(0);
  });

  it('refuse a token past its hour even though its cookie is correctly signed', async () => {
    const secret = await csrfSecret();
    const token = 'c'.repeat(64);
    const expired = Date.now() - 1000;
    const mac = createHmac('sha256', secret).update(`${token}.${expired}`).digest('hex');
    const email = uniqueEmail('csrf-expired');
    const res = await post('/api/auth/signup', signUpBody(email), { 'x-csrf-token': token, cookie: `clubroom_csrf=${token}.${expired}.${mac}` });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CSRF_INVALID', error: CSRF_INVALID });

    // The same construction with a live expiry is accepted: only the expiry made the difference.
    const live = Date.now() + 600_000;
    const liveMac = createHmac('sha256', secret).update(`${token}.${live}`).digest('hex');
    const ok = await post('/api/auth/signup', signUpBody(email), { 'x-csrf-token': token, cookie: `clubroom_csrf=${token}.${live}.${liveMac}` });
    expect(ok.status).toBe(200);
  });

  it('are not needed for REST reads', async () => {
    const res = await fetch(`${server.url}/api/auth/user`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: string }).code).toBe('UNAUTHENTICATED');
  });
});

describe('GraphQL and CSRF', () => {
  it('a POST with application/json needs no security token', async () => {
    const email = uniqueEmail('gql-csrf');
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: 'mutation($i: SignUpInput!) { signUp(input: $i) { member { email } } }',
        variables: { i: { email, password: STRONG_PASSWORD, fullName: 'Gql Csrf' } },
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { signUp: { member: { email: string } } } }).data.signUp.member.email).toBe(email);
    expect(await accountsWithEmail(email)).toBe(1);
  });

  it('a simple POST (content-type text/plain) is refused with 400 and changes nothing', async () => {
    const email = uniqueEmail('gql-simple');
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        query: 'mutation($i: SignUpInput!) { signUp(input: $i) { member { email } } }',
        variables: { i: { email, password: STRONG_PASSWORD, fullName: 'Gql Simple' } },
      }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST');
    expect(await accountsWithEmail(email)).toBe(0);
  });

  it('a form POST (application/x-www-form-urlencoded) is refused', async () => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=%7Bme%7Bid%7D%7D',
    });
    expect(res.status).toBe(400);
  });

  it('a GET without the preflight headers is refused with 400', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ me { id } }')}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('BAD_REQUEST');
  });

  it('a GET with apollo-require-preflight is answered', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ me { id } }')}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { me: null }, extensions: { cost: { requested: 3, actual: 3, limit: 5000 }, schemaVersion: expect.any(String) } });
  });

  it('a mutation over GET is refused even with the preflight header', async () => {
    const email = uniqueEmail('gql-get');
    const query = `mutation { signUp(input: { email: "${email}", password: "${STRONG_PASSWORD}", fullName: "Get Mutation" }) { member { id } } }`;
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await accountsWithEmail(email)).toBe(0);
  });
});
