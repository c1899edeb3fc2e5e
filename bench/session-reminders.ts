// The reminder run for 10,000 due reminders (issue 29 §4, "Measured"): one club with 10,000
// followers (half answered Going, half silent) and one session whose 48-hour reminder is due; the
// job worker (in process, on a fresh database BENCH_REMINDERS_DATABASE_URL, default
// clubroom_bench_reminders) runs it. Prints the time to queue the 10,000 reminders (bell entries,
// emails in the outbox, push lookups, in the job's one transaction) and the statements used, by
// kind. Standalone: `npx tsx --tsconfig server/tsconfig.json bench/session-reminders.ts`
// (BENCH_REMINDERS: how many followers, 10000). Not yet part of `npm run bench`, and no bare
// handler to compare with yet.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createClubroom } from '../server/src/app/clubroom.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { BENCH_PASSWORD } from './lib.js';

const databaseUrl = process.env.BENCH_REMINDERS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_reminders';
const followers = Number(process.env.BENCH_REMINDERS ?? 10_000);
const database = new URL(databaseUrl).pathname.slice(1);
const admin = postgres(Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString(), { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists "${database}" with (force)`);
await admin.unsafe(`create database "${database}"`);
await admin.end();

let recording: string[] | null = null;
const db = await openDatabase({ databaseUrl, logger: { logQuery: (sql: string) => recording?.push(sql) } });
const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-bench-reminders-'));
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_WEB: 'false', MAIL_POLL_INTERVAL_MS: '3600000', ADMIN_EMAIL: 'admin@bench.clubroom.test', ADMIN_PASSWORD: BENCH_PASSWORD });
const clubroom = await createClubroom(config, { database: db });
await clubroom.mailWorker.stop();
await clubroom.jobWorker.stop();

const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const [owner] = await sql<{ id: string }[]>`insert into users (email, full_name, password_hash) values ('owner@bench.clubroom.test', 'Bench Owner', 'x') returning id`;
await sql`insert into clubs (id, name, contact_email, application_status) values (${owner!.id}, 'Bench Rovers', 'owner@bench.clubroom.test', 'approved')`;
await sql`insert into users (email, full_name, password_hash) select 'fan' || i || '@bench.clubroom.test', 'Fan ' || i, 'x' from generate_series(1, ${followers}) as i`;
await sql`insert into club_follows (club_id, user_id) select ${owner!.id}, id from users where email like 'fan%@bench.clubroom.test'`;
const [session] = await sql<{ id: string }[]>`insert into club_sessions (club_id, kind, title, starts_at, ends_at) values (${owner!.id}, 'event', 'Bench cup', now() + interval '72 hours', now() + interval '74 hours') returning id`;
await sql`insert into session_answers (session_id, user_id, answer) select ${session!.id}, user_id, 'going' from club_follows where club_id = ${owner!.id} and mod(abs(hashtext(user_id::text)), 2) = 0`;

// Scheduling: the statement the session's change runs (here for one session, as createClubEvent).
const { scheduleReminders } = await import('../server/src/modules/sessions/session-reminders.schedule.js');
await scheduleReminders(clubroom.database.db, { sessionIds: [session!.id] });
await sql`update jobs set run_at = now() where key = ${`session-reminder:${session!.id}:2880`}`;

recording = [];
const started = performance.now();
// The job tells REMINDERS_PER_RUN followers per run and carries on in the next run.
let ran = 0;
for (let once = await clubroom.jobWorker.runOnce(); once > 0; once = await clubroom.jobWorker.runOnce()) ran += once;
const ms = performance.now() - started;
const log = recording as string[];
recording = null;
const [counts] = await sql<{ bells: number; mails: number }[]>`select (select count(*)::int from notifications where kind = 'session_reminder') as bells, (select count(*)::int from mail_outbox) as mails`;
const byKind = new Map<string, number>();
for (const s of log) {
  const kind = s.replace(/\s+/g, ' ').trim().slice(0, 60);
  byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
}
console.log(`## Session reminders: ${followers} followers, one due reminder job\n`);
console.log(`- job runs: ${ran}; bell entries: ${counts!.bells}; emails queued: ${counts!.mails}`);
console.log(`- time to queue them (one job, a transaction per 1,000 followers): ${(ms / 1000).toFixed(2)} s (${((ms * 1000) / followers).toFixed(0)} µs a reminder)`);
console.log(`- statements: ${log.length} (${(log.length / followers).toFixed(2)} a reminder)\n`);
for (const [kind, n] of [...byKind].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${String(n).padStart(6)}  ${kind}`);

await sql.end();
await clubroom.close();
rmSync(dataDir, { recursive: true, force: true });
