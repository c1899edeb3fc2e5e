// The GraphQL layer does its fixed work once per document, not once per request: Apollo keeps the
// documents it has parsed and validated (graphql-js's rules and armor's), and graphql-ws
// subscriptions reuse the document checked for the same text (graphql/limits.ts), so a repeated
// document is neither parsed nor validated again, over HTTP or over the socket.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApolloServerPlugin } from '@apollo/server';
import type { ValidationRule } from 'graphql';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import type { Context } from '../../server/src/graphql/context.js';
import { armorValidationRules } from '../../server/src/graphql/limits.js';
import { newMember } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { firstEvent, wsClient } from '../helpers/ws.js';

// Every armor rule counts the documents it checks (wrapped before the server takes the rules).
let armorChecks = 0;
armorValidationRules.splice(
  0,
  armorValidationRules.length,
  ...armorValidationRules.map((rule, i): ValidationRule => (context) => {
    if (i === 0) armorChecks++;
    return rule(context);
  }),
);

const seen = { parsing: 0, validation: 0 };
const counting: ApolloServerPlugin<Context> = {
  async requestDidStart() {
    return {
      async parsingDidStart() {
        seen.parsing++;
      },
      async validationDidStart() {
        seen.validation++;
      },
    };
  },
};

let server: TestServer;
let url: string;
beforeAll(async () => {
  server = await startServer({}, {}, { apolloPlugins: [counting] });
  url = server.url;
});
afterAll(async () => {
  await server?.close();
});

async function post(query: string, variables?: Record<string, unknown>) {
  const res = await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
  return { status: res.status, json: (await res.json()) as { data?: unknown; errors?: unknown[] } };
}

describe('repeated documents over HTTP', () => {
  it('parses and validates a document once, however often it is sent (armor rules included)', async () => {
    const query = 'query OverheadDirectory($first: Int!) { clubs(first: $first) { totalCount nodes { id name } } }';
    const before = { ...seen, armor: armorChecks };
    const first = await post(query, { first: 3 });
    const second = await post(query, { first: 5 });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.json.errors).toBeUndefined();
    expect(second.json.errors).toBeUndefined();
    expect(seen.parsing - before.parsing).toBe(1);
    expect(seen.validation - before.validation).toBe(1);
    expect(armorChecks - before.armor).toBe(1);
  });

  it('still parses and validates a document it has not seen', async () => {
    const before = { ...seen, armor: armorChecks };
    await post('query OverheadSports { clubSports }');
    await post('query OverheadSportsAgain { clubSports }');
    expect(seen.parsing - before.parsing).toBe(2);
    expect(seen.validation - before.validation).toBe(2);
    expect(armorChecks - before.armor).toBe(2);
  });
});

describe('repeated documents over graphql-ws', () => {
  it('parses and validates a subscription document once for every subscribe of the same text', async () => {
    const member = await newMember(url);
    const query = 'subscription OverheadUnread { unreadNotificationCount { count } }';
    const parses = vi.spyOn(MaxTokensParserWLexer.prototype, 'parseDocument');
    const armorBefore = armorChecks;
    const a = wsClient(url, member.client.accessToken!);
    const b = wsClient(url, member.client.accessToken!);
    try {
      const [one, two] = await Promise.all([firstEvent(a, query).event, firstEvent(b, query).event]);
      expect(one).toEqual({ unreadNotificationCount: { count: 0 } });
      expect(two).toEqual({ unreadNotificationCount: { count: 0 } });
      const again = await firstEvent(a, query).event;
      expect(again).toEqual({ unreadNotificationCount: { count: 0 } });
      // graphql-ws validates only documents it parses itself: with none parsed by it, the one
      // validation is ours (graphql-js's rules with armor's).
      expect(parses).toHaveBeenCalledTimes(1);
      expect(armorChecks - armorBefore).toBe(1);
    } finally {
      parses.mockRestore();
      await Promise.all([a.dispose(), b.dispose()]);
    }
  });
});

describe('GRAPHQL_JIT', () => {
  // The same requests to a server executing with graphql-js (GRAPHQL_JIT=false) and to this one
  // (graphql-jit): the same status and the same body, data and errors alike.
  const requests: [string, Record<string, unknown>?][] = [
    ['query JitClubs($first: Int!) { clubs(first: $first) { totalCount pageInfo { hasNextPage endCursor } nodes { id name } } clubSports }', { first: 3 }],
    ['{ me { id email } }'],
    ['query JitBadPage($first: Int!) { clubs(first: $first) { totalCount } }', { first: 101 }],
    ['query JitBadVariable($first: Int!) { clubs(first: $first) { totalCount } }', { first: 'three' }],
    ['query JitMissingVariable($first: Int!) { clubs(first: $first) { totalCount } }'],
    ['{ node(id: "bm9wZQ") { id __typename } nodes(ids: ["x", "TWVtYmVyOjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMA"]) { id } }'],
    ['mutation { signOut { success } }'],
  ];

  it('answers every request as graphql-js does', async () => {
    const plain = await startServer({ graphqlJit: false });
    try {
      for (const [query, variables] of requests) {
        const body = JSON.stringify({ query, variables });
        const ask = (base: string) => fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => ({ status: r.status, body: await r.json() }));
        const [jit, js] = await Promise.all([ask(url), ask(plain.url)]);
        expect(jit, query).toEqual(js);
      }
    } finally {
      await plain.close();
    }
  });
});
