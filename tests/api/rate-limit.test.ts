// Rate limits on sign-in, sign-up and password reset (per email and per client IP), kept in the
// database so that every instance shares them. Each test gets its own server and database with
// small limits, so the counters of one test never reach another.
import { eq, like } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/src/db/schema/index.js';
import { createClubroom, type Clubroom } from '../../server/src/http/app.js';
import { ApiClient, STRONG_PASSWORD, uniqueEmail, type RestAnswer } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

const RATE_LIMITED = 'Rate limit exceeded. Please try again later.';
const PER_EMAIL = 3;
const PER_IP = 5;
const LIMITS = { AUTH_RATE_LIMIT_PER_EMAIL: String(PER_EMAIL), AUTH_RATE_LIMIT_PER_IP: String(PER_IP) };

let server: TestServer;
beforeEach(async () => {
  server = await startServer({}, LIMITS);
});
afterEach(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

function expectRateLimited(res: RestAnswer) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, data: null, error: RATE_LIMITED, code: 'RATE_LIMITED' });
}

function signIn(client: ApiClient, email: string, password: string) {
  return client.rest('POST', '/api/auth/signin', { email, password });
}

function signUp(client: ApiClient, email: string) {
  return client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Rate Limited' });
}

function requestReset(client: ApiClient, email: string) {
  return client.rest('POST', '/api/auth/reset-password', { email });
}

/** Creates an account directly through the service, so that it costs no sign-up attempt. */
async function account(): Promise<string> {
  const email = uniqueEmail('limited');
  await server.clubroom.services.auth.signUp({ email, password: STRONG_PASSWORD, fullName: 'Rate Limited' }, { ip: '203.0.113.250' });
  return email;
}

describe('sign-in', () => {
  it(`refuses sign-in for one email after ${PER_EMAIL} attempts with 429 RATE_LIMITED, even with the right password`, async () => {
    const email = await account();
    const client = new ApiClient(server.url);
    for (let i = 0; i < PER_EMAIL; i++) {
      const res = await signIn(client, email, 'Wr0ng!Password');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
      expect(res.body.code).toBe('INVALID_CREDENTIALS');
    }
    expectRateLimited(await signIn(client, email, STRONG_PASSWORD));
    // The limit is on the address, whatever its letter case.
    expectRateLimited(await signIn(client, email.toUpperCase(), STRONG_PASSWORD));
  });

  it('keeps counting per email apart: another address from the same client still signs in', async () => {
    const locked = await account();
    const other = await account();
    const client = new ApiClient(server.url);
    for (let i = 0; i < PER_EMAIL; i++) await signIn(client, locked, 'Wr0ng!Password');
    expectRateLimited(await signIn(client, locked, STRONG_PASSWORD));
    // That was the 4th attempt from this IP; the 5th is still within the per-IP limit.
    const res = await signIn(client, other, STRONG_PASSWORD);
    expect(res.status).toBe(200);
  });

  it(`refuses sign-in from one client IP after ${PER_IP} attempts across different emails`, async () => {
    const client = new ApiClient(server.url);
    for (let i = 0; i < PER_IP; i++) {
      const res = await signIn(client, uniqueEmail('spray'), 'Wr0ng!Password');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const fresh = await account();
    expectRateLimited(await signIn(client, fresh, STRONG_PASSWORD));
  });

  it('counts invalid sign-in attempts too', async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('invalid');
    for (let i = 0; i < PER_EMAIL; i++) {
      expect((await signIn(client, email, '')).status).toBe(400);
    }
    expectRateLimited(await signIn(client, email, ''));
  });

  it('answers RATE_LIMITED through GraphQL signIn as well', async () => {
    const email = await account();
    const client = new ApiClient(server.url);
    for (let i = 0; i < PER_EMAIL; i++) await signIn(client, email, 'Wr0ng!Password');
    const res = await client.gql('mutation($i: SignInInput!) { signIn(input: $i) { accessToken } }', { i: { email, password: STRONG_PASSWORD } });
    expect(res.data).toBeNull();
    expect(res.errors?.[0]).toMatchObject({ message: RATE_LIMITED, extensions: { code: 'RATE_LIMITED' } });
  });
});

describe('sign-up', () => {
  it(`refuses sign-up for one email after ${PER_EMAIL} attempts`, async () => {
    const client = new ApiClient(server.url);
    const email = uniqueEmail('signup');
    expect((await signUp(client, email)).status).toBe(200);
    for (let i = 1; i < PER_EMAIL; i++) expect((await signUp(client, email)).status).toBe(409);
    expectRateLimited(await signUp(client, email));
  });

  it(`refuses sign-up from one client IP after ${PER_IP} attempts`, async () => {
    const client = new ApiClient(server.url);
    for (let i = 0; i < PER_IP; i++) expect((await signUp(client, uniqueEmail('ip'))).status).toBe(200);
    const email = uniqueEmail('ip-over');
    expectRateLimited(await signUp(client, email));
    // Nothing was created for the refused attempt.
    expect((await signIn(client, email, STRONG_PASSWORD)).status).toBe(401);
  });
});

describe('password reset', () => {
  it(`refuses reset requests for one email after ${PER_EMAIL} attempts`, async () => {
    const email = await account();
    const client = new ApiClient(server.url);
    for (let i = 0; i < PER_EMAIL; i++) expect((await requestReset(client, email)).status).toBe(200);
    expectRateLimited(await requestReset(client, email));
  });

  it(`refuses reset requests for unknown emails too, from one client IP after ${PER_IP} attempts`, async () => {
    const client = new ApiClient(server.url);
    for (let i = 0; i < PER_IP; i++) expect((await requestReset(client, uniqueEmail('unknown'))).status).toBe(200);
    expectRateLimited(await requestReset(client, uniqueEmail('unknown')));
  });
});

describe('limits are separate per action', () => {
  it('a client over the sign-in limit can still sign up and ask for a reset', async () => {
    const client = new ApiClient(server.url);
    for (let i = 0; i <= PER_IP; i++) await signIn(client, uniqueEmail('spray'), 'Wr0ng!Password');
    expectRateLimited(await signIn(client, uniqueEmail('spray'), 'Wr0ng!Password'));
    const email = uniqueEmail('after');
    expect((await signUp(client, email)).status).toBe(200);
    expect((await requestReset(client, email)).status).toBe(200);
  });
});

describe('shared counters', () => {
  it('keeps the counters in the rate_limits table', async () => {
    const email = await account();
    const client = new ApiClient(server.url);
    for (let i = 0; i < 2; i++) await signIn(client, email, 'Wr0ng!Password');
    const rows = await db()
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'signin:%'));
    const byEmail = rows.find((r) => r.key === `signin:email:${email.toLowerCase()}`);
    expect(byEmail?.count).toBe(2);
    const byIp = rows.filter((r) => r.key.startsWith('signin:ip:'));
    expect(byIp).toHaveLength(1);
    expect(byIp[0]!.count).toBe(2);
  });

  it('two instances on the same database share the counters', async () => {
    const email = await account();
    let second: Clubroom | undefined;
    try {
      second = await createClubroom(server.config, { database: server.db.database });
      second.app.log.level = 'silent';
      await second.app.listen({ port: 0, host: '127.0.0.1' });
      const address = second.app.server.address();
      const secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      expect(secondUrl).not.toBe(server.url);

      const first = new ApiClient(server.url);
      const other = new ApiClient(secondUrl);
      expect((await signIn(first, email, 'Wr0ng!Password')).status).toBe(401);
      expect((await signIn(other, email, 'Wr0ng!Password')).status).toBe(401);
      expect((await signIn(first, email, 'Wr0ng!Password')).status).toBe(401);
      // The 4th attempt lands on the second instance, which knows of the three before.
      expectRateLimited(await signIn(other, email, STRONG_PASSWORD));
      expectRateLimited(await signIn(first, email, STRONG_PASSWORD));

      const [row] = await db().select().from(rateLimits).where(eq(rateLimits.key, `signin:email:${email.toLowerCase()}`));
      expect(row!.count).toBe(5);
    } finally {
      await second?.close();
    }
  });
});
