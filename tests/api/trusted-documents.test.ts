// Trusted documents (docs/API.md, 'Trusted documents'), with TRUSTED_DOCUMENTS=enforce as in
// production: a browser session runs only the build's manifest documents, by hash; an API token
// keeps documents of its own. And the schema version on every answer ('Versions').
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startServer, type TestServer } from '../helpers/server.js';
import { newMember } from '../helpers/client.js';
import { UNKNOWN_DOCUMENT, UNTRUSTED_DOCUMENT } from '../../server/src/graphql/trusted-documents.js';
import { SCHEMA_VERSION_HEADER, loadSchemaVersion, newestReleasedVersion } from '../../server/src/app/schema-version.js';
import type { Context } from '../../server/src/graphql/context.js';

const ROOT = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'web/src/gql/persisted-documents.json'), 'utf8')) as Record<string, string>;
/** The hash of the web client's operation whose text starts so (bare hex, as the client sends it). */
function hashOf(start: string): string {
  const found = Object.entries(manifest).find(([, text]) => text.startsWith(start) || text.includes(` ${start}`));
  if (!found) throw new Error(`no document starting ${start} in the manifest`);
  return found[0].replace(/^sha256:/, '');
}
const ME = hashOf('query Me {');
const SESSION_REVOKED = hashOf('subscription SessionRevoked {');
const CREATE_TOKEN = hashOf('mutation DeveloperCreateApiToken(');

let server: TestServer;
let session: string;
let parsed = 0;

const counting: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async parsingDidStart() {
        parsed += 1;
      },
    };
  },
};

type Answer = { status: number; headers: Headers; json: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }>; extensions?: Record<string, unknown> } };

async function post(token: string | null, body: Record<string, unknown>): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Answer['json'] };
}

const byHash = (hash: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });

/** A new member's API token, made as the Developer page makes one (its document, by hash). */
async function newToken(): Promise<string> {
  const member = (await newMember(server.url)).client.accessToken!;
  const answer = await post(member, { ...byHash(CREATE_TOKEN), variables: { input: { name: 'script', scopes: ['READ'] } } });
  const secret = answer.json.data?.createApiToken?.secret;
  if (typeof secret !== 'string') throw new Error(`createApiToken failed: ${JSON.stringify(answer.json)}`);
  return secret;
}

beforeAll(async () => {
  server = await startServer({}, { TRUSTED_DOCUMENTS: 'enforce' }, { apolloPlugins: [counting] });
  session = (await newMember(server.url)).client.accessToken!;
});

afterAll(async () => {
  await server?.close();
});

describe('the manifest', () => {
  it('holds every generated document under the SHA-256 of its own text', () => {
    expect(Object.keys(manifest).length).toBeGreaterThan(100);
    for (const [id, text] of Object.entries(manifest)) expect(id).toBe(`sha256:${createHash('sha256').update(text).digest('hex')}`);
    expect(manifest[`sha256:${ME}`]).toMatch(/^query Me \{/);
  });

  it("holds the hash of every document the web client imports (each .generated.ts's __meta__)", () => {
    const generated = readdirSync(join(ROOT, 'web/src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.generated.ts'));
    const hashes = generated.flatMap((f) => [...readFileSync(join(ROOT, 'web/src', f), 'utf8').matchAll(/"__meta__":\{"hash":"(sha256:[0-9a-f]{64})"\}/g)].map((m) => m[1]!));
    expect(hashes.length).toBeGreaterThan(100);
    expect(hashes.filter((h) => !(h in manifest))).toEqual([]);
  });
});

describe('a browser session', () => {
  it('runs a document of the manifest named by its hash', async () => {
    const answer = await post(session, byHash(ME));
    expect(answer.status).toBe(200);
    expect(answer.json.errors).toBeUndefined();
    expect(answer.json.data.me.__typename).toBe('Member');
  });

  it("runs one by GraphQL over HTTP's documentId too", async () => {
    const answer = await post(session, { documentId: `sha256:${ME}` });
    expect(answer.json.errors).toBeUndefined();
    expect(answer.json.data.me.id).toBeTruthy();
  });

  it('is refused a document sent as text, even one of the manifest: 403, nothing runs', async () => {
    for (const body of [{ query: '{ me { id } }' }, { query: manifest[`sha256:${ME}`] }, { query: manifest[`sha256:${ME}`], ...byHash(ME) }]) {
      const answer = await post(session, body);
      expect(answer.status).toBe(403);
      expect(answer.json.data).toBeUndefined();
      expect(answer.json.errors).toEqual([{ message: UNTRUSTED_DOCUMENT, extensions: { code: 'FORBIDDEN' } }]);
    }
  });

  it("may read the schema with a document of its own (the explorer's Docs panel), nothing else", async () => {
    const schema = await post(session, { query: 'query IntrospectionQuery { __schema { queryType { name } types { name } } }' });
    expect(schema.status).toBe(200);
    expect(schema.json.data.__schema.queryType.name).toBe('Query');
    for (const query of ['{ __typename me { id } }', '{ __schema { queryType { name } } ...F } fragment F on Query { me { id } }', 'mutation { __typename }']) {
      expect((await post(session, { query })).status).toBe(403);
    }
  });

  it('is refused a mutation sent as text before it runs', async () => {
    const answer = await post(session, { query: 'mutation { markAllNotificationsRead { userErrors { code } } }' });
    expect(answer.status).toBe(403);
    expect(answer.json.data).toBeUndefined();
  });

  it('is refused an unknown hash, and a hash an API token registered (APQ): 403', async () => {
    const unknown = await post(session, byHash('0'.repeat(64)));
    expect(unknown.status).toBe(403);
    expect(unknown.json.errors?.[0]).toEqual({ message: UNKNOWN_DOCUMENT, extensions: { code: 'FORBIDDEN' } });

    const secret = await newToken();
    const query = '{ me { id email } }';
    const hash = createHash('sha256').update(query).digest('hex');
    const registered = await post(secret, { query, ...byHash(hash) });
    expect(registered.json.errors).toBeUndefined();
    expect((await post(secret, byHash(hash))).json.data.me.id).toBeTruthy();
    const refused = await post(session, byHash(hash));
    expect(refused.status).toBe(403);
    expect(refused.json.data).toBeUndefined();
  });

  it('keeps the parse and validation of a trusted document by hash', async () => {
    await post(session, byHash(ME));
    const before = parsed;
    for (let i = 0; i < 3; i++) expect((await post(session, byHash(ME))).json.errors).toBeUndefined();
    expect(parsed).toBe(before);
  });
});

describe('an API token and an anonymous caller', () => {
  it('run documents of their own, under the cost limits', async () => {
    const secret = await newToken();
    const own = await post(secret, { query: '{ me { id } }' });
    expect(own.status).toBe(200);
    expect(own.json.data.me.id).toBeTruthy();
    const trusted = await post(secret, byHash(ME));
    expect(trusted.json.data.me.id).toBeTruthy();
    const anonymous = await post(null, { query: '{ clubSports }' });
    expect(anonymous.json.errors).toBeUndefined();
    const tooCostly = await post(secret, { query: '{ clubs(first: 100) { nodes { positions(first: 100) { nodes { id title } } } } }' });
    expect(tooCostly.status).toBe(400);
  });
});

/** The messages a socket receives for one subscribe, until the deadline. */
async function subscribeOnce(token: string, payload: Record<string, unknown>): Promise<Array<{ type: string; payload?: any }>> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const seen: Array<{ type: string; payload?: any }> = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: unknown };
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload }));
        setTimeout(resolve, 300);
      } else seen.push(message);
    });
  });
  socket.close();
  return seen;
}

describe('a session over graphql-ws', () => {
  it('subscribes with a trusted hash (and an empty query)', async () => {
    const seen = await subscribeOnce(session, { query: '', ...byHash(SESSION_REVOKED) });
    expect(seen.filter((m) => m.type === 'error')).toEqual([]);
  });

  it('is refused a subscription sent as text, or an unknown hash', async () => {
    const text = await subscribeOnce(session, { query: 'subscription { sessionRevoked { reason } }' });
    expect(text).toEqual([{ id: '1', type: 'error', payload: [expect.objectContaining({ message: UNTRUSTED_DOCUMENT, extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })] }]);
    const unknown = await subscribeOnce(session, { query: '', ...byHash('1'.repeat(64)) });
    expect(unknown[0]?.payload?.[0]?.message).toBe(UNKNOWN_DOCUMENT);
  });

  it("lets an API token's socket subscribe with text", async () => {
    const secret = await newToken();
    const seen = await subscribeOnce(secret, { query: 'subscription { unreadMessageCount { count } }' });
    expect(seen.filter((m) => m.type === 'error')).toEqual([]);
  });
});

describe('the schema version on the wire', () => {
  const version = loadSchemaVersion();

  it("is the changelog's newest released heading", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(newestReleasedVersion('# x\n\n## Unreleased\n\n- a\n\n## 1.4.0 — 2026-12-01\n\n## 1.3.2 — 2026-11-01\n')).toBe('1.4.0');
    expect(newestReleasedVersion('## Unreleased\n')).toBeNull();
  });

  it('is in the header and extensions of answers, refusals and errors included', async () => {
    for (const answer of [
      await post(session, byHash(ME)),
      await post(null, { query: '{ clubSports }' }),
      await post(session, { query: '{ me { id } }' }),
      await post(null, { query: '{ nope }' }),
      await post('forged', { query: '{ clubSports }' }),
    ]) {
      expect(answer.headers.get(SCHEMA_VERSION_HEADER)).toBe(version);
      expect(answer.json.extensions?.schemaVersion).toBe(version);
    }
  });
});

describe("a page's first query, found by name (web/src/lib/first-query.ts)", () => {
  it("is the hash of the query of that name that takes no variables, as the client's document names it", async () => {
    const { TrustedDocuments } = await import('../../server/src/graphql/trusted-documents.js');
    const generated = readFileSync(join(ROOT, 'web', 'src', 'features', 'club-dashboard', 'club-dashboard.generated.ts'), 'utf8');
    const clientHash = /export const MyClubDocument = \{"__meta__":\{"hash":"sha256:([0-9a-f]{64})"/.exec(generated)?.[1];
    expect(clientHash).toMatch(/^[0-9a-f]{64}$/);
    const trusted = TrustedDocuments.load();
    expect(trusted.queryHash('MyClub')).toBe(clientHash);
    // A mutation, a query that takes variables and a name no document has: none.
    expect(trusted.queryHash('SaveClubProfile')).toBeNull();
    const manifest = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'gql', 'persisted-documents.json'), 'utf8')) as Record<string, string>;
    const withVariables = Object.values(manifest).map((text) => /^query (\w+)\(/.exec(text)?.[1]).find(Boolean)!;
    expect(withVariables).toBeTruthy();
    expect(trusted.queryHash(withVariables)).toBeNull();
    expect(trusted.queryHash('NoSuchQuery')).toBeNull();
  });
});
