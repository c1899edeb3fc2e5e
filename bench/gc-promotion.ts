// What the server's young-generation collections keep: the server (bench/server.ts, npm start's
// Node flags plus --trace-gc-nvp) under one kind of request, and per request the bytes its
// scavenges promoted to the old generation and their pauses. The inbox's p99 follows these
// (bench/notes/whole-server.md, 'The inbox's p99').
//
//   npx tsx --tsconfig server/tsconfig.json bench/gc-promotion.ts [operation]   (default: inbox)
//
// env: BENCH_DATABASE_URL (bench/generate.ts's database), BENCH_CONNECTIONS (default 1: one
// request at a time, so that nothing survives for being in flight), BENCH_DURATION (s, 8),
// BENCH_USERS (how many bench users take turns, 2000), BENCH_QUERY (a GraphQL document to send
// instead of the operation), BENCH_PATH (a GET path to send instead), BENCH_ANONYMOUS=1 (either
// without the user's token),
// BENCH_GC_FLAGS (the server's Node flags instead of npm start's; --trace-gc-nvp is added).
import 'reflect-metadata';
import autocannon from 'autocannon';
import { benchUsers, connect, partnersOf, SERVER_NODE_FLAGS, startChild } from './lib.js';
import { graphqlRequest, OPERATIONS, type Operation, type Target } from './operations.js';

const op = (process.argv[2] ?? 'inbox') as Operation;
if (!OPERATIONS.includes(op)) throw new Error(`Operation must be one of ${OPERATIONS.join(', ')}`);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const USERS = Number(process.env.BENCH_USERS ?? 2000);
const QUERY = process.env.BENCH_QUERY;
const PATH = process.env.BENCH_PATH;

const sql = connect();
const users = await benchUsers(sql, Array.from({ length: Math.max(1, USERS) }, (_, i) => 301 + i * 4));
const partners = await partnersOf(sql, users.map((u) => u.id));
await sql.end();

const request = (i: number): Target => {
  const user = users[i % users.length]!;
  const auth: Record<string, string> = process.env.BENCH_ANONYMOUS === '1' ? {} : { authorization: `Bearer ${user.token}` };
  if (QUERY) return { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json', ...auth }, body: JSON.stringify({ query: QUERY }) };
  if (PATH) return { method: 'GET', path: PATH, headers: auth };
  return graphqlRequest(op, user, partners.get(user.id) ?? user.id);
};

// The server's stdout comes back through startChild with a '[server.ts] ' prefix: its GC lines
// are kept while the measured run goes on, and not printed.
const gcLines: string[] = [];
let recording = false;
const write = process.stdout.write.bind(process.stdout);
process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
  const text = String(chunk);
  if (!text.startsWith('[server.ts]')) return write(chunk, ...rest);
  if (recording) gcLines.push(text);
  return true;
}) as typeof process.stdout.write;

const flags = process.env.BENCH_GC_FLAGS !== undefined ? process.env.BENCH_GC_FLAGS.split(' ').filter(Boolean) : SERVER_NODE_FLAGS;
const server = await startChild('server.ts', {}, [...flags, '--trace-gc-nvp']);
let next = 0;
const run = (duration: number) => autocannon({ url: server.url, connections: CONNECTIONS, duration, requests: [{ setupRequest: () => request(next++) }] });
await run(3);
recording = true;
const result = await run(DURATION);
recording = false;
await server.stop();

const fields = (line: string) => Object.fromEntries([...line.matchAll(/(\w+)=([\d.]+)/g)].map((m) => [m[1]!, Number(m[2])]));
const byKind = new Map<string, { count: number; pause: number; promoted: number; survived: number }>();
for (const line of gcLines) {
  const kind = / gc=(\w+)/.exec(line)?.[1];
  if (!kind) continue;
  const f = fields(line);
  const entry = byKind.get(kind) ?? { count: 0, pause: 0, promoted: 0, survived: 0 };
  entry.count++;
  entry.pause += f.pause ?? 0;
  entry.promoted += f.promoted ?? 0;
  entry.survived += f.new_space_survived ?? 0;
  byKind.set(kind, entry);
}
const n = result.requests.total;
const what = QUERY ? `GraphQL ${QUERY}` : PATH ? `GET ${PATH}` : `GraphQL \`${op}\``;
write(`${what}, ${CONNECTIONS} connection(s), ${users.length} user(s), Node flags: ${flags.join(' ') || '(none)'}\n`);
write(`${n} requests (${(n / result.duration).toFixed(0)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms\n`);
const names: Record<string, string> = { s: 'scavenges', mc: 'mark-compacts', mmc: 'minor mark-compacts' };
for (const [kind, e] of byKind) {
  write(
    `  ${names[kind] ?? kind}: ${e.count}, ${(e.pause / e.count).toFixed(1)} ms each on average (${(e.pause / n).toFixed(3)} ms per request); ` +
      `survived ${(e.survived / n / 1024).toFixed(1)} KB and promoted ${(e.promoted / n / 1024).toFixed(1)} KB per request\n`,
  );
}
process.exit(0);
