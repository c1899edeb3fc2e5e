// Fuzzes every route of the Fastify router (read from the router itself, so a new route is fuzzed
// without being listed) with malformed requests: bodies that are arrays, null, numbers, strings,
// truncated or invalid JSON, wrong content types, control characters and NUL, deep nesting, huge
// bodies; path parameters and query strings likewise. As an anonymous visitor and as the platform
// administrator (who gets past every permission), with a valid security token. No answer may be a
// 5xx or INTERNAL_SERVER_ERROR; a refused write leaves every table as it was; /api answers keep the
// envelope; the server stays healthy; no promise rejects unhandled.
import { databaseId } from '../../server/src/graphql/relay.js';
import { isRestRoute } from '../../server/src/http/authenticate.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { neverSendBody } from '../helpers/raw-http.js';
import type { TestServer } from '../helpers/server.js';
import { deepValue, evilString, wrongValue } from './arbitraries.js';
import {
  RUNS,
  SEED,
  timeoutFor,
  changedTables,
  describe as show,
  fingerprint,
  healthy,
  principals,
  rawFetch,
  routesOf,
  serverFailure,
  startAttackServer,
  watchUnhandledRejections,
  type Principals,
  type Route,
} from './support.js';

let server: TestServer;
let p: Principals;
let routes: Route[];
let meetingId: string;
/** Ids of rows that exist (a pending club application, the club owner's club): generated bodies
 *  and paths name them too, so the admin routes get past their id checks. */
const knownIds: string[] = ['00000000-0000-0000-0000-000000000000'];
let applicationId: string;
/** A stored profile image's file name (GET /uploads/:file). */
let uploadName: string;
const rejections = watchUnhandledRejections();

beforeAll(async () => {
  // Credentials that outlive the slowest run: on a busy machine this file can take longer than an
  // access token's 15 minutes or a session's 30 idle minutes, and a caller whose token lapsed
  // mid-run is refused (401) before the checks the fuzzer means to reach.
  server = await startAttackServer({ ACCESS_TOKEN_TTL_SECONDS: String(CREDENTIAL_LIFETIME_S), SESSION_IDLE_TIMEOUT_MINUTES: String(CREDENTIAL_LIFETIME_S / 60) });
  p = await principals(server);
  routes = routesOf(server.clubroom.app);
  const meeting = await p.platformAdmin.client.gql('mutation { createCouncilMeeting(input: { title: "REST fuzz meeting", meetingDate: "2026-02-02" }) { meeting { id } } }');
  // REST paths take database ids.
  meetingId = databaseId(meeting.data.createCouncilMeeting.meeting.id, 'CouncilMeeting')!;
  applicationId = await pendingApplication(server);
  knownIds.push(applicationId, p.clubOwner.userId!, await pendingApplication(server));
  for (const caller of [p.anonymous, p.platformAdmin]) await caller.client.fetchCsrf();
  // The platform administrator gets a volunteer profile, so fuzzed uploads reach the image checks.
  const admin = p.platformAdmin;
  await server.clubroom.database.db.execute(sql`insert into volunteer_profiles (user_id, first_name, last_name, email) values (${admin.userId}, 'Fuzz', 'Admin', ${admin.email})`);
  const viewer = { userId: admin.userId!, sessionId: admin.userId!, email: admin.email!, role: 'platform_admin', isPlatformAdmin: true, isCouncilAdmin: true } as const;
  uploadName = (await server.clubroom.services.profileImages.store(viewer, 'fuzz.png', PNG)).split('/').pop()!;
}, 120_000);

afterAll(async () => {
  rejections.stop();
  await server?.close();
});

/** How long the callers' tokens and sessions live in this file's server (6 hours). */
const CREDENTIAL_LIFETIME_S = 6 * 3600;
/** The most routes the main property's time limit is sized for: it makes RUNS × 2 calls per route
 *  (each with two fingerprints), so its limit follows the router's size, not a guess. */
const MAX_ROUTES = 80;

/** Every field name the REST adapter reads, so that generated bodies reach its code. */
const FIELDS = [
  'email',
  'password',
  'metadata',
  'full_name',
  'club_name',
  'refresh_token',
  'redirect_to',
  'token',
  'title',
  'meeting_date',
  'meeting_time',
  'location',
  'agenda',
  'minutes',
  'status',
  'is_public',
  'club_id',
  'admin_notes',
  'rejection_reason',
  'clubIds',
  'adminNotes',
  'first_name',
  'last_name',
  'skills',
  'availability',
  'bio',
  'account_type',
];

/** A known id, read when generated (the ids exist only once beforeAll has run). */
const knownId = fc.nat().map((i) => knownIds[i % knownIds.length]!);

const fieldValue = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('someone@example.com', 'Str0ng!Passw0rd', '2026-05-05', '18:00', 'upcoming', 'cancelled', 'Title', true, false) },
  { weight: 1, arbitrary: knownId },
  { weight: 1, arbitrary: fc.array(fc.oneof(knownId, fc.uuid(), fc.string({ maxLength: 8 })), { maxLength: 4 }) },
  { weight: 3, arbitrary: evilString },
  { weight: 2, arbitrary: wrongValue },
  { weight: 1, arbitrary: deepValue },
);

const objectBody = fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 }).map((o) => {
  if ('metadata' in o && Math.random() < 0.5) o.metadata = { full_name: o.full_name ?? 'x', club_name: o.club_name ?? null };
  // The volunteer sign-up's metadata, with fuzzed names.
  else if ('metadata' in o && Math.random() < 0.5) o.metadata = { account_type: 'volunteer', first_name: o.first_name ?? 'x', last_name: o.last_name ?? 'y', skills: o.skills };
  return o;
});

interface RawBody {
  kind: string;
  contentType?: string;
  body?: string | Uint8Array;
}

const json = (kind: string, value: unknown): RawBody => ({ kind, contentType: 'application/json', body: JSON.stringify(value) });

// ---- multipart/form-data (the profile image upload; every other route must refuse it cleanly) ----

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const BOUNDARY = 'clubroom-fuzz-boundary';

/** A multipart body of `parts` (a file part has a name), framed by hand so it can be broken. */
function multipart(kind: string, parts: Array<{ field: string; filename?: string; type?: string; bytes: Uint8Array }>, opts: { close?: boolean } = {}): RawBody {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`, 'utf8'), Buffer.from(part.bytes), Buffer.from('\r\n'));
  }
  if (opts.close !== false) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { kind, contentType: `multipart/form-data; boundary=${BOUNDARY}`, body: new Uint8Array(Buffer.concat(chunks)) };
}

const fileBytes = fc.constantFrom<Uint8Array>(
  PNG,
  GIF,
  Buffer.concat([GIF, Buffer.from('<script>alert(1)</script>')]),
  Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(200)]),
  Buffer.alloc(0),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
);
const fileName = fc.oneof(
  fc.constantFrom('photo.png', 'photo.exe', 'photo.PNG.bat', `${'n'.repeat(256)}.png`, '../../etc/passwd', 'a"b.png', '', 'x\r\nX-Injected: 1.png'),
  evilString.filter((name) => name.length < 2000),
);
const multipartArb: fc.Arbitrary<RawBody> = fc.oneof(
  fc.tuple(fileName, fileBytes, fc.constantFrom('file', 'file', 'image', '')).map(([filename, bytes, field]) => multipart('multipart file', [{ field, filename, type: 'image/png', bytes }])),
  fc.constantFrom<RawBody>(
    multipart('multipart without its closing boundary', [{ field: 'file', filename: 'photo.png', bytes: PNG }], { close: false }),
    multipart('multipart with two files', [
      { field: 'file', filename: 'a.png', bytes: PNG },
      { field: 'file', filename: 'b.gif', bytes: GIF },
    ]),
    multipart('multipart with a field and no file', [{ field: 'file', bytes: Buffer.from('not a file') }]),
    multipart('multipart with no parts', []),
    multipart('multipart with many fields', Array.from({ length: 20 }, (_, i) => ({ field: `f${i}`, bytes: Buffer.from('x') }))),
    { kind: 'multipart with another boundary', contentType: 'multipart/form-data; boundary=other', body: new Uint8Array(multipart('x', [{ field: 'file', filename: 'a.png', bytes: PNG }]).body as Uint8Array) },
  ),
);

const bodyArb: fc.Arbitrary<RawBody> = fc.oneof(
  { weight: 4, arbitrary: objectBody.map((o) => json('object of fuzzed fields', o)) },
  { weight: 2, arbitrary: fc.constantFrom(json('array', [1, 2]), json('null', null), json('number', 42), json('string', 'hello'), json('true', true), json('empty array', []), json('empty object', {})) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => ({ kind: 'truncated JSON', contentType: 'application/json', body: `{"email": "${s}` })) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<RawBody>(
      { kind: 'invalid UTF-8', contentType: 'application/json', body: new Uint8Array([0x7b, 0x22, 0x65, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
      { kind: 'NUL bytes', contentType: 'application/json', body: '\u0000\u0000' },
      { kind: 'empty JSON body', contentType: 'application/json', body: '' },
      { kind: 'text/plain', contentType: 'text/plain', body: '{"email":"a@b.c"}' },
      { kind: 'form', contentType: 'application/x-www-form-urlencoded', body: 'email=a%40b.c&password=x' },
      { kind: 'xml', contentType: 'application/xml', body: '<a/>' },
      { kind: 'octet-stream', contentType: 'application/octet-stream', body: new Uint8Array([1, 2, 3]) },
      { kind: 'multipart without boundary', contentType: 'multipart/form-data', body: 'x' },
      { kind: 'no content type', body: '{"email":"a@b.c"}' },
      { kind: 'charset utf-16', contentType: 'application/json; charset=utf-16', body: '{"email":"a@b.c"}' },
      { kind: 'deep JSON (50,000 levels)', contentType: 'application/json', body: `${'{"metadata":'.repeat(50_000)}1${'}'.repeat(50_000)}` },
      { kind: '__proto__', contentType: 'application/json', body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"title":"x","meeting_date":"2026-01-01"}' },
    ),
  },
  { weight: 1, arbitrary: fc.constant(json('nothing', undefined)).map(() => ({ kind: 'no body' })) },
  { weight: 2, arbitrary: multipartArb },
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The server's default body timeout (REQUEST_TIMEOUT_MS) and how long the client waits. */
const SERVER_BODY_TIMEOUT_MS = 10_000;
const CLIENT_WAIT_MS = SERVER_BODY_TIMEOUT_MS + 15_000;

/** Replacements for a path parameter. */
const paramArb = fc.oneof(
  fc.constant('MEETING'),
  fc.constant('APPLICATION'),
  fc.constant('UPLOAD'),
  fc.uuid(),
  fc.constantFrom('0', '-1', 'null', 'undefined', '%00', 'a%00b', '..%2F..%2Fetc%2Fpasswd', '%E2%80%AE', '%F0%9F%98%80', '%ff', '%', "'%20or%201=1--", 'x'.repeat(5000), '00000000-0000-0000-0000-000000000000'),
  fc.string({ maxLength: 20 }).map((s) => encodeURIComponent(s)),
);

/** Query strings. */
const queryArb = fc.oneof(
  fc.constant(''),
  fc.constantFrom('?status=upcoming&year=2026', '?status=%00', '?year=1e309', '?year=-1', '?year=99999999999999999999', '?status[]=a', '?year=1&year=2', '?status=' + 'x'.repeat(5000), '?%00=%00', '?__proto__[polluted]=1'),
  fc.constantFrom(
    '?status=all&limit=5&offset=5',
    '?limit=1e309&offset=99999999999',
    '?limit=0&offset=-1',
    '?search_fields=name&search_fields=__proto__&search_fields=description',
    '?sort_by=location&sort_order=asc',
    '?sort_by=constructor&sort_order=%00',
    '?date_from=2026-02-30&date_to=2026-13-01',
    '?date_from=2026-05-01&date_to=2020-01-01',
    '?search=' + '%25_%5C'.repeat(40) + '&location=%25',
    '?search=' + 'x'.repeat(5000),
  ),
  fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `?status=${encodeURIComponent(a)}&year=${encodeURIComponent(b)}`),
);

function fill(url: string, param: string): string {
  const value = param === 'MEETING' ? meetingId : param === 'APPLICATION' ? applicationId : param === 'UPLOAD' ? uploadName : param;
  return url.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value);
}

/** A pending club application (its owner's account and club row), inserted directly. */
async function pendingApplication(s: TestServer): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const db = s.clubroom.database.db;
  const result = await db.execute(sql`insert into users (email, full_name, password_hash) values (${`fuzz.app.${tag}@example.com`}, 'Fuzz Applicant', 'not-a-hash') returning id`);
  const id = String((Array.isArray(result) ? result : (result as { rows: Array<{ id: string }> }).rows)[0]!.id);
  await db.execute(sql`insert into clubs (id, name, contact_email, application_status) values (${id}, ${`Fuzz Application ${tag}`}, ${`fuzz.app.${tag}@example.com`}, 'pending')`);
  return id;
}

describe('every route, fuzzed', () => {
  it('reads the routes from the router', () => {
    expect(routes.length).toBeGreaterThan(10);
    // Past this, raise MAX_ROUTES: the main property's time limit is sized for it.
    expect(routes.length).toBeLessThanOrEqual(MAX_ROUTES);
    expect(routes.map((r) => `${r.method} ${r.url}`)).toContain('POST /api/auth/signin');
  });

  it('answers every malformed request without failing, and refused writes change nothing', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(bodyArb, paramArb, queryArb, fc.constantFrom('anonymous' as const, 'platformAdmin' as const), fc.boolean(), async (body, param, query, role, withCsrf) => {
          const caller = p[role];
          const url = server.url + fill(route.url, param) + query;
          const headers: Record<string, string> = {};
          const token = caller.token();
          if (token) headers.authorization = `Bearer ${token}`;
          const csrfCookie = caller.client.cookie('clubroom_csrf');
          if (withCsrf && csrfCookie) {
            headers.cookie = `clubroom_csrf=${csrfCookie}`;
            headers['x-csrf-token'] = caller.client.csrfToken!;
          }
          const sendsBody = !['GET', 'HEAD'].includes(route.method) && body.body !== undefined;
          if (sendsBody && body.contentType) headers['content-type'] = body.contentType;
          const before = await fingerprint(server.clubroom);
          let answer;
          try {
            answer = await rawFetch(url, { method: route.method, headers, body: sendsBody ? (body.body as BodyInit) : undefined });
          } catch (err) {
            failures.push(`${route.method} ${route.url} ${role} ${body.kind}: the connection failed: ${String(err)}`);
            return true;
          }
          const after = await fingerprint(server.clubroom);
          const what = `${route.method} ${fill(route.url, param).slice(0, 80)}${query.slice(0, 40)} as ${role}${withCsrf ? '' : ' (no security token)'}, ${body.kind}: ${show(body.body instanceof Uint8Array ? [...body.body] : body.body, 160)}`;
          const failure = serverFailure(answer);
          if (failure) failures.push(`${what}\n  → ${failure}`);
          const changed = changedTables(before, after);
          if (answer.status >= 400 && changed.length) failures.push(`${what}\n  → refused (HTTP ${answer.status}) yet changed ${changed.join(', ')}`);
          const isEnvelope = isRestRoute(route.url) && !route.url.endsWith('.ics') && route.method !== 'HEAD';
          if (isEnvelope && answer.status >= 400 && !(answer.json && answer.json.success === false && typeof answer.json.error === 'string' && typeof answer.json.code === 'string')) {
            failures.push(`${what}\n  → HTTP ${answer.status} without the { success: false, error, code } envelope: ${answer.text.slice(0, 160)}`);
          }
          // Every answer names its request id, so a user can quote it (issue 25, item 13).
          if (!UUID.test(answer.headers?.get('x-request-id') ?? '')) failures.push(`${what}\n  → HTTP ${answer.status} without an X-Request-Id (${answer.headers?.get('x-request-id')})`);
          if (route.url === '/api/auth/signout' && answer.status === 200) await caller.renew();
          return true;
        }),
        { numRuns: RUNS * 2, seed: SEED },
      );
    }
    expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    const distinct = [...new Set(failures.map((f) => f.split('\n')[1]))];
    expect(failures, `${failures.length} failing requests (${distinct.length} distinct answers):\n${failures.slice(0, 10).join('\n')}`).toEqual([]);
  }, timeoutFor(2 * MAX_ROUTES));

  it.each([
    ['a lone %', '%'],
    ['an invalid escape', '%ff'],
    ['an encoded NUL', '%00'],
    ['5,000 characters', 'x'.repeat(5000)],
    ['an encoded slash', '..%2F..%2Fetc%2Fpasswd'],
  ])('answers a path parameter with %s in the envelope, on every route that has one', async (_name, param) => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => isRestRoute(r.url) && (r.url.includes(':') || r.url.endsWith('*')) && r.method !== 'HEAD')) {
      const caller = p.platformAdmin;
      const answer = await rawFetch(server.url + fill(route.url, param), {
        method: route.method,
        headers: {
          authorization: `Bearer ${caller.token()}`,
          cookie: `clubroom_csrf=${caller.client.cookie('clubroom_csrf')}`,
          'x-csrf-token': caller.client.csrfToken!,
          ...(['PUT', 'POST'].includes(route.method) ? { 'content-type': 'application/json' } : {}),
        },
        body: ['PUT', 'POST'].includes(route.method) ? '{"title":"x"}' : undefined,
      });
      const failure = serverFailure(answer);
      if (failure) failures.push(`${route.method} ${route.url}: ${failure}`);
      if (answer.status < 400) failures.push(`${route.method} ${route.url}: HTTP ${answer.status}, not refused`);
      const envelope = answer.json && answer.json.success === false && typeof answer.json.error === 'string' && typeof answer.json.code === 'string';
      if (!route.url.endsWith('.ics') && !envelope) failures.push(`${route.method} ${route.url}: HTTP ${answer.status} without the envelope: ${answer.text.slice(0, 160)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('answers a body over the limit (2 MB) with 413 on every route that takes one', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))) {
      const caller = p.platformAdmin;
      const answer = await rawFetch(server.url + fill(route.url, 'MEETING'), {
        method: route.method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${caller.token()}`,
          cookie: `clubroom_csrf=${caller.client.cookie('clubroom_csrf')}`,
          'x-csrf-token': caller.client.csrfToken!,
        },
        body: JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.c' }),
      });
      if (answer.status !== 413) failures.push(`${route.method} ${route.url}: HTTP ${answer.status}, not 413: ${answer.text.slice(0, 120)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('answers a POST whose body never arrives (multipart or JSON) with 408 in the envelope on every REST write, and in the GraphQL shape on /graphql, ended by the server', async () => {
    const caller = p.platformAdmin;
    const auth = {
      authorization: `Bearer ${caller.token()}`,
      cookie: `clubroom_csrf=${caller.client.cookie('clubroom_csrf')}`,
      'x-csrf-token': caller.client.csrfToken!,
    };
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method) && isRestRoute(r.url));
    const probes = [
      ...writes.map((r) => ({ method: r.method, path: fill(r.url, 'MEETING'), contentType: r.url.includes('profile-image') && r.method === 'POST' ? `multipart/form-data; boundary=${BOUNDARY}` : 'application/json', graphql: false })),
      { method: 'POST', path: '/graphql', contentType: 'application/json', graphql: true },
    ];
    expect(probes.some((probe) => probe.contentType.startsWith('multipart/'))).toBe(true);
    const answers = await Promise.all(probes.map(async (probe) => ({ probe, answer: await neverSendBody(server.url, probe.method, probe.path, { ...auth, 'content-type': probe.contentType }, CLIENT_WAIT_MS) })));
    const failures: string[] = [];
    for (const { probe, answer } of answers) {
      const what = `${probe.method} ${probe.path} (${probe.contentType})`;
      let json: any;
      try {
        json = JSON.parse(answer.body);
      } catch {
        json = undefined;
      }
      if (answer.status !== 408) failures.push(`${what}: HTTP ${answer.status}, not 408: ${answer.body.slice(0, 120)}`);
      const shaped = probe.graphql
        ? json?.errors?.[0]?.extensions?.code === 'REQUEST_TIMEOUT' && typeof json.errors[0].message === 'string'
        : json?.success === false && json.data === null && typeof json.error === 'string' && json.code === 'REQUEST_TIMEOUT';
      if (!shaped) failures.push(`${what}: not in its path's error shape: ${answer.body.slice(0, 160)}`);
      if (!UUID.test(answer.headers['x-request-id'] ?? '')) failures.push(`${what}: no X-Request-Id`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, CLIENT_WAIT_MS + 10_000);

  it('is still healthy and saw no unhandled rejection', async () => {
    expect(await healthy(server.url)).toBe(true);
    expect(rejections.seen.map(String)).toEqual([]);
  });
});
