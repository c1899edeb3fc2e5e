// What the notification dispatcher (issue 28) costs sendMessage: `npm run bench -- --notify` (or
// this file alone). On a fresh database (BENCH_NOTIFY_DATABASE_URL, default clubroom_bench_notify)
// it makes senders (one per connection) and three recipients:
//   bell only       — the member turned email and push off for messages: the bell entry alone;
//   (a) defaults    — no preferences saved: bell entry, preferences lookup, instant email (queued in
//                     the outbox; the email of a burst from one sender folds into the queued one),
//                     the push devices looked up (none);
//   (b) push + email — instant email chosen, two push devices: (a) plus a job row per device.
// 1. In process (createClubroom with a statement logger, its workers stopped): records one
//    sendMessage per case (the bare handler's plan), then times notify() alone, each call in its
//    own transaction, beside an empty transaction, one after another on the same PostgreSQL.
// 2. Over HTTP: Clubroom (bench/notify-server.ts: from source, workers stopped, so what is measured
//    is the request, not the delivery of what it queued) and the bare handler
//    (bench/notify-bare.ts: the same statements with node:http + postgres.js), each alone under
//    autocannon, every connection writing as its own sender to the case's recipient.
// It prints a Markdown block, writes bench/results/notify-dispatch[-quick].json and, when asked,
// puts the block into docs/BENCHMARKS.md between the bench:notify markers.
// Environment: BENCH_NOTIFY_DATABASE_URL, BENCH_CONNECTIONS (10), BENCH_DURATION (5 s; 2 quick),
// BENCH_NOTIFY_ITERATIONS (400 notify() calls per case; 100 quick).
import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type RawRequest, type Result } from 'autocannon';
import { sql as drizzleSql } from 'drizzle-orm';
import postgres from 'postgres';
import { createClubroom } from '../server/src/app/clubroom.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { toGlobalId } from '../server/src/graphql/relay.js';
import { LONG_SESSION_ENV } from './admin-lib.js';
import { BENCH_PASSWORD, recreateDatabase, coresBusy, cpuSecondsOf, machine, machineCpu, percentile, RESULTS, ROOT, SERVER_NODE_FLAGS, startChild, table, type Child } from './lib.js';
import type { NotifyPlan, NotifyPlanCase } from './notify-bare.js';
import type { Statement } from './recorder.js';

const ADMIN = 'admin@bench.clubroom.test';
const SEND = 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }';
const SIGN_IN = 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { session { accessToken } userErrors { message } } }';
const CASES = [
  { name: 'bell only (email and push off)', email: 'bell-only@bench.clubroom.test' },
  { name: '(a) default preferences', email: 'defaults@bench.clubroom.test' },
  { name: '(b) 2 push devices + instant email', email: 'push-email@bench.clubroom.test' },
] as const;
const senderEmail = (i: number) => `sender${String(i + 1).padStart(2, '0')}@bench.clubroom.test`;

interface HttpRun {
  result: Result;
  cpu: { server: number; postgres: number; other: number };
}

export async function runNotifyPart(opts: { quick: boolean; writeDocs: boolean; command: string }): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const databaseUrl = process.env.BENCH_NOTIFY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_notify';
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const duration = Number(process.env.BENCH_DURATION ?? (opts.quick ? 2 : 5));
  const warmUp = opts.quick ? 1 : 2;
  const iterations = Number(process.env.BENCH_NOTIFY_ITERATIONS ?? (opts.quick ? 100 : 400));

  // ---- a fresh database --------------------------------------------------------------------------
  const database = await recreateDatabase(databaseUrl);

  // ---- 1. in process: the members, the recording, notify() alone ----------------------------------
  let recording: Statement[] | null = null;
  let turn = 0;
  let turnOpen = false;
  const logQuery = (sql: string, params: unknown[]) => {
    if (!recording) return;
    if (!turnOpen) {
      turnOpen = true;
      setImmediate(() => {
        turn++;
        turnOpen = false;
      });
    }
    recording.push({ sql, params, turn });
  };
  const db = await openDatabase({ databaseUrl, logger: { logQuery } });
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-bench-notify-'));
  const env = { ...LONG_SESSION_ENV, MESSAGE_LIMIT_PER_RECIPIENT: '1000000000', MESSAGE_LIMIT_PER_SENDER: '1000000000' };
  const config = loadConfig({ TRUSTED_DOCUMENTS: 'off', ...env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_WEB: 'false', MAIL_POLL_INTERVAL_MS: '3600000', ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: BENCH_PASSWORD });
  const clubroom = await createClubroom(config, { database: db });
  await clubroom.mailWorker.stop();
  await clubroom.jobWorker.stop();
  const post = async (body: object, token?: string) => {
    const res = await clubroom.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload: JSON.stringify(body) });
    return res.json() as { data?: Record<string, { session?: { accessToken: string }; message?: { id: string }; userErrors: unknown[] }>; errors?: unknown };
  };

  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const emails = [...Array.from({ length: connections }, (_, i) => senderEmail(i)), ...CASES.map((c) => c.email)];
  await sql`insert into users (email, full_name, password_hash) select e, initcap(split_part(e, '@', 1)), (select password_hash from users where email = ${ADMIN}) from unnest(${emails}::text[]) as e`;
  const idOf = new Map((await sql<{ id: string; email: string }[]>`select id, email from users`).map((r) => [r.email, r.id]));
  const [bellOnly, , pushEmail] = CASES.map((c) => idOf.get(c.email)!);
  await sql`insert into notification_preferences (user_id, kind, channel, enabled) values (${bellOnly!}, 'message_received', 'email', false), (${bellOnly!}, 'message_received', 'push', false)`;
  await sql`insert into notification_settings (user_id, email_cadence, time_zone) values (${pushEmail!}, 'instant', 'Europe/London')`;
  for (const device of ['phone', 'laptop']) {
    await sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, label) values (${pushEmail!}, ${`https://push.bench.invalid/${device}`}, ${'B'.repeat(87)}, ${'A'.repeat(22)}, ${device})`;
  }
  const senders: { id: string; token: string }[] = [];
  for (let i = 0; i < connections; i++) {
    const answer = await post({ query: SIGN_IN, variables: { input: { email: senderEmail(i), password: BENCH_PASSWORD } } });
    const token = answer.data?.signIn?.session?.accessToken;
    if (!token) throw new Error(`sign-in of ${senderEmail(i)}: ${JSON.stringify(answer)}`);
    senders.push({ id: idOf.get(senderEmail(i))!, token });
  }
  const sendBody = (recipientId: string) => ({ query: SEND, variables: { input: { recipientId: toGlobalId('Member', recipientId), subject: 'Training on Saturday', content: 'Can you help set up the nets at nine? Bring a flask.' } } });

  // One send per sender and case first (start-up work over; each sender's email queued, so what is
  // recorded, and what the load runs do, is the steady state of a burst: the email folds), then one
  // recorded send per case.
  const plan: NotifyPlan = { cases: [] };
  const sessionIdOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;
  for (const c of CASES) {
    for (const s of senders) await post(sendBody(idOf.get(c.email)!), s.token);
    recording = [];
    const answer = await post(sendBody(idOf.get(c.email)!), senders[0]!.token);
    const log = recording as Statement[];
    recording = null;
    if (!answer.data?.sendMessage?.message) throw new Error(`${c.name}: ${JSON.stringify(answer)}`);
    const [session, ...rest] = log;
    const insertAt = rest.findIndex((s) => /^insert into "messages"/i.test(s.sql));
    if (!session || !/ from "sessions" /.test(session.sql) || insertAt < 0) throw new Error(`${c.name}: unexpected statements:\n${log.map((s) => s.sql).join('\n')}`);
    const before: Statement[][] = [];
    let last: number | undefined;
    for (const s of rest.slice(0, insertAt)) {
      if (before.length === 0 || s.turn !== last) before.push([]);
      before.at(-1)!.push({ sql: s.sql, params: s.params });
      last = s.turn;
    }
    const transaction = rest.slice(insertAt).map((s) => ({ sql: s.sql, params: s.params }));
    plan.cases.push({ name: c.name, senderId: senders[0]!.id, sessionId: sessionIdOf(senders[0]!.token), session: { sql: session.sql, params: session.params }, before, transaction } satisfies NotifyPlanCase);
  }
  const shape = (c: NotifyPlanCase) => `${1 + c.before.flat().length + c.transaction.length} (session, ${c.before.map((t) => t.length).join(' + ')}, then ${c.transaction.length} in the transaction)`;
  console.log(`[${elapsed()}] recorded: ${plan.cases.map((c) => `${c.name} ${shape(c)}`).join('; ')}`);

  // notify() alone, each call in its own transaction, beside an empty transaction (select 1).
  const [message] = await sql<{ id: string; sender_id: string }[]>`select id, sender_id from messages limit 1`;
  const event = (sender: string, messageId: string) => ({
    kind: 'message_received' as const,
    actorId: sender,
    title: 'New message from Sender01',
    description: 'Can you help set up the nets at nine? Bring a flask.',
    actionUrl: `/messages/${toGlobalId('Member', sender)}`,
    messageId,
    group: { key: `conversation:${sender}`, label: 'Messages from Sender01' },
    email: { subject: 'New message from Sender01: Training on Saturday', paragraphs: ['Sender01 sent you a message:'], action: { url: 'https://clubroom.test/messages', label: 'Read and reply' }, collapseKey: `message:${sender}` },
  });
  const time = async (f: () => Promise<unknown>) => {
    for (let i = 0; i < Math.min(50, iterations); i++) await f();
    const us: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      await f();
      us.push((performance.now() - t) * 1000);
    }
    us.sort((x, y) => x - y);
    return { median: percentile(us, 50), p99: percentile(us, 99), mean: us.reduce((a, b) => a + b, 0) / us.length };
  };
  const emptyTx = await time(() => db.db.transaction(async (tx) => void (await tx.execute(drizzleSql`select 1`))));
  const micro = [];
  for (const c of CASES) {
    const recipient = idOf.get(c.email)!;
    const [m] = await sql<{ id: string }[]>`select id from messages where recipient_id = ${recipient} limit 1`;
    micro.push({ name: c.name, ...(await time(() => db.db.transaction((tx) => clubroom.services.notify.notify(tx, recipient, event(message!.sender_id, m!.id))))) });
  }
  console.log(`[${elapsed()}] notify() alone timed (${iterations} calls per case)`);
  await clubroom.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });

  // ---- 2. over HTTP: Clubroom and the bare handler -----------------------------------------------
  const planFile = join(mkdtempSync(join(tmpdir(), 'clubroom-bench-notify-plan-')), 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan));
  const [clubroomChild, bareChild] = await Promise.all([
    startChild('notify-server.ts', { BENCH_DATABASE_URL: databaseUrl }, SERVER_NODE_FLAGS),
    startChild('notify-bare.ts', { BENCH_DATABASE_URL: databaseUrl, NOTIFY_PLAN: planFile }, SERVER_NODE_FLAGS),
  ]);
  const backendPids = async () => (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`).map((r) => r.pid);
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => { try { return sum + cpuSecondsOf(pid); } catch { return sum; } }, 0); // prettier-ignore
  /** One run: each request from the next sender in turn (its token), to the case's recipient. */
  const load = async (child: Child, path: string, body: string, seconds: number): Promise<HttpRun> => {
    let next = 0;
    const requestOf = (): RawRequest => ({ method: 'POST', path, headers: { 'content-type': 'application/json', authorization: `Bearer ${senders[next++ % senders.length]!.token}` }, body });
    const pids = await backendPids();
    const start = { server: cpuSecondsOf(child.pid), postgres: cpuOf(pids), tool: process.cpuUsage(), machine: machineCpu() };
    const result = await autocannon({
      url: child.url,
      connections,
      duration: seconds,
      timeout: 10,
      requests: [{ setupRequest: requestOf }],
      verifyBody: (b) => (path === '/graphql' ? b.includes('"userErrors":[]') && !b.includes('"errors":') : b.startsWith('{"data":')),
    });
    const per = (s: number) => s / result.duration;
    const tool = process.cpuUsage(start.tool);
    const srv = per(cpuSecondsOf(child.pid) - start.server);
    const pg = per(cpuOf(pids) - start.postgres);
    return { result, cpu: { server: srv, postgres: pg, other: Math.max(0, coresBusy(start.machine, machineCpu()) - srv - pg - per((tool.user + tool.system) / 1e6)) } };
  };
  const runs: { clubroom: HttpRun; bare: HttpRun }[] = [];
  try {
    for (const [i, c] of CASES.entries()) {
      const body = JSON.stringify(sendBody(idOf.get(c.email)!));
      const measured: HttpRun[] = [];
      for (const [child, path] of [[clubroomChild, '/graphql'], [bareChild, `/s/${i}`]] as const) {
        await load(child, path, body, warmUp); // JIT, pools, caches
        const run = await load(child, path, body, duration);
        const errs = run.result.errors + run.result.timeouts + run.result.non2xx + run.result.mismatches;
        console.log(`[${elapsed()}] ${c.name}, ${path === '/graphql' ? 'Clubroom' : 'bare'}: ${rps(run).toFixed(0)} req/s, p50 ${run.result.latency.p50} ms, p99 ${run.result.latency.p99} ms, errors ${errs}; cores: server ${run.cpu.server.toFixed(2)}, postgres ${run.cpu.postgres.toFixed(2)}, other ${run.cpu.other.toFixed(2)}`);
        if (errs > 0) throw new Error(`${c.name}: ${errs} failed requests`);
        measured.push(run);
      }
      runs.push({ clubroom: measured[0]!, bare: measured[1]! });
    }
  } finally {
    await Promise.all([clubroomChild.stop(), bareChild.stop()]);
    rmSync(planFile, { force: true });
  }
  const [{ version }] = await sql<{ version: string }[]>`select current_setting('server_version') as version`;
  await sql.end();

  // ---- the block ------------------------------------------------------------------------------------
  const ms = (cores: number, run: HttpRun) => ((1000 * cores) / rps(run)).toFixed(2);
  const rows = CASES.map((c, i) => {
    const { clubroom: k, bare: b } = runs[i]!;
    return [c.name, rps(k).toFixed(0), k.result.latency.p50, k.result.latency.p99, ms(k.cpu.server, k), ms(k.cpu.postgres, k), rps(b).toFixed(0), b.result.latency.p99, ms(b.cpu.server, b), ms(b.cpu.postgres, b), (rps(k) / rps(b)).toFixed(2)];
  });
  const [z, a, b] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
  const ratio = (x: HttpRun, y: HttpRun) => (rps(x) / rps(y)).toFixed(2);
  const cpuRatio = (x: HttpRun, y: HttpRun) => ((x.cpu.server + x.cpu.postgres) / rps(x) / ((y.cpu.server + y.cpu.postgres) / rps(y))).toFixed(2);
  const other = runs.flatMap((r) => [r.clubroom, r.bare]).reduce((s, r) => s + r.cpu.other, 0) / (2 * runs.length);
  const microRows = micro.map((m) => [m.name, m.median.toFixed(0), m.p99.toFixed(0), m.mean.toFixed(0), (m.median - emptyTx.median).toFixed(0)]);
  const date = new Date().toISOString();
  const block = [
    `Measured ${date.slice(0, 16).replace('T', ' ')} UTC by \`${opts.command}\` (wall time ${elapsed()}).`,
    `Machine: ${machine()} (nproc ${availableParallelism()}), PostgreSQL ${version}. Load: autocannon, ${connections} connections (each request from the next of ${connections} senders, to the case's recipient), ${warmUp} s warm-up then ${duration} s per run, one server under load at a time. Other processes used ${other.toFixed(2)} of the ${availableParallelism()} cores on average during the runs${other > 0.3 ? ' (a shared machine: compare CPU per request, not req/s)' : ''}.`,
    `Clubroom is bench/notify-server.ts (createClubroom from source through tsx, NODE_ENV=production, the message limits lifted but counting, the mail and job workers stopped: the request is measured, not the delivery of what it queued); bare is bench/notify-bare.ts (node:http + postgres.js + jose) replaying the statements Clubroom sent for one sendMessage of the same case, the message's insert and all after it in one transaction, with the caller's ids.`,
    '',
    table(['sendMessage to', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'PostgreSQL CPU ms/req', 'bare req/s', 'bare p99', 'bare server CPU ms/req', 'bare PostgreSQL CPU ms/req', 'req/s ÷ bare'], rows),
    '',
    `(b) ÷ (a): Clubroom req/s ${ratio(b.clubroom, a.clubroom)}, CPU per request (server + PostgreSQL) ${cpuRatio(b.clubroom, a.clubroom)}×; bare req/s ${ratio(b.bare, a.bare)}, CPU per request ${cpuRatio(b.bare, a.bare)}×. (a) ÷ bell only: Clubroom req/s ${ratio(a.clubroom, z.clubroom)}, CPU per request ${cpuRatio(a.clubroom, z.clubroom)}×.`,
    `Statements per request: ${plan.cases.map((c) => `${c.name} ${shape(c)}`).join('; ')}.`,
    '',
    `notify() alone, in process on the same database, each call in its own transaction, ${iterations} calls one after another per case (µs; an empty transaction with \`select 1\`: median ${emptyTx.median.toFixed(0)}, p99 ${emptyTx.p99.toFixed(0)}):`,
    '',
    table(['recipient', 'median µs', 'p99 µs', 'mean µs', 'median − empty transaction'], microRows),
  ].join('\n');
  console.log(`\n${block}`);
  const file = join(RESULTS, `notify-dispatch${opts.quick ? '-quick' : ''}.json`);
  const record = (r: HttpRun) => ({ rps: rps(r), latency: r.result.latency, errors: r.result.errors + r.result.non2xx + r.result.mismatches, cpu: r.cpu });
  writeFileSync(file, `${JSON.stringify({ date, command: opts.command, machine: machine(), postgres: version, connections, duration, iterations, cases: CASES.map((c, i) => ({ name: c.name, statements: shape(plan.cases[i]!), clubroom: record(runs[i]!.clubroom), bare: record(runs[i]!.bare) })), notifyAlone: { emptyTransaction: emptyTx, cases: micro } }, null, 2)}\n`);
  console.log(`Written: ${file}`);
  if (opts.writeDocs) {
    const docs = join(ROOT, 'docs', 'BENCHMARKS.md');
    const [start, end] = ['<!-- bench:notify:start -->', '<!-- bench:notify:end -->'];
    const text = readFileSync(docs, 'utf8');
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/BENCHMARKS.md has no ${start} … ${end} section`);
    writeFileSync(docs, text.slice(0, from) + `${start}\n${block}\n${end}` + text.slice(to + end.length));
    console.log(`Written: ${docs} (between ${start} and ${end})`);
  }
}

const rps = (run: HttpRun) => run.result.requests.total / run.result.duration;

if (process.argv[1] === import.meta.filename) {
  const argv = process.argv.slice(2);
  await runNotifyPart({ quick: argv.includes('--quick'), writeDocs: !argv.includes('--no-write') && !argv.includes('--quick'), command: `npx tsx --tsconfig server/tsconfig.json bench/notify-dispatch.ts${argv.length ? ` ${argv.join(' ')}` : ''}` });
  process.exit(0);
}
