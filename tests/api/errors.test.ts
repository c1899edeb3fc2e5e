// What failures look like to a client: REST answers the { success, data, error, code } envelope,
// GraphQL errors always carry extensions.code, and no stack trace, SQL or driver message leaks.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appSettings } from '../../server/src/db/schema/index.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { rawConnectionInit } from '../helpers/ws.js';

const CHECK_INPUT = 'Please check your input and try again.';
const INTERNAL = 'The server encountered an error. Please try again later.';
const SECRET_SQL = 'relation "users" does not exist: select "password_hash" from "users" where "id" = $1';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

/** Nothing internal: no stack frames, file paths, SQL or driver wording. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat\s+\S+\s+\(|\.ts:\d+|\.js:\d+|node_modules|\/work\/|stack/i);
  expect(text).not.toMatch(/\bselect\b|\binsert\b|\bupdate\b.*\bset\b|\bfrom\s+"|relation|syntax error at|invalid input syntax|postgres|pglite|drizzle/i);
  expect(text).not.toMatch(/SyntaxError|Unexpected token|FST_|TypeError|ZodError/);
}

async function csrfHeaders(): Promise<Record<string, string>> {
  const client = new ApiClient(server.url);
  const token = await client.fetchCsrf();
  return { 'x-csrf-token': token, cookie: `clubroom_csrf=${client.cookie('clubroom_csrf')}` };
}

async function raw(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}) {
  const res = await fetch(server.url + path, { method, headers: init.headers, body: init.body });
  const text = await res.text();
  return { status: res.status, text, json: text ? JSON.parse(text) : null };
}

function expectEnvelope(json: any, status: number, code: string) {
  expect(json).toMatchObject({ success: false, data: null, code });
  expect(typeof json.error).toBe('string');
  expect(json.error.length).toBeGreaterThan(0);
  expect(status).toBeGreaterThanOrEqual(400);
}

function gqlPost(body: string, headers: Record<string, string> = {}) {
  return raw('POST', '/graphql', { body, headers: { 'content-type': 'application/json', ...headers } });
}

function expectGraphQLErrors(json: any) {
  expect(Array.isArray(json?.errors)).toBe(true);
  expect(json.errors.length).toBeGreaterThan(0);
  for (const error of json.errors) {
    expect(typeof error.message).toBe('string');
    expect(typeof error.extensions?.code).toBe('string');
    expect(error.extensions).not.toHaveProperty('stacktrace');
    expect(error.extensions).not.toHaveProperty('exception');
  }
}

describe('REST errors', () => {
  it('answers an invalid JSON body with the 400 envelope and no parser details', async () => {
    const res = await raw('POST', '/api/auth/signin', {
      body: '{"email": "a@b.co", "password": ',
      headers: { 'content-type': 'application/json', ...(await csrfHeaders()) },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ success: false, data: null, error: CHECK_INPUT, code: 'BAD_USER_INPUT' });
    expectNoInternals(res.text);
  });

  it('answers a body over the size limit with 413 and its own code', async () => {
    const res = await raw('POST', '/api/auth/signin', {
      body: JSON.stringify({ email: 'x'.repeat(2_000_000), password: 'x' }),
      headers: { 'content-type': 'application/json', ...(await csrfHeaders()) },
    });
    expect(res.status).toBe(413);
    expectEnvelope(res.json, res.status, 'PAYLOAD_TOO_LARGE');
    expectNoInternals(res.text);
  });

  it('answers an address the router refuses (a bad escape, an overlong id) with the envelope, not Fastify\'s own error', async () => {
    for (const path of ['/api/sports-council/meetings/%', '/api/sports-council/meetings/%ff.ics']) {
      const res = await raw('GET', path);
      expect(res.status).toBe(400);
      expectEnvelope(res.json, res.status, 'BAD_USER_INPUT');
      expectNoInternals(res.text);
    }
    const long = await raw('GET', `/api/sports-council/meetings/${'a'.repeat(300)}.ics`);
    expect(long.status).toBe(414);
    expectEnvelope(long.json, long.status, 'BAD_USER_INPUT');
    expectNoInternals(long.text);
  });

  it('answers an unknown /api path with the 404 envelope', async () => {
    const res = await raw('GET', '/api/does-not-exist?secret=1');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ success: false, data: null, error: 'Not found: GET /api/does-not-exist', code: 'NOT_FOUND' });
  });

  it('answers a known path with the wrong method with the 404 envelope', async () => {
    const res = await raw('GET', '/api/auth/signin');
    expect(res.status).toBe(404);
    expectEnvelope(res.json, res.status, 'NOT_FOUND');
  });

  it('answers an unknown /api write (with its security token) with the 404 envelope', async () => {
    const res = await raw('POST', '/api/nothing-here', { body: '{}', headers: { 'content-type': 'application/json', ...(await csrfHeaders()) } });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ success: false, data: null, code: 'NOT_FOUND', error: 'Not found: POST /api/nothing-here' });
  });

  it('answers bodies of the wrong shape with validation messages, never a crash', async () => {
    const headers = { 'content-type': 'application/json', ...(await csrfHeaders()) };
    const bodies = ['null', '[1,2]', '42', '"text"', '{"email":{"$ne":1},"password":{"a":1}}', '{"email":"@","password":5,"metadata":"x","token":[]}'];
    for (const path of ['/api/auth/signup', '/api/auth/signin', '/api/auth/reset-password', '/api/auth/reset-password/confirm']) {
      for (const body of bodies) {
        const res = await raw('POST', path, { body, headers });
        expect(res.status, `${path} ${body}`).toBe(400);
        // A confirm step without a usable token is a broken link, whatever else is wrong.
        expectEnvelope(res.json, res.status, path.endsWith('/confirm') ? 'INVALID_RESET_TOKEN' : 'BAD_USER_INPUT');
        expectNoInternals(res.text);
      }
    }
  });

  it('answers a refresh token of the wrong type or size with 401, never a crash', async () => {
    const headers = { 'content-type': 'application/json', ...(await csrfHeaders()) };
    for (const body of ['{"refresh_token":123}', '{"refresh_token":{"a":1}}', JSON.stringify({ refresh_token: 'x'.repeat(5000) })]) {
      const res = await raw('POST', '/api/auth/refresh', { body, headers });
      expect(res.status, body).toBe(401);
      expectEnvelope(res.json, res.status, 'UNAUTHENTICATED');
    }
  });

  it('answers an unexpected failure with a generic 500 envelope and keeps the cause to itself', async () => {
    const { client } = await newMember(server.url);
    const users = server.clubroom.services.users;
    const view = users.view;
    users.view = async () => {
      throw new Error(SECRET_SQL);
    };
    try {
      const res = await client.rest('GET', '/api/auth/user');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, data: null, error: INTERNAL, code: 'INTERNAL_SERVER_ERROR' });
      expectNoInternals(JSON.stringify(res.body));
    } finally {
      users.view = view;
    }
  });

  it('never shows a database error caused by odd ids in a token', async () => {
    const { client } = await newMember(server.url);
    const [row] = await server.clubroom.database.db.select().from(appSettings).where(eq(appSettings.key, 'jwt_secret'));
    const token = await new SignJWT({ sid: "1' or '1'='1" })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('not-a-uuid')
      .setIssuer('clubroom')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(row!.value));
    const res = await client.rest('GET', '/api/auth/user', undefined, { token });
    expect(res.body).toMatchObject({ success: false, data: null });
    expect(typeof res.body.code).toBe('string');
    expectNoInternals(JSON.stringify(res.body));
  });
});

describe('GraphQL errors', () => {
  it('answers a syntax error with GRAPHQL_PARSE_FAILED', async () => {
    const res = await gqlPost(JSON.stringify({ query: '{ me { id ' }));
    expect(res.status).toBe(400);
    expectGraphQLErrors(res.json);
    expect(res.json.errors[0].extensions.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('answers an unknown field with GRAPHQL_VALIDATION_FAILED', async () => {
    const res = await gqlPost(JSON.stringify({ query: '{ me { passwordHash } }' }));
    expect(res.status).toBe(400);
    expectGraphQLErrors(res.json);
    expect(res.json.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('answers variables of the wrong type with BAD_USER_INPUT', async () => {
    const res = await gqlPost(
      JSON.stringify({ query: 'mutation($i: SignInInput!) { signIn(input: $i) { session { accessToken } } }', variables: { i: { email: 5 } } }),
    );
    expect(res.status).toBe(400);
    expectGraphQLErrors(res.json);
    for (const error of res.json.errors) expect(error.extensions.code).toBe('BAD_USER_INPUT');
  });

  it('answers a request without a query with BAD_REQUEST', async () => {
    const res = await gqlPost('{}');
    expect(res.status).toBe(400);
    expectGraphQLErrors(res.json);
    expect(res.json.errors[0].extensions.code).toBe('BAD_REQUEST');
  });

  it('answers an unknown operation name with OPERATION_RESOLUTION_FAILURE', async () => {
    const res = await gqlPost(JSON.stringify({ query: 'query A { me { id } }', operationName: 'B' }));
    expect(res.status).toBe(400);
    expectGraphQLErrors(res.json);
    expect(res.json.errors[0].extensions.code).toBe('OPERATION_RESOLUTION_FAILURE');
  });

  it('answers a persisted-query hash that does not match its query with BAD_REQUEST, not an internal error', async () => {
    const res = await gqlPost(JSON.stringify({ query: '{ clubSports }', extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } }));
    expect(res.status).toBe(400);
    expect(res.json.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(res.json.errors[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
  });

  it('answers an unknown operation name over graphql-ws with OPERATION_RESOLUTION_FAILURE', async () => {
    const outcome = await rawConnectionInit(server.url, {}, { query: 'query Real { clubSports }', operationName: 'Nope', timeoutMs: 1500 });
    const error = outcome.messages.find((m) => m.type === 'error');
    expect(JSON.stringify(error?.payload)).toContain('OPERATION_RESOLUTION_FAILURE');
    expect(JSON.stringify(error?.payload)).not.toContain('INTERNAL_SERVER_ERROR');
  });

  it("answers a mutation's rule failure as userErrors with their codes and fields, not as errors", async () => {
    const res = await gqlPost(JSON.stringify({ query: 'mutation { signIn(input: { email: "x", password: "" }) { session { accessToken } userErrors { field code message } } }' }));
    expect(res.status).toBe(200);
    expect(res.json.errors).toBeUndefined();
    expect(res.json.data.signIn).toEqual({
      session: null,
      userErrors: [
        { field: 'email', code: 'BAD_USER_INPUT', message: 'Please enter a valid email address' },
        { field: 'password', code: 'BAD_USER_INPUT', message: 'Password is required' },
      ],
    });
  });

  it('answers a rule failure of a query in a resolver with its code and fields', async () => {
    const res = await gqlPost(JSON.stringify({ query: '{ councilMeetings(first: 101) { totalCount } }' }));
    expect(res.status).toBe(200);
    expectGraphQLErrors(res.json);
    expect(res.json.errors[0]).toMatchObject({ message: 'first must be between 1 and 100.', extensions: { code: 'BAD_USER_INPUT', fields: { first: 'first must be between 1 and 100.' } } });
  });

  it('answers an operation that needs a session with UNAUTHENTICATED', async () => {
    const res = await gqlPost(JSON.stringify({ query: 'mutation { signOut { signedOut } }' }));
    expectGraphQLErrors(res.json);
    expect(res.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers a bad token with a GraphQL error body carrying UNAUTHENTICATED', async () => {
    const res = await gqlPost(JSON.stringify({ query: '{ me { id } }' }), { authorization: 'Bearer nonsense' });
    expect(res.status).toBe(401);
    expectGraphQLErrors(res.json);
    expect(res.json.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('answers an unexpected resolver failure with INTERNAL_SERVER_ERROR and keeps the cause to itself', async () => {
    const { client } = await newMember(server.url);
    const users = server.clubroom.services.users;
    const viewMany = users.viewMany;
    users.viewMany = async () => {
      throw new Error(SECRET_SQL);
    };
    try {
      const res = await client.gql('{ me { id email } }');
      expect(res.errors).toHaveLength(1);
      expect(res.errors![0]).toMatchObject({ message: INTERNAL, extensions: { code: 'INTERNAL_SERVER_ERROR' } });
      expectGraphQLErrors({ errors: res.errors });
      expectNoInternals(JSON.stringify(res));
    } finally {
      users.viewMany = viewMany;
    }
  });

  it('answers malformed JSON on /graphql with a GraphQL error body that has extensions.code', async () => {
    const res = await gqlPost('{"query": "{ me { id } }"');
    expect(res.status).toBe(400);
    expectNoInternals(res.text);
    expectGraphQLErrors(res.json);
  });

  it('gives every error of a mixed bag of bad requests an extensions.code', async () => {
    const requests = [
      JSON.stringify({ query: '{' }),
      JSON.stringify({ query: '{ nope }' }),
      JSON.stringify({ query: 'mutation { signUp(input: { email: "bad", password: "x" }) { member { id } } }' }),
      JSON.stringify({ query: 'mutation { resetPassword(input: { token: "x", password: "Str0ng!Passw0rd" }) }' }),
      JSON.stringify({ query: 'mutation { refreshSession(input: { refreshToken: "nope" }) { session { accessToken } } }' }),
      JSON.stringify({ query: 'mutation { signOut { signedOut } }' }),
      JSON.stringify({ query: 'query($n: Int!) { me { id } }', variables: { n: 'x' } }),
      JSON.stringify({ query: '{ me { id } } { me { id } }' }),
    ];
    for (const body of requests) {
      const res = await gqlPost(body);
      expectGraphQLErrors(res.json);
      expectNoInternals(res.text);
    }
  });
});

describe('reportNotFound (the web app’s 404 page)', () => {
  const REPORT = 'mutation R($input: ReportNotFoundInput!) { reportNotFound(input: $input) { reported userErrors { field code message } } }';

  it('answers reported: true to anonymous and signed-in callers alike', async () => {
    const anonymous = await new ApiClient(server.url).gql(REPORT, { input: { path: '/no/such/page' } });
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data.reportNotFound).toEqual({ reported: true, userErrors: [] });
    const { client } = await newMember(server.url);
    const signedIn = await client.gql(REPORT, { input: { path: `/${'x'.repeat(5000)}` } });
    expect(signedIn.data.reportNotFound).toEqual({ reported: true, userErrors: [] });
  });
});
