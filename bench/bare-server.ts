// Shared by the bare baselines on recorded SQL (bench/bare-generic.ts, bench/peers/directory-bare.ts):
// the node:http server itself (JSON answers, keep-alive, the `{ "url", "pid" }` line once
// listening, a clean stop on SIGTERM/SIGINT). Only node:http and postgres.js: nothing of Clubroom's.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';

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

/**
 * A postgres.js client for a bare handler that replays statements Clubroom recorded: json and
 * jsonb parameters pass through as the text Clubroom sent, as drizzle-orm's postgres-js driver
 * configures its client (postgres.js would otherwise JSON-encode the text again, and a recorded
 * array would reach PostgreSQL as one JSON string).
 */
export function replayClient(url: string, max = 10) {
  const sql = postgres(url, { max, onnotice: () => {} });
  const passThrough = (value: unknown) => value;
  const serializers = sql.options.serializers as Record<number, (value: unknown) => unknown>;
  serializers[114] = passThrough;
  serializers[3802] = passThrough;
  return sql;
}
