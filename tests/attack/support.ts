// Shared pieces of the attack suite: the operations of schema.graphql and the routes of the
// running Fastify instance (both read from the source of truth, so a new operation or route is
// attacked without anyone listing it), GraphQL documents and variables built from the schema, a
// fingerprint of every table, the callers of the authorization matrix, and a guard that fails the
// file on any unhandled promise rejection in the process (the server runs in it).
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import type { FastifyInstance } from 'fastify';
import type { Clubroom } from '../../server/src/app/clubroom.js';
import { ApiClient, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';

// ---------------------------------------------------------------------------------------------
// Size of a run.

/** fast-check runs per property. `ATTACK_RUNS=2000 npx vitest run tests/attack` for a long run. */
export const RUNS = Math.max(1, Number(process.env.ATTACK_RUNS ?? 12));
/** A test's time limit for `calls` fuzzed calls per run (generous: the machine may be busy, and a
 *  test that times out keeps running in the background and disturbs the next one). */
export const timeoutFor = (callsPerRun: number) => 60_000 + RUNS * callsPerRun * 1_500;
/** A seed to replay a failing run (fast-check prints it). */
export const SEED = process.env.ATTACK_SEED ? Number(process.env.ATTACK_SEED) : undefined;

// ---------------------------------------------------------------------------------------------
// The server under attack.

/** Limits high enough that the attack's own sign-ins are not what refuses them (the variable names
 *  of both the old and the new rate limiter are given; the unknown ones are ignored). */
export const GENEROUS_LIMITS: Record<string, string> = {
  AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  AUTH_RATE_LIMIT_FAILS_PER_EMAIL_IP: '1000000',
  AUTH_RATE_LIMIT_FAILS_PER_IP_PER_DAY: '1000000',
};

export const JWT_SECRET = 'attack-suite-signing-key-0123456789abcdef';

export function startAttackServer(env: Record<string, string> = {}): Promise<TestServer> {
  return startServer({}, { ...GENEROUS_LIMITS, JWT_SECRET, ...env });
}

// ---------------------------------------------------------------------------------------------
// The schema's operations.

export type OperationKind = 'query' | 'mutation' | 'subscription';

export interface Operation {
  kind: OperationKind;
  name: string;
  field: GraphQLField<unknown, unknown>;
}

export function loadSchema(): GraphQLSchema {
  return buildSchema(readFileSync(join(import.meta.dirname, '..', '..', 'schema.graphql'), 'utf8'));
}

/** Every Query, Mutation and Subscription field of the committed schema. */
export function schemaOperations(schema: GraphQLSchema): Operation[] {
  const roots: Array<[OperationKind, ReturnType<GraphQLSchema['getQueryType']>]> = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) => (type ? Object.values(type.getFields()).map((field) => ({ kind, name: field.name, field })) : []));
}

/** A selection of every scalar field, objects followed `depth` levels down ('' for a scalar). */
export function selectionFor(type: GraphQLOutputType, depth = 2): string {
  const named = getNamedType(type);
  if (!isObjectType(named) && !isInterfaceType(named)) return '';
  const parts: string[] = [];
  for (const field of Object.values(named.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    const inner = getNamedType(field.type);
    if (isObjectType(inner) || isInterfaceType(inner)) {
      if (depth > 0) parts.push(`${field.name} ${selectionFor(field.type, depth - 1)}`);
    } else parts.push(field.name);
  }
  if (parts.length === 0) parts.push('__typename');
  return `{ ${parts.join(' ')} }`;
}

/** `query Attack($a: T!, …) { op(a: $a) { … } }`, every argument as a variable. */
export function documentFor(op: Operation, opts: { extraArgs?: string; extraSelection?: string; depth?: number } = {}): string {
  const vars = op.field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = [...op.field.args.map((a) => `${a.name}: $${a.name}`), ...(opts.extraArgs ? [opts.extraArgs] : [])].join(', ');
  let selection = selectionFor(op.field.type, opts.depth ?? 2);
  if (opts.extraSelection) selection = selection ? selection.replace(/ \}$/, ` ${opts.extraSelection} }`) : `{ ${opts.extraSelection} }`;
  return `${op.kind} Attack${vars ? `(${vars})` : ''} { ${op.name}${args ? `(${args})` : ''} ${selection} }`;
}

export function requiredArgs(op: Operation): GraphQLArgument[] {
  return op.field.args.filter((a) => isNonNullType(a.type));
}

export { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType, type GraphQLInputType };

// ---------------------------------------------------------------------------------------------
// The routes of the running instance.

export interface Route {
  method: string;
  url: string;
}

/** Every route Fastify's router holds, read from `printRoutes()` (the router's own tree, so a
 *  route registered anywhere is in it). HEAD routes Fastify adds for each GET are kept. The tree
 *  is read with its common prefixes (each line a piece of the path under its parent's): the flat
 *  form (`commonPrefix: false`) prints a wildcard route such as `/api/admin/exports/*` as a bare
 *  `*`, losing its path. */
export function routesOf(app: FastifyInstance): Route[] {
  const tree = app.printRoutes();
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const match = line.match(/^([│ ]*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/u);
    if (!match) throw new Error(`cannot read the route tree line ${JSON.stringify(line)}`);
    const depth = [...match[1]!].length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (match[3]) for (const method of match[3].split(',').map((m) => m.trim())) routes.push({ method, url: stack.join('') });
  }
  for (const route of routes) {
    if (!app.hasRoute({ method: route.method as 'GET', url: route.url })) throw new Error(`read a route Fastify does not have: ${route.method} ${route.url}`);
  }
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Every table, fingerprinted.

/** Tables a refused call may legitimately write: the counters of refused sign-in attempts. */
export const WRITTEN_BY_REFUSALS = new Set(['rate_limits']);
/** Tables the background mail and job workers update on their own: compared by row count only. */
const COUNT_ONLY = new Set(['mail_outbox', 'jobs']);

function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
}

let tableCache = new WeakMap<object, string[]>();

export async function tablesOf(clubroom: Clubroom): Promise<string[]> {
  const cached = tableCache.get(clubroom);
  if (cached) return cached;
  const rows = rowsOf(await clubroom.database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`));
  const names = rows.map((r) => String(r.tablename)).filter((n) => !WRITTEN_BY_REFUSALS.has(n));
  if (names.length < 5) throw new Error(`expected the application's tables, found ${names.join(', ')}`);
  tableCache.set(clubroom, names);
  return names;
}

/** Row count and content hash of every table (one statement). */
export async function fingerprint(clubroom: Clubroom): Promise<Record<string, string>> {
  const tables = await tablesOf(clubroom);
  const parts = tables.map((t) =>
    COUNT_ONLY.has(t)
      ? `select '${t}' as t, count(*)::text as n, '' as h from "${t}"`
      : `select '${t}' as t, count(*)::text as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${t}" x`,
  );
  const rows = rowsOf(await clubroom.database.db.execute(sql.raw(parts.join(' union all '))));
  return Object.fromEntries(rows.map((r) => [String(r.t), `${r.n}:${r.h}`]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((t) => before[t] !== after[t]);
}

// ---------------------------------------------------------------------------------------------
// Raw calls (no client-side parsing that could hide what the server answered).

export interface RawAnswer {
  status: number;
  text: string;
  json: any;
  contentType: string;
  /** The answer's headers (absent on answers made up by a test). */
  headers?: Headers;
}

export async function rawFetch(url: string, init: RequestInit): Promise<RawAnswer> {
  const res = await fetch(url, init);
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '', headers: res.headers };
}

export function gqlRaw(baseUrl: string, body: unknown, token?: string | null, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return rawFetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The error codes of an answer (GraphQL `errors[].extensions.code` or the REST envelope's code). */
export function codesOf(answer: RawAnswer): string[] {
  const json = answer.json;
  if (!json || typeof json !== 'object') return [];
  const codes: string[] = [];
  if (Array.isArray(json.errors)) for (const e of json.errors) if (e?.extensions?.code) codes.push(String(e.extensions.code));
  if (typeof json.code === 'string') codes.push(json.code);
  codes.push(...userErrorCodesOf(json.data));
  return codes;
}

/** The codes of the userErrors of every mutation payload in a GraphQL answer's data. */
export function userErrorCodesOf(data: unknown): string[] {
  if (!data || typeof data !== 'object') return [];
  const codes: string[] = [];
  for (const value of Object.values(data as Record<string, unknown>)) {
    const userErrors = (value as { userErrors?: unknown } | null)?.userErrors;
    if (Array.isArray(userErrors)) for (const e of userErrors) codes.push(String((e as { code?: unknown })?.code ?? 'NO_CODE'));
  }
  return codes;
}

/** The server's own failure, whatever the transport: HTTP 5xx or an INTERNAL_SERVER_ERROR code. */
export function serverFailure(answer: RawAnswer): string | null {
  if (answer.status >= 500) return `HTTP ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (codesOf(answer).includes('INTERNAL_SERVER_ERROR')) return `INTERNAL_SERVER_ERROR (HTTP ${answer.status}): ${answer.text.slice(0, 300)}`;
  return null;
}

export async function healthy(baseUrl: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/health`);
  return res.status === 200 && ((await res.json()) as { database?: string }).database === 'up';
}

/** A short, printable description of a value (huge strings and deep structures abbreviated). */
export function describe(value: unknown, max = 300): string {
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v) => (typeof v === 'string' && v.length > 60 ? `${JSON.stringify(v.slice(0, 40)).slice(1, -1)}…(${v.length} chars)` : v));
  } catch {
    text = String(value);
  }
  return text === undefined ? String(value) : text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}

// ---------------------------------------------------------------------------------------------
// Unhandled rejections: the server runs in this process, so one of its promises rejecting with
// nobody listening shows up here.

export function watchUnhandledRejections(): { seen: unknown[]; stop(): void } {
  const seen: unknown[] = [];
  const onRejection = (reason: unknown) => void seen.push(reason);
  process.on('unhandledRejection', onRejection);
  return { seen, stop: () => void process.off('unhandledRejection', onRejection) };
}

// ---------------------------------------------------------------------------------------------
// The callers of the authorization matrix.

export const ROLES = ['anonymous', 'member', 'otherMember', 'clubOwner', 'otherClubOwner', 'councilAdmin', 'platformAdmin'] as const;
export type Role = (typeof ROLES)[number];

export interface Principal {
  role: Role;
  client: ApiClient;
  userId: string | null;
  /** The account's global id (Member), as GraphQL arguments take it. */
  memberId: string | null;
  /** The global id (Club) of the caller's club, for club owners. */
  clubId?: string;
  email: string | null;
  password: string;
  /** The club's name for club owners. */
  clubName?: string;
  token(): string | null;
  /** Signs in again (after a sign-out cell). */
  renew(): Promise<void>;
}

async function signedIn(baseUrl: string, role: Role, email: string, password: string): Promise<Principal> {
  const client = new ApiClient(baseUrl);
  const answer = await client.signIn(email, password);
  if (!answer.body?.success) throw new Error(`${role}: sign-in failed: ${JSON.stringify(answer.body)}`);
  const principal: Principal = {
    role,
    client,
    userId: answer.body.data.session.user.id,
    memberId: toGlobalId('Member', answer.body.data.session.user.id),
    email,
    password,
    token: () => client.accessToken,
    async renew() {
      const again = await client.signIn(email, password);
      if (!again.body?.success) throw new Error(`${role}: sign-in again failed: ${JSON.stringify(again.body)}`);
    },
  };
  return principal;
}

async function signedUp(server: TestServer, role: Role, fullName: string, clubName?: string): Promise<Principal> {
  const email = uniqueEmail(role.toLowerCase());
  const client = new ApiClient(server.url);
  const signUp = await client.signUp({ email, password: STRONG_PASSWORD, fullName, clubName });
  if (!signUp.body?.success) throw new Error(`${role}: sign-up failed: ${JSON.stringify(signUp.body)}`);
  const principal = await signedIn(server.url, role, email, STRONG_PASSWORD);
  if (clubName) {
    principal.clubName = clubName;
    principal.clubId = toGlobalId('Club', principal.userId!);
  }
  return principal;
}

export type Principals = Record<Role, Principal> & { bystander: Principal };

/** The seven callers: an anonymous visitor; two volunteers; two owners of approved clubs (profile
 *  saved); a council administrator (granted); the platform administrator. Plus a bystander account
 *  that operations may target without changing any caller. */
export async function principals(server: TestServer): Promise<Principals> {
  const anonymousClient = new ApiClient(server.url);
  const anonymous: Principal = {
    role: 'anonymous',
    client: anonymousClient,
    userId: null,
    memberId: null,
    email: null,
    password: '',
    token: () => null,
    renew: async () => {},
  };
  const [member, otherMember, clubOwner, otherClubOwner, councilAdmin, bystander] = await Promise.all([
    signedUp(server, 'member', 'Mia Member'),
    signedUp(server, 'otherMember', 'Otto Other'),
    signedUp(server, 'clubOwner', 'Cleo Owner', 'Attack Athletic'),
    signedUp(server, 'otherClubOwner', 'Oscar Owner', 'Rival Rovers'),
    signedUp(server, 'councilAdmin', 'Cora Council'),
    signedUp(server, 'member', 'Bea Bystander'),
  ]);
  const platformAdmin = await signedIn(server.url, 'platformAdmin', ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const owner of [clubOwner, otherClubOwner]) {
    const saved = await owner.client.gql('mutation($i: SaveClubProfileInput!) { saveClubProfile(input: $i) { club { id } userErrors { message } } }', {
      i: {
        name: owner.clubName,
        category: 'Football',
        description: 'A club that the attack suite owns, for the authorization matrix.',
        contactEmail: owner.email,
      },
    });
    if (saved.errors || saved.data.saveClubProfile.userErrors.length) throw new Error(`profile: ${JSON.stringify(saved.errors ?? saved.data.saveClubProfile.userErrors)}`);
    await server.clubroom.database.db.execute(sql`update clubs set application_status = 'approved' where id = ${owner.userId}`);
  }
  const granted = await platformAdmin.client.gql('mutation($e: String!) { grantCouncilAdmin(input: { email: $e }) { councilAdmin { email } userErrors { message } } }', { e: councilAdmin.email });
  if (granted.errors || granted.data.grantCouncilAdmin.userErrors.length) throw new Error(`grant: ${JSON.stringify(granted.errors ?? granted.data)}`);
  // The grant is read when the session is authenticated: sign in again to be sure it is seen.
  await councilAdmin.renew();
  return { anonymous, member, otherMember, clubOwner, otherClubOwner, councilAdmin, platformAdmin, bystander: { ...bystander, role: 'member' } };
}
