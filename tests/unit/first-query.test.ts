// A signed-in page's first query sent as the app starts (web/src/lib/first-query.ts): sent only
// with a usable stored session, and answered to the Apollo client's own request only when that
// request is the same operation with the same token, while the answer is fresh, once. The request
// the app sends is compared with what Apollo's HTTP link really sends for the generated document.
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache, type DocumentNode } from '@apollo/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MyClubDocument } from '../../web/src/features/club-dashboard/club-dashboard.generated';
import { STORAGE_KEYS } from '../../web/src/lib/constants';
import { dropFirstQuery, FIRST_QUERY_ID, FIRST_QUERY_MAX_AGE_MS, firstQueryBody, parseFirstQuery, startFirstQuery, takeFirstQuery } from '../../web/src/lib/first-query';
import { createTrustedDocumentLink, documentHash } from '../../web/src/lib/trusted-documents';
import { FIRST_QUERY_ID as SERVER_FIRST_QUERY_ID } from '../../server/src/http/web.js';

const HASH = documentHash(MyClubDocument as DocumentNode)!;
const QUERY = { operationName: 'MyClub', sha256Hash: HASH };
const NOW = 1_800_000_000_000;

/** What Apollo's HTTP link, behind the app's trusted-document link, hands to fetch for `document`. */
async function apolloRequest(document: DocumentNode, token: string | null): Promise<RequestInit> {
  let captured: RequestInit | undefined;
  const http = new HttpLink({
    uri: '/graphql',
    fetch: async (_input, init) => {
      captured = init;
      return new Response(JSON.stringify({ data: {} }), { headers: { 'content-type': 'application/json' } });
    },
  });
  const auth = new ApolloLink((operation, forward) => {
    if (token) operation.setContext({ headers: { authorization: `Bearer ${token}` } });
    return forward(operation);
  });
  const client = new ApolloClient({ link: ApolloLink.from([auth, createTrustedDocumentLink(), http]), cache: new InMemoryCache() });
  await client.query({ query: document, fetchPolicy: 'no-cache' }).catch(() => undefined);
  if (!captured) throw new Error('The HTTP link sent nothing.');
  return captured;
}

/** The browser's globals startFirstQuery reads: the page's data block, localStorage, fetch. */
function browser(options: { block?: string | null; session?: { access_token: string; expires_at: number } | null; lastActivity?: number }) {
  const storage = new Map<string, string>();
  if (options.session) {
    storage.set(STORAGE_KEYS.session, JSON.stringify({ ...options.session, user: { id: 'u1', node_id: 'VXNlcjp1MQ==', email: 'o@example.org', role: 'club_owner' } }));
  }
  if (options.lastActivity !== undefined) storage.set(STORAGE_KEYS.lastActivity, String(options.lastActivity));
  const sent: { url: string; init: RequestInit }[] = [];
  const scope = globalThis as Record<string, unknown>;
  scope.window = { navigator: { userAgent: 'node' }, localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value), removeItem: (key: string) => storage.delete(key) } };
  scope.document = { getElementById: (id: string) => (id === FIRST_QUERY_ID && options.block !== null ? { textContent: options.block ?? JSON.stringify(QUERY) } : null) };
  scope.fetch = async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ data: { me: null } }), { headers: { 'content-type': 'application/json' } });
  };
  return { sent };
}

const realFetch = globalThis.fetch;
beforeEach(() => dropFirstQuery());
afterEach(() => {
  const scope = globalThis as Record<string, unknown>;
  delete scope.window;
  delete scope.document;
  globalThis.fetch = realFetch;
});

const fresh = { access_token: 'token-a', expires_at: NOW / 1000 + 3600 };

describe('the first query', () => {
  it('uses the data block id the server writes', () => {
    expect(FIRST_QUERY_ID).toBe(SERVER_FIRST_QUERY_ID);
  });

  it("is sent as the Apollo client would send it: the same body, method and token", async () => {
    const { sent } = browser({ session: fresh });
    startFirstQuery(NOW);
    expect(sent).toHaveLength(1);
    const apollo = await apolloRequest(MyClubDocument as DocumentNode, 'token-a');
    expect(sent[0]!.url).toBe('/graphql');
    expect(sent[0]!.init.method).toBe(apollo.method);
    // Apollo also names itself (extensions.clientLibrary), which the server does not read.
    const { extensions, ...rest } = JSON.parse(String(apollo.body)) as { extensions: Record<string, unknown> };
    const asked = { ...rest, extensions: { persistedQuery: extensions.persistedQuery } };
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual(asked);
    expect(JSON.parse(firstQueryBody(QUERY))).toEqual(asked);
    expect(new Headers(sent[0]!.init.headers).get('authorization')).toBe('Bearer token-a');
    expect(new Headers(sent[0]!.init.headers).get('content-type')).toBe(new Headers(apollo.headers).get('content-type'));
  });

  it("answers the client's same request once, with the response it was sent for", async () => {
    browser({ session: fresh });
    startFirstQuery(NOW);
    const request = await apolloRequest(MyClubDocument as DocumentNode, 'token-a');
    const taken = takeFirstQuery(request, NOW + 500);
    expect(taken).not.toBeNull();
    expect(await (await taken!).json()).toEqual({ data: { me: null } });
    expect(takeFirstQuery(request, NOW + 600)).toBeNull();
  });

  it('is not used for another token (refreshed, another member), and is dropped then', async () => {
    browser({ session: fresh });
    startFirstQuery(NOW);
    expect(takeFirstQuery(await apolloRequest(MyClubDocument as DocumentNode, 'token-b'), NOW + 500)).toBeNull();
    expect(takeFirstQuery(await apolloRequest(MyClubDocument as DocumentNode, 'token-a'), NOW + 600)).toBeNull();
  });

  it('is not used without a token, with variables, or once older than its limit', async () => {
    browser({ session: fresh });
    startFirstQuery(NOW);
    expect(takeFirstQuery(await apolloRequest(MyClubDocument as DocumentNode, null), NOW)).toBeNull();
    startFirstQuery(NOW);
    const withVariables = { ...(await apolloRequest(MyClubDocument as DocumentNode, 'token-a')) };
    withVariables.body = JSON.stringify({ ...JSON.parse(String(withVariables.body)), variables: { id: 1 } });
    expect(takeFirstQuery(withVariables, NOW)).toBeNull();
    startFirstQuery(NOW);
    expect(takeFirstQuery(await apolloRequest(MyClubDocument as DocumentNode, 'token-a'), NOW + FIRST_QUERY_MAX_AGE_MS + 1)).toBeNull();
  });

  it("leaves other operations alone: the first query waits for its own", async () => {
    browser({ session: fresh });
    startFirstQuery(NOW);
    const other = { ...(await apolloRequest(MyClubDocument as DocumentNode, 'token-a')) };
    other.body = JSON.stringify({ ...JSON.parse(String(other.body)), operationName: 'UnreadMessageCount' });
    expect(takeFirstQuery(other, NOW)).toBeNull();
    expect(takeFirstQuery(await apolloRequest(MyClubDocument as DocumentNode, 'token-a'), NOW)).not.toBeNull();
  });

  it('sends nothing without a data block, a stored session, or with an expired or inactive one', () => {
    for (const setup of [
      { block: null, session: fresh },
      { block: '{"operationName":"MyClub","sha256Hash":"not-a-hash"}', session: fresh },
      { session: null },
      { session: { access_token: 'token-a', expires_at: NOW / 1000 - 1 } },
      { session: fresh, lastActivity: NOW - 31 * 60_000 },
    ]) {
      const { sent } = browser(setup);
      startFirstQuery(NOW);
      expect(sent, JSON.stringify(setup)).toHaveLength(0);
    }
  });

  it('reads only what the server writes into the block', () => {
    expect(parseFirstQuery(JSON.stringify(QUERY))).toEqual(QUERY);
    expect(parseFirstQuery('{"operationName":"MyClub"}')).toBeNull();
    expect(parseFirstQuery('not json')).toBeNull();
    expect(parseFirstQuery(null)).toBeNull();
  });
});
