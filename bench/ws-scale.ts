// Live connections at scale (issue 14): 5,000 authenticated graphql-ws connections (distinct users,
// one `unreadMessageCount` subscription each) on ONE Clubroom process, against a bare `ws` server
// holding as many plain connections (memory per connection, RSS and V8 heap after gc); the time
// from sendMessage's HTTP response to the recipient's event, on one process and then across two
// processes on one database (clients on B, sends through A); a client that stops reading (cut off
// before the server holds 1 MB for it); and 1,000 connections destroyed without a close frame
// (no pub/sub listener left behind, memory back within 10 MB).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/clubroom_bench_ws \
//     npx tsx --tsconfig server/tsconfig.json bench/generate.ts          # once
//   BENCH_DATABASE_URL=… npx tsx --tsconfig server/tsconfig.json bench/ws-scale.ts
//
// BENCH_CLIENTS (default 5000), BENCH_SENDS (default 300), BENCH_WS_NODE_FLAGS (more Node flags for both
// servers, e.g. --max-semi-space-size=64 as npm start runs). The clients speak graphql-transport-ws
// by hand over `ws`, so that this process stays light. Needs `ulimit -n` above 2 × BENCH_CLIENTS.
import 'reflect-metadata';
import http from 'node:http';
import type { Socket } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { benchUsers, connect, cpuSecondsOf, kb, machine, mb, percentile, RESULTS, rssOf, startChild, sendMessageOverHttp, table, waitForQuiet, type BenchUser, type Child } from './lib.js';
import { memberId } from './operations.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const SENDS = Number(process.env.BENCH_SENDS ?? 300);
const ABRUPT = 1000;
const SUBJECT = 'Bench scale probe';
const UNREAD = 'subscription { unreadMessageCount { count } }';
const RECEIVED = 'subscription { messageReceived { message { id content } } }';
const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 0);
if (openFiles < CLIENTS + ABRUPT + 500) throw new Error(`ulimit -n is ${openFiles}: raise it (ulimit -n ${CLIENTS * 2 + 2000}) first.`);

const sql = connect();
console.log(`Machine: ${machine()}`);
const subscribers = await benchUsers(sql, Array.from({ length: CLIENTS }, (_, i) => 1001 + i));
const abruptUsers = await benchUsers(sql, Array.from({ length: ABRUPT }, (_, i) => 1001 + CLIENTS + i));
const [slowUser] = await benchUsers(sql, [1001 + CLIENTS + ABRUPT]);
const senders = await benchUsers(sql, Array.from({ length: 100 }, (_, i) => 9001 + i));
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const f = (n: number) => n.toFixed(1);
const began = performance.now();
const log = (message: string) => console.log(`[${f((performance.now() - began) / 1000)} s] ${message}`);

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  procRss: number;
}
async function memory(child: Child): Promise<Memory> {
  const m = (await (await fetch(`${child.url}/__bench/memory`, { signal: AbortSignal.timeout(60_000) })).json()) as { rss: number; heapUsed: number; external: number };
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, procRss: rssOf(child.pid) };
}
const getJson = async <T>(child: Child, path: string): Promise<T> => (await (await fetch(`${child.url}${path}`, { signal: AbortSignal.timeout(60_000) })).json()) as T;
/** Starts a bench server and says so should it end before it is stopped. */
async function start(script: string): Promise<Child> {
  // V8's default young generation, not npm start's --max-semi-space-size=64: that grows a fixed
  // ~100-190 MB of semi-spaces under the connect burst, which is not the connections' own memory
  // (docs/BENCHMARKS.md gives both).
  const child = await startChild(script, {}, ['--expose-gc', ...(process.env.BENCH_WS_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [])]);
  child.process.once('exit', (code, signal) => log(`${script} (pid ${child.pid}) exited: ${code ?? signal}`));
  return child;
}
const wsUrl = (child: Child) => `${child.url.replace(/^http/, 'ws')}/graphql`;

/** One graphql-transport-ws connection, subscribed to `queries` (ids 1, 2, …); `count` is the
 *  latest unreadMessageCount it was sent (subscription 1 when it is UNREAD). */
interface Subscriber {
  user: BenchUser;
  socket: WebSocket;
  count: number;
  received: number;
  waiter?: { above: number; resolve: (at: number) => void };
}

function subscribe(child: Child, user: BenchUser, queries: string[] = [UNREAD]): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(child), 'graphql-transport-ws');
    const sub: Subscriber = { user, socket, count: -1, received: 0 };
    const firsts = new Set<string>();
    const timer = setTimeout(() => reject(new Error(`member${user.n}: no first event after 60 s`)), 60_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${user.token}` } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; id?: string; payload?: { data?: { unreadMessageCount?: { count: number } }; errors?: unknown } };
      if (message.type === 'connection_ack') {
        queries.forEach((query, i) => socket.send(JSON.stringify({ id: String(i + 1), type: 'subscribe', payload: { query } })));
        if (!queries.includes(UNREAD)) {
          clearTimeout(timer);
          resolve(sub);
        }
        return;
      }
      if (message.type === 'error' || message.payload?.errors) return reject(new Error(JSON.stringify(message.payload)));
      if (message.type !== 'next') return;
      const at = performance.now();
      sub.received++;
      const count = message.payload?.data?.unreadMessageCount?.count;
      if (count === undefined) return;
      sub.count = count;
      firsts.add(message.id!);
      if (firsts.size === 1) {
        clearTimeout(timer);
        resolve(sub);
      }
      if (sub.waiter && sub.count > sub.waiter.above) {
        sub.waiter.resolve(at);
        sub.waiter = undefined;
      }
    });
    socket.on('error', reject);
    socket.on('close', (code) => reject(new Error(`closed ${code} before the first event`)));
  });
}

async function subscribeAll(child: Child, users: BenchUser[], queries?: string[]): Promise<Subscriber[]> {
  const subs: Subscriber[] = [];
  for (let i = 0; i < users.length; i += 100) subs.push(...(await Promise.all(users.slice(i, i + 100).map((u) => subscribe(child, u, queries)))));
  return subs;
}

async function closeAll(subs: Subscriber[]): Promise<void> {
  await Promise.all(
    subs.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.socket.readyState === WebSocket.CLOSED) return resolve();
          s.socket.once('close', () => resolve());
          s.socket.close(1000);
        }),
    ),
  );
}

/** sendMessage over HTTP through `child`. */
function sendMessage(child: Child, sender: BenchUser, recipientId: string, content: string): Promise<void> {
  return sendMessageOverHttp(child.url, agent, sender, { recipientId, subject: SUBJECT, content });
}

/** `count` sends through `via`, `inFlight` at a time, each to another subscriber; answers the ms
 *  from each mutation's response to its event, sorted, and the sends per second. */
async function sends(via: Child, subs: Subscriber[], count: number, inFlight: number, offset: number) {
  const fromResponse: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const sub = subs[(offset + i * 7) % subs.length]!;
      const event = new Promise<number>((resolve) => (sub.waiter = { above: sub.count, resolve }));
      await sendMessage(via, senders[i % senders.length]!, memberId(sub.user.id), `Scale probe number ${i}, please ignore.`);
      const responded = performance.now();
      const timeout = new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`no event for member${sub.user.n} after 10 s`)), 10_000));
      fromResponse.push((await Promise.race([event, timeout])) - responded);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return { fromResponse: fromResponse.sort((a, b) => a - b), rate: count / ((performance.now() - started) / 1000) };
}
type Sends = Awaited<ReturnType<typeof sends>>;
const latencyRow = (label: string, s: Sends) => [label, f(percentile(s.fromResponse, 50)), f(percentile(s.fromResponse, 99)), f(s.fromResponse.at(-1)!), f(s.rate)];

const lines: string[] = [];
const children: Child[] = [];
const open: Subscriber[] = [];
try {
  // 1. The yardstick: a bare ws server holding CLIENTS plain connections.
  const raw = await start('ws-raw.ts');
  children.push(raw);
  await waitForQuiet();
  const rawBefore = await memory(raw);
  const rawSockets: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 200) {
    rawSockets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(200, CLIENTS - i) }, () => new Promise<WebSocket>((resolve, reject) => {
          const s = new WebSocket(wsUrl(raw));
          s.once('open', () => resolve(s));
          s.once('error', reject);
        })),
      )),
    );
  }
  await pause(2000);
  const rawAfter = await memory(raw);
  for (const s of rawSockets) s.terminate();
  await raw.stop();
  log(`raw ws: ${CLIENTS} connections, heap ${mb(rawAfter.heapUsed - rawBefore.heapUsed)}, RSS ${mb(rawAfter.procRss - rawBefore.procRss)}`);

  // 2. One Clubroom process: CLIENTS subscribed connections, memory, event latency.
  const a = await start('server.ts');
  children.push(a);
  await waitForQuiet();
  const before = await memory(a);
  const cpuBefore = cpuSecondsOf(a.pid);
  const connectStart = performance.now();
  open.push(...(await subscribeAll(a, subscribers)));
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const connectCpu = cpuSecondsOf(a.pid) - cpuBefore;
  await pause(2000);
  const after = await memory(a);
  log(`${open.length} clients subscribed on A in ${f(connectSeconds)} s`);
  // Warm-up at the measured rows' concurrency: the first burst after thousands of connections
  // meets the collection that moves their new objects (reported on its own line).
  const burstA = await sends(a, open, 100, 25, 1000);
  await waitForQuiet();
  const cpuSends = cpuSecondsOf(a.pid);
  const single = await sends(a, open, SENDS, 1, 0);
  const cpuPerSend = (cpuSecondsOf(a.pid) - cpuSends) / SENDS;
  const single25 = await sends(a, open, SENDS, 25, 1);
  log(`single instance p99 ${f(percentile(single.fromResponse, 99))} ms`);

  // 3. Two processes on one database: the same clients on B, the sends through A.
  const b = await start('server.ts');
  children.push(b);
  await closeAll(open.splice(0));
  await pause(2000);
  open.push(...(await subscribeAll(b, subscribers)));
  await pause(2000);
  const bMemory = await memory(b);
  const burstB = await sends(a, open, 100, 25, 1000);
  await waitForQuiet();
  const cross = await sends(a, open, SENDS, 1, 2);
  const cross25 = await sends(a, open, SENDS, 25, 3);
  await closeAll(open.splice(0));
  await b.stop();
  log(`cross-instance p99 ${f(percentile(cross.fromResponse, 99))} ms`);

  // 4. A client that stops reading, on A: ~5 KB messages keep coming until A cuts it off.
  await pause(2000);
  await getJson(a, '/__bench/sockets/watch');
  // 19 messageReceived subscriptions (20 operations is a socket's cap): ~95 KB sent per message.
  const slow = await subscribe(a, slowUser!, [...Array.from({ length: 19 }, () => RECEIVED), UNREAD]);
  const slowTcp = (slow.socket as unknown as { _socket: Socket })._socket;
  slowTcp.pause();
  const content = 'A long message to a client that has stopped reading. '.repeat(94);
  let slowSent = 0;
  let stillOpen = true;
  while (stillOpen && slowSent < 2000) {
    await Promise.all(Array.from({ length: 25 }, (_, i) => sendMessage(a, senders[(slowSent + i) % senders.length]!, memberId(slowUser!.id), content)));
    slowSent += 25;
    stillOpen = (await getJson<{ open: number }>(a, '/__bench/sockets')).open > 0;
  }
  const sockets = await getJson<{ open: number; mostUnsent: number }>(a, '/__bench/sockets');
  let slowBytes = 0;
  slowTcp.on('data', (chunk: Buffer) => (slowBytes += chunk.length));
  const slowClosed = new Promise<number>((resolve) => slow.socket.once('close', (code) => resolve(code)));
  slowTcp.resume();
  const slowCode = await Promise.race([slowClosed, pause(10_000).then(() => -1)]);
  log(`slow reader: cut after ${slowSent} sends, most unsent ${kb(sockets.mostUnsent)}`);

  log('slow reader done');
  // 5. ABRUPT connections (unreadMessageCount + messageReceived each) destroyed without a close frame.
  await pause(2000);
  const statsBefore = await getJson<{ listeners: number; liveValues: number }>(a, '/__bench/pubsub');
  const memBefore = await memory(a);
  const abrupt = await subscribeAll(a, abruptUsers, [UNREAD, RECEIVED]);
  log(`${abrupt.length} connections to destroy are open`);
  await pause(1000);
  const statsOpen = await getJson<{ listeners: number; liveValues: number }>(a, '/__bench/pubsub');
  const memOpen = await memory(a);
  for (const s of abrupt) {
    s.socket.removeAllListeners('close');
    s.socket.on('error', () => {});
    (s.socket as unknown as { _socket: Socket })._socket.destroy();
  }
  await pause(5000);
  const statsAfter = await getJson<{ listeners: number; liveValues: number }>(a, '/__bench/pubsub');
  const memAfter = await memory(a);
  const socketsAfter = await getJson<{ open: number }>(a, '/__bench/sockets');
  log(`abrupt: listeners ${statsBefore.listeners} → ${statsOpen.listeners} → ${statsAfter.listeners}`);

  const per = (m1: Memory, m0: Memory, key: keyof Memory, n: number) => (m1[key] - m0[key]) / n;
  const ratio = (key: keyof Memory) => (per(after, before, key, CLIENTS) / per(rawAfter, rawBefore, key, CLIENTS)).toFixed(2);
  lines.push(
    `Live connections at scale: ${CLIENTS} graphql-ws clients (distinct users, unreadMessageCount each). ${new Date().toISOString()}`,
    `Machine: ${machine()}`,
    '',
    `Connecting and subscribing ${CLIENTS} clients on A (100 at a time): ${f(connectSeconds)} s, server CPU ${f(connectCpu)} s (${((1000 * connectCpu) / CLIENTS).toFixed(2)} ms per client).`,
    '',
    table(
      ['memory per connection', `bare ws (${CLIENTS} plain)`, `Clubroom (${CLIENTS} subscribed)`, 'Clubroom ÷ bare'],
      [
        ['RSS (/proc VmRSS)', kb(per(rawAfter, rawBefore, 'procRss', CLIENTS)), kb(per(after, before, 'procRss', CLIENTS)), ratio('procRss')],
        ['V8 heap used (after gc)', kb(per(rawAfter, rawBefore, 'heapUsed', CLIENTS)), kb(per(after, before, 'heapUsed', CLIENTS)), ratio('heapUsed')],
        ['external (buffers)', kb(per(rawAfter, rawBefore, 'external', CLIENTS)), kb(per(after, before, 'external', CLIENTS)), ratio('external')],
      ],
    ),
    '',
    `Process totals: bare ws RSS ${mb(rawBefore.procRss)} → ${mb(rawAfter.procRss)}, heap ${mb(rawBefore.heapUsed)} → ${mb(rawAfter.heapUsed)}; Clubroom A RSS ${mb(before.procRss)} → ${mb(after.procRss)}, heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}; Clubroom B with the clients: RSS ${mb(bMemory.procRss)}, heap ${mb(bMemory.heapUsed)}.`,
    '',
    table(
      ['event after the sendMessage response', 'p50 ms', 'p99 ms', 'max ms', 'sends/s'],
      [
        latencyRow(`one process, one at a time (${SENDS})`, single),
        latencyRow(`one process, 25 in flight (${SENDS})`, single25),
        latencyRow(`clients on B, sends through A, one at a time (${SENDS})`, cross),
        latencyRow(`clients on B, sends through A, 25 in flight (${SENDS})`, cross25),
      ],
    ),
    '',
    `Cross-instance p99 ÷ single-instance p99: ${(percentile(cross.fromResponse, 99) / percentile(single.fromResponse, 99)).toFixed(2)} one at a time, ${(percentile(cross25.fromResponse, 99) / percentile(single25.fromResponse, 99)).toFixed(2)} 25 in flight (bar ≤ 3).`,
    `Warm-up, not in the rows above: the first 100 sends, 25 in flight, right after the ${CLIENTS} clients connected: p99 ${f(percentile(burstA.fromResponse, 99))} ms (max ${f(burstA.fromResponse.at(-1)!)}) with the clients on A, ${f(percentile(burstB.fromResponse, 99))} ms (max ${f(burstB.fromResponse.at(-1)!)}) on B.`,
    `Server CPU per send on A (mutation + NOTIFY + the recipient's recount + the event): ${(1000 * cpuPerSend).toFixed(2)} ms.`,
    '',
    `Slow reader: a client subscribed 19 times to messageReceived stops reading; ${slowSent} messages of ${kb(Buffer.byteLength(content))} were sent to it before A cut it off (${sockets.open === 0 ? 'closed' : 'STILL OPEN'}); the most A held unsent for one socket: ${kb(sockets.mostUnsent)} (limit 512 KB, bar < 1 MB). When it read again it got ${mb(slowBytes)} (what the kernel buffers had taken) and the close code ${slowCode} (1006: no close frame, the socket was destroyed with its unsent bytes).`,
    '',
    table(
      [`${ABRUPT} connections destroyed without a close frame`, 'before connecting', `${ABRUPT} open`, '5 s after the destroy'],
      [
        ['pub/sub event listeners', statsBefore.listeners, statsOpen.listeners, statsAfter.listeners],
        ['live values (resync listeners)', statsBefore.liveValues, statsOpen.liveValues, statsAfter.liveValues],
        ['V8 heap used (after gc)', mb(memBefore.heapUsed), mb(memOpen.heapUsed), mb(memAfter.heapUsed)],
        ['RSS', mb(memBefore.procRss), mb(memOpen.procRss), mb(memAfter.procRss)],
      ],
    ),
    '',
    `Open GraphQL sockets on A after the destroy: ${socketsAfter.open}. Heap after − before: ${mb(memAfter.heapUsed - memBefore.heapUsed)} (bar: within 10 MB).`,
  );
} catch (err) {
  log(`failed: ${String((err as Error).stack ?? err)}`);
  process.exitCode = 1;
} finally {
  log('cleaning up');
  await closeAll(open);
  agent.destroy();
  // A child ended by a signal has no exit code: stop() would wait for a second exit.
  for (const child of children) if (child.process.exitCode === null && child.process.signalCode === null) await child.stop();
  const deleted = await sql`delete from messages where subject = ${SUBJECT}`;
  log(`Removed the ${deleted.count} probe messages (and their notifications).`);
  await sql.end();
}
const report = lines.join('\n');
console.log(`\n${report}`);
writeFileSync(join(RESULTS, 'ws-scale.txt'), `${report}\n`);
