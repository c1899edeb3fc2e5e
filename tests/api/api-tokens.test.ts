// Personal API tokens: created, listed and revoked from a signed-in session only; shown once and
// stored hashed; used as `Authorization: Bearer <token>` over HTTP and in graphql-ws's
// connection_init; acting as the owner narrowed to the token's scopes (every operation of the
// schema checked); refused with 401 once revoked, expired or the owner suspended, at once, on HTTP
// and on an open socket; the last-used time written at most once a minute.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GraphQLSchema } from 'graphql';
import { buildClubroomSchema, printClubroomSchema } from '../../server/src/app/schema.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startSecondInstance, startServer, type TestServer } from '../helpers/server.js';
import { documentFor, schemaOperations } from '../attack/support.js';
import {
  ALL_SCOPES,
  NO_READ_SCOPES,
  CREATE_TOKEN,
  LIST_TOKENS,
  REVOKE_TOKEN,
  RawSocket,
  codes,
  createToken,
  gqlWith,
  messages,
  revokeToken,
  tokenRow,
  type Scope,
  type TokenView,
} from '../helpers/api-tokens.js';

// Each refusal says why (issue 25, item 13).
const INVALID = 'This API token is not valid.';
const REVOKED = 'This API token has been revoked.';
const EXPIRED = 'This API token has expired.';
const ACCOUNT = { suspended: 'This account has been suspended.', banned: 'This account has been banned.' } as Record<string, string>;
const MARK_ALL_READ = 'mutation { markAllNotificationsRead { count userErrors { code } } }';
/** A query only platform administrators may run. */
const ADMIN_ONLY = '{ councilAdmins { __typename } }';
const DAY = 86_400_000;

let server: TestServer;
let schema: GraphQLSchema;
beforeAll(async () => {
  server = await startServer();
  schema = await buildClubroomSchema({ publish: () => {}, subscribe: () => (async function* () {})() });
});
afterAll(async () => {
  await server?.close();
});

const member = (fullName = 'Tina Token') => newMember(server.url, { fullName });
const db = () => server.clubroom.database.db;
const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<Record<string, unknown>>;

async function unreadNotifications(client: ApiClient): Promise<number> {
  const answer = await client.gql<{ unreadNotificationCount: number }>('{ unreadNotificationCount }');
  return answer.data.unreadNotificationCount;
}

/** A notification for `userId`, unread. */
async function notify(userId: string): Promise<void> {
  await db().execute(sql`insert into notifications (user_id, kind, type, title, description) values (${userId}, 'report_outcome', 'system', 'Token test', 'A notification for the token tests.')`);
}

describe('creating, listing and revoking tokens', () => {
  it('shows the secret once, in the clubroom_pat_ format, and keeps only its SHA-256 hash', async () => {
    const { client } = await member();
    const { secret, token } = await createToken(client, ['READ', 'MESSAGES_WRITE'], { name: '  Inbox sync  ' });
    expect(secret).toMatch(/^clubroom_pat_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ name: 'Inbox sync', prefix: secret.slice(0, 21), scopes: ['READ', 'MESSAGES_WRITE'], expiresAt: null, lastUsedAt: null, revokedAt: null, active: true });

    const stored = (await tokenRow(server, (await idOf(token)) ?? ''))!;
    expect(stored.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const [whole] = rowsOf(await db().execute(sql`select t::text as text from api_tokens t where id = ${stored.id}`));
    expect(String(whole!.text)).not.toContain(secret.slice(13));

    // The list never carries it again.
    const list = await client.gql(LIST_TOKENS);
    expect(list.data.apiTokens.totalCount).toBe(1);
    expect(list.data.apiTokens.edges[0].node).toEqual(token);
    expect(JSON.stringify(list.data)).not.toContain(secret.slice(13));
  });

  it('lists only the caller’s tokens, newest first, in pages both ways', async () => {
    const { client } = await member();
    const other = await member();
    await createToken(other.client, ['READ']);
    const made: TokenView[] = [];
    for (const name of ['one', 'two', 'three']) made.push((await createToken(client, ['READ'], { name })).token);
    const first = (await client.gql(LIST_TOKENS, { first: 2 })).data.apiTokens;
    expect(first.totalCount).toBe(3);
    expect(first.edges.map((e: { node: TokenView }) => e.node.name)).toEqual(['three', 'two']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const next = (await client.gql(LIST_TOKENS, { first: 2, after: first.pageInfo.endCursor })).data.apiTokens;
    expect(next.edges.map((e: { node: TokenView }) => e.node.name)).toEqual(['one']);
    const back = (await client.gql(LIST_TOKENS, { last: 2, before: next.pageInfo.startCursor })).data.apiTokens;
    expect(back.edges.map((e: { node: TokenView }) => e.node.name)).toEqual(['three', 'two']);
  });

  it('refuses a missing or long name, no scopes, an unknown scope, a past expiry or one over 365 days, as userErrors that change nothing', async () => {
    const { client } = await member();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: '   ', scopes: ['READ'] }, 'name', 'Token name is required'],
      [{ name: 'x'.repeat(101), scopes: ['READ'] }, 'name', 'Token name must be at most 100 characters'],
      [{ name: 'No scopes', scopes: [] }, 'scopes', 'Choose at least one scope'],
      [{ name: 'Past', scopes: ['READ'], expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt', 'The expiry date must be in the future'],
      [{ name: 'Far', scopes: ['READ'], expiresAt: new Date(Date.now() + 400 * DAY).toISOString() }, 'expiresAt', 'Choose an expiry date within 365 days'],
    ];
    for (const [input, field, message] of cases) {
      const answer = await client.gql(CREATE_TOKEN, { input });
      expect(answer.errors, JSON.stringify(input)).toBeUndefined();
      expect(answer.data.createApiToken.secret).toBeNull();
      expect(answer.data.createApiToken.userErrors).toContainEqual({ field, code: 'BAD_USER_INPUT', message });
    }
    const unknown = await client.gql(CREATE_TOKEN, { input: { name: 'Unknown', scopes: ['EVERYTHING'] } });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await client.gql(LIST_TOKENS)).data.apiTokens.totalCount).toBe(0);
  });

  it('accepts an expiry within 365 days and answers it', async () => {
    const { client } = await member();
    const expiresAt = new Date(Date.now() + 30 * DAY).toISOString();
    const { token } = await createToken(client, ['READ'], { expiresAt });
    expect(token.expiresAt).toBe(expiresAt);
  });

  it('caps a member at 50 working tokens; revoked and expired ones do not count', async () => {
    const { client, user } = await member();
    await db().execute(sql`insert into api_tokens (user_id, name, token_hash, prefix, scopes) select ${user.id}, 'bulk', md5(random()::text) || g, 'clubroom_pat_bulk', '{read}' from generate_series(1, 50) g`);
    const refused = await client.gql(CREATE_TOKEN, { input: { name: 'One too many', scopes: ['READ'] } });
    expect(refused.data.createApiToken.userErrors[0].message).toMatch(/at most 50 working API tokens/);
    await db().execute(sql`update api_tokens set revoked_at = now() where id = (select id from api_tokens where user_id = ${user.id} limit 1)`);
    await createToken(client, ['READ'], { name: 'Fits again' });
  });

  it('revokes only the caller’s own tokens: another member’s id is NOT_FOUND and that token keeps working', async () => {
    const owner = await member();
    const stranger = await member();
    const { secret, token } = await createToken(owner.client, ['READ']);
    const answer = await stranger.client.gql(REVOKE_TOKEN, { id: token.id });
    expect(answer.data.revokeApiToken.userErrors).toContainEqual({ field: 'id', code: 'NOT_FOUND', message: 'API token not found' });
    expect((await gqlWith(server.url, secret, '{ me { id } }')).status).toBe(200);
    // Revoking twice answers the token as it is.
    const revoked = await revokeToken(owner.client, token.id);
    expect(revoked.revokedAt).not.toBeNull();
    expect(revoked.active).toBe(false);
    expect((await revokeToken(owner.client, token.id)).revokedAt).toBe(revoked.revokedAt);
  });

  it('node(id) shows a token to its owner’s session only: not to another member, not to a token', async () => {
    const owner = await member();
    const stranger = await member();
    const { secret, token } = await createToken(owner.client, ['READ']);
    const query = '{ node(id: "' + token.id + '") { id ... on ApiToken { name } } }';
    expect((await owner.client.gql(query)).data.node).toEqual({ id: token.id, name: 'Test token' });
    expect((await stranger.client.gql(query)).data.node).toBeNull();
    expect((await gqlWith(server.url, secret, query)).json.data.node).toBeNull();
  });
});

describe('a token over HTTP', () => {
  it('acts as its owner: me is the owner', async () => {
    const { client, user } = await member();
    const { secret } = await createToken(client, ['READ']);
    const answer = await gqlWith(server.url, secret, '{ me { id name } }');
    expect(answer.status).toBe(200);
    expect(answer.json.data.me).toEqual({ id: toGlobalId('Member', user.id), name: 'Tina Token' });
  });

  it('reads with read; writes only with the write scope, refused with 403 FORBIDDEN naming the scope and nothing changed', async () => {
    const { client, user } = await member();
    await notify(user.id);
    const { secret: readOnly } = await createToken(client, ['READ']);
    const refused = await gqlWith(server.url, readOnly, MARK_ALL_READ);
    expect(refused.status).toBe(403);
    expect(codes(refused)).toEqual(['FORBIDDEN']);
    expect(messages(refused)).toEqual(['This API token lacks the messages:write scope.']);
    expect(refused.json.data ?? null).toBeNull();
    expect(await unreadNotifications(client)).toBe(1);

    const { secret: writer } = await createToken(client, ['MESSAGES_WRITE']);
    const allowed = await gqlWith(server.url, writer, MARK_ALL_READ);
    expect(allowed.json.data.markAllNotificationsRead).toEqual({ count: 1, userErrors: [] });
    expect(await unreadNotifications(client)).toBe(0);
  });

  it('without read, reads nothing, public queries included', async () => {
    const { client } = await member();
    const { secret } = await createToken(client, ['MESSAGES_WRITE']);
    // The refusal names the field's read scope (issue 31): `read` or that one would do.
    const needs = { '{ me { id } }': 'read:profile', '{ sportCategories }': 'read:public', '{ unreadNotificationCount }': 'read:messages', '{ clubSports }': 'read:public' };
    for (const [query, scope] of Object.entries(needs)) {
      const answer = await gqlWith(server.url, secret, query);
      expect(answer.status, query).toBe(403);
      expect(messages(answer), query).toEqual([`This API token lacks the ${scope} scope.`]);
      expect(answer.json.data ?? null, query).toBeNull();
    }
    // A fine read scope reads its area only.
    const { secret: directory } = await createToken(client, ['READ_PUBLIC']);
    expect((await gqlWith(server.url, directory, '{ sportCategories }')).json.data.sportCategories.length).toBeGreaterThan(0);
    const inbox = await gqlWith(server.url, directory, '{ me { id } inbox(first: 1) { totalCount } }');
    expect(inbox.status).toBe(403);
    expect(messages(inbox)).toEqual(['This API token lacks the read:profile scope.']);
    // Introspection is the schema, not data.
    const schemaName = await gqlWith(server.url, secret, '{ __schema { queryType { name } } }');
    expect(schemaName.json.data.__schema.queryType.name).toBe('Query');
  });

  it('never manages tokens: apiTokens, createApiToken and revokeApiToken need a signed-in session', async () => {
    const { client } = await member();
    const { secret, token } = await createToken(client, ALL_SCOPES);
    const documents: Array<[string, Record<string, unknown>?]> = [
      [LIST_TOKENS],
      [CREATE_TOKEN, { input: { name: 'Minted by a token', scopes: ['READ'] } }],
      [REVOKE_TOKEN, { id: token.id }],
    ];
    for (const [query, variables] of documents) {
      const answer = await gqlWith(server.url, secret, query, variables);
      expect(answer.status, query).toBe(403);
      expect(messages(answer)[0], query).toMatch(/^An API token cannot run (apiTokens|createApiToken|revokeApiToken): it needs a signed-in session\.$/);
    }
    expect((await client.gql(LIST_TOKENS)).data.apiTokens.totalCount).toBe(1);
    expect((await tokenRow(server, (await idOf(token))!))!.revoked_at).toBeNull();
  });

  it("has only its owner's rights: a member's admin-scoped token is still not an administrator", async () => {
    const { client } = await member();
    const { secret } = await createToken(client, ALL_SCOPES);
    const answer = await gqlWith(server.url, secret, ADMIN_ONLY);
    expect(codes(answer)).toContain('FORBIDDEN');
    expect(answer.json.data ?? null).toBeNull();
  });

  it("needs the admin scope for what only platform administrators may do, even the administrator's own token", async () => {
    const admin = new ApiClient(server.url);
    await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const { secret: reader } = await createToken(admin, ['READ']);
    const refused = await gqlWith(server.url, reader, ADMIN_ONLY);
    expect(messages(refused)).toEqual(['This API token lacks the admin scope.']);
    const { secret: administrator } = await createToken(admin, ['READ', 'ADMIN']);
    const allowed = await gqlWith(server.url, administrator, ADMIN_ONLY);
    expect(allowed.json.errors).toBeUndefined();
  });

  it('works with GraphQL only: the REST adapter answers a valid token 403 and acts on nothing', async () => {
    const { client } = await member();
    const { secret } = await createToken(client, ALL_SCOPES);
    for (const [method, path] of [['GET', '/api/auth/user'], ['GET', '/api/sports-council/stats'], ['POST', '/api/auth/signout']] as const) {
      const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined });
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toEqual({ success: false, data: null, error: 'API tokens work with the GraphQL API only: send your requests to /graphql.', code: 'FORBIDDEN' });
    }
    expect((await gqlWith(server.url, secret, '{ me { id } }')).status).toBe(200);
  });

  it('a forged token (right format, unknown secret) answers 401 UNAUTHENTICATED, public queries included', async () => {
    const forged = `clubroom_pat_${'A'.repeat(43)}`;
    for (const query of ['{ sportCategories }', '{ me { id } }', MARK_ALL_READ]) {
      const answer = await gqlWith(server.url, forged, query);
      expect(answer.status, query).toBe(401);
      expect(codes(answer), query).toEqual(['UNAUTHENTICATED']);
      expect(messages(answer), query).toEqual([INVALID]);
    }
  });

  it('stops at once when revoked: 401 on the very next request, public queries included', async () => {
    const { client } = await member();
    const { secret, token } = await createToken(client, ['READ']);
    expect((await gqlWith(server.url, secret, '{ sportCategories }')).status).toBe(200);
    await revokeToken(client, token.id);
    for (const query of ['{ sportCategories }', '{ me { id } }']) {
      const answer = await gqlWith(server.url, secret, query);
      expect(answer.status).toBe(401);
      expect(messages(answer)).toEqual([REVOKED]);
    }
    // The session that revoked it is untouched.
    expect((await client.gql('{ me { id } }')).data.me).not.toBeNull();
  });

  it('stops when it expires', async () => {
    const { client } = await member();
    const { secret, token } = await createToken(client, ['READ'], { expiresAt: new Date(Date.now() + DAY).toISOString() });
    expect((await gqlWith(server.url, secret, '{ me { id } }')).status).toBe(200);
    await db().execute(sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${await idOf(token)}`);
    const answer = await gqlWith(server.url, secret, '{ me { id } }');
    expect(answer.status).toBe(401);
    expect(messages(answer)).toEqual([EXPIRED]);
    expect((await client.gql(LIST_TOKENS)).data.apiTokens.edges[0].node.active).toBe(false);
  });

  it("stops at once while its owner is suspended or banned, and works again once the owner is active", async () => {
    const { client, user } = await member();
    const { secret } = await createToken(client, ['READ']);
    for (const status of ['suspended', 'banned']) {
      await db().execute(sql`update users set status = ${status} where id = ${user.id}`);
      const answer = await gqlWith(server.url, secret, '{ sportCategories }');
      expect(answer.status, status).toBe(401);
      expect(messages(answer), status).toEqual([ACCOUNT[status]]);
    }
    await db().execute(sql`update users set status = 'active' where id = ${user.id}`);
    expect((await gqlWith(server.url, secret, '{ sportCategories }')).status).toBe(200);
  });

  it('records the last use at most once a minute', async () => {
    const { client } = await member();
    const { secret, token } = await createToken(client, ['READ']);
    const id = (await idOf(token))!;
    expect((await tokenRow(server, id))!.last_used_at).toBeNull();
    await gqlWith(server.url, secret, '{ me { id } }');
    const first = (await tokenRow(server, id))!.last_used_at;
    expect(first).not.toBeNull();
    await gqlWith(server.url, secret, '{ me { id } }');
    expect((await tokenRow(server, id))!.last_used_at).toEqual(first);
    await db().execute(sql`update api_tokens set last_used_at = now() - interval '2 minutes' where id = ${id}`);
    const before = (await tokenRow(server, id))!.last_used_at as Date;
    await gqlWith(server.url, secret, '{ me { id } }');
    const after = (await tokenRow(server, id))!.last_used_at as Date;
    expect(new Date(after).getTime()).toBeGreaterThan(new Date(before).getTime());
    const listed = (await client.gql(LIST_TOKENS)).data.apiTokens.edges[0].node;
    expect(new Date(listed.lastUsedAt).getTime()).toBe(new Date(after).getTime());
  });
});

describe('scopes for every operation of the schema', () => {
  // Refusals happen before the operation runs (and before its variables are read), so documents
  // are sent without variables: an allowed mutation fails on its missing input and changes nothing.
  const scopeOf = (name: string, kind: 'query' | 'mutation') => {
    const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
    return (root.getFields()[name]!.extensions as { scope?: string }).scope;
  };
  const enumOf = (scope: string) => scope.replace(':', '_').toUpperCase() as Scope;

  const readScopeOf = (name: string) => (schema.getQueryType()!.getFields()[name]!.extensions as { readScope?: string }).readScope;

  it('refuses every query to a token without any read scope (naming its read scope), and every session-only query to any token', async () => {
    const { client } = await member();
    const { secret: noRead } = await createToken(client, NO_READ_SCOPES);
    const { secret: everything } = await createToken(client, ALL_SCOPES);
    const failures: string[] = [];
    for (const op of schemaOperations(schema).filter((o) => o.kind === 'query')) {
      const marker = scopeOf(op.name, 'query');
      const document = documentFor(op, { depth: 1 });
      const withoutRead = await gqlWith(server.url, noRead, document);
      const readScope = readScopeOf(op.name);
      const expected =
        marker === 'session' ? `An API token cannot run ${op.name}: it needs a signed-in session.` : `This API token lacks the ${readScope && readScope !== 'by-type' ? readScope : 'read'} scope.`;
      if (withoutRead.status !== 403 || messages(withoutRead)[0] !== expected) failures.push(`${op.name} without read: ${withoutRead.status} ${messages(withoutRead).join('; ')}`);
      const all = await gqlWith(server.url, everything, document);
      const scopeRefused = messages(all).some((m) => /^This API token lacks|^An API token cannot run/.test(m));
      if (marker === 'session' ? !scopeRefused : scopeRefused) failures.push(`${op.name} with every scope: ${all.status} ${messages(all).join('; ')}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });

  it('refuses every mutation to a token without its scope, runs none without a marker, and none marked session-only', async () => {
    const { client } = await member();
    // These carry credentials of their own and ignore the Authorization header (docs/API.md).
    const credentialOperations = new Set(['signIn', 'signUp', 'signUpVolunteer', 'refreshSession', 'requestPasswordReset', 'resetPassword']);
    const failures: string[] = [];
    const tokens = new Map<string, string>();
    const tokenWith = async (scopes: Scope[]) => {
      const key = scopes.join(',');
      if (!tokens.has(key)) tokens.set(key, (await createToken(client, scopes)).secret);
      return tokens.get(key)!;
    };
    for (const op of schemaOperations(schema).filter((o) => o.kind === 'mutation' && !credentialOperations.has(o.name))) {
      const marker = scopeOf(op.name, 'mutation');
      const document = documentFor(op, { depth: 1 });
      if (!marker || marker === 'session') {
        const answer = await gqlWith(server.url, await tokenWith(ALL_SCOPES), document);
        if (answer.status !== 403 || messages(answer)[0] !== `An API token cannot run ${op.name}: it needs a signed-in session.`) failures.push(`${op.name} (${marker ?? 'no marker'}): ${answer.status} ${messages(answer).join('; ')}`);
        continue;
      }
      const without = await gqlWith(server.url, await tokenWith(ALL_SCOPES.filter((s) => s !== enumOf(marker))), document);
      if (without.status !== 403 || messages(without)[0] !== `This API token lacks the ${marker} scope.`) failures.push(`${op.name} without ${marker}: ${without.status} ${messages(without).join('; ')}`);
      const only = await gqlWith(server.url, await tokenWith([enumOf(marker)]), document);
      if (messages(only).some((m) => /^This API token lacks|^An API token cannot run/.test(m))) failures.push(`${op.name} with ${marker}: ${messages(only).join('; ')}`);
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
});

describe('a token over graphql-ws', () => {
  it('authenticates in connection_init and subscribes with read; without read the subscription is refused', async () => {
    const { client } = await member();
    const { secret: reader } = await createToken(client, ['READ']);
    const socket = await RawSocket.open(server.url, reader);
    try {
      socket.subscribe('1', 'subscription { unreadNotificationCount { count } }');
      await socket.until(() => socket.of('1').some((m) => m.type === 'next'), 'the first count');
      expect(socket.of('1')[0]!.payload).toEqual({ data: { unreadNotificationCount: { count: 0 } }, extensions: { schemaVersion: expect.any(String) } });
    } finally {
      socket.close();
    }
    const { secret: writer } = await createToken(client, ['MESSAGES_WRITE']);
    const refused = await RawSocket.open(server.url, writer);
    try {
      refused.subscribe('1', 'subscription { unreadNotificationCount { count } }');
      await refused.until(() => refused.of('1').some((m) => m.type === 'error'), 'the refusal');
      expect(refused.of('1')[0]!.payload).toEqual([{ message: 'This API token lacks the read:messages scope.', extensions: { code: 'FORBIDDEN' } }]);
    } finally {
      refused.close();
    }
  });

  it('closes an open socket when its token is revoked (sessionRevoked, then 4401), and refuses it in connection_init afterwards (4403)', async () => {
    const { client } = await member();
    const { secret, token } = await createToken(client, ['READ']);
    const socket = await RawSocket.open(server.url, secret);
    try {
      socket.subscribe('revoked', 'subscription { sessionRevoked { __typename } }');
      socket.subscribe('count', 'subscription { unreadNotificationCount { count } }');
      await socket.until(() => socket.of('count').length > 0, 'the first count');
      await revokeToken(client, token.id);
      await socket.until(() => socket.of('revoked').some((m) => m.type === 'next'), 'sessionRevoked');
      await socket.until(() => socket.closeCode !== null, 'the close');
      expect(socket.closeCode).toBe(4401);
    } finally {
      socket.close();
    }
    const again = await RawSocket.open(server.url, secret);
    expect(again.messages).toEqual([]);
    expect(again.closeCode).toBe(4403);
  });
});

describe('cost, and each token’s budget', () => {
  it('reports every response’s cost; a session gets no budget figures and no RateLimit fields', async () => {
    const { client } = await member();
    const answer = await gqlWith(server.url, client.accessToken, '{ me { id name } }');
    // me (object 2 + id 1 + name 1) = 4.
    expect(answer.json.extensions).toEqual({ cost: { requested: 4, actual: 4, limit: 5000 }, schemaVersion: expect.any(String) });
    expect(answer.headers.get('ratelimit')).toBeNull();
    const anonymous = await gqlWith(server.url, null, '{ sportCategories }');
    expect(anonymous.json.extensions).toEqual({ cost: { requested: 1, actual: 1, limit: 5000 }, schemaVersion: expect.any(String) });
  });

  it('charges a token each operation’s cost and reports the budget left, its refill and the IETF RateLimit fields', async () => {
    const { client } = await member();
    const { secret } = await createToken(client, ['READ']);
    const first = await gqlWith(server.url, secret, '{ me { id name } }');
    const cost = first.json.extensions!.cost as { requested: number; actual: number; limit: number; budget: { maximum: number; remaining: number; restoreRate: number; fullAt: string } };
    expect(cost).toMatchObject({ requested: 4, actual: 4, limit: 5000, budget: { maximum: 50_000, remaining: 49_996, restoreRate: 50_000 / 3600 } });
    const fullAt = Date.parse(cost.budget.fullAt);
    expect(fullAt).toBeGreaterThan(Date.now() - 1000);
    expect(fullAt).toBeLessThanOrEqual(Date.now() + 2000);
    // draft-ietf-httpapi-ratelimit-headers: the policy (quota q restored over w seconds) and what is left.
    expect(first.headers.get('ratelimit-policy')).toBe('"cost";q=50000;w=3600');
    expect(first.headers.get('ratelimit')).toMatch(/^"cost";r=4999\d;t=[01]$/);
    // Introspection is free: charged nothing.
    const introspection = await gqlWith(server.url, secret, '{ __type(name: "Club") { name } __schema { queryType { name } } }');
    expect(introspection.json.extensions!.cost).toMatchObject({ requested: 0, actual: 0 });
    expect((introspection.json.extensions!.cost as typeof cost).budget.remaining).toBeGreaterThanOrEqual(49_996);
  });
});

describe('a token past its budget', () => {
  let small: TestServer;
  beforeAll(async () => {
    // 12 points, restored over 5 minutes: 0.04 a second.
    small = await startServer({}, { API_TOKEN_COST_BUDGET: '12', API_TOKEN_COST_WINDOW_MINUTES: '5' });
  });
  afterAll(async () => {
    await small?.close();
  });

  type Budget = { maximum: number; remaining: number; restoreRate: number };
  const budgetOf = (answer: { json: { extensions?: { cost?: Record<string, unknown> } } }) => answer.json.extensions!.cost!.budget as Budget;

  it('is refused with 429 RATE_LIMITED before the operation runs, with Retry-After, and spends nothing; the owner’s session is not limited', async () => {
    const { client, user } = await newMember(small.url);
    const { secret } = await createToken(client, ['READ', 'MESSAGES_WRITE']);
    expect(budgetOf(await gqlWith(small.url, secret, '{ me { id name } }'))).toEqual({ maximum: 12, remaining: 8, restoreRate: 0.04, fullAt: expect.any(String) });
    expect(budgetOf(await gqlWith(small.url, secret, '{ me { id name } }')).remaining).toBe(4);
    await small.clubroom.database.db.execute(sql`insert into notifications (user_id, kind, type, title, description) values (${user.id}, 'report_outcome', 'system', 'Budget', 'Still unread after a refusal.')`);
    // markAllNotificationsRead { count userErrors { code } }: 2 + 1 + (2 + 1) = 6 points, 4 left.
    const refused = await gqlWith(small.url, secret, MARK_ALL_READ);
    expect(refused.status).toBe(429);
    expect(codes(refused)).toEqual(['RATE_LIMITED']);
    expect(refused.json.data ?? null).toBeNull();
    expect(refused.json.extensions!.cost).toMatchObject({ requested: 6, actual: 0, budget: { maximum: 12, remaining: 4 } });
    // (6 - 4) points at 0.04 a second: 50 seconds.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(45);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(50);
    expect(refused.headers.get('ratelimit')).toMatch(/^"cost";r=4;t=\d+$/);
    expect(await unreadNotifications(client)).toBe(1);
    // Another token of the same owner has a budget of its own; the session has none.
    const { secret: second } = await createToken(client, ['READ']);
    expect((await gqlWith(small.url, second, '{ me { id } }')).status).toBe(200);
    expect((await client.gql('{ me { id } }')).data.me).not.toBeNull();
  });

  it('one request over what is left is refused without spending it: a 1-point request right after succeeds', async () => {
    const { client } = await newMember(small.url);
    const { secret } = await createToken(client, ['READ']);
    // notifications(first: 5) { nodes { id } }: 5 × (2 + (2 + 1)) = 25, over the whole budget.
    const oversized = await gqlWith(small.url, secret, 'query($n: Int) { notifications(first: $n) { nodes { id } } }', { n: 5 });
    expect(oversized.status).toBe(429);
    expect(oversized.json.extensions!.cost).toMatchObject({ requested: 25, actual: 0, budget: { remaining: 12 } });
    const small1 = await gqlWith(small.url, secret, '{ sportCategories }');
    expect(small1.status).toBe(200);
    expect(small1.json.extensions!.cost).toMatchObject({ requested: 1, actual: 1, budget: { remaining: 11 } });
    expect(small1.headers.get('ratelimit')).toMatch(/^"cost";r=11;t=2[45]$/);
    expect(small1.headers.get('ratelimit-policy')).toBe('"cost";q=12;w=300');
  });

  it('charges nothing for an operation refused before it runs (bad variables, scope)', async () => {
    const { client } = await newMember(small.url);
    const { secret } = await createToken(client, ['READ']);
    const badVariables = await gqlWith(small.url, secret, 'query($n: Int) { notifications(first: $n) { totalCount } }', { n: 'many' });
    expect(badVariables.status).toBe(400);
    expect(badVariables.json.extensions!.cost).toMatchObject({ actual: 0, budget: { remaining: 12 } });
    const outOfScope = await gqlWith(small.url, secret, MARK_ALL_READ);
    expect(outOfScope.status).toBe(403);
    expect(outOfScope.json.extensions!.cost).toMatchObject({ actual: 0, budget: { remaining: 12 } });
    expect(budgetOf(await gqlWith(small.url, secret, '{ sportCategories }')).remaining).toBe(11);
  });

  it('fills again over time (a token bucket in the database, shared by every instance)', async () => {
    const { client } = await newMember(small.url);
    const { secret, token } = await createToken(client, ['READ']);
    expect(budgetOf(await gqlWith(small.url, secret, '{ me { id name } }')).remaining).toBe(8);
    expect(budgetOf(await gqlWith(small.url, secret, '{ me { id name } }')).remaining).toBe(4);
    // 100 seconds pass (the bucket's row is moved back in time): 100 × 0.04 = 4 points come back.
    await small.clubroom.database.db.execute(sql`update rate_limits set expire = expire - interval '100 seconds' where key = ${`api_token_cost_bucket:${await idOf(token)}`}`);
    expect(budgetOf(await gqlWith(small.url, secret, '{ sportCategories }')).remaining).toBe(7);
    // Never more than the maximum.
    await small.clubroom.database.db.execute(sql`update rate_limits set expire = expire - interval '1 day' where key = ${`api_token_cost_bucket:${await idOf(token)}`}`);
    expect(budgetOf(await gqlWith(small.url, secret, '{ sportCategories }')).remaining).toBe(11);
  });

  it('is one budget across instances on the same database', async () => {
    const second = await startSecondInstance(small);
    try {
      const { client } = await newMember(small.url);
      const { secret } = await createToken(client, ['READ']);
      expect(budgetOf(await gqlWith(small.url, secret, '{ me { id name } }')).remaining).toBe(8);
      expect(budgetOf(await gqlWith(second.url, secret, '{ me { id name } }')).remaining).toBe(4);
      expect((await gqlWith(second.url, secret, '{ me { id name } }')).status).toBe(200);
      expect((await gqlWith(small.url, secret, '{ me { id name } }')).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('refuses a subscription over graphql-ws once spent', async () => {
    const { client } = await newMember(small.url);
    const { secret } = await createToken(client, ['READ']);
    const socket = await RawSocket.open(small.url, secret);
    try {
      // 3 points each: the fifth is past the 12.
      for (let i = 1; i <= 5; i++) socket.subscribe(String(i), 'subscription { unreadNotificationCount { count } }');
      await socket.until(() => socket.messages.some((m) => m.type === 'error'), 'a refusal');
      const error = socket.messages.find((m) => m.type === 'error')!;
      expect(error.payload).toEqual([{ message: 'Rate limit exceeded. Please try again later.', extensions: { code: 'RATE_LIMITED' } }]);
    } finally {
      socket.close();
    }
  });
});

describe("the integrator's references", () => {
  it('serves the schema as SDL text at /schema.graphql', async () => {
    const res = await fetch(`${server.url}/schema.graphql`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await res.text()).toBe(printClubroomSchema(schema));
  });

  it('serves docs/API.md as markdown at /docs/api', async () => {
    const res = await fetch(`${server.url}/docs/api`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const text = await res.text();
    expect(text).toMatch(/^# Clubroom API/);
    expect(text).toContain('## API tokens');
  });
});

/** The database id of a token from its global id. */
async function idOf(token: TokenView): Promise<string | undefined> {
  return Buffer.from(token.id, 'base64url').toString('utf8').split(':')[1];
}
