// The authorization matrix: every GraphQL operation of schema.graphql and every route of the
// running Fastify router, called by each of seven callers (anonymous, a member, another member, a
// club owner, another club owner, a council administrator, the platform administrator). Each cell
// must answer as expectations.ts says: allowed, or refused with the code docs/API.md names, and a
// refused call (or a read) leaves every table exactly as it was. An operation or a route missing
// from the table fails the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestServer } from '../helpers/server.js';
import { databaseId } from '../../server/src/graphql/relay.js';
import { GRAPHQL, ROUTES, graphqlKey, newPosition, newVolunteerApplication, type Cell, type Fixture, type Outcome } from './expectations.js';
import {
  ROLES,
  changedTables,
  codesOf,
  userErrorCodesOf,
  documentFor,
  fingerprint,
  gqlRaw,
  healthy,
  loadSchema,
  principals,
  rawFetch,
  routesOf,
  schemaOperations,
  serverFailure,
  startAttackServer,
  watchUnhandledRejections,
  type Operation,
  type Principals,
  type Role,
} from './support.js';

const schema = loadSchema();
const operations = schemaOperations(schema);
const queryNames = new Set(operations.filter((o) => o.kind === 'query').map((o) => o.name));
const keyOf = (op: Operation) => graphqlKey(op.kind, op.name, queryNames);

let server: TestServer;
let p: Principals;
let fx: Fixture;
const rejections = watchUnhandledRejections();

beforeAll(async () => {
  server = await startAttackServer();
  p = await principals(server);
  const meeting = async (isPublic: boolean) => {
    const answer = await p.platformAdmin.client.gql('mutation($i: CreateCouncilMeetingInput!) { createCouncilMeeting(input: $i) { meeting { id } userErrors { message } } }', {
      i: { title: isPublic ? 'Matrix public meeting' : 'Matrix closed meeting', meetingDate: '2026-04-04', isPublic },
    });
    if (answer.errors || !answer.data.createCouncilMeeting.meeting) throw new Error(JSON.stringify(answer.errors ?? answer.data));
    // The fixture keeps database ids (REST paths take them); GraphQL entries make global ids.
    return databaseId(answer.data.createCouncilMeeting.meeting.id as string, 'CouncilMeeting')!;
  };
  const cellFor = { server, p, role: 'clubOwner', caller: p.clubOwner, fx: {} as Fixture } as Cell;
  fx = { publicMeetingId: await meeting(true), privateMeetingId: await meeting(false), positionId: await newPosition(cellFor), applicationId: await newVolunteerApplication(cellFor) };
}, 120_000);

afterAll(async () => {
  rejections.stop();
  await server?.close();
});

const cell = (role: Role): Cell => ({ server, p, role, caller: p[role], fx });

/** What an outcome means for an answer: null when it matches, else why not. */
function judge(outcome: Outcome, status: number, codes: string[], succeeded: boolean): string | null {
  if (outcome === 'ok' || outcome === 'unchanged') {
    return succeeded ? null : `expected it allowed, got HTTP ${status} ${codes.join(',') || '(no code)'}`;
  }
  if (succeeded) return `expected ${outcome}, but it was allowed (HTTP ${status})`;
  if (!codes.includes(outcome)) return `expected ${outcome}, got HTTP ${status} ${codes.join(',') || '(no code)'}`;
  return null;
}

describe('the expectation table covers everything', () => {
  it('has an entry for every GraphQL operation of schema.graphql', () => {
    const missing = operations.map(keyOf).filter((key) => !(key in GRAPHQL));
    expect(missing, `add these operations to GRAPHQL in tests/attack/expectations.ts (who may call them, and what the others get): ${missing.join(', ')}`).toEqual([]);
  });

  it('has no entry for an operation that no longer exists', () => {
    const known = new Set(operations.map(keyOf));
    const stale = Object.keys(GRAPHQL).filter((key) => !known.has(key));
    expect(stale, `remove these entries from GRAPHQL in tests/attack/expectations.ts`).toEqual([]);
  });

  it('has an entry for every route of the Fastify router', () => {
    const routes = routesOf(server.clubroom.app);
    expect(routes.length).toBeGreaterThan(10);
    const missing = routes.map((r) => `${r.method} ${r.url}`).filter((key) => !(key in ROUTES));
    expect(missing, `add these routes to ROUTES in tests/attack/expectations.ts (who may call them, and what the others get): ${missing.join(', ')}`).toEqual([]);
  });
});

describe('GraphQL operations over HTTP, for every caller', () => {
  const httpOps = operations.filter((o) => o.kind !== 'subscription');
  for (const op of httpOps) {
    it(`${op.kind} ${op.name}`, async () => {
      const entry = GRAPHQL[keyOf(op)];
      if (!entry) throw new Error(`no entry for ${op.name} in tests/attack/expectations.ts: add one`);
      const failures: string[] = [];
      for (const role of ROLES) {
        const c = cell(role);
        const variables = (await entry.vars?.(c)) ?? {};
        const before = await fingerprint(server.clubroom);
        const answer = await gqlRaw(server.url, { query: documentFor(op, { depth: 1 }), variables }, c.caller.token());
        const after = await fingerprint(server.clubroom);
        const failure = serverFailure(answer);
        const data = answer.json?.data?.[op.name];
        const succeeded = !failure && answer.status === 200 && !answer.json?.errors?.length && data !== undefined && userErrorCodesOf(answer.json?.data).length === 0;
        const outcome = entry.expect[role];
        const verdict = failure ?? judge(outcome, answer.status, codesOf(answer), succeeded);
        if (verdict) failures.push(`${role}: ${verdict} — ${answer.text.slice(0, 200)}`);
        const changed = changedTables(before, after);
        // A refusal changes nothing; nor does a query, except an audited read, which must write
        // the tables its entry names (the audit trail) and no others.
        const mayChange = outcome !== 'ok' ? [] : op.kind === 'query' ? (entry.writes ?? []) : null;
        const unexpected = mayChange === null ? [] : changed.filter((t) => !mayChange.includes(t));
        if (unexpected.length) failures.push(`${role}: ${outcome === 'ok' ? 'a query' : outcome} changed ${unexpected.join(', ')}`);
        const unwritten = op.kind === 'query' && outcome === 'ok' && succeeded ? (entry.writes ?? []).filter((t) => !changed.includes(t)) : [];
        if (unwritten.length) failures.push(`${role}: an audited read wrote nothing to ${unwritten.join(', ')}`);
        if (!succeeded && changed.length && outcome === 'ok') failures.push(`${role}: a refused call changed ${changed.join(', ')}`);
        await entry.restore?.(c, succeeded);
      }
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});

describe('GraphQL subscriptions over graphql-ws, for every caller', () => {
  const subscriptions = operations.filter((o) => o.kind === 'subscription');
  for (const op of subscriptions) {
    it(`subscription ${op.name}`, async () => {
      const entry = GRAPHQL[keyOf(op)];
      if (!entry) throw new Error(`no entry for ${op.name} in tests/attack/expectations.ts: add one`);
      const failures: string[] = [];
      await Promise.all(
        ROLES.map(async (role) => {
          const c = cell(role);
          const token = c.caller.token();
          const ws = createClient({
            url: `${server.url.replace(/^http/, 'ws')}/graphql`,
            webSocketImpl: WebSocket,
            connectionParams: token ? { authorization: `Bearer ${token}` } : {},
            retryAttempts: 0,
            lazy: true,
          });
          try {
            const outcome = await new Promise<{ values: unknown[]; codes: string[]; closed?: number }>((resolve) => {
              const values: unknown[] = [];
              const codes: string[] = [];
              const done = () => resolve({ values, codes });
              const timer = setTimeout(done, 700);
              ws.subscribe(
                { query: documentFor(op, { depth: 1 }) },
                {
                  next: (value) => {
                    if (value.errors?.length) for (const e of value.errors) codes.push(String(e.extensions?.code ?? 'NO_CODE'));
                    else values.push(value.data);
                  },
                  error: (err) => {
                    clearTimeout(timer);
                    if (Array.isArray(err)) for (const e of err) codes.push(String(e.extensions?.code ?? 'NO_CODE'));
                    else codes.push(`CLOSED_${(err as { code?: number }).code ?? '?'}`);
                    resolve({ values, codes });
                  },
                  complete: () => {
                    clearTimeout(timer);
                    done();
                  },
                },
              );
            });
            const expected = entry.expect[role];
            if (expected === 'ok' || expected === 'unchanged') {
              if (outcome.codes.length) failures.push(`${role}: expected the subscription to run, got ${outcome.codes.join(',')}`);
            } else {
              if (!outcome.codes.includes(expected)) failures.push(`${role}: expected ${expected}, got ${outcome.codes.join(',') || 'no error'}`);
              if (outcome.values.length) failures.push(`${role}: refused, yet data flowed: ${JSON.stringify(outcome.values)}`);
            }
          } finally {
            await ws.dispose();
          }
        }),
      );
      expect(failures, failures.join('\n')).toEqual([]);
    });
  }
});

describe('REST routes, for every caller', () => {
  // Every route × seven callers × two table fingerprints: well past the default 30 s on a busy machine.
  it('answers every route as the table says', async () => {
    const routes = routesOf(server.clubroom.app);
    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const entry = ROUTES[key];
      if (!entry) {
        failures.push(`${key}: no entry in ROUTES of tests/attack/expectations.ts: add one`);
        continue;
      }
      if (entry.coveredBy) continue;
      for (const role of ROLES) {
        const c = cell(role);
        const path = (await entry.path?.(c)) ?? route.url;
        const body = await entry.body?.(c);
        const before = await fingerprint(server.clubroom);
        const token = c.caller.token();
        const headers: Record<string, string> = {};
        if (token) headers.authorization = `Bearer ${token}`;
        let answer;
        const file = await entry.multipart?.(c);
        if (file) {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/octet-stream' }), file.name);
          const csrfToken = c.caller.client.csrfToken ?? (await c.caller.client.fetchCsrf());
          const csrf = { cookie: `clubroom_csrf=${c.caller.client.cookie('clubroom_csrf')}`, 'x-csrf-token': csrfToken };
          answer = await rawFetch(server.url + path, { method: route.method, headers: { ...headers, ...csrf }, body: form });
        } else if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) {
          const rest = await c.caller.client.rest(route.method, path, body, { token });
          answer = { status: rest.status, text: JSON.stringify(rest.body), json: rest.body, contentType: rest.headers.get('content-type') ?? '' };
        } else {
          if (route.method === 'OPTIONS') Object.assign(headers, { origin: server.url, 'access-control-request-method': 'POST' });
          if (route.url === '/graphql' && route.method !== 'OPTIONS') headers.accept = 'text/html';
          answer = await rawFetch(server.url + path, { method: route.method, headers });
        }
        const after = await fingerprint(server.clubroom);
        const failure = serverFailure(answer);
        const succeeded = !failure && answer.status < 400 && (answer.json?.success ?? true) !== false;
        const outcome = entry.expect[role];
        const codes = codesOf(answer);
        // HEAD answers carry no body: the status must say it.
        const headCodes = route.method === 'HEAD' && !succeeded ? [({ 400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND' } as Record<number, string>)[answer.status] ?? `HTTP_${answer.status}`] : codes;
        const verdict = failure ?? judge(outcome, answer.status, headCodes, succeeded);
        if (verdict) failures.push(`${key} as ${role}: ${verdict} — ${answer.text.slice(0, 160)}`);
        const changed = changedTables(before, after);
        if (outcome !== 'ok' && changed.length) failures.push(`${key} as ${role}: ${outcome} changed ${changed.join(', ')}`);
        await entry.restore?.(c, succeeded);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000);

  it('leaves the server healthy and saw no unhandled rejection', async () => {
    expect(await healthy(server.url)).toBe(true);
    expect(rejections.seen.map(String)).toEqual([]);
  });
});
