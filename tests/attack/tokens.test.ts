// Forged, stale and tampered access tokens, and personal API tokens that are revoked, expired,
// forged or whose owner is suspended. Each is made for the platform administrator's live session
// or with every scope (so a token that slipped through would carry the most power), and each must be refused
// before any operation runs: HTTP 401 UNAUTHENTICATED on GraphQL (public queries included, as
// docs/API.md promises), 401 on REST routes that need a caller (and never the token's user on the
// public ones), nothing changed, and on graphql-ws the connection closed with 4403 before any
// acknowledgement or data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, decodeJwt } from 'jose';
import { rawConnectionInit } from '../helpers/ws.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { ALL_SCOPES, createToken, revokeToken } from '../helpers/api-tokens.js';
import { type TestServer } from '../helpers/server.js';
import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import {
  JWT_SECRET,
  changedTables,
  codesOf,
  fingerprint,
  gqlRaw,
  healthy,
  principals,
  rawFetch,
  serverFailure,
  startAttackServer,
  watchUnhandledRejections,
  type Principals,
} from './support.js';

let server: TestServer;
let p: Principals;
let adminClaims: { sub: string; sid: string };
const rejections = watchUnhandledRejections();

const KEY = new TextEncoder().encode(JWT_SECRET);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function jwt(claims: Record<string, unknown>, opts: { alg?: string; key?: Uint8Array | CryptoKey; iat?: number; exp?: number; nbf?: number; iss?: string; sub?: string } = {}) {
  const { sub, ...rest } = claims as { sub?: string };
  let builder = new SignJWT(rest).setProtectedHeader({ alg: opts.alg ?? 'HS256' }).setIssuer(opts.iss ?? 'clubroom').setIssuedAt(opts.iat ?? now()).setExpirationTime(opts.exp ?? now() + 600);
  if (opts.nbf !== undefined) builder = builder.setNotBefore(opts.nbf);
  if (sub ?? opts.sub) builder = builder.setSubject((sub ?? opts.sub)!);
  return builder.sign(opts.key ?? KEY);
}

/** A new live session of the platform administrator: its real token and its claims. Each case
 *  forges against its own session, so a token that slipped through (and, say, signed that session
 *  out) cannot make a later case pass or fail. */
async function adminSession(): Promise<{ token: string; sub: string; sid: string }> {
  // The session row is written directly (a sign-in would cost an argon2 verification each time);
  // the token is signed exactly as the server signs (the first test shows the server accepts it).
  const sid = randomUUID();
  await server.clubroom.database.db.execute(
    sql`insert into sessions (id, user_id, refresh_token_hash, idle_expires_at, expires_at) values (${sid}, ${adminClaims.sub}, ${randomUUID()}, now() + interval '1 hour', now() + interval '1 day')`,
  );
  return { token: await jwt({ sid, expires_at: now() + 600 }, { sub: adminClaims.sub }), sub: adminClaims.sub, sid };
}

const CASES: Record<string, () => Promise<string>> = {
  'alg none': async () => {
    const { sub, sid } = await adminSession();
    return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, sid, iss: 'clubroom', iat: now(), exp: now() + 600 })}.`;
  },
  'alg none, upper case': async () => {
    const { sub, sid } = await adminSession();
    return `${b64({ alg: 'NONE' })}.${b64({ sub, sid, iss: 'clubroom', iat: now(), exp: now() + 600 })}.`;
  },
  'HS512 with the right key': async () => jwt(await claims(), { alg: 'HS512' }),
  'HS384 with the right key': async () => jwt(await claims(), { alg: 'HS384' }),
  'RS256 with a key of its own': async () => jwt(await claims(), { alg: 'RS256', key: (await generateKeyPair('RS256')).privateKey }),
  'HS256 with a wrong key': async () => jwt(await claims(), { key: new TextEncoder().encode('not-the-server-key-0123456789abcdef!') }),
  expired: async () => jwt(await claims(), { iat: now() - 7200, exp: now() - 3600 }),
  'not valid yet (nbf in the future)': async () => jwt(await claims(), { nbf: now() + 3600, exp: now() + 7200 }),
  'issued in the future (iat)': async () => jwt(await claims(), { iat: now() + 3600, exp: now() + 7200 }),
  'wrong issuer': async () => jwt(await claims(), { iss: 'someone-else' }),
  'no session id': async () => jwt({ sub: (await claims()).sub }),
  'a session that does not exist': async () => jwt({ sub: (await claims()).sub, sid: '00000000-0000-4000-8000-000000000000' }),
  'a session of another user': async () => jwt({ sub: (await claims()).sub, sid: String(decodeJwt(p.member.token()!).sid) }),
  'tampered payload (sub changed, signature kept)': async () => {
    const { sub, sid } = await adminSession();
    const [header, , signature] = p.member.token()!.split('.');
    return `${header}.${b64({ ...decodeJwt(p.member.token()!), sub, sid })}.${signature}`;
  },
  'tampered payload (exp extended, signature kept)': async () => {
    const { token } = await adminSession();
    const [header, , signature] = token.split('.');
    return `${header}.${b64({ ...decodeJwt(token), exp: now() + 10 ** 8 })}.${signature}`;
  },
  'signature removed': async () => {
    const { token } = await adminSession();
    const [header, payload] = token.split('.');
    return `${header}.${payload}.`;
  },
  'a signed-out session': async () => {
    const { token } = await adminSession();
    const out = await new ApiClient(server.url).rest('POST', '/api/auth/signout', {}, { token });
    if (!out.body.success) throw new Error(`sign-out failed: ${JSON.stringify(out.body)}`);
    return token;
  },
  // Personal API tokens (clubroom_pat_…), each with every scope, so one that slipped through
  // would have all its owner's rights.
  'API token: revoked': async () => {
    const { secret, token } = await createToken(p.platformAdmin.client, ALL_SCOPES, { name: 'Attack: revoked' });
    await revokeToken(p.platformAdmin.client, token.id);
    return secret;
  },
  'API token: expired': async () => {
    const { secret, token } = await createToken(p.platformAdmin.client, ALL_SCOPES, { name: 'Attack: expired', expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    await server.clubroom.database.db.execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${tokenUuid(token.id)}`);
    return secret;
  },
  'API token: wrong secret (a forged one in the right format)': async () => `clubroom_pat_${randomBytes(32).toString('base64url')}`,
  'API token: a real one with its last character changed': async () => {
    const { secret } = await createToken(p.platformAdmin.client, ALL_SCOPES, { name: 'Attack: altered' });
    return `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
  },
  'API token: its owner suspended': async () => {
    const owner = await newMember(server.url, { fullName: 'Suspended Owner' });
    const { secret } = await createToken(owner.client, ALL_SCOPES, { name: 'Attack: suspended owner' });
    await server.clubroom.database.db.execute(sql`update users set status = 'suspended' where id = ${owner.user.id}`);
    return secret;
  },
  'API token: its owner banned': async () => {
    const owner = await newMember(server.url, { fullName: 'Banned Owner' });
    const { secret } = await createToken(owner.client, ALL_SCOPES, { name: 'Attack: banned owner' });
    await server.clubroom.database.db.execute(sql`update users set status = 'banned' where id = ${owner.user.id}`);
    return secret;
  },
  'API token: the marker alone': async () => 'clubroom_pat_',
  garbage: async () => 'not.a.token',
  'long (8k characters)': async () => 'a'.repeat(8_000),
};
const cases = Object.keys(CASES);

/** What a refused credential is told (issue 25, item 13): an expired one that it expired, a
 *  suspended or banned owner's token that the account is, a revoked one that it was revoked or its
 *  session ended, anything forged or malformed that it is not valid. */
function expectedReason(name: string): RegExp {
  if (name === 'expired' || name === 'API token: expired') return /expired/;
  if (name === 'API token: its owner suspended') return /suspended/;
  if (name === 'API token: its owner banned') return /banned/;
  if (name === 'API token: revoked') return /revoked/;
  if (name === 'a signed-out session') return /expired|ended/;
  return /not valid/;
}

/** Public REST reads: anyone may call them, but not with a refused credential. */
const PUBLIC_READS = ['/api/sports-council/meetings', '/api/sports-council/stats', '/api/sports-council/check-admin', '/api/admin/check-role', '/api/sports-council/meetings.ics'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** RFC 6750 §3: `Bearer realm="clubroom", error="invalid_token", error_description="…"`. */
function bearerChallenge(header: string | null): { error?: string; description?: string } | null {
  if (!header || !/^Bearer\b/.test(header)) return null;
  const params = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
  return { error: params.error, description: params.error_description };
}

/** The database id of a global ApiToken id. */
const tokenUuid = (globalId: string) => Buffer.from(globalId, 'base64url').toString('utf8').split(':')[1];

async function claims(): Promise<{ sub: string; sid: string }> {
  const { sub, sid } = await adminSession();
  return { sub, sid };
}

beforeAll(async () => {
  server = await startAttackServer();
  p = await principals(server);
  const decoded = decodeJwt(p.platformAdmin.token()!);
  adminClaims = { sub: String(decoded.sub), sid: String(decoded.sid) };
}, 120_000);

afterAll(async () => {
  rejections.stop();
  await server?.close();
});

describe('the crafting itself', () => {
  it('makes a token the server accepts when signed right (so the refusals below mean something)', async () => {
    const good = await adminSession();
    const answer = await gqlRaw(server.url, { query: '{ me { id isCouncilAdmin } }' }, good.token);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({ me: { id: toGlobalId('Member', adminClaims.sub), isCouncilAdmin: true } });
  });
});

describe('the crafting of API tokens', () => {
  it('makes an API token the server accepts while it is valid (so the refusals below mean something)', async () => {
    const { secret } = await createToken(p.platformAdmin.client, ALL_SCOPES, { name: 'Attack: valid' });
    const answer = await gqlRaw(server.url, { query: '{ me { isCouncilAdmin } }' }, secret);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({ me: { isCouncilAdmin: true } });
  });
});

describe('forged and stale access tokens over HTTP', () => {

  it.each(cases)('%s: GraphQL answers 401 UNAUTHENTICATED before any operation, public ones included, and changes nothing', async (name) => {
    const token = await CASES[name]!();
    const documents = [
      { query: '{ sportCategories }' },
      { query: '{ councilMeetings(first: 1) { totalCount } }' },
      { query: '{ me { id email isCouncilAdmin } }' },
      { query: '{ councilAdmins(first: 5) { nodes { email } } }' },
      { query: 'mutation($e: String!) { grantCouncilAdmin(input: { email: $e }) { councilAdmin { email } } }', variables: { e: p.bystander.email } },
      { query: 'mutation($i: CreateCouncilMeetingInput!) { createCouncilMeeting(input: $i) { meeting { id } } }', variables: { i: { title: 'Forged', meetingDate: '2026-01-01' } } },
      // A credential operation mixed with one that would act as the bearer is refused whole.
      {
        query: 'mutation($i: SignInInput!) { signIn(input: $i) { session { accessToken } } markAllNotificationsRead { count } }',
        variables: { i: { email: p.bystander.email, password: p.bystander.password } },
      },
    ];
    const failures: string[] = [];
    for (const document of documents) {
      const before = await fingerprint(server.clubroom);
      const answer = await gqlRaw(server.url, document, token);
      const changed = changedTables(before, await fingerprint(server.clubroom));
      const label = document.query.slice(0, 50);
      const failure = serverFailure(answer);
      if (failure) failures.push(`${label}: ${failure}`);
      if (answer.status !== 401) failures.push(`${label}: HTTP ${answer.status}, not 401: ${answer.text.slice(0, 160)}`);
      if (!codesOf(answer).includes('UNAUTHENTICATED')) failures.push(`${label}: codes ${codesOf(answer).join(',') || 'none'}, not UNAUTHENTICATED`);
      const data = answer.json?.data;
      if (data && Object.values(data).some((v) => v !== null)) failures.push(`${label}: answered data ${JSON.stringify(data).slice(0, 120)}`);
      if (changed.length) failures.push(`${label}: changed ${changed.join(', ')}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it.each(cases)('%s: signIn alone ignores the bearer: it answers the signer\'s own session, never the token\'s user', async (name) => {
    const token = await CASES[name]!();
    const answer = await gqlRaw(
      server.url,
      { query: 'mutation($i: SignInInput!) { signIn(input: $i) { session { member { id } } } }', variables: { i: { email: p.bystander.email, password: p.bystander.password } } },
      token,
    );
    expect(serverFailure(answer)).toBeFalsy();
    expect(answer.status).toBe(200);
    expect(answer.json.data?.signIn?.session?.member?.id).not.toBe(toGlobalId('Member', adminClaims.sub));
    expect(answer.json.data?.signIn?.session?.member?.id).toBeTruthy();
  });

  it.each(cases)('%s: REST answers 401 where a caller is needed, never acts as the token\'s user, and changes nothing', async (name) => {
    const token = await CASES[name]!();
    const failures: string[] = [];
    // Routes that need a caller: 401 UNAUTHENTICATED.
    for (const [method, path, body] of [
      ['GET', '/api/auth/user', undefined],
      ['POST', '/api/auth/signout', {}],
      ['POST', '/api/sports-council/meetings', { title: 'Forged', meeting_date: '2026-01-01' }],
    ] as const) {
      const before = await fingerprint(server.clubroom);
      const answer = await p.anonymous.client.rest(method, path, body, { token });
      const changed = changedTables(before, await fingerprint(server.clubroom));
      if (answer.status >= 500) failures.push(`${method} ${path}: HTTP ${answer.status}`);
      if (answer.status !== 401 || answer.body?.code !== 'UNAUTHENTICATED') failures.push(`${method} ${path}: HTTP ${answer.status} ${answer.body?.code}, not 401 UNAUTHENTICATED`);
      if (changed.length) failures.push(`${method} ${path}: changed ${changed.join(', ')}`);
    }
    // Public reads: a refused credential is refused there too (401, as on GraphQL), never
    // answered as an anonymous visitor (issue 25, item 11).
    for (const path of PUBLIC_READS) {
      const answer = await rawFetch(`${server.url}${path}`, { method: 'GET', headers: { authorization: `Bearer ${token}` } });
      if (answer.status >= 500) failures.push(`${path}: HTTP ${answer.status}`);
      if (answer.status !== 401 || answer.json?.code !== 'UNAUTHENTICATED' || answer.json?.success !== false) failures.push(`GET ${path}: HTTP ${answer.status} ${answer.json?.code}, not 401 UNAUTHENTICATED in the envelope`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it.each(cases)('%s: graphql-ws closes the connection with 4403, with no acknowledgement and no data', async (name) => {
    const outcome = await rawConnectionInit(server.url, { authorization: `Bearer ${await CASES[name]!()}` }, { query: 'subscription { unreadNotificationCount }' });
    expect(outcome.messages).toEqual([]);
    expect(outcome.code).toBe(4403);
  });

  it('a token too large for an HTTP header (100k characters) is refused by the HTTP server itself (431), not served', async () => {
    const answer = await gqlRaw(server.url, { query: '{ sportCategories }' }, 'a'.repeat(100_000));
    expect(answer.status).toBe(431);
    // Nothing served: the refusal alone, in the REST envelope (the path is not read before the
    // headers are), with a request id.
    expect(answer.json?.data ?? null).toBeNull();
    expect(answer.json?.code).toBe('REQUEST_HEADERS_TOO_LARGE');
    expect(answer.headers?.get('x-request-id')).toMatch(UUID);
  });

  it('leaves the real sessions working, the server healthy, and saw no unhandled rejection', async () => {
    const answer = await gqlRaw(server.url, { query: '{ me { id } }' }, p.platformAdmin.token());
    expect(answer.json.data.me.id).toBe(toGlobalId('Member', adminClaims.sub));
    expect(await healthy(server.url)).toBe(true);
    expect(rejections.seen.map(String)).toEqual([]);
  });
});

describe('a refused credential: one status, one challenge, one message (issue 25, items 11 and 13)', () => {
  it.each(cases)('%s: REST and GraphQL answer 401 with WWW-Authenticate Bearer error="invalid_token", the same description as the message, and the request id', async (name) => {
    const token = await CASES[name]!();
    const failures: string[] = [];
    const answers = [
      ['GraphQL', await gqlRaw(server.url, { query: '{ sportCategories }' }, token)],
      ['REST public read', await rawFetch(`${server.url}/api/sports-council/stats`, { method: 'GET', headers: { authorization: `Bearer ${token}` } })],
      ['REST signed-in read', await rawFetch(`${server.url}/api/auth/user`, { method: 'GET', headers: { authorization: `Bearer ${token}` } })],
    ] as const;
    for (const [label, answer] of answers) {
      const message: unknown = answer.json?.errors?.[0]?.message ?? answer.json?.error;
      if (answer.status !== 401) failures.push(`${label}: HTTP ${answer.status}, not 401: ${answer.text.slice(0, 120)}`);
      const challenge = bearerChallenge(answer.headers?.get('www-authenticate') ?? null);
      if (!challenge) failures.push(`${label}: no Bearer challenge (WWW-Authenticate: ${answer.headers?.get('www-authenticate')})`);
      else {
        if (challenge.error !== 'invalid_token') failures.push(`${label}: error="${challenge.error}", not invalid_token`);
        if (challenge.description !== message) failures.push(`${label}: error_description "${challenge.description}" is not the message "${String(message)}"`);
      }
      if (typeof message !== 'string' || !expectedReason(name).test(message)) failures.push(`${label}: message "${String(message)}" does not say ${expectedReason(name)}`);
      if (!UUID.test(answer.headers?.get('x-request-id') ?? '')) failures.push(`${label}: X-Request-Id ${answer.headers?.get('x-request-id')}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it.each(['expired', 'HS256 with a wrong key', 'a signed-out session', 'API token: revoked', 'garbage'])('%s: the REST credential routes ignore the bearer, as GraphQL\'s credential operations do (a stale token never blocks signing in)', async (name) => {
    const token = await CASES[name]!();
    const client = new ApiClient(server.url);
    await client.fetchCsrf();
    const answer = await client.rest('POST', '/api/auth/signin', { email: p.bystander.email, password: p.bystander.password }, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.session.user.id).toBe(p.bystander.userId);
  });

  it('a request with no credential where one is needed is 401 with a Bearer challenge and no error code (RFC 6750 §3.1)', async () => {
    const rest = await rawFetch(`${server.url}/api/auth/user`, { method: 'GET' });
    expect(rest.status).toBe(401);
    expect(rest.headers?.get('www-authenticate')).toBe('Bearer realm="clubroom"');
  });

  it('a valid API token on REST is still 403 (the REST adapter takes no tokens), with the request id', async () => {
    const { secret } = await createToken(p.platformAdmin.client, ALL_SCOPES, { name: 'Attack: REST' });
    const answer = await rawFetch(`${server.url}/api/sports-council/stats`, { method: 'GET', headers: { authorization: `Bearer ${secret}` } });
    expect(answer.status).toBe(403);
    expect(answer.json).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(answer.headers?.get('x-request-id')).toMatch(UUID);
  });
});
