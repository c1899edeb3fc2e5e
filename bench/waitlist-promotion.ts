// The waitlist promotion under 50 concurrent withdrawals on one position (issue 30, "Measured"):
// `npm run bench -- --waitlist` (or this file alone). On a fresh database
// (BENCH_WAITLIST_DATABASE_URL, default clubroom_bench_waitlist) each run gets a position of its own
// with BENCH_WAITLIST places (50), as many accepted volunteers and as many more on its waiting list
// (in a known order), FILLED by itself, its club promoting automatically; then every accepted
// volunteer withdraws at once (Promise.all), and each freed place must go to the next in line.
// 1. Clubroom: its services in process (createClubroom with a statement logger, its workers
//    stopped): VolunteerApplicationsService.withdraw per volunteer, as the withdrawVolunteerApplication
//    mutation calls it (the ownership look-up and the write limits, then one transaction under the
//    position's row lock: the withdrawal, the club told, the places service's fill: the first in
//    line accepted and told, the club told, the position's status). Statements counted from the
//    logger (BEGIN/COMMIT not), by kind.
// 2. Bare (bench/waitlist-bare.ts): the same withdrawals by hand with postgres.js, one transaction
//    each (lock the position, withdraw, promote the first in line, the events, the bell entries, the
//    emails, the live events): the floor.
// Both run with 10 connections (Clubroom's pool), after a warm-up of both on a position of 5, in
// BENCH_WAITLIST_ROUNDS rounds (3; 1 with --quick), a fresh position each run; the median round is
// shown. Every run is checked, or the part fails: every withdrawal withdrew, exactly one promotion
// each (every volunteer of the line accepted once, with one history event, in line order: the
// k-th place given went to the k-th in line), one `volunteer_place_given` notification and one
// email per promoted volunteer and none twice, the club told of each withdrawal and each move once,
// the position still FILLED with its places all taken. Then the same with the club's policy a
// timed offer (each freed place offered to the next in line until a deadline, with its expiry job
// and one-tap links), checked the same way (`volunteer_place_offered`, one expiry job each).
// CPU: of this process and of the database's PostgreSQL backends (/proc), per run. It prints a
// Markdown block, writes bench/results/waitlist-promotion[-quick].json and, when asked, puts the
// block into docs/BENCHMARKS.md between the bench:waitlist markers.
// Environment: BENCH_WAITLIST_DATABASE_URL, BENCH_WAITLIST (withdrawals), BENCH_WAITLIST_ROUNDS.
import 'reflect-metadata';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createClubroom } from '../server/src/app/clubroom.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import type { Viewer } from '../server/src/lib/viewer.js';
import { BENCH_PASSWORD, cpuSecondsOf, machine, recreateDatabase, RESULTS, ROOT, table } from './lib.js';
import { bareWithdraw } from './waitlist-bare.js';

const ADMIN = 'admin@bench.clubroom.test';
const APP_URL = 'http://clubroom.bench';
/** Clubroom's pool (server/src/db/client.ts); the bare handler gets as many connections. */
const CONNECTIONS = 10;

type Policy = 'automatic' | 'offer';
type Side = 'Clubroom' | 'bare';

interface Measured {
  ms: number;
  statements: number;
  /** Each withdrawal's own time from the start to its answer, sorted. */
  each: number[];
  cpu: { node: number; postgres: number };
}

interface Position {
  positionId: string;
  clubId: string;
  /** The accepted volunteers' applications, each withdrawn in the run. */
  accepted: { appId: string; volunteerId: string; email: string }[];
  /** The waiting list, first in line first. */
  line: { appId: string; volunteerId: string }[];
}

export async function runWaitlistPart(opts: { quick: boolean; writeDocs: boolean; command: string }): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const databaseUrl = process.env.BENCH_WAITLIST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_waitlist';
  const n = Number(process.env.BENCH_WAITLIST ?? 50);
  const rounds = Number(process.env.BENCH_WAITLIST_ROUNDS ?? (opts.quick ? 1 : 3));

  // ---- a fresh database, Clubroom in process ----------------------------------------------------------
  const database = await recreateDatabase(databaseUrl);
  let recording: string[] | null = null;
  const db = await openDatabase({ databaseUrl, logger: { logQuery: (sql: string) => void recording?.push(sql) } });
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-bench-waitlist-'));
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, APP_URL, LOG_LEVEL: 'silent', SERVE_WEB: 'false', MAIL_POLL_INTERVAL_MS: '3600000', ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: BENCH_PASSWORD });
  const clubroom = await createClubroom(config, { database: db });
  await clubroom.mailWorker.stop();
  await clubroom.jobWorker.stop();
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const bareSql = postgres(databaseUrl, { max: CONNECTIONS, onnotice: () => {} });
  const barePlan = { appUrl: APP_URL, linkKey: randomBytes(32) };

  /** A position of its own club with `size` places, `size` accepted volunteers and `size` more on
   *  its waiting list (queued a second apart, in the order of their numbers), FILLED by itself. */
  const makePosition = async (tag: string, size: number, policy: Policy): Promise<Position> => {
    const ownerEmail = `owner-${tag}@bench.clubroom.test`;
    const [owner] = await sql<{ id: string }[]>`insert into users (email, full_name, password_hash) values (${ownerEmail}, 'Bench Owner', 'x') returning id`;
    await sql`insert into clubs (id, name, contact_email, application_status, time_zone) values (${owner!.id}, ${`Waitlist Rovers ${tag}`}, ${ownerEmail}, 'approved', 'Europe/London')`;
    const [position] = await sql<{ id: string }[]>`
      insert into club_volunteer_positions (club_id, title, description, is_live, status, auto_filled, places, waitlist_policy, offer_hours)
      values (${owner!.id}, 'Match Day Steward', 'Helps on match days.', true, 'filled', true, ${size}, ${policy}, 24) returning id`;
    const volunteers = await sql<{ id: string; email: string; i: number }[]>`
      insert into users (email, full_name, password_hash)
      select ${tag} || '-v' || lpad(i::text, 4, '0') || '@bench.clubroom.test', 'Volunteer ' || i, 'x' from generate_series(1, ${2 * size}::int) i
      returning id, email, (regexp_match(email, '-v(\\d+)@'))[1]::int as i`;
    await sql`insert into volunteer_profiles (user_id, first_name, last_name, email)
      select id, 'Volunteer', (regexp_match(email, '-v(\\d+)@'))[1], email from users where id = any(${volunteers.map((v) => v.id)}::uuid[])`;
    const apps = await sql<{ id: string; volunteerId: string; i: number }[]>`
      insert into volunteer_applications (position_id, volunteer_id, club_id, status, message, queued_at, applied_at)
      select ${position!.id}, v, ${owner!.id}, case when i <= ${size} then 'accepted' else 'waitlisted' end, 'Happy to help.',
        case when i > ${size} then now() - interval '1 day' + i * interval '1 second' end, now() - interval '2 days' + i * interval '1 second'
      from unnest(${volunteers.map((v) => v.id)}::uuid[], ${volunteers.map((v) => v.i)}::int[]) as x(v, i)
      returning id, volunteer_id as "volunteerId", (select (regexp_match(email, '-v(\\d+)@'))[1]::int from users where users.id = volunteer_id) as i`;
    const byNumber = [...apps].sort((x, y) => x.i - y.i);
    const emails = new Map(volunteers.map((v) => [v.id, v.email]));
    return {
      positionId: position!.id,
      clubId: owner!.id,
      accepted: byNumber.slice(0, size).map((x) => ({ appId: x.id, volunteerId: x.volunteerId, email: emails.get(x.volunteerId)! })),
      line: byNumber.slice(size).map((x) => ({ appId: x.id, volunteerId: x.volunteerId })),
    };
  };

  const backendPids = async () => (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`).map((r) => r.pid);
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => { try { return sum + cpuSecondsOf(pid); } catch { return sum; } }, 0); // prettier-ignore

  /** Clubroom's statements of its last run. */
  let lastLog: string[] = [];
  /** Every accepted volunteer of `pos` withdraws at once; timed, CPU and statements measured. */
  const run = async (side: Side, pos: Position): Promise<Measured> => {
    const pids = await backendPids();
    const pg = cpuOf(pids);
    const node = process.cpuUsage();
    let bareStatements = 0;
    recording = side === 'Clubroom' ? [] : null;
    const t = performance.now();
    const each = await Promise.all(
      pos.accepted.map(async (a) => {
        if (side === 'Clubroom') {
          const viewer: Viewer = { userId: a.volunteerId, sessionId: randomUUID(), email: a.email, role: 'volunteer', isPlatformAdmin: false, isCouncilAdmin: false };
          await clubroom.services.volunteerApplications.withdraw(viewer, a.appId);
        } else {
          const sent = await bareWithdraw(bareSql, barePlan, { applicationId: a.appId, volunteerId: a.volunteerId, positionId: pos.positionId });
          bareStatements += sent;
        }
        return performance.now() - t;
      }),
    );
    const ms = performance.now() - t;
    const used = process.cpuUsage(node);
    const statements = side === 'Clubroom' ? recording!.length : bareStatements;
    if (side === 'Clubroom') lastLog = recording!;
    recording = null;
    return { ms, statements, each: each.sort((x, y) => x - y), cpu: { node: (used.user + used.system) / 1e6, postgres: cpuOf(pids) - pg } };
  };

  /** Throws unless the run gave exactly one place per withdrawal, in line order, each told once. */
  const check = async (side: Side, policy: Policy, pos: Position): Promise<void> => {
    const fail = (what: string) => {
      throw new Error(`${side}, ${policy === 'automatic' ? 'automatic promotion' : 'timed offer'}: ${what}`);
    };
    const size = pos.accepted.length;
    const gives = policy === 'automatic' ? 'accepted' : 'offered';
    const rows = await sql<{ id: string; status: string; at: Date; expires: Date | null }[]>`
      select id, status, updated_at as at, offer_expires_at as expires from volunteer_applications where position_id = ${pos.positionId}`;
    const byId = new Map(rows.map((r) => [r.id, r]));
    const notWithdrawn = pos.accepted.filter((a) => byId.get(a.appId)?.status !== 'withdrawn').length;
    if (notWithdrawn > 0) fail(`${notWithdrawn} of ${size} withdrawals did not withdraw`);
    const notGiven = pos.line.filter((l) => byId.get(l.appId)?.status !== gives).length;
    if (notGiven > 0) fail(`${notGiven} of the ${size} in line were not ${gives} (${size} places freed)`);
    if (policy === 'offer' && pos.line.some((l) => !byId.get(l.appId)?.expires)) fail('an offer without a deadline');
    // In line order: the k-th place given (by when it was given) went to the k-th in line.
    const given = [...pos.line.keys()].sort((x, y) => byId.get(pos.line[x]!.appId)!.at.getTime() - byId.get(pos.line[y]!.appId)!.at.getTime() || x - y);
    const outOfOrder = given.findIndex((k, i) => k !== i);
    if (outOfOrder >= 0) fail(`not in line order: place ${outOfOrder + 1} went to number ${given[outOfOrder]! + 1} in line`);
    const events = await sql<{ applicationId: string; status: string; n: number }[]>`
      select application_id as "applicationId", status, count(*)::int as n from volunteer_application_events
      where application_id = any(${rows.map((r) => r.id)}::uuid[]) group by 1, 2`;
    const eventsOf = (id: string, status: string) => events.find((e) => e.applicationId === id && e.status === status)?.n ?? 0;
    if (pos.line.some((l) => eventsOf(l.appId, gives) !== 1)) fail(`not exactly one '${gives}' event per volunteer in line`);
    if (pos.accepted.some((a) => eventsOf(a.appId, 'withdrawn') !== 1)) fail(`not exactly one 'withdrawn' event per withdrawal`);
    const kind = policy === 'automatic' ? 'volunteer_place_given' : 'volunteer_place_offered';
    const told = await sql<{ userId: string; kind: string; n: number }[]>`
      select user_id as "userId", kind, count(*)::int as n from notifications
      where user_id = any(${[pos.clubId, ...pos.accepted.map((a) => a.volunteerId), ...pos.line.map((l) => l.volunteerId)]}::uuid[]) group by 1, 2`;
    const tells = (userId: string, k: string) => told.find((t) => t.userId === userId && t.kind === k)?.n ?? 0;
    const wrong = pos.line.filter((l) => tells(l.volunteerId, kind) !== 1).length;
    if (wrong > 0) fail(`${wrong} of ${size} promoted volunteers did not get exactly one ${kind} notification`);
    const total = told.filter((t) => t.kind === kind).reduce((s, t) => s + t.n, 0);
    if (total !== size) fail(`${total} ${kind} notifications for ${size} places`);
    if (pos.accepted.some((a) => told.some((t) => t.userId === a.volunteerId))) fail('a withdrawing volunteer was told something');
    if (tells(pos.clubId, 'volunteer_application_withdrawn') !== size) fail(`the club got ${tells(pos.clubId, 'volunteer_application_withdrawn')} withdrawal notifications for ${size}`);
    if (tells(pos.clubId, 'volunteer_line_moved') !== size) fail(`the club got ${tells(pos.clubId, 'volunteer_line_moved')} line notifications for ${size}`);
    const mails = await sql<{ to: string; n: number }[]>`
      select "to", count(*)::int as n from mail_outbox where "to" in (select email from users where id = any(${pos.line.map((l) => l.volunteerId)}::uuid[])) group by 1`;
    const lineEmails = await sql<{ email: string }[]>`select email from users where id = any(${pos.line.map((l) => l.volunteerId)}::uuid[])`;
    if (lineEmails.some((u) => (mails.find((m) => m.to === u.email)?.n ?? 0) !== 1)) fail('not exactly one email per promoted volunteer');
    if (policy === 'offer') {
      const [{ jobs }] = await sql<{ jobs: number }[]>`select count(*)::int as jobs from jobs where key = any(${pos.line.map((l) => `volunteer-offer:${l.appId}`)}::text[]) and status = 'pending'`;
      if (jobs !== size) fail(`${jobs} offer expiry jobs for ${size} offers`);
    }
    const [state] = await sql<{ status: string; autoFilled: boolean; held: number }[]>`
      select p.status, p.auto_filled as "autoFilled", (select count(*)::int from volunteer_applications a where a.position_id = p.id and a.status in ('accepted', 'offered')) as held
      from club_volunteer_positions p where p.id = ${pos.positionId}`;
    if (state?.status !== 'filled' || !state.autoFilled || state.held !== size) fail(`the position ended ${state?.status} with ${state?.held} of ${size} places held`);
  };

  // ---- a warm-up of both (JIT, prepared statements, pools) on positions of 5 --------------------------
  for (const policy of ['automatic', 'offer'] as const) {
    for (const side of ['Clubroom', 'bare'] as const) {
      const pos = await makePosition(`warm-${policy}-${side}`.toLowerCase(), 5, policy);
      await run(side, pos);
      await check(side, policy, pos);
    }
  }
  await sql`analyze`;
  console.log(`[${elapsed()}] warmed up: both sides on a position of 5, both policies`);

  // ---- the rounds ---------------------------------------------------------------------------------------
  const results: Record<Policy, Record<Side, Measured[]>> = { automatic: { Clubroom: [], bare: [] }, offer: { Clubroom: [], bare: [] } };
  const kindsOf: Partial<Record<Policy, [string, number][]>> = {};
  for (const policy of ['automatic', 'offer'] as const) {
    for (let round = 1; round <= rounds; round++) {
      for (const side of ['Clubroom', 'bare'] as const) {
        const pos = await makePosition(`${policy}-${side}-${round}`.toLowerCase(), n, policy);
        const m = await run(side, pos);
        await check(side, policy, pos);
        results[policy][side].push(m);
        console.log(
          `[${elapsed()}] ${policy === 'automatic' ? 'automatic promotion' : 'timed offer'}, round ${round}, ${side}: ${n} concurrent withdrawals in ${m.ms.toFixed(0)} ms, ${m.statements} statements; exactly one ${policy === 'automatic' ? 'promotion' : 'offer'} each, in line order`,
        );
        if (side === 'Clubroom') {
          const byKind = new Map<string, number>();
          for (const s of lastLog) {
            const k = s.replace(/\s+/g, ' ').trim().slice(0, 70);
            byKind.set(k, (byKind.get(k) ?? 0) + 1);
          }
          kindsOf[policy] = [...byKind].sort((x, y) => y[1] - x[1]);
        }
      }
    }
  }

  const [{ version }] = await sql<{ version: string }[]>`select current_setting('server_version') as version`;
  await bareSql.end();
  await sql.end();
  await clubroom.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });

  // ---- the block ------------------------------------------------------------------------------------
  const median = (all: Measured[]) => [...all].sort((x, y) => x.ms - y.ms)[Math.floor(all.length / 2)]!;
  const range = (all: Measured[]) => `${Math.min(...all.map((m) => m.ms)).toFixed(0)}–${Math.max(...all.map((m) => m.ms)).toFixed(0)}`;
  const at = (m: Measured, p: number) => m.each[Math.min(m.each.length - 1, Math.floor(p * m.each.length))]!;
  const rows: (string | number)[][] = [];
  const ratios: string[] = [];
  for (const policy of ['automatic', 'offer'] as const) {
    const label = policy === 'automatic' ? 'automatic promotion' : 'timed offer';
    const k = median(results[policy].Clubroom);
    const b = median(results[policy].bare);
    for (const [side, m, all] of [
      ['Clubroom (services in process)', k, results[policy].Clubroom],
      ['bare (postgres.js, by hand)', b, results[policy].bare],
    ] as const) {
      rows.push([
        `${label}: ${side}`,
        m.ms.toFixed(0),
        range(all),
        (m.ms / n).toFixed(1),
        at(m, 0.5).toFixed(0),
        m.statements,
        (m.statements / n).toFixed(1),
        m.cpu.node.toFixed(2),
        m.cpu.postgres.toFixed(2),
      ]);
    }
    ratios.push(`${label}: Clubroom ÷ bare, time ${(k.ms / b.ms).toFixed(2)}×, statements ${(k.statements / b.statements).toFixed(1)}×`);
  }
  const kinds = (policy: Policy) =>
    (kindsOf[policy] ?? [])
      .slice(0, 12)
      .map(([s, c]) => `${c}× \`${s.replace(/`/g, "'")}…\``)
      .join('; ');
  const date = new Date().toISOString();
  const block = [
    `Measured ${date.slice(0, 16).replace('T', ' ')} UTC by \`${opts.command}\` (wall time ${elapsed()}).`,
    `Machine: ${machine()} (nproc ${availableParallelism()}), PostgreSQL ${version}. Data: per run a position of its own with ${n} places, ${n} accepted volunteers and ${n} more on its waiting list, FILLED by itself; all ${n} accepted volunteers withdraw at once (Promise.all, ${CONNECTIONS} database connections each side).`,
    `Clubroom is its services in process (VolunteerApplicationsService.withdraw, as the withdrawVolunteerApplication mutation calls it; workers stopped); bare is bench/waitlist-bare.ts, one transaction per withdrawal by hand (7 statements; 8 with a timed offer, its expiry job). Every run was checked: each withdrawal withdrew, exactly one promotion (or offer) each, in line order, one history event each, one place notification and one email per volunteer in line and none twice, the club told once per withdrawal and once per move, the position FILLED with every place held (and with a timed offer, one expiry job per offer). ${rounds} round(s) per side and policy, a fresh position each run, the median shown. Statements: BEGIN/COMMIT not counted. CPU: seconds of this process and of the database's PostgreSQL backends over the run.`,
    '',
    table([`${n} concurrent withdrawals`, `time ms (median of ${rounds})`, 'range ms', 'ms a withdrawal', 'median withdrawal answered after ms', 'statements', 'statements a withdrawal', 'node CPU s', 'PostgreSQL CPU s'], rows),
    '',
    `${ratios.join('; ')}.`,
    `Clubroom's statements by kind, automatic promotion: ${kinds('automatic')}.`,
  ].join('\n');
  console.log(`\n${block}`);
  const file = join(RESULTS, `waitlist-promotion${opts.quick ? '-quick' : ''}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ date, command: opts.command, machine: machine(), postgres: version, withdrawals: n, rounds, connections: CONNECTIONS, results, statementsByKind: Object.fromEntries(Object.entries(kindsOf).map(([p, k]) => [p, Object.fromEntries(k)])) }, null, 2)}\n`,
  );
  console.log(`Written: ${file}`);
  if (opts.writeDocs) {
    const docs = join(ROOT, 'docs', 'BENCHMARKS.md');
    const [start, end] = ['<!-- bench:waitlist:start -->', '<!-- bench:waitlist:end -->'];
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
  await runWaitlistPart({ quick: argv.includes('--quick'), writeDocs: !argv.includes('--no-write') && !argv.includes('--quick'), command: `npx tsx --tsconfig server/tsconfig.json bench/waitlist-promotion.ts${argv.length ? ` ${argv.join(' ')}` : ''}` });
  process.exit(0);
}
