// The authorization matrix: every GraphQL operation of schema.graphql and every route of the
// running Fastify router, called by each of seven callers (anonymous, a member, another member, a
// club owner, another club owner, a council administrator, the platform administrator). Each cell
// must answer as expectations.ts says: allowed, or refused with the code docs/API.md names, and a
// refused call (or a read) leaves every table exactly as it was. An operation or a route missing
// from the table fails the run. The operations of issue 13 are also called through API tokens with
// and without their scopes (token-expectations.ts), and Member's account fields are checked for
// who sees them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestServer } from '../helpers/server.js';
import { getNamedType, isCompositeType, isObjectType, type GraphQLEnumType, type GraphQLObjectType } from 'graphql';
import { adminOnlyFields } from '../../server/src/graphql/access.js';
import { buildClubroomSchema } from '../../server/src/app/schema.js';
import { databaseId } from '../../server/src/graphql/relay.js';
import { FINE_READ_SCOPES, createToken, type Scope } from '../helpers/api-tokens.js';
import { GRAPHQL, ROUTES, graphqlKey, newPosition, newRemoval, newReport, newVolunteerApplication, type Cell, type Fixture, type Outcome } from './expectations.js';
import { ROOT_READ_SCOPES, TOKENS, scopeName } from './token-expectations.js';
import {
  ADMIN_FIELDS,
  CALLERS,
  FIELD_TARGETS,
  FINE_READ_OWNERS,
  NODE_READ_SCOPES,
  NODES,
  OBJECT_VISIBILITY_FIELDS,
  SEES_ADMIN_FIELDS,
  TOKEN_CALLERS,
  isHidden,
  type Caller,
} from './node-expectations.js';
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
  type RawAnswer,
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
  // The matrix makes more API tokens per caller than an hour's default allows (its cells, the
  // issue 13 and issue 25 tokens, one per fine read scope): floods.test.ts checks that limit.
  server = await startAttackServer({ API_TOKEN_CREATIONS_PER_HOUR: '1000' });
  // The matrix's webhook endpoints point nowhere reachable: a delivery worker retrying them would
  // write webhook rows while a refused call is fingerprinted. Delivery is tests/api/webhooks.test.ts's.
  await server.clubroom.webhookWorker.stop();
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
  fx = {
    publicMeetingId: await meeting(true),
    privateMeetingId: await meeting(false),
    positionId: await newPosition(cellFor),
    applicationId: await newVolunteerApplication(cellFor),
    reportId: await newReport(cellFor),
    actionId: await newRemoval(cellFor),
  };
}, 120_000);

afterAll(async () => {
  rejections.stop();
  await server?.close();
});

const cell = (role: Role): Cell => ({ server, p, role, caller: p[role], fx });

/** The tokens with one fine read scope (issue 31), made once and shared by the root field and the
 *  Node checks (a member may make only so many tokens an hour). */
const fineSecrets = new Map<string, Promise<string>>();
function fineReadToken(owner: (typeof FINE_READ_OWNERS)[number], scope: (typeof FINE_READ_SCOPES)[number]): Promise<string> {
  const key = `${owner.owner}:${scope}`;
  if (!fineSecrets.has(key)) fineSecrets.set(key, createToken(p[owner.owner].client, [scope, ...owner.extra], { name: `Read scope matrix ${key}` }).then((t) => t.secret));
  return fineSecrets.get(key)!;
}

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

/** Calls one GraphQL operation over HTTP as the cell's caller (its token: a session's or an API
 *  token's) and answers what differs from `outcome` (also any table a refusal or a read changed). */
async function httpCell(op: Operation, c: Cell, outcome: Outcome, label: string, ignore: string[] = []): Promise<{ failures: string[]; answer: RawAnswer }> {
  const entry = GRAPHQL[keyOf(op)]!;
  const failures: string[] = [];
  const variables = (await entry.vars?.(c)) ?? {};
  const before = await fingerprint(server.clubroom);
  const answer = await gqlRaw(server.url, { query: documentFor(op, { depth: 1 }), variables }, c.caller.token());
  const after = await fingerprint(server.clubroom);
  const failure = serverFailure(answer);
  const data = answer.json?.data?.[op.name];
  const succeeded = !failure && answer.status === 200 && !answer.json?.errors?.length && data !== undefined && userErrorCodesOf(answer.json?.data).length === 0;
  const verdict = failure ?? judge(outcome, answer.status, codesOf(answer), succeeded);
  if (verdict) failures.push(`${label}: ${verdict} — ${answer.text.slice(0, 200)}`);
  const changed = changedTables(before, after).filter((t) => !ignore.includes(t));
  // A refusal changes nothing; nor does a query, except an audited read, which must write
  // the tables its entry names (the audit trail) and no others.
  const mayChange = outcome !== 'ok' ? [] : op.kind === 'query' ? (entry.writes ?? []) : null;
  const unexpected = mayChange === null ? [] : changed.filter((t) => !mayChange.includes(t));
  if (unexpected.length) failures.push(`${label}: ${outcome === 'ok' ? 'a query' : outcome} changed ${unexpected.join(', ')}`);
  const unwritten = op.kind === 'query' && outcome === 'ok' && succeeded ? (entry.writes ?? []).filter((t) => !changed.includes(t)) : [];
  if (unwritten.length) failures.push(`${label}: an audited read wrote nothing to ${unwritten.join(', ')}`);
  if (!succeeded && changed.length && outcome === 'ok') failures.push(`${label}: a refused call changed ${changed.join(', ')}`);
  await entry.restore?.(c, succeeded);
  return { failures, answer };
}

describe('GraphQL operations over HTTP, for every caller', () => {
  const httpOps = operations.filter((o) => o.kind !== 'subscription');
  for (const op of httpOps) {
    it(`${op.kind} ${op.name}`, async () => {
      const entry = GRAPHQL[keyOf(op)];
      if (!entry) throw new Error(`no entry for ${op.name} in tests/attack/expectations.ts: add one`);
      const failures: string[] = [];
      for (const role of ROLES) failures.push(...(await httpCell(op, cell(role), entry.expect[role], role)).failures);
      expect(failures, failures.join('\n')).toEqual([]);
      // Seven callers, some with four password hashes each (changePassword): well past the default
      // 30 s on a busy machine, and a test that times out goes on in the background, changing
      // tables under the next one.
    }, 120_000);
  }
});

/** Subscribes to one operation over graphql-ws with `token` for 700 ms and answers what differs
 *  from `expected`: a refusal with that code and no data, or a subscription that runs. */
async function wsCell(op: Operation, token: string | null, expected: Outcome, label: string, variables?: Record<string, unknown>): Promise<string[]> {
  const failures: string[] = [];
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
        { query: documentFor(op, { depth: 1 }), variables },
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
    if (expected === 'ok' || expected === 'unchanged') {
      if (outcome.codes.length) failures.push(`${label}: expected the subscription to run, got ${outcome.codes.join(',')}`);
    } else {
      if (!outcome.codes.includes(expected)) failures.push(`${label}: expected ${expected}, got ${outcome.codes.join(',') || 'no error'}`);
      if (outcome.values.length) failures.push(`${label}: refused, yet data flowed: ${JSON.stringify(outcome.values)}`);
    }
  } finally {
    await ws.dispose();
  }
  return failures;
}

describe('GraphQL subscriptions over graphql-ws, for every caller', () => {
  const subscriptions = operations.filter((o) => o.kind === 'subscription');
  for (const op of subscriptions) {
    it(`subscription ${op.name}`, async () => {
      const entry = GRAPHQL[keyOf(op)];
      if (!entry) throw new Error(`no entry for ${op.name} in tests/attack/expectations.ts: add one`);
      const failures = await Promise.all(ROLES.map(async (role) => wsCell(op, cell(role).caller.token(), entry.expect[role], role, await entry.vars?.(cell(role)))));
      expect(failures.flat(), failures.flat().join('\n')).toEqual([]);
    });
  }
});

describe('API tokens: the operations of issue 13 with and without their scope', () => {
  const scopeValues = (schema.getType('ApiScope') as GraphQLEnumType).getValues().map((v) => v.name);
  const secrets = new Map<string, string>();
  /** A token of the role's with these scopes (made once per set). */
  async function tokenOf(role: Role, scopes: string[]): Promise<string> {
    const key = `${role}:${[...scopes].sort().join(',')}`;
    if (!secrets.has(key)) secrets.set(key, (await createToken(p[role].client, scopes as Scope[], { name: `Matrix ${key}`.slice(0, 100) })).secret);
    return secrets.get(key)!;
  }
  /** The cell of a role acting through a token instead of its session. */
  const tokenCell = (role: Role, secret: string): Cell => ({ ...cell(role), caller: { ...p[role], token: () => secret } });
  // Using a token records its last use (at most once a minute): not a change a call made.
  const IGNORED = ['api_tokens'];

  it('names every operation of issue 13 the table has', () => {
    const missing = Object.keys(TOKENS).filter((name) => !operations.some((o) => o.name === name));
    expect(missing, 'operations of TOKENS in tests/attack/token-expectations.ts missing from schema.graphql').toEqual([]);
    expect(scopeValues).toEqual(expect.arrayContaining(['READ', 'ADMIN', 'REPORTS_WRITE']));
  });

  for (const [name, need] of Object.entries(TOKENS)) {
    it(`${name}: the owner's token with ${need.scopes.join(' and ')}, without each, and a member's token with every scope`, async () => {
      const op = operations.find((o) => o.name === name);
      if (!op) throw new Error(`${name} is not in schema.graphql`);
      const expected = GRAPHQL[keyOf(op)]!.expect;
      const failures: string[] = [];
      const run = async (role: Role, scopes: string[], outcome: Outcome, label: string, message?: string) => {
        const secret = await tokenOf(role, scopes);
        if (op.kind === 'subscription') {
          failures.push(...(await wsCell(op, secret, outcome, label)));
          return;
        }
        const { failures: found, answer } = await httpCell(op, tokenCell(role, secret), outcome, label, IGNORED);
        failures.push(...found);
        const said = (answer.json?.errors ?? []).map((e: { message?: string }) => e.message);
        if (message && !said.includes(message)) failures.push(`${label}: expected the message '${message}', got ${JSON.stringify(said)}`);
      };
      await run(need.owner, need.scopes, expected[need.owner], `${need.owner}'s token with ${need.scopes.join(',')}`);
      for (const missing of need.scopes) {
        // Without READ: without any read scope (a fine one covers its area); the refusal names the
        // field's own read scope (ROOT_READ_SCOPES).
        const withoutRead = missing === 'READ';
        const others = scopeValues.filter((s) => s !== missing && !(withoutRead && (FINE_READ_SCOPES as readonly string[]).includes(s)));
        const lacking = withoutRead ? ROOT_READ_SCOPES[keyOf(op)]! : scopeName(missing);
        await run(need.owner, others, 'FORBIDDEN', `${need.owner}'s token without ${missing}`, `This API token lacks the ${lacking} scope.`);
      }
      if (need.owner === 'platformAdmin') await run('member', scopeValues, 'FORBIDDEN', "member's token with every scope", 'Admin permissions required');
      expect(failures, failures.join('\n')).toEqual([]);
    }, 120_000);
  }
});

describe('Issue 31: every root query and subscription field × a token with each fine read scope alone', () => {
  const fine: Array<{ owner: Role; scope: string; secret: string }> = [];
  const fineTokens = () => fine;
  const roots = operations.filter((o) => o.kind !== 'mutation');

  beforeAll(async () => {
    for (const owner of FINE_READ_OWNERS) for (const scope of FINE_READ_SCOPES) fine.push({ owner: owner.owner, scope, secret: await fineReadToken(owner, scope) });
  }, 60_000);

  /** The root field alone, selecting only `__typename`: deeper fields of another area name their
   *  own read scope (tests/unit/api-token-scopes.test.ts), not the root's. Sent without variables:
   *  a refusal comes before they are read. */
  const bare = (op: Operation) => {
    const vars = op.field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
    const args = op.field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    return `${op.kind} ReadScope${vars ? `(${vars})` : ''} { ${op.name}${args ? `(${args})` : ''}${isCompositeType(getNamedType(op.field.type)) ? ' { __typename }' : ''} }`;
  };
  /** What a cell must answer: null when it did, else why not. */
  const judgeRead = (key: string, scope: string, said: string[], status?: number): string | null => {
    const need = ROOT_READ_SCOPES[key]!;
    const name = key.replace(/_subscription$/, '');
    const expected = need === 'session' ? `An API token cannot run ${name}: it needs a signed-in session.` : `This API token lacks the ${need} scope.`;
    const allowed = need === 'any' || need === scopeName(scope);
    const readRefusal = said.find((m) => /^This API token lacks the read|^An API token cannot run/.test(m));
    if (allowed) return readRefusal ? `refused: ${readRefusal}` : null;
    if (!said.includes(expected)) return `expected '${expected}', got ${JSON.stringify(said)}`;
    if (status !== undefined && status !== 403) return `expected HTTP 403, got ${status}`;
    return null;
  };

  it('lists the read scope of every root query and subscription field in ROOT_READ_SCOPES (token-expectations.ts)', () => {
    const keys = roots.map(keyOf);
    const missing = keys.filter((k) => !(k in ROOT_READ_SCOPES));
    expect(missing, `add these root fields to ROOT_READ_SCOPES in tests/attack/token-expectations.ts (the read scope each needs): ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(ROOT_READ_SCOPES).filter((k) => !keys.includes(k));
    expect(stale, 'remove these entries from ROOT_READ_SCOPES in tests/attack/token-expectations.ts').toEqual([]);
  });

  it('runs a query exactly when the token holds its read scope, and refuses it whole before it runs otherwise (HTTP 403)', async () => {
    const failures: string[] = [];
    for (const op of roots.filter((o) => o.kind === 'query')) {
      const key = keyOf(op);
      for (const { owner, scope, secret } of fineTokens()) {
        const answer = await gqlRaw(server.url, { query: bare(op) }, secret);
        const broken = serverFailure(answer);
        const said = (answer.json?.errors ?? []).map((e: { message?: string }) => String(e.message));
        const wrong = broken ?? judgeRead(key, scope, said, answer.status);
        if (wrong) failures.push(`${op.name} with ${owner}'s ${scope} token: ${wrong}`);
        if (!wrong && answer.status === 403 && answer.json?.data !== undefined) failures.push(`${op.name} with ${owner}'s ${scope} token: refused, yet it ran`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000);

  it('runs a subscription over graphql-ws exactly when the token holds its read scope, and refuses it before any data otherwise', async () => {
    const failures: string[] = [];
    const subscriptions = roots.filter((o) => o.kind === 'subscription');
    for (const { owner, scope, secret } of fineTokens()) {
      const ws = createClient({ url: `${server.url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${secret}` }, retryAttempts: 0, lazy: true });
      try {
        // All at once on one socket (fewer than its limit of operations), each for 700 ms.
        const outcomes = await Promise.all(
          subscriptions.map(
            (op) =>
              new Promise<{ op: Operation; said: string[]; data: boolean }>((resolve) => {
                const said: string[] = [];
                let data = false;
                const timer = setTimeout(() => {
                  stop();
                  resolve({ op, said, data });
                }, 700);
                const stop = ws.subscribe(
                  { query: bare(op) },
                  {
                    next: (value) => {
                      if (value.errors?.length) for (const e of value.errors) said.push(e.message);
                      else data = true;
                    },
                    error: (err) => {
                      clearTimeout(timer);
                      if (Array.isArray(err)) for (const e of err) said.push(String((e as { message?: string }).message));
                      else said.push(`CLOSED_${(err as { code?: number }).code ?? '?'}`);
                      resolve({ op, said, data });
                    },
                    complete: () => {
                      clearTimeout(timer);
                      resolve({ op, said, data });
                    },
                  },
                );
              }),
          ),
        );
        for (const { op, said, data } of outcomes) {
          const wrong = judgeRead(keyOf(op), scope, said);
          if (wrong) failures.push(`${op.name} with ${owner}'s ${scope} token: ${wrong}`);
          else if (data && said.some((m) => m.startsWith('This API token lacks the read'))) failures.push(`${op.name} with ${owner}'s ${scope} token: refused, yet data flowed`);
        }
      } finally {
        await ws.dispose();
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});

describe("Member's account fields (issue 13): the member and platform administrators only", () => {
  const FIELDS = 'status statusReason suspendedUntil statusChangedAt activity { messagesSent messagesReceived applications reportsMade reportsAgainst activeSessions lastActiveAt }';

  it("shows another member's status and activity to the platform administrator only", async () => {
    const failures: string[] = [];
    for (const role of ROLES) {
      const answer = await gqlRaw(server.url, { query: `query($id: ID!) { member(id: $id) { id ${FIELDS} } }`, variables: { id: p.bystander.memberId } }, p[role].token());
      if (serverFailure(answer)) failures.push(`${role}: ${serverFailure(answer)}`);
      if (role === 'anonymous') {
        if (!codesOf(answer).includes('UNAUTHENTICATED')) failures.push(`anonymous: expected UNAUTHENTICATED, got ${answer.text.slice(0, 160)}`);
        continue;
      }
      const member = answer.json?.data?.member;
      if (!member) {
        failures.push(`${role}: no member answered: ${answer.text.slice(0, 160)}`);
        continue;
      }
      const admin = role === 'platformAdmin';
      if (admin ? member.status !== 'ACTIVE' : member.status !== null) failures.push(`${role}: status ${JSON.stringify(member.status)}`);
      if (admin ? typeof member.activity?.activeSessions !== 'number' : member.activity !== null) failures.push(`${role}: activity ${JSON.stringify(member.activity)}`);
      for (const field of ['statusReason', 'suspendedUntil', 'statusChangedAt'] as const) if (member[field] !== null) failures.push(`${role}: ${field} ${JSON.stringify(member[field])} of an active account`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('shows each member their own status, and the activity counts to administrators only', async () => {
    const failures: string[] = [];
    for (const role of ROLES.filter((r) => r !== 'anonymous')) {
      const answer = await gqlRaw(server.url, { query: `{ me { id ${FIELDS} } }` }, p[role].token());
      const me = answer.json?.data?.me;
      if (serverFailure(answer) || !me) {
        failures.push(`${role}: ${answer.text.slice(0, 160)}`);
        continue;
      }
      if (me.status !== 'ACTIVE') failures.push(`${role}: own status ${JSON.stringify(me.status)}`);
      if (role === 'platformAdmin' ? typeof me.activity?.activeSessions !== 'number' : me.activity !== null) failures.push(`${role}: own activity ${JSON.stringify(me.activity)}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

/** Every @FieldResolver of the resolvers whose body reads an administrator's right (the viewer's
 *  flag or the services' owner-or-administrator rules), as `Type.field`, and whether it is marked
 *  @AdminOnly(). Read from the sources with the TypeScript parser. */
function fieldResolversReadingAdminRights(): Array<{ field: string; file: string; marked: boolean }> {
  const ADMIN_RIGHT = /\bisPlatformAdmin\b|\bownsOrAdministers\(|\bcanSeeProfileEmail\(|\bmanagesPosition\(|\bown\(ctx\b/;
  const found: Array<{ field: string; file: string; marked: boolean }> = [];
  const root = join(process.cwd(), 'server/src/modules');
  for (const module of readdirSync(root)) {
    for (const name of readdirSync(join(root, module)).filter((f) => f.endsWith('.resolver.ts'))) {
      const file = `server/src/modules/${module}/${name}`;
      const source = ts.createSourceFile(file, readFileSync(join(root, module, name), 'utf8'), ts.ScriptTarget.Latest, true);
      const decoratorName = (d: ts.Decorator) => (ts.isCallExpression(d.expression) ? d.expression.expression.getText(source) : d.expression.getText(source));
      source.forEachChild(function visit(node): void {
        if (ts.isClassDeclaration(node)) {
          const resolver = ts.getDecorators(node)?.find((d) => decoratorName(d) === 'Resolver');
          const type = resolver && ts.isCallExpression(resolver.expression) ? /=>\s*(\w+)/.exec(resolver.expression.arguments[0]?.getText(source) ?? '')?.[1] : undefined;
          for (const member of node.members) {
            if (!ts.isMethodDeclaration(member) || !member.body) continue;
            const decorators = (ts.getDecorators(member) ?? []).map(decoratorName);
            if (!decorators.includes('FieldResolver') || !ADMIN_RIGHT.test(member.body.getText(source))) continue;
            found.push({ field: `${type ?? '?'}.${member.name.getText(source)}`, file, marked: decorators.includes('AdminOnly') });
          }
        }
        node.forEachChild(visit);
      });
    }
  }
  return found;
}

describe('Issue 25: every Node type through node and nodes, and every admin-only field, × every caller and API token', () => {
  const secrets = new Map<Caller, string>();
  const objects: Array<{ type: string; what: string; id: string; sees: Caller[] }> = [];
  const targets = new Map<string, string>();
  const tokenFor = (caller: Caller): string | null => secrets.get(caller) ?? p[caller as Role].token();
  const noPubSub = { publish: () => {}, subscribe: () => (async function* () {})() } as unknown as Parameters<typeof buildClubroomSchema>[0];

  beforeAll(async () => {
    for (const [caller, { owner, scopes }] of Object.entries(TOKEN_CALLERS)) {
      secrets.set(caller as Caller, (await createToken(p[owner].client, [...scopes], { name: `Node matrix ${caller}` })).secret);
    }
    const c = cell('platformAdmin');
    for (const [type, cases] of Object.entries(NODES)) for (const object of cases) objects.push({ type, what: object.what, id: await object.id(c), sees: object.sees });
    for (const key of new Set(Object.values(ADMIN_FIELDS).map((f) => f.on))) targets.set(key, await FIELD_TARGETS[key]!(c));
  }, 180_000);

  it('lists every Node type of schema.graphql in NODES', () => {
    const nodeTypes = Object.values(schema.getTypeMap())
      .filter((t): t is GraphQLObjectType => isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Node'))
      .map((t) => t.name);
    expect(nodeTypes.length).toBeGreaterThan(10);
    const missing = nodeTypes.filter((t) => !(t in NODES));
    expect(missing, `add these Node types to NODES in tests/attack/node-expectations.ts (an object of each, and which callers see it through node/nodes): ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(NODES).filter((t) => !nodeTypes.includes(t));
    expect(stale, 'remove these entries from NODES in tests/attack/node-expectations.ts: no such Node type in schema.graphql').toEqual([]);
  });

  it('lists every field marked @AdminOnly() in ADMIN_FIELDS', async () => {
    const marked = adminOnlyFields(await buildClubroomSchema(noPubSub));
    const missing = marked.filter((f) => !(f in ADMIN_FIELDS));
    expect(missing, `add these admin-only fields to ADMIN_FIELDS in tests/attack/node-expectations.ts (and an object where the administrator sees a value): ${missing.join(', ')}`).toEqual([]);
    const unmarked = Object.keys(ADMIN_FIELDS).filter((f) => !marked.includes(f));
    expect(unmarked, `these ADMIN_FIELDS entries are not marked @AdminOnly() in their resolver (server/src/graphql/access.ts): mark them, or remove them from tests/attack/node-expectations.ts`).toEqual([]);
  });

  it('finds no field resolver that reads an administrator\'s right without @AdminOnly()', () => {
    const unmarked = fieldResolversReadingAdminRights().filter((f) => !f.marked && !(f.field in OBJECT_VISIBILITY_FIELDS));
    expect(
      unmarked.map((f) => `${f.field} (${f.file})`),
      'these field resolvers decide with an administrator\'s right: mark them @AdminOnly() (and list them in ADMIN_FIELDS of tests/attack/node-expectations.ts), or, if they answer an object under its own visibility rule, list them in OBJECT_VISIBILITY_FIELDS there',
    ).toEqual([]);
  });

  it('answers node(id:) and nodes(ids:) as NODES says, for every caller', async () => {
    const failures: string[] = [];
    for (const caller of CALLERS) {
      const token = tokenFor(caller);
      const all = await gqlRaw(server.url, { query: 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', variables: { ids: objects.map((o) => o.id) } }, token);
      if (serverFailure(all) || all.status !== 200 || all.json?.errors?.length) {
        failures.push(`${caller}: nodes answered HTTP ${all.status} ${all.text.slice(0, 200)}`);
        continue;
      }
      objects.forEach((o, i) => {
        const got = all.json.data.nodes[i];
        if (o.sees.includes(caller) ? got?.id !== o.id : got !== null) failures.push(`${caller}: nodes(ids:) ${got ? 'showed' : 'hid'} ${o.type} (${o.what})`);
      });
      for (const o of objects) {
        const one = await gqlRaw(server.url, { query: 'query($id: ID!) { node(id: $id) { __typename id } }', variables: { id: o.id } }, token);
        const got = one.json?.data?.node;
        if (serverFailure(one) || one.status !== 200 || one.json?.errors?.length) failures.push(`${caller}: node(id:) of ${o.type} answered HTTP ${one.status} ${one.text.slice(0, 200)}`);
        else if (o.sees.includes(caller) ? got?.id !== o.id : got !== null) failures.push(`${caller}: node(id:) ${got ? 'showed' : 'hid'} ${o.type} (${o.what})`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000);

  it('answers node(id:) and nodes(ids:) to a token with each fine read scope alone: what its owner\'s read token sees, of the types of that scope only (issue 31)', async () => {
    const failures: string[] = [];
    const unnamed = [...new Set(objects.map((o) => o.type))].filter((t) => !(t in NODE_READ_SCOPES));
    if (unnamed.length) failures.push(`add these Node types to NODE_READ_SCOPES in tests/attack/node-expectations.ts: ${unnamed.join(', ')}`);
    for (const fineOwner of FINE_READ_OWNERS) {
      const { owner, equivalent } = fineOwner;
      for (const scope of FINE_READ_SCOPES) {
        const label = `${owner}'s ${scope} token`;
        const token = await fineReadToken(fineOwner, scope);
        const sees = (o: (typeof objects)[number]) => o.sees.includes(equivalent) && NODE_READ_SCOPES[o.type] === scopeName(scope);
        const all = await gqlRaw(server.url, { query: 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', variables: { ids: objects.map((o) => o.id) } }, token);
        if (serverFailure(all) || all.status !== 200 || all.json?.errors?.length) {
          failures.push(`${label}: nodes answered HTTP ${all.status} ${all.text.slice(0, 200)}`);
          continue;
        }
        objects.forEach((o, i) => {
          const got = all.json.data.nodes[i];
          if (sees(o) ? got?.id !== o.id : got !== null) failures.push(`${label}: nodes(ids:) ${got ? 'showed' : 'hid'} ${o.type} (${o.what})`);
        });
        for (const o of objects) {
          const one = await gqlRaw(server.url, { query: 'query($id: ID!) { node(id: $id) { __typename id } }', variables: { id: o.id } }, token);
          const got = one.json?.data?.node;
          if (serverFailure(one) || one.status !== 200 || one.json?.errors?.length) failures.push(`${label}: node(id:) of ${o.type} answered HTTP ${one.status} ${one.text.slice(0, 200)}`);
          else if (sees(o) ? got?.id !== o.id : got !== null) failures.push(`${label}: node(id:) ${got ? 'showed' : 'hid'} ${o.type} (${o.what})`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 240_000);

  it("shows every admin-only field to the platform administrator's rights only (its session, its token with admin)", async () => {
    const failures: string[] = [];
    const byTarget = new Map<string, string[]>();
    for (const [name, f] of Object.entries(ADMIN_FIELDS)) byTarget.set(f.on, [...(byTarget.get(f.on) ?? []), name]);
    for (const [target, names] of byTarget) {
      const typeName = names[0]!.split('.')[0]!;
      const selection = names
        .map((n) => {
          const f = ADMIN_FIELDS[n]!;
          return `${n.split('.')[1]}${f.args ? `(${f.args})` : ''}${f.select ? ` { ${f.select} }` : ''}`;
        })
        .join(' ');
      const query = `query($id: ID!) { node(id: $id) { __typename ... on ${typeName} { ${selection} } } }`;
      const seen = new Map<Caller, Record<string, unknown> | null>();
      for (const caller of CALLERS) {
        const answer = await gqlRaw(server.url, { query, variables: { id: targets.get(target) } }, tokenFor(caller));
        if (serverFailure(answer) || answer.status !== 200 || answer.json?.errors?.length) failures.push(`${target} as ${caller}: HTTP ${answer.status} ${answer.text.slice(0, 200)}`);
        seen.set(caller, answer.json?.data?.node ?? null);
      }
      const admin = seen.get('platformAdmin');
      for (const name of names) {
        const field = name.split('.')[1]!;
        if (isHidden(admin?.[field])) {
          failures.push(`${name}: the platform administrator sees no value on '${target}': give it a target where it has one (FIELD_TARGETS in tests/attack/node-expectations.ts)`);
          continue;
        }
        for (const caller of CALLERS) {
          const value = seen.get(caller)?.[field] ?? null;
          if (SEES_ADMIN_FIELDS.includes(caller)) {
            if (JSON.stringify(value) !== JSON.stringify(admin![field])) failures.push(`${name}: ${caller} saw ${JSON.stringify(value)}, not the administrator's ${JSON.stringify(admin![field])}`);
          } else if (!isHidden(value)) failures.push(`${name}: ${caller} saw ${JSON.stringify(value)} (an administrator's field)`);
        }
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  }, 180_000);

  it('refuses a whole query document before it runs when a root field needs a scope the token lacks: HTTP 403, no data', async () => {
    const failures: string[] = [];
    const document = '{ me { id } adminUsers(first: 1) { totalCount } }';
    for (const caller of ['adminReadToken', 'memberReadToken'] as const) {
      const answer = await gqlRaw(server.url, { query: document }, tokenFor(caller));
      const said = (answer.json?.errors ?? []).map((e: { message?: string }) => e.message);
      if (answer.status !== 403) failures.push(`${caller}: expected HTTP 403, got ${answer.status}`);
      if (answer.json?.data !== undefined) failures.push(`${caller}: the document ran: ${JSON.stringify(answer.json.data)}`);
      if (!said.includes('This API token lacks the admin scope.')) failures.push(`${caller}: expected 'This API token lacks the admin scope.', got ${JSON.stringify(said)}`);
    }
    // With the scope, the document runs; the owner's rights then decide each field.
    const allowed = await gqlRaw(server.url, { query: document }, tokenFor('adminReadAdminToken'));
    if (allowed.status !== 200 || allowed.json?.errors?.length || typeof allowed.json?.data?.adminUsers?.totalCount !== 'number') failures.push(`adminReadAdminToken: ${allowed.text.slice(0, 200)}`);
    // Over graphql-ws, refused in onSubscribe: no data flows.
    const subscription = operations.find((o) => o.name === 'moderationStatsChanged')!;
    failures.push(...(await wsCell(subscription, tokenFor('adminReadToken'), 'FORBIDDEN', 'adminReadToken over graphql-ws')));
    expect(failures, failures.join('\n')).toEqual([]);
  });
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
