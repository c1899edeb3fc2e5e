// Webhook deliveries (issue 31, "Done means"): `npx tsx --tsconfig server/tsconfig.json bench/webhooks.ts`.
// Two figures from one instance (createClubroom, as server/src/main.ts runs it, on a fresh copy of
// the bench database — BENCH_WEBHOOKS_DATABASE_URL, default clubroom_bench_webhooks, recreated):
// 1. Deliveries per second: BENCH_WEBHOOK_ENDPOINTS endpoints (50) of as many members, each asked
//    for `message.received`, and BENCH_WEBHOOK_EVENTS events (40) per endpoint emitted up front;
//    then the instance's worker alone (its poll loop, woken by the commits) delivers them all to a
//    local receiver answering 204 at once. Deliveries per second = all of them / the time from the
//    first attempt to the last acknowledgement. Per-endpoint rate limit lifted
//    (WEBHOOK_DELIVERIES_PER_MINUTE=6000) so the figure is the worker's, not the limit's.
// 2. Commit to first attempt: BENCH_WEBHOOK_LATENCY events (100), one at a time on an idle worker,
//    each emitted in its own transaction; the time from the commit's return to the receiver's
//    first byte of the request (median, p95, max). The worker is woken by the commit's
//    notification, so this is the wake-up path, not the 5 s poll.
// 3. The bare sender, beside each (no Clubroom, no outbox): the same requests signed with
//    standardwebhooks and POSTed with node:http to the same receiver, one at a time per endpoint and
//    all endpoints at once (throughput); and a bare outbox for the delay: a transaction that inserts
//    a row and calls pg_notify, a listener on another connection that reads the row and POSTs it.
//    The ratios (Clubroom ÷ bare) say what the durable outbox, the per-endpoint order, the log and
//    the retries' bookkeeping cost.
// Prints a Markdown block and writes bench/results/webhooks.json. The lead runs it (a minute or two).
import 'reflect-metadata';
import { createServer, request as httpRequest } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../server/src/config.js';
import { createClubroom } from '../server/src/app/clubroom.js';
import { newWebhookSecret } from '../server/src/modules/webhooks/webhooks.service.js';
import { BENCH_PASSWORD, machine, percentile, recreateDatabase, RESULTS, table } from './lib.js';

const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 50);
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 40);
const LATENCY = Number(process.env.BENCH_WEBHOOK_LATENCY ?? 100);
const DATABASE_URL = process.env.BENCH_WEBHOOKS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_webhooks';
await recreateDatabase(DATABASE_URL);

// The receiver: 204 at once; notes when each request's headers arrived.
const arrivals: number[] = [];
let onArrival: (() => void) | null = null;
const receiver = createServer((req, res) => {
  arrivals.push(performance.now());
  onArrival?.();
  req.resume();
  req.on('end', () => {
    res.writeHead(204);
    res.end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'clubroom-bench-webhooks-')),
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  HOST: '127.0.0.1',
  PORT: '0',
  ADMIN_EMAIL: 'admin@bench.clubroom.test',
  ADMIN_PASSWORD: BENCH_PASSWORD,
  ALLOW_PRIVATE_OUTBOUND_URLS: 'true',
  WEBHOOK_DELIVERIES_PER_MINUTE: '6000',
});
const clubroom = await createClubroom(config);
const db = clubroom.database.db;
const webhooks = clubroom.services.webhooks;

// Members and their endpoints, inserted directly.
const members: string[] = [];
for (let i = 0; i < ENDPOINTS; i++) {
  const rows = (await db.execute(sql`insert into users (email, full_name, password_hash) values (${`webhook.bench.${i}@example.com`}, 'Webhook Bench', 'not-a-hash') returning id`)) as unknown as Array<{ id: string }>;
  const id = (Array.isArray(rows) ? rows : (rows as unknown as { rows: Array<{ id: string }> }).rows)[0]!.id;
  members.push(id);
  await db.execute(sql`insert into webhook_endpoints (user_id, kind, url, event_kinds, scopes, secret)
    values (${id}, 'member', ${hookUrl}, array['message.received'], array['read'], ${webhooks.secretBox.seal(newWebhookSecret())})`);
}
const data = { message: { id: 'TWVzc2FnZTo6YmVuY2g=', subject: 'Bench', content: 'x'.repeat(200) } };

// 1. Throughput: hold the worker while everything is queued, then let it go.
await clubroom.webhookWorker.stop();
for (let n = 0; n < EVENTS; n++) {
  await db.transaction((tx) => webhooks.emitMany(tx, members.map((id) => ({ kind: 'message.received' as const, audience: { memberIds: [id] }, data: { ...data, n } }))));
}
const total = ENDPOINTS * EVENTS;
arrivals.length = 0;
const allDone = new Promise<void>((resolve) => {
  onArrival = () => {
    if (arrivals.length >= total) resolve();
  };
});
clubroom.webhookWorker.start();
await allDone;
// The last acknowledgement is recorded shortly after the last arrival: wait for the rows.
for (;;) {
  const rows = (await db.execute(sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`)) as unknown;
  const left = (Array.isArray(rows) ? rows : (rows as { rows: Array<{ n: number }> }).rows)[0] as { n: number };
  if (left.n === 0) break;
  await new Promise((r) => setTimeout(r, 20));
}
const throughputSeconds = (performance.now() - arrivals[0]!) / 1000;
const perSecond = total / throughputSeconds;

// 2. Commit to first attempt, one event at a time on an idle worker.
const delays: number[] = [];
for (let i = 0; i < LATENCY; i++) {
  const arrived = new Promise<number>((resolve) => (onArrival = () => resolve(performance.now())));
  await db.transaction((tx) => webhooks.emit(tx, { kind: 'message.received', audience: { memberIds: [members[i % members.length]!] }, data }));
  const committed = performance.now();
  delays.push((await arrived) - committed);
  await new Promise((r) => setTimeout(r, 50));
}
delays.sort((a, b) => a - b);

// 3. The bare sender: sign and POST, nothing recorded.
const bareSecret = newWebhookSecret();
const barePost = (id: string, body: string) =>
  new Promise<void>((resolve, reject) => {
    const at = new Date();
    const req = httpRequest(hookUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(bareSecret).sign(id, at, body),
      },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', reject);
    req.end(body);
  });
const bareBody = (n: number) => JSON.stringify({ type: 'message.received', timestamp: new Date().toISOString(), data: { ...data, n } });
const bareStart = performance.now();
await Promise.all(
  members.map(async (_, e) => {
    for (let n = 0; n < EVENTS; n++) await barePost(`msg_bare_${e}_${n}`, bareBody(n));
  }),
);
const barePerSecond = total / ((performance.now() - bareStart) / 1000);

// The bare outbox: insert + pg_notify in a transaction; a listener reads the row and POSTs it.
const raw = postgres(DATABASE_URL, { max: 2, onnotice: () => {} });
await raw`create table if not exists bench_bare_outbox (id bigserial primary key, body text not null)`;
await raw.listen('bench_bare_outbox', async (id) => {
  const [row] = await raw`select body from bench_bare_outbox where id = ${id}`;
  await barePost(`msg_bare_${id}`, row!.body as string);
});
const bareDelays: number[] = [];
for (let i = 0; i < LATENCY; i++) {
  const arrived = new Promise<number>((resolve) => (onArrival = () => resolve(performance.now())));
  await raw.begin(async (tx) => {
    const [row] = await tx`insert into bench_bare_outbox (body) values (${bareBody(i)}) returning id`;
    await tx`select pg_notify('bench_bare_outbox', ${String(row!.id)})`;
  });
  const committed = performance.now();
  bareDelays.push((await arrived) - committed);
  await new Promise((r) => setTimeout(r, 50));
}
bareDelays.sort((a, b) => a - b);
await raw.end();

const ms = (values: number[]) => ({ median: Number(percentile(values, 50).toFixed(1)), p95: Number(percentile(values, 95).toFixed(1)), max: Number(values.at(-1)!.toFixed(1)) });
const result = {
  command: 'npx tsx --tsconfig server/tsconfig.json bench/webhooks.ts',
  machine: machine(),
  endpoints: ENDPOINTS,
  eventsPerEndpoint: EVENTS,
  deliveries: total,
  seconds: Number(throughputSeconds.toFixed(2)),
  deliveriesPerSecond: Math.round(perSecond),
  bareDeliveriesPerSecond: Math.round(barePerSecond),
  commitToFirstAttemptMs: ms(delays),
  bareCommitToFirstAttemptMs: ms(bareDelays),
};
writeFileSync(join(RESULTS, 'webhooks.json'), JSON.stringify(result, null, 2) + '\n');
console.log(`### Webhook deliveries (one instance)\n\n${machine()}\n`);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
console.log(
  table(
    ['measure', 'Clubroom', 'bare', 'ratio'],
    [
      [`deliveries per second (${ENDPOINTS} endpoints × ${EVENTS} events, receiver answers 204 at once)`, result.deliveriesPerSecond, result.bareDeliveriesPerSecond, ratio(perSecond, barePerSecond)],
      [`commit → first attempt, median ms (${LATENCY} events, idle worker)`, result.commitToFirstAttemptMs.median, result.bareCommitToFirstAttemptMs.median, ratio(result.commitToFirstAttemptMs.median, result.bareCommitToFirstAttemptMs.median)],
      ['commit → first attempt, p95 ms', result.commitToFirstAttemptMs.p95, result.bareCommitToFirstAttemptMs.p95, ratio(result.commitToFirstAttemptMs.p95, result.bareCommitToFirstAttemptMs.p95)],
      ['commit → first attempt, max ms', result.commitToFirstAttemptMs.max, result.bareCommitToFirstAttemptMs.max, ratio(result.commitToFirstAttemptMs.max, result.bareCommitToFirstAttemptMs.max)],
    ],
  ),
);
await clubroom.close();
receiver.close();
process.exit(0);
