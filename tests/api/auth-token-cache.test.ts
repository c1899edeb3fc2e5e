// The access tokens a process has already verified: their signature is checked once (TokenService
// keeps them), but every later use still checks their expiry and their session. A token past its
// exp, a revoked session's token and a token with a changed signature are refused even though the
// token (or the one it was made from) is held.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appSettings, sessions } from '../../server/src/db/schema/index.js';
import { newMember, type ApiClient } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
/** A token the server did not sign as it stands (issue 25, item 13). */
const SESSION_INVALID = 'Your session is not valid. Please log in again.';
const ME = '{ me { email } }';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const db = () => server.clubroom.database.db;

/** Counts the signature checks (jose verifies HS256 through WebCrypto's `subtle.verify`). */
function countSignatureChecks() {
  return vi.spyOn(crypto.subtle, 'verify');
}

async function signedIn(client: ApiClient, token: string, email: string) {
  const rest = await client.rest('GET', '/api/auth/user', undefined, { token });
  expect(rest.status).toBe(200);
  const gql = await client.gql(ME, undefined, { token });
  expect(gql.errors).toBeUndefined();
  expect(gql.data.me).toEqual({ email });
}

async function refused(client: ApiClient, token: string, message = SESSION_EXPIRED) {
  await refusedOnRest(client, token, message);
  const gql = await client.gql(ME, undefined, { token });
  expect(gql.status).toBe(401);
  expect(gql.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
}

async function refusedOnRest(client: ApiClient, token: string, message = SESSION_EXPIRED) {
  const rest = await client.rest('GET', '/api/auth/user', undefined, { token });
  expect(rest.status).toBe(401);
  expect(rest.body).toEqual({ success: false, data: null, error: message, code: 'UNAUTHENTICATED' });
}

describe('verified access tokens', () => {
  it('checks the signature of a token once, then only its times and its session', async () => {
    const { client, email } = await newMember(server.url);
    const token = client.accessToken!;
    const checks = countSignatureChecks();
    await signedIn(client, token, email);
    expect(checks).toHaveBeenCalledTimes(1);
    await signedIn(client, token, email);
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('refuses a held token once its exp has passed', async () => {
    const { client, email, user } = await newMember(server.url);
    const [session] = await db().select().from(sessions).where(eq(sessions.userId, user.id));
    const [secret] = await db().select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
    const expiresAt = Math.floor(Date.now() / 1000) + 5;
    const token = await new SignJWT({ sid: session!.id, expires_at: expiresAt })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('clubroom')
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(secret!.value));
    const checks = countSignatureChecks();
    await signedIn(client, token, email);
    expect(checks).toHaveBeenCalledTimes(1);

    // Only the clock moves (6 s: the session itself stays open). The held token is refused
    // without a second signature check, and then dropped: jose refuses it from then on.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 6_000 });
    await refusedOnRest(client, token);
    expect(checks).toHaveBeenCalledTimes(1);
    await refused(client, token);
    const [still] = await db().select().from(sessions).where(eq(sessions.id, session!.id));
    expect(still!.revokedAt).toBeNull();
    expect(still!.idleExpiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses a held token on the next request once its session is revoked', async () => {
    const { client, email, user } = await newMember(server.url);
    const token = client.accessToken!;
    const checks = countSignatureChecks();
    await signedIn(client, token, email);
    expect(checks).toHaveBeenCalledTimes(1);

    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    await refused(client, token);
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('refuses a held token whose signature was changed', async () => {
    const { client, email } = await newMember(server.url);
    const token = client.accessToken!;
    await signedIn(client, token, email);

    const [header, payload, signature] = token.split('.') as [string, string, string];
    // A character in the middle: the last one of a base64url signature carries unused bits.
    const at = Math.floor(signature.length / 2);
    const changed = `${header}.${payload}.${signature.slice(0, at)}${signature[at] === 'A' ? 'B' : 'A'}${signature.slice(at + 1)}`;
    await refused(client, changed, SESSION_INVALID);
    await signedIn(client, token, email);
  });
});
