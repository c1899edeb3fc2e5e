// Shared by the bare baselines on recorded SQL (bench/clubs-bare.ts, bench/admin-bare.ts,
// bench/volunteer-bare.ts): the node:http server itself (JSON answers, keep-alive, the
// `{ "url", "pid" }` line once listening, a clean stop on SIGTERM/SIGINT), rows read as drizzle's
// postgres.js driver reads them, and the server's token and session check. Only node:http,
// postgres.js and jose: nothing of Clubroom's.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';
import type postgres from 'postgres';

/** An answer: its HTTP status and its JSON body. */
export type Reply = readonly [status: number, body: unknown];

/** `[200, { data }]` with what `answer` resolves to, or `[500, { error }]`. */
export const dataOrError = (answer: Promise<unknown>): Promise<Reply> =>
  answer.then(
    (data) => [200, { data }] as const,
    (err: unknown) => [500, { error: String(err) }] as const,
  );

/** Listens on a free port of 127.0.0.1, answers each request with `handle`'s reply as JSON, prints
 *  `{ "url", "pid" }` once listening, and on SIGTERM or SIGINT closes the server, then `sql`. */
export function serveBare(sql: postgres.Sql, handle: (url: URL, req: IncomingMessage) => Promise<Reply>) {
  const server = createServer(async (req, res) => {
    const [status, body] = await handle(new URL(req.url ?? '/', 'http://bare'), req);
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) }).end(json);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid: process.pid })));
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.close(() => void sql.end({ timeout: 5 }).then(() => process.exit(0)));
      server.closeAllConnections();
    });
  }
}

export type Row = Record<string, unknown>;

/** The statement's rows read as arrays (`.values()`, as drizzle's postgres.js driver does), each
 *  named by the first column of each name (a later duplicate, such as a sort key or cursor column,
 *  does not overwrite the table's column). Sent unprepared, like drizzle. */
export async function namedRows(sql: postgres.Sql, text: string, params: unknown[]): Promise<Row[]> {
  const result = await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]).values();
  const first = new Map<string, number>();
  result.columns.forEach((c, i) => first.has(c.name) || first.set(c.name, i));
  return result.map((values) => {
    const row: Row = {};
    for (const [name, i] of first) row[name] = values[i];
    return row;
  });
}

/**
 * The server's authenticate(), with the jwt_secret the server uses: the bearer token (HS256,
 * issuer clubroom), then its session row (the recorded session statement with the token's session
 * id) and its checks (the token's user, not revoked, an active account, neither expiry passed).
 * Answers the session row (with its user's columns), or null.
 */
export async function sessionCheck(sql: postgres.Sql) {
  const [secret] = await sql<{ value: string }[]>`select value from app_settings where key = 'jwt_secret'`;
  const key = new TextEncoder().encode(process.env.JWT_SECRET ?? secret!.value);
  return async (authorization: string | undefined, session: { sql: string }): Promise<Row | null> => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key, { issuer: 'clubroom', algorithms: ['HS256'] });
      const [row] = await namedRows(sql, session.sql, [payload.sid]);
      const now = Date.now();
      if (!row || row.id !== payload.sub || row.revoked_at || row.status !== 'active') return null;
      if ((row.idle_expires_at as Date).getTime() <= now || (row.expires_at as Date).getTime() <= now) return null;
      return row;
    } catch {
      return null;
    }
  };
}
