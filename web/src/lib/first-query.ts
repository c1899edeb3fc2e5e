// A signed-in page's first query, sent as the app starts instead of once the page has rendered.
// The route names its page's first query (its handle's `firstQuery`, app/router.tsx); the server
// writes that operation's name and trusted hash into the page's HTML as a JSON data block (never
// executed: the strict CSP holds; server/src/http/web.ts). The app's entry sends it at once with
// the stored session's token, beside the session check (lib/boot.ts), and the Apollo client's
// HTTP transport, when the page asks for the same operation with the same token, takes that
// response instead of sending the request again (apollo-links.ts): every link of the chain still
// reads it, as it would the network's. On a slow phone the page's query otherwise left only after
// the session check, the app's first render and the page's own chunk (/club/dashboard: ~0.6 s
// later; bench/notes/public-pages.md).
//
// Nothing is guessed: no stored session, an expired one or an inactive one sends nothing (the
// session check decides, as before); an answer asked for with another token (refreshed meanwhile,
// another member signed in), with other variables, or older than FIRST_QUERY_MAX_AGE_MS is not
// used, and the request goes out as it would have.
// Unit-tested under Node's resolution (tests/unit/first-query.test.ts): the imports name their
// .js files.
import { REQUEST_TIMEOUT_MS } from './constants.js';
import { isInactive } from './activity.js';
import { isSessionExpired, readStoredSession } from './session-storage.js';

/** The id of the data block with the page's first query (server/src/http/web.ts writes it). */
export const FIRST_QUERY_ID = 'clubroom-first-query';

/** An answer older than this is asked for again (the page came later than the app's start). */
export const FIRST_QUERY_MAX_AGE_MS = 10_000;

/** What the data block holds: the operation's name and its trusted hash. No variables: a first
 *  query is one that needs none (the server names no other). */
export interface FirstQuery {
  operationName: string;
  sha256Hash: string;
}

/** What the Apollo client's HTTP link sends for a trusted document with no variables. */
const ACCEPT = 'application/graphql-response+json,application/json;q=0.9';

interface Pending extends FirstQuery {
  authorization: string;
  startedAt: number;
  response: Promise<Response>;
}

let pending: Pending | null = null;

/** The data block's query, or null (none, or not what the server writes). */
export function parseFirstQuery(text: string | null | undefined): FirstQuery | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<FirstQuery> | null;
    return typeof value?.operationName === 'string' && typeof value.sha256Hash === 'string' && /^[0-9a-f]{64}$/.test(value.sha256Hash)
      ? { operationName: value.operationName, sha256Hash: value.sha256Hash }
      : null;
  } catch {
    return null;
  }
}

/** The request body the HTTP link sends for `query` (the trusted hash, never the text). */
export function firstQueryBody(query: FirstQuery): string {
  return JSON.stringify({ operationName: query.operationName, variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: query.sha256Hash } } });
}

/** Sends the page's first query if the HTML names one and the stored session may be used. */
export function startFirstQuery(now = Date.now()): void {
  const query = parseFirstQuery(document.getElementById(FIRST_QUERY_ID)?.textContent);
  const session = readStoredSession();
  if (!query || !session || isSessionExpired(session, now) || isInactive(now)) return;
  const authorization = `Bearer ${session.access_token}`;
  const response = fetch('/graphql', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: ACCEPT, 'content-type': 'application/json', authorization },
    body: firstQueryBody(query),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  // Unused (the page never asked), its failure is nobody's: the page's own request reports its own.
  response.catch(() => undefined);
  pending = { ...query, authorization, startedAt: now, response };
}

/** What a request's body asks for, if it is a trusted operation without variables. */
function requested(body: unknown): { operationName: string; sha256Hash: string } | null {
  if (typeof body !== 'string') return null;
  try {
    const parsed = JSON.parse(body) as { operationName?: unknown; variables?: unknown; query?: unknown; extensions?: { persistedQuery?: { sha256Hash?: unknown } } };
    const variables = parsed.variables ?? {};
    const hash = parsed.extensions?.persistedQuery?.sha256Hash;
    if (typeof parsed.operationName !== 'string' || typeof hash !== 'string' || parsed.query !== undefined) return null;
    if (typeof variables !== 'object' || variables === null || Object.keys(variables).length > 0) return null;
    return { operationName: parsed.operationName, sha256Hash: hash };
  } catch {
    return null;
  }
}

/**
 * The first query's response, if `init` (a request the HTTP link is about to send to /graphql)
 * asks for the same operation with the same token while it is fresh; taken once. A request for
 * that operation that does not match (another token) drops it: it will not match later either.
 */
export function takeFirstQuery(init: RequestInit | undefined, now = Date.now()): Promise<Response> | null {
  if (!pending || !init) return null;
  const asked = requested(init.body);
  if (!asked || asked.operationName !== pending.operationName) return null;
  const taken = pending;
  pending = null;
  const authorization = new Headers(init.headers).get('authorization');
  const usable = asked.sha256Hash === taken.sha256Hash && authorization === taken.authorization && now - taken.startedAt <= FIRST_QUERY_MAX_AGE_MS;
  return usable ? taken.response : null;
}

/** Forgets a first query not taken (tests; signing out). */
export function dropFirstQuery(): void {
  pending = null;
}
