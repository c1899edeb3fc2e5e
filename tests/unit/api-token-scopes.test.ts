// API token scopes: the one list (API_SCOPES) the rules, the GraphQL enum and the checks share;
// every mutation of the schema names the scope a token needs or is for sessions only; and the rule
// that decides what a token may run.
import { describe, expect, it } from 'vitest';
import { getOperationAST, isObjectType, parse } from 'graphql';
import { API_SCOPES } from '../../server/src/graphql/access.js';
import { buildClubroomSchema } from '../../server/src/app/schema.js';
import { operationScopeRefusal, scopeRefusal } from '../../server/src/graphql/scopes.js';
import { nodeTypeReadScopes } from '../../server/src/graphql/node.resolver.js';
import { READ_SCOPES } from '../../server/src/lib/shared/api-scopes.js';
import { accountViewer } from '../../server/src/lib/viewer-account.js';
import {
  API_SCOPE_NAMES,
  TOKEN_MESSAGES,
  createApiTokenFormRules,
  createApiTokenRules,
  endOfLocalDay,
  scopeEnumName,
  scopeOfEnumName,
  type ApiScopeName,
} from '../../server/src/modules/tokens/tokens.rules.js';
import type { Viewer } from '../../server/src/lib/viewer.js';

const noPubSub = { publish: () => {}, subscribe: () => (async function* () {})() };
const DAY = 86_400_000;

const session: Viewer = { userId: 'u', sessionId: 's', email: 'a@example.com', role: 'volunteer', isPlatformAdmin: false, isCouncilAdmin: false };
const token = (...scopes: ApiScopeName[]): Viewer => ({ ...session, credential: 'token', scopes, tokenId: 't' });
const field = (name: string, scope?: string, readScope?: string) => ({ name, extensions: { ...(scope ? { scope } : {}), ...(readScope ? { readScope } : {}) } });

describe('the scope list', () => {
  it('is API_SCOPES, in the rules the forms share and in the GraphQL enum', async () => {
    expect([...API_SCOPE_NAMES]).toEqual(Object.keys(API_SCOPES));
    const schema = await buildClubroomSchema(noPubSub);
    const values = (schema.getType('ApiScope') as import('graphql').GraphQLEnumType).getValues();
    expect(values.map((v) => v.value).sort()).toEqual([...API_SCOPE_NAMES].sort());
    for (const value of values) {
      expect(scopeOfEnumName(value.name)).toBe(value.value);
      expect(value.description).toContain(API_SCOPES[value.value as ApiScopeName]);
    }
    expect(scopeEnumName('messages:write')).toBe('MESSAGES_WRITE');
    expect(scopeOfEnumName('NOT_A_SCOPE')).toBeNull();
  });
});

describe('the marker of every mutation', () => {
  it('is @RequiresScope with a known scope, or @SessionOnly', async () => {
    const schema = await buildClubroomSchema(noPubSub);
    const mutation = schema.getMutationType();
    expect(mutation && isObjectType(mutation)).toBe(true);
    const unmarked = Object.values(mutation!.getFields())
      .filter((f) => {
        const scope = (f.extensions as { scope?: unknown }).scope;
        return !(scope === 'session' || (typeof scope === 'string' && scope in API_SCOPES));
      })
      .map((f) => f.name);
    expect(unmarked, `mark these mutations @RequiresScope(...) or @SessionOnly(): ${unmarked.join(', ')}`).toEqual([]);
  });
});

describe('the read scope of every root query and subscription field and of every Node type (issue 31)', () => {
  it('is named by each root query and subscription field (@ReadScope), unless the field is for sessions only', async () => {
    const schema = await buildClubroomSchema(noPubSub);
    const unnamed: string[] = [];
    for (const root of [schema.getQueryType()!, schema.getSubscriptionType()!]) {
      for (const f of Object.values(root.getFields())) {
        const { scope, readScope } = f.extensions as { scope?: unknown; readScope?: unknown };
        if (scope === 'session') continue;
        const named = (READ_SCOPES as readonly unknown[]).includes(readScope) || (readScope === 'by-type' && (f.name === 'node' || f.name === 'nodes'));
        if (!named) unnamed.push(`${root.name}.${f.name}`);
      }
    }
    expect(unnamed, `name the read scope of these root fields with @ReadScope('read:…') (server/src/graphql/access.ts): ${unnamed.join(', ')}`).toEqual([]);
  });

  it('is named by each Node type (registerNodeType)', async () => {
    const schema = await buildClubroomSchema(noPubSub);
    const nodeTypes = Object.values(schema.getTypeMap())
      .filter((t): t is import('graphql').GraphQLObjectType => isObjectType(t) && t.getInterfaces().some((i) => i.name === 'Node'))
      .map((t) => t.name);
    expect(nodeTypes.length).toBeGreaterThan(10);
    const scopes = nodeTypeReadScopes();
    const unnamed = nodeTypes.filter((t) => !(READ_SCOPES as readonly string[]).includes(scopes[t] ?? ''));
    expect(unnamed, `register these Node types with their read scope (registerNodeType(type, 'read:…', fetch)): ${unnamed.join(', ')}`).toEqual([]);
  });
});

describe('what a token may run', () => {
  it('leaves sessions alone', () => {
    expect(scopeRefusal(session, 'mutation', field('anything'))).toBeNull();
    expect(scopeRefusal(session, 'query', field('apiTokens', 'session'))).toBeNull();
  });

  it("needs a query's or subscription's read scope, or the whole read", () => {
    expect(scopeRefusal(token('read:messages'), 'query', field('inbox', undefined, 'read:messages'))).toBeNull();
    expect(scopeRefusal(token('read'), 'query', field('inbox', undefined, 'read:messages'))).toBeNull();
    expect(scopeRefusal(token('read:public'), 'query', field('inbox', undefined, 'read:messages'))?.message).toBe('This API token lacks the read:messages scope.');
    expect(scopeRefusal(token('messages:write'), 'subscription', field('messageReceived', undefined, 'read:messages'))?.message).toBe('This API token lacks the read:messages scope.');
    // node and nodes: any read scope; each Node type then names its own.
    expect(scopeRefusal(token('read:club'), 'query', field('node', undefined, 'by-type'))).toBeNull();
    expect(scopeRefusal(token('messages:write'), 'query', field('node', undefined, 'by-type'))?.message).toBe('This API token lacks the read scope.');
    // A fine read scope never passes a mutation.
    expect(scopeRefusal(token(...READ_SCOPES, 'read'), 'mutation', field('sendMessage', 'messages:write'))?.message).toBe('This API token lacks the messages:write scope.');
  });

  it('refuses a document whose deeper field reaches into an area the token lacks (a club\'s private data, an administrator\'s field)', async () => {
    const schema = await buildClubroomSchema(noPubSub);
    const refusal = (source: string, viewer: Viewer) => {
      const document = parse(source);
      return operationScopeRefusal(schema, viewer, document, getOperationAST(document)!)?.message ?? null;
    };
    expect(refusal('{ clubs(first: 1) { nodes { name } } }', token('read:public'))).toBeNull();
    expect(refusal('{ clubs(first: 1) { nodes { name followers { totalCount } } } }', token('read:public'))).toBe('This API token lacks the read:club scope.');
    expect(refusal('query { clubs(first: 1) { nodes { ...F } } } fragment F on Club { profileSaved }', token('read:public'))).toBe('This API token lacks the read:club scope.');
    expect(refusal('{ clubs(first: 1) { nodes { followers { totalCount } } } }', token('read:public', 'read:club'))).toBeNull();
    expect(refusal('{ clubs(first: 1) { nodes { followers { totalCount } } } }', token('read'))).toBeNull();
    expect(refusal('{ opportunities(first: 1) { nodes { applications { totalCount } } } }', token('read:public'))).toBe('This API token lacks the read:volunteering scope.');
    expect(refusal('{ clubs(first: 1) { nodes { adminNotes } } }', token('read:public', 'admin'))).toBe('This API token lacks the read:admin scope.');
    expect(refusal('{ clubs(first: 1) { nodes { followers { totalCount } } } }', session)).toBeNull();
  });

  it('needs read for queries and subscriptions, plus a scope a query names', () => {
    expect(scopeRefusal(token('read'), 'query', field('me'))).toBeNull();
    expect(scopeRefusal(token('read'), 'subscription', field('messageReceived'))).toBeNull();
    expect(scopeRefusal(token('messages:write'), 'query', field('me'))?.message).toBe('This API token lacks the read scope.');
    expect(scopeRefusal(token('messages:write'), 'subscription', field('messageReceived'))?.code).toBe('FORBIDDEN');
    expect(scopeRefusal(token('read'), 'query', field('auditLog', 'admin'))?.message).toBe('This API token lacks the admin scope.');
    expect(scopeRefusal(token('read', 'admin'), 'query', field('auditLog', 'admin'))).toBeNull();
  });

  it("needs a mutation's own scope; never runs one marked session-only or unmarked", () => {
    expect(scopeRefusal(token('messages:write'), 'mutation', field('sendMessage', 'messages:write'))).toBeNull();
    expect(scopeRefusal(token('read', 'club:write'), 'mutation', field('sendMessage', 'messages:write'))?.message).toBe('This API token lacks the messages:write scope.');
    expect(scopeRefusal(token(...API_SCOPE_NAMES), 'mutation', field('signOut', 'session'))?.message).toBe('An API token cannot run signOut: it needs a signed-in session.');
    expect(scopeRefusal(token(...API_SCOPE_NAMES), 'mutation', field('unmarked'))?.message).toBe('An API token cannot run unmarked: it needs a signed-in session.');
  });

  it('lets introspection through', () => {
    expect(scopeRefusal(token('messages:write'), 'query', field('__schema'))).toBeNull();
    expect(scopeRefusal(token('messages:write'), 'query', field('__typename'))).toBeNull();
  });
});

describe("a token's rights: its owner's, narrowed to its scopes where the viewer is built (issue 25)", () => {
  const account = (isPlatformAdmin: boolean, clubId: string | null = null, councilEmail: string | null = null) => ({ user: { id: 'u', email: 'a@example.com', isPlatformAdmin }, clubId, councilEmail });

  it("makes an administrator's token an administrator only with the admin scope", () => {
    expect(accountViewer(account(true))).toMatchObject({ isPlatformAdmin: true, role: 'platform_admin', isCouncilAdmin: true });
    expect(accountViewer(account(true), ['read', 'admin'])).toMatchObject({ isPlatformAdmin: true, role: 'platform_admin', isCouncilAdmin: true });
    // Without admin: the account as a member. Council administration stays (read with `read`,
    // written with council:write, which every council mutation names).
    expect(accountViewer(account(true), ['read'])).toMatchObject({ isPlatformAdmin: false, role: 'volunteer', isCouncilAdmin: true });
    expect(accountViewer(account(true, 'u'), ['read', 'club:write'])).toMatchObject({ isPlatformAdmin: false, role: 'club_admin' });
  });

  it("never gives a token more than its owner's rights", () => {
    expect(accountViewer(account(false), [...API_SCOPE_NAMES])).toMatchObject({ isPlatformAdmin: false, role: 'volunteer', isCouncilAdmin: false });
    expect(accountViewer(account(false, null, 'a@example.com'), ['read'])).toMatchObject({ isPlatformAdmin: false, isCouncilAdmin: true });
  });

  it('refuses before execution a query or subscription with a root field reserved to platform administrators, without admin', async () => {
    const schema = await buildClubroomSchema(noPubSub);
    const refusal = (source: string, viewer: Viewer) => {
      const document = parse(source);
      return operationScopeRefusal(schema, viewer, document, getOperationAST(document)!)?.message ?? null;
    };
    const lacksAdmin = 'This API token lacks the admin scope.';
    expect(refusal('{ me { id } adminUsers(first: 1) { totalCount } }', token('read'))).toBe(lacksAdmin);
    expect(refusal('query { ...F } fragment F on Query { contentReports { totalCount } }', token('read'))).toBe(lacksAdmin);
    expect(refusal('subscription { moderationStatsChanged { __typename } }', token('read'))).toBe(lacksAdmin);
    expect(refusal('{ me { id } adminUsers(first: 1) { totalCount } }', token('read', 'admin'))).toBeNull();
    expect(refusal('{ me { id } clubs(first: 1) { totalCount } }', token('read'))).toBeNull();
    expect(refusal('{ me { id } adminUsers(first: 1) { totalCount } }', session)).toBeNull();
  });
});

describe('the token rules', () => {
  it('trims the name, keeps scopes in the list order without repeats, and takes no expiry as null', () => {
    expect(createApiTokenRules.parse({ name: '  CI  ', scopes: ['admin', 'read', 'read'] })).toEqual({ name: 'CI', scopes: ['read', 'admin'], expiresAt: null });
  });

  it('takes an expiry in the future and within 365 days (one more day for "through that day")', () => {
    const ok = new Date(Date.now() + 366 * DAY - 60_000);
    expect(createApiTokenRules.parse({ name: 'x', scopes: ['read'], expiresAt: ok }).expiresAt).toEqual(ok);
    const past = createApiTokenRules.safeParse({ name: 'x', scopes: ['read'], expiresAt: new Date(Date.now() - 1) });
    expect(past.error?.issues[0]?.message).toBe(TOKEN_MESSAGES.expiryPast);
    const far = createApiTokenRules.safeParse({ name: 'x', scopes: ['read'], expiresAt: new Date(Date.now() + 367 * DAY) });
    expect(far.error?.issues[0]?.message).toBe(TOKEN_MESSAGES.expiryTooFar);
  });

  it('in the form, takes no date, or a date from tomorrow to 365 days ahead', () => {
    const today = new Date(2026, 0, 31, 15, 0);
    const rules = createApiTokenFormRules(today);
    const expiry = (expiresOn: string) => rules.safeParse({ name: 'x', scopes: ['read'], expiresOn });
    expect(expiry('').success).toBe(true);
    expect(expiry('2026-02-01').success).toBe(true);
    expect(expiry('2027-01-31').success).toBe(true);
    expect(expiry('2026-01-31').error?.issues[0]?.message).toBe(TOKEN_MESSAGES.expiryPast);
    expect(expiry('2027-02-01').error?.issues[0]?.message).toBe(TOKEN_MESSAGES.expiryTooFar);
    expect(rules.safeParse({ name: '', scopes: [], expiresOn: '' }).error?.issues.map((i) => i.message)).toEqual([TOKEN_MESSAGES.nameRequired, TOKEN_MESSAGES.scopesRequired]);
    expect(endOfLocalDay('2026-02-01')).toEqual(new Date(2026, 1, 2));
  });
});
