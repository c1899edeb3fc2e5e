// The reminder run for 10,000 due reminders (issue 29 §4 and "Measured"): `npm run bench --
// --reminders` (or this file alone). On a fresh database (BENCH_REMINDERS_DATABASE_URL, default
// clubroom_bench_reminders) it makes one approved club with BENCH_REMINDERS followers (10,000; 1,000
// with --quick), half of whom answered Going and half have not answered, and one event 72 hours
// ahead whose 48-hour reminder job is made due. Both ways first run once on a warm-up club of 200
// followers (JIT, prepared statements, connections). Then, in this process, in turn,
// BENCH_REMINDERS_ROUNDS times (3; 1 with --quick), the rows deleted and the job made due
// again between runs:
// 1. Clubroom: the job worker (createClubroom with a statement logger, its workers stopped, run by
//    hand) runs the job to the end: REMINDERS_PER_RUN followers a run, each run its own transaction
//    (the recipients in one statement, then one dispatcher batch: NotificationDispatcher.notifyMany).
//    Timed from the first claim to the last commit; the statements counted (BEGIN/COMMIT not), by
//    kind (those of the last round).
// 2. Bare (bench/reminders-bare.ts): postgres.js and jose doing the same work by hand in one
//    transaction and five statements: the session, the followers, every bell entry (unnest), every
//    email with its signed per-member links, the live events. Timed the same way, after the rows of
//    step 1 are deleted; both, every round, are checked to leave the same bell entries and emails (the signed
//    tokens aside).
// CPU: of this process and of the database's PostgreSQL backends (/proc), per run.
// It prints a Markdown block, writes bench/results/session-reminders[-quick].json and, when asked,
// puts the block into docs/BENCHMARKS.md between the bench:reminders markers. About 1 min at
// 10,000 and 3 rounds (before notifyMany, Clubroom's run alone took 41 s).
// Environment: BENCH_REMINDERS_DATABASE_URL, BENCH_REMINDERS (followers), BENCH_REMINDERS_ROUNDS.
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createClubroom } from '../server/src/app/clubroom.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { BENCH_PASSWORD, recreateDatabase, cpuSecondsOf, machine, RESULTS, ROOT, table } from './lib.js';
import { bareReminders } from './reminders-bare.js';

const ADMIN = 'admin@bench.clubroom.test';
const APP_URL = 'http://clubroom.bench';

interface Measured {
  ms: number;
  statements: number;
  cpu: { node: number; postgres: number };
}

export async function runRemindersPart(opts: { quick: boolean; writeDocs: boolean; command: string }): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const databaseUrl = process.env.BENCH_REMINDERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_reminders';
  const followers = Number(process.env.BENCH_REMINDERS ?? (opts.quick ? 1_000 : 10_000));
  const rounds = Number(process.env.BENCH_REMINDERS_ROUNDS ?? (opts.quick ? 1 : 3));

  // ---- a fresh database --------------------------------------------------------------------------
  const database = await recreateDatabase(databaseUrl);

  let recording: string[] | null = null;
  const db = await openDatabase({ databaseUrl, logger: { logQuery: (sql: string) => void recording?.push(sql) } });
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-bench-reminders-'));
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, APP_URL, LOG_LEVEL: 'silent', SERVE_WEB: 'false', MAIL_POLL_INTERVAL_MS: '3600000', ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: BENCH_PASSWORD });
  const clubroom = await createClubroom(config, { database: db });
  await clubroom.mailWorker.stop();
  await clubroom.jobWorker.stop();

  // ---- the data ---------------------------------------------------------------------------------------
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const { scheduleReminders } = await import('../server/src/modules/sessions/session-reminders.schedule.js');
  /** A club with `fans` followers (half Going) and an event 72 hours ahead; answers the event. */
  const clubWithEvent = async (tag: string, fans: number) => {
    const [owner] = await sql<{ id: string }[]>`insert into users (email, full_name, password_hash) values (${`owner-${tag}@bench.clubroom.test`}, 'Bench Owner', 'x') returning id`;
    await sql`insert into clubs (id, name, contact_email, application_status, time_zone) values (${owner!.id}, ${`Bench ${tag}`}, ${`owner-${tag}@bench.clubroom.test`}, 'approved', 'Europe/London')`;
    await sql`insert into users (email, full_name, password_hash) select ${`${tag}-fan`} || i || '@bench.clubroom.test', 'Fan ' || i, 'x' from generate_series(1, ${fans}) as i`;
    await sql`insert into club_follows (club_id, user_id) select ${owner!.id}, id from users where email like ${`${tag}-fan%@bench.clubroom.test`}`;
    const [event] = await sql<{ id: string }[]>`insert into club_sessions (club_id, kind, title, place, starts_at, ends_at) values (${owner!.id}, 'event', 'Bench cup', 'Benchford track', now() + interval '72 hours', now() + interval '74 hours') returning id`;
    await sql`insert into session_answers (session_id, user_id, answer) select ${event!.id}, user_id, 'going' from club_follows where club_id = ${owner!.id} and mod(abs(hashtext(user_id::text)), 2) = 0`;
    // The job the event's creation schedules (as createClubEvent does).
    await scheduleReminders(clubroom.database.db, { sessionIds: [event!.id] });
    return event!;
  };
  const warmUp = await clubWithEvent('warmup', 200);
  const session = await clubWithEvent('rovers', followers);
  await sql`analyze`;
  /** Makes the event's 48-hour reminder due now. */
  const due = (sessionId: string) => sql`update jobs set run_at = now() where key = ${`session-reminder:${sessionId}:2880`}`;

  const backendPids = async () => (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`).map((r) => r.pid);
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => { try { return sum + cpuSecondsOf(pid); } catch { return sum; } }, 0); // prettier-ignore
  /** Times `work` (wall time, this process's CPU, the database's backends' CPU). */
  const measure = async (work: () => Promise<number>): Promise<Measured> => {
    const pids = await backendPids();
    const pg = cpuOf(pids);
    const node = process.cpuUsage();
    const t = performance.now();
    const statements = await work();
    const ms = performance.now() - t;
    const used = process.cpuUsage(node);
    return { ms, statements, cpu: { node: (used.user + used.system) / 1e6, postgres: cpuOf(pids) - pg } };
  };
  /** What the run left: bell entries and emails, the signed tokens put aside, in one digest each. */
  const left = async () => {
    const bell = await sql<{ row: string }[]>`select concat_ws('|', user_id, type, kind, title, description, action_url, read) as row from notifications where kind = 'session_reminder' order by user_id`;
    const mail = await sql<{ row: string }[]>`select regexp_replace(concat_ws('|', "to", subject, text, html, headers::text, status, collapse_key), 'token=[A-Za-z0-9._-]+', 'token=…', 'g') as row from mail_outbox order by "to"`;
    const digest = (rows: { row: string }[]) => createHash('sha256').update(rows.map((r) => r.row).join('\n')).digest('hex');
    return { bells: bell.length, mails: mail.length, bell: digest(bell), mail: digest(mail), sample: mail[0]?.row ?? '' };
  };

  // ---- 0. a warm-up of both (JIT, prepared statements, pools) on a club of 200 ----------------------
  const secrets = new Map((await sql<{ key: string; value: string }[]>`select key, value from app_settings where key in ('session-answer_link_secret', 'unsubscribe_link_secret')`).map((r) => [r.key, r.value]));
  const bareSql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const planOf = (sessionId: string) => ({ sessionId, appUrl: APP_URL, timeZone: config.councilTimeZone, answerSecret: secrets.get('session-answer_link_secret')!, unsubscribeSecret: secrets.get('unsubscribe_link_secret')! });
  await due(warmUp.id);
  while ((await clubroom.jobWorker.runOnce()) > 0);
  await bareReminders(bareSql, planOf(warmUp.id));
  await sql`delete from notifications`;
  await sql`delete from mail_outbox`;
  await due(session.id);

  // ---- 1 and 2, in turn, BENCH_REMINDERS_ROUNDS times ---------------------------------------------
  // Then, BENCH_REMINDERS_ROUNDS times (3; 1 with --quick), the rows deleted and the job made due
// again between runs:
// 1. Clubroom: the job worker runs the due job to the end.
  let runs = 0;
  let log: string[] = [];
  const clubroomRun = () =>
    measure(async () => {
      runs = 0;
      recording = [];
      for (let once = await clubroom.jobWorker.runOnce(); once > 0; once = await clubroom.jobWorker.runOnce()) runs += once;
      log = recording;
      recording = null;
      return log.length;
    });
  // 2. bare: the same work by hand.
  const bareRun = () => measure(() => bareReminders(bareSql, planOf(session.id)));
  /** Back to before the reminder: no bell entries or emails, the job due again from the start. */
  const reset = async () => {
    await sql`delete from notifications`;
    await sql`delete from mail_outbox`;
    await sql`update jobs set status = 'pending', run_at = now(), attempts = 0, payload = payload - 'after', claim_id = null, lease_until = null, finished_at = null, last_error = null where key = ${`session-reminder:${session.id}:2880`}`;
  };
  const ks: Measured[] = [];
  const bs: Measured[] = [];
  let mine: Awaited<ReturnType<typeof left>> | undefined;
  for (let round = 1; round <= rounds; round++) {
    if (round > 1) await reset();
    const k = await clubroomRun();
    mine = await left();
    if (mine.bells !== followers || mine.mails !== followers) throw new Error(`Clubroom left ${mine.bells} bell entries and ${mine.mails} emails for ${followers} followers`);
    console.log(`[${elapsed()}] round ${round}, Clubroom: ${followers} reminders in ${(k.ms / 1000).toFixed(2)} s, ${runs} job runs, ${k.statements} statements`);
    await reset();
    const b = await bareRun();
    const bare = await left();
    if (bare.bell !== mine.bell || bare.mail !== mine.mail) throw new Error(`Clubroom and bare left different rows (${mine.bells}/${mine.mails} and ${bare.bells}/${bare.mails}); an email of each:\n${mine.sample}\n---\n${bare.sample}`);
    console.log(`[${elapsed()}] round ${round}, bare: ${followers} reminders in ${(b.ms / 1000).toFixed(2)} s, ${b.statements} statements; the same bell entries and emails as Clubroom`);
    ks.push(k);
    bs.push(b);
  }
  await bareSql.end();
  const median = (all: Measured[]) => [...all].sort((x, y) => x.ms - y.ms)[Math.floor(all.length / 2)]!;
  const k = median(ks);
  const b = median(bs);
  const range = (all: Measured[]) => `${(Math.min(...all.map((m) => m.ms)) / 1000).toFixed(2)}–${(Math.max(...all.map((m) => m.ms)) / 1000).toFixed(2)}`;
  const byKind = new Map<string, number>();
  for (const s of log) {
    const kind = s.replace(/\s+/g, ' ').trim().slice(0, 70);
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  const kinds = [...byKind].sort((x, y) => y[1] - x[1]);

  const [{ version }] = await sql<{ version: string }[]>`select current_setting('server_version') as version`;
  await sql.end();
  await clubroom.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });

  // ---- the block ------------------------------------------------------------------------------------
  const per = (m: Measured) => ((m.ms * 1000) / followers).toFixed(0);
  const rows = [
    ['Clubroom (the job worker)', (k.ms / 1000).toFixed(2), range(ks), per(k), k.statements, (k.statements / followers).toFixed(3), k.cpu.node.toFixed(2), k.cpu.postgres.toFixed(2)],
    ['bare (postgres.js + jose, by hand)', (b.ms / 1000).toFixed(2), range(bs), per(b), b.statements, (b.statements / followers).toFixed(4), b.cpu.node.toFixed(2), b.cpu.postgres.toFixed(2)],
  ];
  const date = new Date().toISOString();
  const block = [
    `Measured ${date.slice(0, 16).replace('T', ' ')} UTC by \`${opts.command}\` (wall time ${elapsed()}).`,
    `Machine: ${machine()} (nproc ${availableParallelism()}), PostgreSQL ${version}. Data: one club with ${followers.toLocaleString('en-GB')} followers (half answered Going, half have not answered), one event whose 48-hour reminder is due: ${followers.toLocaleString('en-GB')} bell entries and ${followers.toLocaleString('en-GB')} emails, each with its member's signed Going, Can't make it and unsubscribe links, queued in the outbox (nothing sent).`,
    `Clubroom is the job worker running the reminder job in process (${runs} runs of up to 1,000 followers, a transaction each); bare is bench/reminders-bare.ts, the same work by hand in one transaction; both were checked to leave the same bell entries and emails (signed tokens aside), every round. ${rounds} rounds, Clubroom then bare, the rows deleted and the job made due again between runs; the median round of each is shown. Statements: BEGIN/COMMIT not counted. CPU: seconds of this process and of the database's PostgreSQL backends over the run.`,
    '',
    table(['reminder run', `time s (median of ${rounds})`, 'range s', 'µs a reminder', 'statements', 'statements a reminder', 'node CPU s', 'PostgreSQL CPU s'], rows),
    '',
    `Clubroom ÷ bare: time ${(k.ms / b.ms).toFixed(2)}×, statements ${(k.statements / b.statements).toFixed(1)}×. Clubroom's statements by kind: ${kinds
      .slice(0, 8)
      .map(([s, n]) => `${n}× \`${s.replace(/`/g, "'")}…\``)
      .join('; ')}.`,
  ].join('\n');
  console.log(`\n${block}`);
  const file = join(RESULTS, `session-reminders${opts.quick ? '-quick' : ''}.json`);
  writeFileSync(file, `${JSON.stringify({ date, command: opts.command, machine: machine(), postgres: version, followers, rounds, clubroom: { ...k, runs, rounds: ks, byKind: Object.fromEntries(kinds) }, bare: { ...b, rounds: bs }, ratio: { time: k.ms / b.ms, statements: k.statements / b.statements } }, null, 2)}\n`);
  console.log(`Written: ${file}`);
  if (opts.writeDocs) {
    const docs = join(ROOT, 'docs', 'BENCHMARKS.md');
    const [start, end] = ['<!-- bench:reminders:start -->', '<!-- bench:reminders:end -->'];
    const text = readFileSync(docs, 'utf8');
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/BENCHMARKS.md has no ${start} … ${end} section`);
    writeFileSync(docs, text.slice(0, from) + `${start}\n${block}\n${end}` + text.slice(to + end.length));
    console.log(`Written: ${docs} (between ${start} and ${end})`);
  }
}

if (process.argv[1] === import.meta.filename) {
  const argv = process.argv.slice(2);
  await runRemindersPart({ quick: argv.includes('--quick'), writeDocs: !argv.includes('--no-write') && !argv.includes('--quick'), command: `npx tsx --tsconfig server/tsconfig.json bench/session-reminders.ts${argv.length ? ` ${argv.join(' ')}` : ''}` });
  process.exit(0);
}
