// WebSocket fan-out: 2,000 graphql-ws clients (distinct users, each with its own token) subscribe
// to `subscription { unreadMessageCount }` on one Clubroom process; then messages are sent to
// them one at a time (and then 25 at a time) through the sendMessage mutation over HTTP, and the
// time from the mutation's HTTP response to the recipient's event is measured. The server runs in
// a child process with --expose-gc; its memory is read before and after the clients connect.
//
//   npx tsx --tsconfig server/tsconfig.json bench/ws.ts
//
// BENCH_CLIENTS (default 2000), BENCH_SENDS (default 500). Needs about 2 × BENCH_CLIENTS file
// descriptors across the two processes (`ulimit -n`).
import http from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { benchUsers, connect, cpuSecondsOf, kb, machine, mb, percentile, RESULTS, rssOf, startChild, sendMessageOverHttp, table, waitForQuiet, type BenchUser } from './lib.js';
import { memberId } from './operations.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 2000);
const SENDS = Number(process.env.BENCH_SENDS ?? 500);
const SUBJECT = 'Bench fan-out probe';
const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? 0);
if (openFiles < CLIENTS + 500) throw new Error(`ulimit -n is ${openFiles}: raise it (ulimit -n ${CLIENTS * 2 + 1000}) first.`);

const sql = connect();
console.log(`Machine: ${machine()}`);
const subscribers = await benchUsers(sql, Array.from({ length: CLIENTS }, (_, i) => 1001 + i));
const senders = await benchUsers(sql, Array.from({ length: 100 }, (_, i) => 9001 + i));
const server = await startChild('server.ts', {}, ['--expose-gc']);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  procRss: number;
}
async function memory(): Promise<Memory> {
  const m = (await (await fetch(`${server.url}/__bench/memory`)).json()) as { rss: number; heapUsed: number; external: number };
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, procRss: rssOf(server.pid) };
}

/** One subscriber: its graphql-ws client and the latest unread count it was sent. */
interface Subscriber {
  user: BenchUser;
  client: Client;
  count: number;
  waiter?: { above: number; resolve: (at: number) => void };
}

function subscribe(user: BenchUser): Promise<Subscriber> {
  const client = createClient({
    url: `${server.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${user.token}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
  });
  return new Promise((resolve, reject) => {
    const sub: Subscriber = { user, client, count: -1 };
    client.subscribe<{ unreadMessageCount: { count: number } }>(
      { query: 'subscription { unreadMessageCount { count } }' },
      {
        next: ({ data, errors }) => {
          if (errors?.length || !data) return reject(new Error(JSON.stringify(errors)));
          const at = performance.now();
          const first = sub.count < 0;
          sub.count = data.unreadMessageCount.count;
          if (first) resolve(sub);
          if (sub.waiter && sub.count > sub.waiter.above) {
            sub.waiter.resolve(at);
            sub.waiter = undefined;
          }
        },
        error: (err) => reject(err instanceof Error ? err : new Error(String((err as { reason?: string }).reason ?? err))),
        complete: () => {},
      },
    );
  });
}

/** sendMessage over HTTP to the server under test. */
function sendMessage(sender: BenchUser, recipientId: string, i: number): Promise<void> {
  return sendMessageOverHttp(server.url, agent, sender, { recipientId, subject: SUBJECT, content: `Fan-out probe number ${i}, please ignore.` });
}

/** Sends `count` messages, `inFlight` at a time, each to a different subscriber; answers, per send,
 *  ms from the mutation's response to the event and from the mutation's start to the event. */
async function sends(subs: Subscriber[], count: number, inFlight: number, offset: number) {
  const fromResponse: number[] = [];
  const fromRequest: number[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      const sub = subs[(offset + i * 7) % subs.length]!;
      const event = new Promise<number>((resolve) => (sub.waiter = { above: sub.count, resolve }));
      const start = performance.now();
      await sendMessage(senders[i % senders.length]!, memberId(sub.user.id), i);
      const responded = performance.now();
      const timeout = new Promise<number>((_, reject) => setTimeout(() => reject(new Error(`no event for member${sub.user.n} after 10 s`)), 10_000));
      const at = await Promise.race([event, timeout]);
      fromResponse.push(at - responded);
      fromRequest.push(at - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { fromResponse: fromResponse.sort((a, b) => a - b), fromRequest: fromRequest.sort((a, b) => a - b), rate: count / seconds };
}

const subs: Subscriber[] = [];
const lines: string[] = [];
try {
  await waitForQuiet();
  const before = await memory();
  const cpuBefore = cpuSecondsOf(server.pid);
  const connectStart = performance.now();
  for (let i = 0; i < subscribers.length; i += 100) subs.push(...(await Promise.all(subscribers.slice(i, i + 100).map(subscribe))));
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const connectCpu = cpuSecondsOf(server.pid) - cpuBefore;
  await new Promise((r) => setTimeout(r, 2000));
  const after = await memory();
  console.log(`${subs.length} clients connected and subscribed in ${connectSeconds.toFixed(1)} s (server CPU ${connectCpu.toFixed(1)} s)`);

  await sends(subs, 20, 1, 1000); // warm-up: JIT and the sending path's first statements
  await waitForQuiet();
  const cpuSends = cpuSecondsOf(server.pid);
  const sequential = await sends(subs, SENDS, 1, 0);
  const cpuPerSend = (cpuSecondsOf(server.pid) - cpuSends) / SENDS;
  const concurrent = await sends(subs, SENDS, 25, 1);
  const steady = await memory();

  await Promise.all(subs.map((s) => s.client.dispose()));
  await new Promise((r) => setTimeout(r, 2000));
  const closed = await memory();

  const per = (key: keyof Memory) => (after[key] - before[key]) / subs.length;
  const f = (n: number) => n.toFixed(1);
  lines.push(
    `WebSocket fan-out: ${subs.length} graphql-ws clients on one server process, ${SENDS} sends each way. ${new Date().toISOString()}`,
    `Machine: ${machine()}`,
    '',
    `Connecting and subscribing ${subs.length} clients (100 at a time): ${connectSeconds.toFixed(1)} s, server CPU ${connectCpu.toFixed(1)} s (${((1000 * connectCpu) / subs.length).toFixed(2)} ms per client).`,
    '',
    table(
      ['sends', 'event after the mutation response: p50 ms', 'p99 ms', 'max ms', 'event after the mutation start: p50 ms', 'p99 ms', 'sends/s'],
      [
        [`one at a time (${SENDS})`, f(percentile(sequential.fromResponse, 50)), f(percentile(sequential.fromResponse, 99)), f(sequential.fromResponse.at(-1)!), f(percentile(sequential.fromRequest, 50)), f(percentile(sequential.fromRequest, 99)), f(sequential.rate)],
        [`25 in flight (${SENDS})`, f(percentile(concurrent.fromResponse, 50)), f(percentile(concurrent.fromResponse, 99)), f(concurrent.fromResponse.at(-1)!), f(percentile(concurrent.fromRequest, 50)), f(percentile(concurrent.fromRequest, 99)), f(concurrent.rate)],
      ],
    ),
    '',
    `Events that arrived before the mutation's response (negative times): ${sequential.fromResponse.filter((t) => t < 0).length} of ${SENDS} one at a time, ${concurrent.fromResponse.filter((t) => t < 0).length} of ${SENDS} 25 in flight.`,
    `Server CPU per send (one at a time: mutation + NOTIFY + the recipient's recount + the event): ${(1000 * cpuPerSend).toFixed(2)} ms.`,
    '',
    table(
      ['server memory', 'before connecting', `${subs.length} subscribed`, 'per connection', 'after the sends', 'after all closed'],
      [
        ['RSS (/proc VmRSS)', mb(before.procRss), mb(after.procRss), kb(per('procRss')), mb(steady.procRss), mb(closed.procRss)],
        ['V8 heap used (after gc)', mb(before.heapUsed), mb(after.heapUsed), kb(per('heapUsed')), mb(steady.heapUsed), mb(closed.heapUsed)],
        ['external (buffers)', mb(before.external), mb(after.external), kb(per('external')), mb(steady.external), mb(closed.external)],
      ],
    ),
  );
} finally {
  await Promise.all(subs.map((s) => s.client.dispose()));
  agent.destroy();
  await server.stop();
  const deleted = await sql`delete from messages where subject = ${SUBJECT}`;
  console.log(`Removed the ${deleted.count} probe messages (and their notifications).`);
  await sql.end();
}
const report = lines.join('\n');
console.log(`\n${report}`);
writeFileSync(join(RESULTS, 'ws.txt'), `${report}\n`);
