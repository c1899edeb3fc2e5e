// Brute-force protection of sign-in (rate-limiter-flexible's login endpoint pattern: consecutive
// failures per email + IP, failures per IP per day) and the limits of sign-up and password reset,
// kept in the database so that every instance shares them. The server trusts X-Forwarded-For
// (TRUST_PROXY=true) so that each test speaks from addresses of its own.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimits, users } from '../../server/src/db/schema/index.js';
import { rateLimitKey } from '../../server/src/modules/auth/rate-limit.service.js';
import { ApiClient, STRONG_PASSWORD, uniqueEmail, type RestAnswer } from '../helpers/client.js';
import { startSecondInstance, startServer, type TestServer } from '../helpers/server.js';

const RATE_LIMITED = 'Rate limit exceeded. Please try again later.';
const WRONG = 'Wr0ng!Password';
const FAILS_PER_EMAIL_IP = 3;
const FAILS_PER_IP_PER_DAY = 5;
const PER_IP = 4;
const WINDOW_MINUTES = 15;

// Each sign-in costs an argon2 verification: on a busy machine a test of a dozen takes a while.
vi.setConfig({ testTimeout: 90_000 });

let server: TestServer;
beforeAll(async () => {
  server = await startServer(
    {},
    {
      TRUST_PROXY: 'true',
      AUTH_RATE_LIMIT_WINDOW_MINUTES: String(WINDOW_MINUTES),
      AUTH_RATE_LIMIT_FAILS_PER_EMAIL_IP: String(FAILS_PER_EMAIL_IP),
      AUTH_RATE_LIMIT_FAILS_PER_IP_PER_DAY: String(FAILS_PER_IP_PER_DAY),
      AUTH_RATE_LIMIT_PER_IP: String(PER_IP),
    },
  );
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;

let nextIp = 1;
/** An address no other test uses (TEST-NET-3). */
const freshIp = () => `203.0.113.${nextIp++}`;

function expectRateLimited(res: RestAnswer) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, data: null, error: RATE_LIMITED, code: 'RATE_LIMITED' });
}

function signIn(email: string, password: string, ip: string, url = server.url) {
  return new ApiClient(url).rest('POST', '/api/auth/signin', { email, password }, { headers: { 'x-forwarded-for': ip } });
}

function signUp(email: string, ip: string) {
  return new ApiClient(server.url).rest(
    'POST',
    '/api/auth/signup',
    { email, password: STRONG_PASSWORD, metadata: { full_name: 'Rate Limited' } },
    { headers: { 'x-forwarded-for': ip } },
  );
}

function requestReset(email: string, ip: string) {
  return new ApiClient(server.url).rest('POST', '/api/auth/reset-password', { email }, { headers: { 'x-forwarded-for': ip } });
}

/** Creates an account directly through the service, from an address that signs up nothing else,
 *  so that it costs no attempt of the addresses under test. */
async function account(): Promise<string> {
  const email = uniqueEmail('limited');
  await server.clubroom.services.auth.signUp({ email, password: STRONG_PASSWORD, fullName: 'Rate Limited' }, { ip: `2001:db8::${nextIp++}` });
  return email;
}

async function fail(email: string, ip: string, url?: string) {
  const res = await signIn(email, WRONG, ip, url);
  expect(res.status).toBe(401);
  expect(res.body.code).toBe('INVALID_CREDENTIALS');
}

/** The row of one limiter key (an array, to be checked for length). */
async function row(prefix: string, ...parts: string[]) {
  const found = await db().select().from(rateLimits).where(eq(rateLimits.key, `${prefix}:${rateLimitKey(...parts)}`));
  expect(found).toHaveLength(1);
  return found;
}

describe('sign-in', () => {
  it('never refuses successful sign-ins, however many', async () => {
    const email = await account();
    const ip = freshIp();
    for (let i = 0; i < Math.max(FAILS_PER_EMAIL_IP, FAILS_PER_IP_PER_DAY) + 2; i++) {
      expect((await signIn(email, STRONG_PASSWORD, ip)).status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it(`after ${FAILS_PER_EMAIL_IP} failures refuses that email from that IP only, even with the right password`, async () => {
    const email = await account();
    const other = await account();
    const attacker = freshIp();
    for (let i = 0; i < FAILS_PER_EMAIL_IP; i++) await fail(email, attacker);
    expectRateLimited(await signIn(email, STRONG_PASSWORD, attacker));
    // The pair is the normalised address, whatever its letter case or surrounding spaces.
    expectRateLimited(await signIn(` ${email.toUpperCase()} `, STRONG_PASSWORD, attacker));
    // GraphQL answers the same refusal (this client speaks from the same address).
    const gql = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': attacker },
      body: JSON.stringify({ query: 'mutation($i: SignInInput!) { signIn(input: $i) { session { accessToken } } }', variables: { i: { email, password: STRONG_PASSWORD } } }),
    }).then((r) => r.json() as Promise<{ errors?: unknown[] }>);
    expect(gql.errors?.[0]).toMatchObject({ message: RATE_LIMITED, extensions: { code: 'RATE_LIMITED' } });
    // The owner, anywhere else, still signs in: the attacker cannot lock the address out.
    expect((await signIn(email, STRONG_PASSWORD, freshIp())).status).toBe(200);
    // And the attacker's address is not blocked for other accounts.
    expect((await signIn(other, STRONG_PASSWORD, attacker)).status).toBe(200);
  });

  it('blocks the pair for the window, and lets it in again once the block has expired', async () => {
    const email = await account();
    const ip = freshIp();
    for (let i = 0; i < FAILS_PER_EMAIL_IP; i++) await fail(email, ip);
    const before = Date.now();
    const pair = await row('signin_fail_email_ip', email, ip);
    expect(pair[0]!.points).toBeGreaterThan(FAILS_PER_EMAIL_IP);
    const msLeft = pair[0]!.expire!.getTime() - before;
    expect(msLeft).toBeGreaterThan((WINDOW_MINUTES - 1) * 60_000);
    expect(msLeft).toBeLessThanOrEqual(WINDOW_MINUTES * 60_000);
    expectRateLimited(await signIn(email, STRONG_PASSWORD, ip));

    await db().update(rateLimits).set({ expire: new Date(Date.now() - 1000) }).where(sql`${rateLimits.key} = ${pair[0]!.key}`);
    expect((await signIn(email, STRONG_PASSWORD, ip)).status).toBe(200);
  });

  it('a successful sign-in resets the consecutive failures of that email and IP', async () => {
    const email = await account();
    const ip = freshIp();
    // Without the reset, the second round's failures would reach the limit (and `fail` would
    // meet a 429); the IP's daily count (4 failures) stays under its own limit (5).
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < FAILS_PER_EMAIL_IP - 1; i++) await fail(email, ip);
      expect((await signIn(email, STRONG_PASSWORD, ip)).status, `round ${round + 1}`).toBe(200);
    }
  });

  it(`after ${FAILS_PER_IP_PER_DAY} failures in a day refuses every sign-in from that IP for a day`, async () => {
    const ip = freshIp();
    const known = await account();
    await fail(known, ip);
    for (let i = 1; i < FAILS_PER_IP_PER_DAY; i++) await fail(uniqueEmail('spray'), ip);
    const fresh = await account();
    expectRateLimited(await signIn(fresh, STRONG_PASSWORD, ip));
    expect((await signIn(fresh, STRONG_PASSWORD, freshIp())).status).toBe(200);

    const blocked = await row('signin_fail_ip_day', ip);
    expect(blocked[0]!.points).toBeGreaterThan(FAILS_PER_IP_PER_DAY);
    expect(blocked[0]!.expire!.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
  });

  it('counts unknown emails like known ones, so the answers do not tell them apart', async () => {
    const unknown = uniqueEmail('nobody');
    const ip = freshIp();
    for (let i = 0; i < FAILS_PER_EMAIL_IP; i++) await fail(unknown, ip);
    expectRateLimited(await signIn(unknown, WRONG, ip));
  });

  it('does not count refused input (validation errors)', async () => {
    const email = await account();
    const ip = freshIp();
    for (let i = 0; i < FAILS_PER_IP_PER_DAY + 1; i++) expect((await signIn(email, '', ip)).status).toBe(400);
    expect((await signIn(email, STRONG_PASSWORD, ip)).status).toBe(200);
  });

  it('keeps raw input out of the limiter keys: a NUL or an overlong email is refused as input, never reaches the database', async () => {
    const ip = freshIp();
    for (const email of ['a\u0000b@example.com', `${'x'.repeat(10_000)}@example.com`]) {
      for (const res of [await signIn(email, WRONG, ip), await signUp(email, ip), await requestReset(email, ip)]) {
        expect(res.status).toBe(400);
      }
    }
    // Keys are a prefix and a hash.
    for (const row of await db().select().from(rateLimits)) expect(row.key).toMatch(/^[a-z_]+:[0-9a-f]{64}$/);
  });

  it('two instances on one database share the counters', async () => {
    const email = await account();
    const ip = freshIp();
    const second = await startSecondInstance(server);
    try {
      await fail(email, ip, server.url);
      await fail(email, ip, second.url);
      await fail(email, ip, server.url);
      // Refused on the second instance, which saw only one of the three failures itself.
      expectRateLimited(await signIn(email, STRONG_PASSWORD, ip, second.url));
      expectRateLimited(await signIn(email, STRONG_PASSWORD, ip, server.url));
    } finally {
      await second.close();
    }
  });
});

describe('change password', () => {
  const CHANGE = 'mutation Change($input: ChangePasswordInput!) { changePassword(input: $input) { passwordChanged userErrors { code } } }';

  it(`counts a wrong current password as a failed sign-in: after ${FAILS_PER_EMAIL_IP} the right one is refused too, and sign-in from that IP with it`, async () => {
    const email = await account();
    const ip = freshIp();
    const signedIn = await signIn(email, STRONG_PASSWORD, ip);
    const client = new ApiClient(server.url);
    client.accessToken = signedIn.body.data.session.access_token;
    const change = async (currentPassword: string) => {
      const res = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${client.accessToken}`, 'x-forwarded-for': ip },
        body: JSON.stringify({ query: CHANGE, variables: { input: { currentPassword, newPassword: 'N3w!Passw0rd-x' } } }),
      });
      return (await res.json()) as { data: { changePassword: { userErrors: Array<{ code: string }> } | null } | null; errors?: Array<{ message: string; extensions: { code: string } }> };
    };
    // A wrong current password is a user error; past the limits the refusal is an error.
    for (let i = 0; i < FAILS_PER_EMAIL_IP; i++) expect((await change(WRONG)).data?.changePassword?.userErrors).toEqual([{ code: 'BAD_USER_INPUT' }]);
    expect((await change(STRONG_PASSWORD)).errors?.[0]).toMatchObject({ message: RATE_LIMITED, extensions: { code: 'RATE_LIMITED' } });
    expectRateLimited(await signIn(email, STRONG_PASSWORD, ip));
    // The password did not change, and from elsewhere the account still signs in with it.
    expect((await signIn(email, STRONG_PASSWORD, freshIp())).status).toBe(200);
  });
});

describe('sign-up', () => {
  it(`refuses sign-up from one IP after ${PER_IP} attempts in the window, and creates nothing`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) expect((await signUp(uniqueEmail('ip'), ip)).status).toBe(200);
    const refused = uniqueEmail('ip-over');
    expectRateLimited(await signUp(refused, ip));
    const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(users).where(sql`lower(${users.email}) = ${refused}`);
    expect(row!.n).toBe(0);
    // Another address is not affected.
    expect((await signUp(refused, freshIp())).status).toBe(200);
  });
});

describe('password reset', () => {
  it(`refuses reset requests for one email from one IP after ${FAILS_PER_EMAIL_IP}, not from elsewhere`, async () => {
    const email = await account();
    const ip = freshIp();
    for (let i = 0; i < FAILS_PER_EMAIL_IP; i++) expect((await requestReset(email, ip)).status).toBe(200);
    expectRateLimited(await requestReset(email, ip));
    expect((await requestReset(email, freshIp())).status).toBe(200);
  });

  it(`refuses reset requests from one IP after ${PER_IP}, for unknown emails too`, async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) expect((await requestReset(uniqueEmail('unknown'), ip)).status).toBe(200);
    expectRateLimited(await requestReset(uniqueEmail('unknown'), ip));
    expect((await requestReset(uniqueEmail('unknown'), freshIp())).status).toBe(200);
  });

  it('keeps the actions apart: an IP blocked from signing in can still sign up and ask for a reset', async () => {
    const ip = freshIp();
    for (let i = 0; i < FAILS_PER_IP_PER_DAY; i++) await fail(uniqueEmail('spray'), ip);
    expectRateLimited(await signIn(uniqueEmail('spray'), WRONG, ip));
    const email = uniqueEmail('after');
    expect((await signUp(email, ip)).status).toBe(200);
    expect((await requestReset(email, ip)).status).toBe(200);
  });
});

describe('purgeExpired', () => {
  it('removes ended counters and blocks, and keeps the live ones', async () => {
    const email = await account();
    const liveIp = freshIp();
    await fail(email, liveIp);
    const endedIp = freshIp();
    for (let i = 0; i < FAILS_PER_EMAIL_IP; i++) await fail(email, endedIp);
    const before = await db().select().from(rateLimits);
    expect(before.length).toBeGreaterThan(4);
    // Every row that exists now has ended an instant ago, except two live ones: one ends an
    // instant from now.
    const live = before.filter((r) => r.expire && r.expire.getTime() > Date.now());
    expect(live.length).toBeGreaterThan(2);
    const [keepSoon, keepLater, ...rest] = live;
    for (const r of rest) await db().update(rateLimits).set({ expire: new Date(Date.now() - 1000) }).where(sql`${rateLimits.key} = ${r.key}`);
    await db().update(rateLimits).set({ expire: new Date(Date.now() + 60_000) }).where(sql`${rateLimits.key} = ${keepSoon!.key}`);

    await server.clubroom.services.rateLimits.purgeExpired();

    const after = (await db().select().from(rateLimits)).map((r) => r.key).sort();
    expect(after).toEqual([keepSoon!.key, keepLater!.key].sort());
  });
});
