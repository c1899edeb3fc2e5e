// Personal API tokens in tests: made through createApiToken as the web page makes them, and used
// the way an integrator's script uses them (plain HTTP with a bearer, or graphql-ws).
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import type { ApiClient } from './client.js';
import type { TestServer } from './server.js';

export const TOKEN_FIELDS = 'id name prefix scopes expiresAt lastUsedAt revokedAt createdAt active';
export const CREATE_TOKEN = `mutation CreateToken($input: CreateApiTokenInput!) { createApiToken(input: $input) { secret token { ${TOKEN_FIELDS} } userErrors { field code message } } }`;
export const REVOKE_TOKEN = `mutation RevokeToken($id: ID!) { revokeApiToken(input: { id: $id }) { token { ${TOKEN_FIELDS} } userErrors { field code message } } }`;
export const LIST_TOKENS = `query Tokens($first: Int, $after: String, $last: Int, $before: String) { apiTokens(first: $first, after: $after, last: $last, before: $before) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { ${TOKEN_FIELDS} } } } }`;

export type Scope = 'READ' | 'MESSAGES_WRITE' | 'PROFILE_WRITE' | 'CLUB_WRITE' | 'VOLUNTEER_WRITE' | 'COUNCIL_WRITE' | 'REPORTS_WRITE' | 'WEBHOOKS_WRITE' | 'ADMIN';
export const ALL_SCOPES: Scope[] = ['READ', 'MESSAGES_WRITE', 'PROFILE_WRITE', 'CLUB_WRITE', 'VOLUNTEER_WRITE', 'COUNCIL_WRITE', 'REPORTS_WRITE', 'WEBHOOKS_WRITE', 'ADMIN'];

export interface TokenView {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  active: boolean;
}

/** Creates a token as the session of `client`; fails the test on any refusal. */
export async function createToken(client: ApiClient, scopes: Scope[], opts: { name?: string; expiresAt?: string | null } = {}): Promise<{ secret: string; token: TokenView }> {
  const answer = await client.gql(CREATE_TOKEN, { input: { name: opts.name ?? 'Test token', scopes, expiresAt: opts.expiresAt } });
  const payload = answer.data?.createApiToken;
  if (answer.errors?.length || !payload?.secret || payload.userErrors.length) throw new Error(`createApiToken failed: ${JSON.stringify(answer)}`);
  return { secret: payload.secret, token: payload.token };
}

export async function revokeToken(client: ApiClient, id: string): Promise<TokenView> {
  const answer = await client.gql(REVOKE_TOKEN, { id });
  const payload = answer.data?.revokeApiToken;
  if (answer.errors?.length || !payload?.token || payload.userErrors.length) throw new Error(`revokeApiToken failed: ${JSON.stringify(answer)}`);
  return payload.token;
}

export interface RawGql {
  status: number;
  headers: Headers;
  json: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }>; extensions?: { cost?: Record<string, unknown> } };
}

/** One POST /graphql as a script would send it, with `token` as the bearer (if any). */
export async function gqlWith(baseUrl: string, token: string | null, query: string, variables?: Record<string, unknown>): Promise<RawGql> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return { status: res.status, headers: res.headers, json: (await res.json()) as RawGql['json'] };
}

export const codes = (answer: RawGql) => (answer.json.errors ?? []).map((e) => e.extensions?.code);
export const messages = (answer: RawGql) => (answer.json.errors ?? []).map((e) => e.message);

/** The stored row of a token, read with SQL. */
export async function tokenRow(server: TestServer, id: string): Promise<Record<string, unknown> | undefined> {
  const result = await server.clubroom.database.db.execute(sql`select * from api_tokens where id = ${id}`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<Record<string, unknown>>;
  return rows[0];
}

/** A raw graphql-transport-ws connection: connection_init with the token, then subscriptions by
 *  hand. Collects every message and the close code. */
export class RawSocket {
  readonly messages: Array<{ type: string; id?: string; payload?: any }> = [];
  closeCode: number | null = null;
  private readonly socket: WebSocket;
  private readonly waiters: Array<() => void> = [];

  private constructor(baseUrl: string) {
    this.socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    this.socket.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)));
      this.wake();
    });
    this.socket.on('close', (code) => {
      this.closeCode = code;
      this.wake();
    });
  }

  /** Opens a socket and sends connection_init; resolves once acknowledged (or closed). */
  static async open(baseUrl: string, token: string): Promise<RawSocket> {
    const raw = new RawSocket(baseUrl);
    await new Promise<void>((resolve, reject) => {
      raw.socket.once('open', () => resolve());
      raw.socket.once('error', reject);
    });
    raw.socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
    await raw.until(() => raw.closeCode !== null || raw.messages.some((m) => m.type === 'connection_ack'), 'connection_ack');
    return raw;
  }

  subscribe(id: string, query: string): void {
    this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
  }

  /** The messages for subscription `id`. */
  of(id: string) {
    return this.messages.filter((m) => m.id === id);
  }

  async until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    if (check()) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}: ${JSON.stringify(this.messages)} close ${this.closeCode}`)), timeoutMs);
      const attempt = () => {
        if (check()) {
          clearTimeout(timer);
          resolve();
        } else this.waiters.push(attempt);
      };
      this.waiters.push(attempt);
    });
  }

  close(): void {
    this.socket.terminate();
  }

  private wake() {
    const current = this.waiters.splice(0);
    for (const w of current) w();
  }
}
