// One envelope, one status, one message (issue 25, items 12–14): every answer carries the request
// id its log line has (X-Request-Id); errors raised before the router (a body that never arrives,
// an unsupported content type, malformed JSON or multipart) keep the REST envelope on REST paths
// and the GraphQL error shape on /graphql; automatic persisted queries work as docs/API.md says;
// and the error codes docs/API.md lists are exactly the codes the server can produce.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildSchema, isEnumType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import { createClubroom, type Clubroom } from '../../server/src/app/clubroom.js';
import { neverSendBody as neverSendBodyTo } from '../helpers/raw-http.js';
import { freshDatabase, type TestDatabase } from '../helpers/server.js';

const ROOT = join(import.meta.dirname, '..', '..');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The server's body timeout in this file: short, so a body that never arrives is answered fast. */
const REQUEST_TIMEOUT_MS = 1_500;

let log = '';
let clubroom: Clubroom;
let db: TestDatabase;
let url: string;
let port: number;
let dataDir: string;

beforeAll(async () => {
  db = await freshDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'clubroom-errors-'));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SERVE_WEB: 'false',
    MAIL_POLL_INTERVAL_MS: '100',
    APP_URL: 'http://clubroom.test',
    ADMIN_EMAIL: 'root@clubroom.test',
    ADMIN_PASSWORD: 'Admin-Passw0rd!',
    REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  });
  clubroom = await createClubroom(config, { database: db.database, logStream: stream });
  await clubroom.app.listen({ port: 0, host: '127.0.0.1' });
  const address = clubroom.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  url = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await clubroom?.close();
  await db?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The request ids of the log lines (Fastify's `reqId`) written since `from`. */
async function loggedIds(from: number): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return log
    .slice(from)
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { reqId?: string }).reqId)
    .filter((id): id is string => typeof id === 'string');
}

/** A POST whose body never comes (tests/helpers/raw-http.ts); the client waits 20 s, far beyond
 *  REQUEST_TIMEOUT_MS, so only the server ends the wait. */
function neverSendBody(path: string, contentType: string) {
  return neverSendBodyTo(url, 'POST', path, { 'content-type': contentType, 'content-length': '1000' }, 20_000);
}

describe('X-Request-Id: every answer names the request id of its log line', () => {
  const calls: Array<[string, string, RequestInit?]> = [
    ['a REST read', '/api/sports-council/stats'],
    ['a REST refusal', '/api/auth/user'],
    ['an unknown REST path (404)', '/api/nothing-here'],
    ['a GraphQL answer', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ sportCategories }"}' }],
    ['a GraphQL refusal (401)', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer forged' }, body: '{"query":"{ sportCategories }"}' }],
    ['malformed JSON on /graphql', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query": ' }],
    ['malformed JSON on REST', '/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email": ' }],
    ['an unsupported content type on REST (415 before the router)', '/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<a/>' }],
    ['a static reference', '/schema.graphql'],
    ['the guide', '/docs/api'],
    ['the health check', '/health'],
    ['an address the router refuses', '/api/sports-council/meetings/%ff'],
  ];

  it.each(calls)('%s', async (_name, path, init) => {
    const from = log.length;
    const res = await fetch(url + path, init);
    await res.text();
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(UUID);
    expect(await loggedIds(from)).toContain(id);
  });

  it('makes its own id: an X-Request-Id the client sends is not taken (a client cannot forge or collide log ids)', async () => {
    const res = await fetch(`${url}/api/sports-council/stats`, { headers: { 'x-request-id': 'my-own-id' } });
    expect(res.headers.get('x-request-id')).toMatch(UUID);
    expect(res.headers.get('x-request-id')).not.toBe('my-own-id');
  });
});

describe('errors raised before the router keep the shape of their path', () => {
  it('a REST body that never arrives is answered 408 in the envelope (its REQUEST_TIMEOUT code: the server timed it out), with the request id', async () => {
    const from = log.length;
    const answer = await neverSendBody('/api/auth/signin', 'application/json');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ success: false, data: null, error: expect.any(String), code: 'REQUEST_TIMEOUT' });
    expect(answer.headers['x-request-id']).toMatch(UUID);
    expect(await loggedIds(from)).toContain(answer.headers['x-request-id']);
  });

  it('a REST request answered before its body (a refusal that needs none) closes the connection and is never answered twice', async () => {
    const answer = await neverSendBody('/api/volunteer/profile-image', 'multipart/form-data; boundary=x');
    expect(answer.status).toBe(403);
    expect(answer.body.match(/HTTP\/1\.1/g) ?? []).toEqual([]);
    expect(JSON.parse(answer.body)).toMatchObject({ success: false, code: 'CSRF_MISSING' });
    // …and the connection is closed at once: the rest of the body could not be told from a next
    // request (a client that reused it had its next request read as this body, then a 408).
    expect(answer.headers.connection).toBe('close');
  });

  it('a GraphQL body that never arrives is answered 408 in the GraphQL error shape', async () => {
    const answer = await neverSendBody('/graphql', 'application/json');
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ errors: [{ message: expect.any(String), extensions: { code: 'REQUEST_TIMEOUT' } }] });
    expect(answer.headers['x-request-id']).toMatch(UUID);
  });

  it.each([
    ['unsupported content type', 'application/xml', '<a/>'],
    ['malformed JSON', 'application/json', '{"a": '],
    ['malformed multipart', 'multipart/form-data', 'x'],
    ['no content type', '', 'x'],
  ])('%s: the envelope on REST, the error shape on /graphql', async (_name, contentType, body) => {
    const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
    const rest = await fetch(`${url}/api/auth/signin`, { method: 'POST', headers, body });
    const restJson = await rest.json();
    expect(rest.status).toBeGreaterThanOrEqual(400);
    expect(rest.status).toBeLessThan(500);
    expect(restJson).toMatchObject({ success: false, data: null, error: expect.any(String), code: expect.any(String) });
    const gql = await fetch(`${url}/graphql`, { method: 'POST', headers: { ...headers, 'apollo-require-preflight': 'true' }, body });
    const gqlJson = await gql.json();
    expect(gql.status).toBeGreaterThanOrEqual(400);
    expect(gql.status).toBeLessThan(500);
    expect(gqlJson.errors?.[0]).toMatchObject({ message: expect.any(String), extensions: { code: expect.any(String) } });
  });
});

describe('automatic persisted queries (docs/API.md)', () => {
  it('a hash alone is PERSISTED_QUERY_NOT_FOUND until the query is registered with it; then the hash alone works', async () => {
    const query = `{ sportCategories __typename }`;
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const extensions = { persistedQuery: { version: 1, sha256Hash } };
    const post = (body: unknown) => fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, json: await r.json() }));
    const first = await post({ extensions });
    expect(first.json.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    const registered = await post({ query, extensions });
    expect(registered.status).toBe(200);
    expect(registered.json.data.__typename).toBe('Query');
    const again = await post({ extensions });
    expect(again.status).toBe(200);
    expect(again.json.data).toEqual(registered.json.data);
    // A GET with the hash alone works too (the CSRF prevention needs the preflight header).
    const get = await fetch(`${url}/graphql?extensions=${encodeURIComponent(JSON.stringify(extensions))}`, { headers: { 'apollo-require-preflight': 'true' } });
    expect((await get.json()).data).toEqual(registered.json.data);
  });
});

// ---- The codes docs/API.md documents are the codes the server can produce -------------------

/** The codes the server can produce, read from its code: AppError's ErrorCode union, the
 *  UserErrorCode enum of the schema, the codes graphql/errors.ts lets through from Apollo and
 *  graphql-js, and every literal `code: 'X'` written in server/src. */
function serverCodes(): Set<string> {
  const codes = new Set<string>();
  const errorsTs = readFileSync(join(ROOT, 'server/src/lib/errors.ts'), 'utf8');
  const union = errorsTs.match(/export type ErrorCode =([^;]+);/);
  if (!union) throw new Error('ErrorCode union not found in server/src/lib/errors.ts');
  for (const m of union[1]!.matchAll(/'([A-Z_]+)'/g)) codes.add(m[1]!);
  const schema = buildSchema(readFileSync(join(ROOT, 'schema.graphql'), 'utf8'));
  const userErrorCode = schema.getType('UserErrorCode');
  if (!isEnumType(userErrorCode)) throw new Error('UserErrorCode enum not found');
  for (const v of userErrorCode.getValues()) codes.add(v.name);
  const formatter = readFileSync(join(ROOT, 'server/src/graphql/errors.ts'), 'utf8');
  const passThrough = formatter.match(/PASS_THROUGH = new Set\(\[([^\]]+)\]\)/);
  if (!passThrough) throw new Error('PASS_THROUGH not found in server/src/graphql/errors.ts');
  for (const m of passThrough[1]!.matchAll(/'([A-Z_]+)'/g)) codes.add(m[1]!);
  for (const file of sourceFiles(join(ROOT, 'server/src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bcode: '([A-Z][A-Z_]+)'/g)) codes.add(m[1]!);
    for (const m of text.matchAll(/\bcode: [^,}\n]*\? '([A-Z][A-Z_]+)' : '([A-Z][A-Z_]+)'/g)) codes.add(m[1]!).add(m[2]!);
  }
  return codes;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

/** The table under '### Error codes' in docs/API.md: code → HTTP status(es). */
function documentedCodes(): Map<string, string> {
  const doc = readFileSync(join(ROOT, 'docs/API.md'), 'utf8');
  const start = doc.indexOf('### Error codes');
  expect(start, 'docs/API.md has a section "### Error codes"').toBeGreaterThan(-1);
  const rows: string[] = [];
  for (const line of doc.slice(start).split('\n').slice(1)) {
    if (line.startsWith('|')) rows.push(line);
    else if (rows.length) break;
  }
  const table = new Map<string, string>();
  for (const row of rows) {
    const cells = row.split('|').map((c) => c.trim());
    const code = cells[1]?.match(/^`([A-Z_]+)`$/)?.[1];
    if (code) table.set(code, cells[2] ?? '');
  }
  return table;
}

describe('the error codes of docs/API.md', () => {
  it('are exactly the codes the server can produce, each with its HTTP status', () => {
    const server = [...serverCodes()].sort();
    const documented = documentedCodes();
    expect(server.length).toBeGreaterThan(10);
    expect([...documented.keys()].sort()).toEqual(server);
    for (const [code, status] of documented) expect(status, `${code}'s HTTP status`).toMatch(/\b[1-5]\d\d\b/);
  });

  it("gives each AppError code the status the server answers it with", async () => {
    const { AppError } = await import('../../server/src/lib/errors.js');
    const documented = documentedCodes();
    const errorsTs = readFileSync(join(ROOT, 'server/src/lib/errors.ts'), 'utf8');
    for (const m of errorsTs.match(/export type ErrorCode =([^;]+);/)![1]!.matchAll(/'([A-Z_]+)'/g)) {
      const status = new AppError(m[1] as never, 'x').status;
      expect(documented.get(m[1]!), m[1]).toContain(String(status));
    }
  });
});
