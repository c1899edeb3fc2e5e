// Scale-out of the live events, measured: what LISTEN/NOTIFY costs per event as server processes
// are added (1, 2, 4 on one database), beside a Redis fan-out carrying the same events to the same
// processes. Each "node" is a child process running the server's own pub/sub (createPgPubSub, as
// app.ts creates it) with BENCH_HOLD live subscribers of its own users; this process publishes
// sendMessage-shaped events (one insert and the MessageReceived event in one transaction) at fixed
// rates and at the highest rate it can, and reads per event: commit time, each node's CPU, delivery
// latency (commit+delivery, from the last statement of the transaction to the subscriber's
// iterator), PostgreSQL's CPU (the bench database's backends) and Redis's CPU.
//
//   npx tsx --tsconfig server/tsconfig.json bench/pubsub-scale.ts
//
// BENCH_SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/clubroom_bench_scale, made
// if missing), BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_HOLD (subscribers per node,
// default 1000), BENCH_SECONDS (per measurement, default 6), BENCH_RATES (default 50,200,500,max),
// BENCH_NODES (default 1,2,4), BENCH_MODES (default notify,redis), BENCH_CEILING=false to skip the
// commit ceiling (commitCeiling below). The Redis side uses bench/resp.ts (no dependency added).
//
// Redis mode = what an adapter would do: commit first, then PUBLISH on the event's routing key
// (`clubroom:MESSAGE_RECEIVED:<user id>`); each node SUBSCRIBEs to the keys of the users it holds, so
// it receives only their events. NOTIFY mode = today: every node's LISTEN connection receives,
// and every node parses, every event.
import 'reflect-metadata';
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPubSub } from '@graphql-yoga/subscription';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/src/db/client.js';
import { createPgPubSub, Topic } from '../server/src/graphql/pubsub.js';
import { machine, percentile, RESULTS, ROOT, table } from './lib.js';
import { redisConnection } from './resp.js';

const DATABASE_URL = process.env.BENCH_SCALE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_scale';
const REDIS_URL = new URL(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379');
const HOLD = Number(process.env.BENCH_HOLD ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const RATES = (process.env.BENCH_RATES ?? '50,200,500,max').split(',');
const NODES = (process.env.BENCH_NODES ?? '1,2,4').split(',').map(Number);
const MODES = (process.env.BENCH_MODES ?? 'notify,redis').split(',') as Mode[];
/** Concurrent publishing transactions (the server's pool size, postgres.js max 10). */
const CONCURRENCY = 10;

type Mode = 'notify' | 'redis';
const now = () => performance.timeOrigin + performance.now();
/** A user's id, unique per node and index, shaped like the uuids the server routes by. */
const userId = (node: number, i: number) => `00000000-0000-4000-8000-${(node * 1_000_000 + i).toString(16).padStart(12, '0')}`;
const redisChannel = (routingKey: string) => `clubroom:${routingKey}`;

// ---------------------------------------------------------------------------------------------
// A node: the server's pub/sub in its own process, holding HOLD subscribers.
interface NodeReport {
  cpuMs: number;
  received: number;
  latencies: number[];
}

async function runNode(index: number, mode: Mode) {
  let latencies: number[] = [];
  let cpuAtStart = process.cpuUsage();
  const users = Array.from({ length: HOLD }, (_, i) => userId(index, i));
  let subscribe: (id: string) => AsyncIterable<{ messageId: string }>;
  if (mode === 'notify') {
    const database = await openDatabase({ databaseUrl: DATABASE_URL });
    const pubsub = await createPgPubSub(database, (err) => console.error(err));
    subscribe = (id) => pubsub.subscribe(Topic.MessageReceived, id);
  } else {
    // The routing an adapter would keep: the same in-process pub/sub as createPgPubSub's, fed by
    // the Redis channels of the users this node holds.
    const local = createPubSub<Record<string, [unknown]>>();
    const prefix = redisChannel('');
    const connection = await redisConnection(REDIS_URL, (channel, message) => local.publish(channel.slice(prefix.length), (JSON.parse(message) as { payload: unknown }).payload));
    connection.subscribe(users.map((id) => redisChannel(`${Topic.MessageReceived}:${id}`)));
    subscribe = (id) => local.subscribe(`${Topic.MessageReceived}:${id}`) as AsyncIterable<{ messageId: string }>;
  }
  for (const id of users) {
    void (async () => {
      for await (const event of subscribe(id)) latencies.push(now() - Number(event.messageId));
    })();
  }
  if (mode === 'redis') await new Promise((r) => setTimeout(r, 500)); // the SUBSCRIBE confirmations
  process.on('message', (message: string) => {
    if (message === 'start') {
      latencies = [];
      cpuAtStart = process.cpuUsage();
    } else if (message === 'stop') {
      const cpu = process.cpuUsage(cpuAtStart);
      const report: NodeReport = { cpuMs: (cpu.user + cpu.system) / 1000, received: latencies.length, latencies };
      process.send!(report);
    } else if (message === 'exit') process.exit(0);
  });
  process.send!('ready');
}

interface Node {
  child: ChildProcess;
  request(message: 'start'): void;
  report(): Promise<NodeReport>;
  stop(): Promise<void>;
}

async function startNode(index: number, mode: Mode): Promise<Node> {
  const child = fork(join(ROOT, 'bench', 'pubsub-scale.ts'), ['node', String(index), mode], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: join(ROOT, 'server', 'tsconfig.json') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`node ${index} exited with ${code}`)));
    child.once('message', () => resolve());
  });
  return {
    child,
    request: (message) => child.send(message),
    report: () =>
      new Promise((resolve) => {
        child.once('message', (m) => resolve(m as NodeReport));
        child.send('stop');
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', () => resolve());
        child.send('exit');
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The orchestrator: the database, the publisher, the runs, the table.
async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${name}`;
  if (!exists) await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const db = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  // A message-like row: what sendMessage writes in the transaction that publishes.
  await db`create table if not exists scale_probe (id bigserial primary key, recipient_id uuid not null, body text not null, created_at timestamptz not null default now())`;
  await db`truncate scale_probe`;
  return db;
}

/** Milliseconds on CPU of processes, every thread counted (Linux schedstat: nanoseconds, where
 *  /proc/<pid>/stat counts 10 ms ticks, too coarse for a few hundred events). */
function cpuMsOf(pids: number[]): number {
  let ns = 0;
  for (const pid of pids) {
    try {
      for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a backend that ended
    }
  }
  return ns / 1e6;
}

/** The commit ceiling, apart from the server's code: raw postgres.js transactions in a tight loop at
 *  several concurrencies, with and without a NOTIFY, one LISTEN connection open. PostgreSQL takes
 *  a cluster-wide lock in a notifying transaction's pre-commit and holds it through the commit's
 *  WAL flush, so notifying commits cannot share a flush (group commit) the way plain ones do. */
async function commitCeiling(): Promise<string[][]> {
  const listener = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  const listening = await listener.listen('clubroom_bench_scale_probe', () => {});
  const rows: string[][] = [];
  for (const concurrency of [1, 4, 16, 32]) {
    // Each NOTIFY variant beside a control with as many statements (`select $1`), so that only
    // the notification differs; sendMessage's shape is 4 NOTIFYs (message, unread count,
    // notification, its count).
    for (const [statements, notify] of [[1, false], [1, true], [4, false], [4, true]] as const) {
      const variant = `insert + ${statements} ${notify ? 'NOTIFY' : 'select'}`;
      const client = postgres(DATABASE_URL, { max: concurrency, onnotice: () => {} });
      const commitMs: number[] = [];
      const once = () =>
        client.begin(async (tx) => {
          await tx`insert into scale_probe (recipient_id, body) values (${userId(0, 0)}, 'Bench scale probe')`;
          for (let i = 0; i < statements; i++) {
            const payload = JSON.stringify({ topic: Topic.MessageReceived, id: userId(0, i), payload: { messageId: String(now()) } });
            if (notify) await tx`select pg_notify('clubroom_bench_scale_probe', ${payload})`;
            else await tx`select ${payload}::text`;
          }
        });
      await Promise.all(Array.from({ length: concurrency * 20 }, once)); // the connections, warm
      const started = now();
      const until = started + 4000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (now() < until) {
            const began = now();
            await once();
            commitMs.push(now() - began);
          }
        }),
      );
      const seconds = (now() - started) / 1000;
      await client.end();
      commitMs.sort((a, b) => a - b);
      const row = [String(concurrency), variant, fmt(commitMs.length / seconds, 0), `${fmt(percentile(commitMs, 50), 2)} / ${fmt(percentile(commitMs, 99), 2)}`];
      rows.push(row);
      console.log(row.join(' | '));
    }
  }
  await listening.unlisten();
  await listener.end();
  return rows;
}

interface Run {
  mode: Mode;
  nodes: number;
  rate: string;
  published: number;
  seconds: number;
  commitMs: number[];
  latencies: number[];
  lost: number;
  nodeCpuMs: number[];
  pgCpuMs: number;
  redisCpuMs: number;
}

async function main() {
  const monitor = await ensureDatabase();
  const database = await openDatabase({ databaseUrl: DATABASE_URL });
  const pubsub = await createPgPubSub(database, (err) => console.error(err));
  const redisPid = Number(execFileSync('pidof', ['redis-server'], { encoding: 'utf8' }).trim().split(/\s+/)[0]);
  const redis = await redisConnection(REDIS_URL);
  const loadAtStart = loadAverage();
  console.log(`Machine: ${machine()}; load average ${loadAtStart}; ${HOLD} subscribers per node, ${SECONDS} s per run`);
  const ceiling = process.env.BENCH_CEILING === 'false' ? [] : await commitCeiling();
  const runs: Run[] = [];

  /** One sendMessage-shaped transaction: the row, then the event; Redis publishes after commit. */
  async function publishOne(mode: Mode, recipient: string, commitMs: number[]) {
    const began = now();
    let stamp = 0;
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into scale_probe (recipient_id, body) values (${recipient}, 'Bench scale probe')`);
      stamp = now();
      if (mode === 'notify') await pubsub.publish(Topic.MessageReceived, { messageId: String(stamp) }, { id: recipient, executor: tx });
    });
    commitMs.push(now() - began);
    if (mode === 'redis') {
      const key = `${Topic.MessageReceived}:${recipient}`;
      await redis.send(['PUBLISH', redisChannel(key), JSON.stringify({ topic: Topic.MessageReceived, id: recipient, payload: { messageId: String(stamp) } })]);
    }
  }

  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
  for (const mode of MODES) {
    for (const count of NODES) {
      const nodes = await Promise.all(Array.from({ length: count }, (_, i) => startNode(i, mode)));
      const recipients = Array.from({ length: count * HOLD }, (_, i) => userId(Math.floor(i / HOLD), i % HOLD));
      const pick = () => recipients[Math.floor(Math.random() * recipients.length)]!;
      // A warm-up (JIT, the pool's connections), then the backends to watch.
      await Promise.all(Array.from({ length: 300 }, () => publishOne(mode, pick(), [])));
      const pids = (await monitor<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`).map((r) => r.pid);
      const window = async (publish: () => Promise<number[]>) => {
        await pause(300);
        for (const node of nodes) node.request('start');
        const pgBefore = cpuMsOf(pids);
        const redisBefore = cpuMsOf([redisPid]);
        const started = now();
        const commitMs = await publish();
        const seconds = (now() - started) / 1000;
        await pause(500); // the last deliveries
        const pgCpuMs = cpuMsOf(pids) - pgBefore;
        const redisCpuMs = cpuMsOf([redisPid]) - redisBefore;
        const reports = await Promise.all(nodes.map((n) => n.report()));
        return { commitMs, seconds: seconds + 0.8, reports, pgCpuMs, redisCpuMs };
      };
      // What the nodes, the backends and Redis burn with no events (timers, keep-alives): subtracted.
      const idle = await window(async () => (await pause(SECONDS * 1000), []));
      const idleRate = (ms: number) => ms / idle.seconds;
      for (const rate of RATES) {
        const measured = await window(async () => {
          const commitMs: number[] = [];
          const started = now();
          const until = started + SECONDS * 1000;
          if (rate === 'max') {
            await Promise.all(
              Array.from({ length: CONCURRENCY }, async () => {
                while (now() < until) await publishOne(mode, pick(), commitMs);
              }),
            );
            return commitMs;
          }
          // Fixed rate: every 5 ms, the events due by then; an event due while the pool is busy
          // is skipped (so a rate above the ceiling shows as fewer events/s, not as queueing).
          const perMs = Number(rate) / 1000;
          let due = 0;
          const inFlight = new Set<Promise<void>>();
          while (now() < until) {
            for (; due < Math.floor((now() - started) * perMs); due++) {
              if (inFlight.size >= CONCURRENCY) continue;
              const p = publishOne(mode, pick(), commitMs).finally(() => inFlight.delete(p));
              inFlight.add(p);
            }
            await pause(5);
          }
          await Promise.all(inFlight);
          return commitMs;
        });
        const { commitMs, reports, seconds } = measured;
        const latencies = reports.flatMap((r) => r.latencies).sort((a, b) => a - b);
        const run: Run = {
          mode,
          nodes: count,
          rate,
          published: commitMs.length,
          seconds: seconds - 0.8,
          commitMs: commitMs.sort((a, b) => a - b),
          latencies,
          lost: commitMs.length - latencies.length,
          nodeCpuMs: reports.map((r, i) => Math.max(0, r.cpuMs - idleRate(idle.reports[i]!.cpuMs) * seconds)),
          pgCpuMs: Math.max(0, measured.pgCpuMs - idleRate(idle.pgCpuMs) * seconds),
          redisCpuMs: Math.max(0, measured.redisCpuMs - idleRate(idle.redisCpuMs) * seconds),
        };
        runs.push(run);
        console.log(row(run).join(' | '));
      }
      await Promise.all(nodes.map((n) => n.stop()));
    }
  }
  redis.close();
  await database.close();
  await monitor.end();

  const head = ['transport', 'nodes', 'rate asked', 'events/s', 'commit p50 / p99 ms', 'delivery p50 / p99 ms', 'lost', 'node CPU µs/event (each)', 'PostgreSQL CPU µs/event', 'Redis CPU µs/event'];
  const report = [
    `# Live events across instances: LISTEN/NOTIFY beside Redis (${new Date().toISOString().slice(0, 10)})`,
    '',
    `${machine()}; load average at the start ${loadAtStart}, at the end ${loadAverage()}. ${HOLD} subscribers per node; ${SECONDS} s per run; ${CONCURRENCY} publishing transactions at most at once.`,
    'Command: `npx tsx --tsconfig server/tsconfig.json bench/pubsub-scale.ts`',
    '',
    table(head, runs.map(row)),
    '',
    'Commit ceiling (raw postgres.js transactions, one LISTEN connection open, 4 s each):',
    '',
    table(['concurrency', 'transaction', 'commits/s', 'commit p50 / p99 ms'], ceiling),
    '',
  ].join('\n');
  writeFileSync(join(RESULTS, 'pubsub-scale.md'), report);
  console.log(`\n${report}`);
}

/** The 1-minute load average: other work on a shared machine inflates every CPU figure here. */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0]!;
const fmt = (n: number, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : '–');
function row(r: Run): string[] {
  const perEvent = (ms: number) => fmt((ms * 1000) / Math.max(1, r.published), 0);
  return [
    r.mode === 'notify' ? 'LISTEN/NOTIFY' : 'Redis',
    String(r.nodes),
    r.rate,
    fmt(r.published / r.seconds, 0),
    `${fmt(percentile(r.commitMs, 50), 2)} / ${fmt(percentile(r.commitMs, 99), 2)}`,
    `${fmt(percentile(r.latencies, 50), 2)} / ${fmt(percentile(r.latencies, 99), 2)}`,
    String(r.lost),
    r.nodeCpuMs.map(perEvent).join(', '),
    perEvent(r.pgCpuMs),
    r.mode === 'redis' ? perEvent(r.redisCpuMs) : '–',
  ];
}

if (process.argv[2] === 'node') await runNode(Number(process.argv[3]), process.argv[4] as Mode);
else {
  await main();
  process.exit(0);
}
