// Where a live connection's memory goes, quickly (bench/ws-scale.ts is the full measurement):
// one Clubroom process, BENCH_CLIENTS signed-in graphql-ws connections (default 2,000), each with
// one subscription (BENCH_QUERY, default unreadMessageCount) or none (BENCH_NO_SUBSCRIPTION=1);
// prints V8 heap (after gc) and RSS per connection. With BENCH_HEAP_DIR it also writes V8 heap
// snapshots before and after the connections and prints what the connections added, by
// constructor (bench/heap-diff.ts), per connection.
//
//   BENCH_DATABASE_URL=…/clubroom_bench_ws npx tsx --tsconfig server/tsconfig.json bench/ws-memory.ts
//
// The database is bench/generate.ts's (as for bench/ws-scale.ts).
import 'reflect-metadata';
import { join } from 'node:path';
import WebSocket from 'ws';
import { benchUsers, connect, rssOf, startChild } from './lib.js';
import { heapDiff } from './heap-diff.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const QUERY = process.env.BENCH_QUERY ?? 'subscription { unreadMessageCount { count } }';
const SUBSCRIBE = process.env.BENCH_NO_SUBSCRIPTION !== '1';
const HEAP_DIR = process.env.BENCH_HEAP_DIR;

const sql = connect();
const users = await benchUsers(sql, Array.from({ length: CLIENTS }, (_, i) => 1001 + i));
const child = await startChild('server.ts', {}, ['--expose-gc']);
const memory = async () => {
  const m = (await (await fetch(`${child.url}/__bench/memory`)).json()) as { heapUsed: number };
  return { heap: m.heapUsed, rss: rssOf(child.pid) };
};
const snapshot = async (name: string) => {
  const to = join(HEAP_DIR!, `${name}.heapsnapshot`);
  await fetch(`${child.url}/__bench/heap-snapshot?to=${encodeURIComponent(to)}`);
  return to;
};
const url = `${child.url.replace(/^http/, 'ws')}/graphql`;

/** A signed-in connection, subscribed (once the first event came) unless BENCH_NO_SUBSCRIPTION. */
const open = (token: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const socket = new WebSocket(url, 'graphql-transport-ws');
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'connection_ack') {
        if (!SUBSCRIBE) return resolve(socket);
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: QUERY } }));
      } else if (message.type === 'next') resolve(socket);
      else reject(new Error(String(data)));
    });
    socket.on('error', reject);
  });

// Warm-up: the first connections compile and cache what every later one shares.
for (const socket of await Promise.all(users.slice(0, 20).map((u) => open(u.token)))) socket.close();
await new Promise((r) => setTimeout(r, 1000));
const before = HEAP_DIR ? await snapshot('before') : undefined;
const m0 = await memory();
const sockets: WebSocket[] = [];
for (let i = 0; i < CLIENTS; i += 100) sockets.push(...(await Promise.all(users.slice(i, i + 100).map((u) => open(u.token)))));
await new Promise((r) => setTimeout(r, 2000));
const m1 = await memory();
const after = HEAP_DIR ? await snapshot('after') : undefined;
const kb = (bytes: number) => (bytes / CLIENTS / 1024).toFixed(2);
console.log(`${CLIENTS} connections${SUBSCRIBE ? `, each subscribed to ${QUERY}` : ', no subscription'}: V8 heap ${kb(m1.heap - m0.heap)} KB, RSS ${kb(m1.rss - m0.rss)} KB per connection`);
for (const socket of sockets) socket.terminate();
await child.stop();
await sql.end();
if (before && after) console.log(heapDiff(before, after, CLIENTS));
