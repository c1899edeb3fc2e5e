// A member's calendar feed with 20 followed clubs (issue 29 §6 and 'Measured'): `npm run bench --
// --calendar` (or this file alone). On a fresh database (BENCH_CALENDAR_DATABASE_URL, default
// clubroom_bench_calendar) it makes 20 approved clubs, each with 3 weekly meeting times planned
// into the sessions window (8 weeks × 3) by the sessions service, 4 past weeks of sessions, 2
// one-off events and one cancelled session; a member who follows all 20 and answered about half of
// the upcoming sessions; 12 public council meetings. The feed then holds about 770 events.
// 1. In process (createClubroom with a statement logger): records one GET /calendar/<secret>.ics
//    (the bare handler's plan) and times CalendarService.feed() alone.
// 2. Over HTTP: Clubroom (bench/calendar-server.ts) and the bare handler (bench/calendar-bare.ts:
//    node:http + postgres.js, the same statements, the iCalendar written by hand), after both are
//    checked to give the same events (parsed with ical.js: UID, SUMMARY, STATUS, SEQUENCE, DTSTART,
//    URL, PARTSTAT); each alone under autocannon, first the whole file, then a calendar app's
//    revalidation (If-None-Match: 304).
// It prints a Markdown block, writes bench/results/calendar-feed[-quick].json and, when asked, puts
// the block into docs/BENCHMARKS.md between the bench:calendar markers.
// Environment: BENCH_CALENDAR_DATABASE_URL, BENCH_CONNECTIONS (10), BENCH_DURATION (5 s; 2 quick),
// BENCH_CALENDAR_ITERATIONS (200 feed() calls; 50 quick).
import 'reflect-metadata';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import ICAL from 'ical.js';
import postgres from 'postgres';
import { createClubroom } from '../server/src/app/clubroom.js';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import type { Viewer } from '../server/src/lib/viewer.js';
import type { CalendarPlan } from './calendar-bare.js';
import { BENCH_PASSWORD, recreateDatabase, coresBusy, cpuSecondsOf, machine, machineCpu, percentile, RESULTS, ROOT, SERVER_NODE_FLAGS, startChild, table, type Child } from './lib.js';
import type { Statement } from './recorder.js';

const ADMIN = 'admin@bench.clubroom.test';
const MEMBER = 'calendar-member@bench.clubroom.test';
const APP_URL = 'http://clubroom.bench';
const CLUBS = 20;
const TIMES = [
  { dayOfWeek: 2, startTime: '19:00', endTime: '20:30' },
  { dayOfWeek: 4, startTime: '19:00', endTime: '20:30' },
  { dayOfWeek: 6, startTime: '09:00', endTime: '10:30' },
];

interface HttpRun {
  result: Result;
  cpu: { server: number; postgres: number; other: number };
}

export async function runCalendarPart(opts: { quick: boolean; writeDocs: boolean; command: string }): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const databaseUrl = process.env.BENCH_CALENDAR_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_calendar';
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const duration = Number(process.env.BENCH_DURATION ?? (opts.quick ? 2 : 5));
  const warmUp = opts.quick ? 1 : 2;
  const iterations = Number(process.env.BENCH_CALENDAR_ITERATIONS ?? (opts.quick ? 50 : 200));

  // ---- a fresh database --------------------------------------------------------------------------
  const database = await recreateDatabase(databaseUrl);

  // ---- 1. in process: the data, the recording, feed() alone ---------------------------------------
  let recording: Statement[] | null = null;
  const logQuery = (sql: string, params: unknown[]) => void recording?.push({ sql, params, turn: 0 });
  const db = await openDatabase({ databaseUrl, logger: { logQuery } });
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-bench-calendar-'));
  const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, APP_URL, LOG_LEVEL: 'silent', SERVE_WEB: 'false', MAIL_POLL_INTERVAL_MS: '3600000', ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD: BENCH_PASSWORD });
  const clubroom = await createClubroom(config, { database: db });
  await clubroom.mailWorker.stop();
  await clubroom.jobWorker.stop();

  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const owners = Array.from({ length: CLUBS }, (_, i) => `calendar-owner${String(i + 1).padStart(2, '0')}@bench.clubroom.test`);
  await sql`insert into users (email, full_name, password_hash) select e, initcap(split_part(e, '@', 1)), (select password_hash from users where email = ${ADMIN}) from unnest(${[...owners, MEMBER]}::text[]) as e`;
  const [member] = await sql<{ id: string }[]>`select id from users where email = ${MEMBER}`;
  const clubIds = (await sql<{ id: string }[]>`select id from users where email = any(${owners}::text[]) order by email`).map((r) => r.id);
  await sql`insert into clubs (id, name, contact_email, application_status, category, city) select id, 'Bench ' || initcap(split_part(email, '@', 1)) || ' AC', email, 'approved', 'Athletics', 'Benchford' from users where id = any(${clubIds}::uuid[])`;
  for (const clubId of clubIds) {
    for (const t of TIMES) await sql`insert into club_meeting_times (club_id, day_of_week, start_time, end_time) values (${clubId}, ${t.dayOfWeek}, ${t.startTime}, ${t.endTime})`;
    await db.db.transaction((tx) => clubroom.services.sessionPlanner.planClub(tx, clubId));
  }
  // Four past weeks (the feed reaches 30 days back), two events and one cancellation per club.
  await sql`
    insert into club_sessions (club_id, kind, slot_key, local_date, starts_at, ends_at)
    select c, 'session', 'past-' || k, (now() - make_interval(days => w * 7 - k * 2))::date, now() - make_interval(days => w * 7 - k * 2), now() - make_interval(days => w * 7 - k * 2) + interval '90 minutes'
    from unnest(${clubIds}::uuid[]) c, generate_series(1, 4) w, generate_series(0, 2) k`;
  await sql`
    insert into club_sessions (club_id, kind, title, description, place, starts_at, ends_at, capacity)
    select c, 'event', e.title, '<p>All welcome. Bring <b>water</b> and a friend.</p>', 'Benchford track', now() + e.ahead, now() + e.ahead + interval '3 hours', 40
    from unnest(${clubIds}::uuid[]) c, (values ('Club relay night', interval '9 days'), ('Summer tournament', interval '40 days')) e(title, ahead)`;
  await sql`
    update club_sessions set cancelled_at = now(), cancel_reason = 'Track resurfacing', sequence = sequence + 1, updated_at = now()
    where id in (select distinct on (club_id) id from club_sessions where kind = 'session' and starts_at > now() order by club_id, starts_at)`;
  await sql`insert into club_follows (club_id, user_id) select c, ${member!.id} from unnest(${clubIds}::uuid[]) c`;
  await sql`
    insert into session_answers (session_id, user_id, answer, reason)
    select id, ${member!.id}, case when n % 5 = 0 then 'cant' else 'going' end, case when n % 5 = 0 then 'Away that week' end
    from (select id, row_number() over (order by starts_at, id) n from club_sessions where starts_at > now()) s where n % 2 = 0`;
  await sql`
    insert into council_meetings (title, meeting_date, meeting_time, location, agenda)
    select 'Sports Council Meeting ' || g, (now() + make_interval(days => g * 5 - 20))::date, case when g % 4 = 0 then null else '18:30' end, 'Town Hall', '<p>Grants and pitches</p>'
    from generate_series(1, 12) g`;
  // Statistics as a live database has them (autovacuum): a fresh table's planner guesses one row.
  await sql`analyze`;
  const [{ n: sessionCount }] = await sql<{ n: number }[]>`select count(*)::int n from club_sessions`;

  const feed = await clubroom.services.calendar.rotate({ userId: member!.id } as Viewer);
  const path = new URL(feed.url).pathname;
  const get = async (headers: Record<string, string> = {}) => clubroom.app.inject({ method: 'GET', url: path, headers });
  await get();
  recording = [];
  const recorded = await get();
  const log = recording as Statement[];
  recording = null;
  if (recorded.statusCode !== 200) throw new Error(`the feed answered ${recorded.statusCode}: ${recorded.body.slice(0, 300)}`);
  const find = (pattern: RegExp) => {
    const s = log.find((x) => pattern.test(x.sql));
    if (!s) throw new Error(`no statement ${pattern} among:\n${log.map((x) => x.sql).join('\n')}`);
    return { sql: s.sql, params: s.params };
  };
  const plan: CalendarPlan = {
    appUrl: APP_URL,
    timeZone: clubroom.services.council.timeZone,
    owner: find(/from "calendar_feeds"/),
    sessions: find(/from "club_follows"/),
    recordedUserId: member!.id,
    council: find(/from "council_meetings"/),
  };
  const events = parseEvents(recorded.body);
  console.log(`[${elapsed()}] ${sessionCount} sessions and events in the database; the feed has ${events.length} events, ${(recorded.body.length / 1024).toFixed(0)} KiB, in ${log.length} statements`);

  const time = async (f: () => Promise<unknown>) => {
    for (let i = 0; i < Math.min(20, iterations); i++) await f();
    const ms: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const t = performance.now();
      await f();
      ms.push(performance.now() - t);
    }
    ms.sort((x, y) => x - y);
    return { median: percentile(ms, 50), p99: percentile(ms, 99) };
  };
  const secret = path.slice('/calendar/'.length, -'.ics'.length);
  const etag = recorded.headers.etag as string;
  const alone = await time(() => clubroom.services.calendar.feed(secret, undefined));
  const revalidate = await time(() => clubroom.services.calendar.feed(secret, etag));
  const rows = await time(() => clubroom.services.calendar.followedSessions(member!.id, new Date(Date.now() - 30 * 86_400_000), new Date(Date.now() + 366 * 86_400_000)));
  console.log(`[${elapsed()}] feed() alone timed (${iterations} calls)`);
  await clubroom.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });

  // ---- 2. over HTTP: Clubroom and the bare handler -----------------------------------------------
  const planFile = join(mkdtempSync(join(tmpdir(), 'clubroom-bench-calendar-plan-')), 'plan.json');
  writeFileSync(planFile, JSON.stringify(plan));
  const [clubroomChild, bareChild] = await Promise.all([
    startChild('calendar-server.ts', { BENCH_DATABASE_URL: databaseUrl }, SERVER_NODE_FLAGS),
    startChild('calendar-bare.ts', { BENCH_DATABASE_URL: databaseUrl, CALENDAR_PLAN: planFile }, SERVER_NODE_FLAGS),
  ]);
  const backendPids = async () => (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`).map((r) => r.pid);
  const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => { try { return sum + cpuSecondsOf(pid); } catch { return sum; } }, 0); // prettier-ignore
  const load = async (child: Child, headers: Record<string, string>, expected: number, seconds: number): Promise<HttpRun> => {
    const pids = await backendPids();
    const start = { server: cpuSecondsOf(child.pid), postgres: cpuOf(pids), tool: process.cpuUsage(), machine: machineCpu() };
    const result = await autocannon({
      url: child.url,
      connections,
      duration: seconds,
      timeout: 10,
      requests: [{ setupRequest: (request) => ({ ...request, method: 'GET', path, headers }) }],
      // A 304 has no body; a 404 or 500 would have one.
      verifyBody: (body) => (expected === 304 ? body === '' : body.startsWith('BEGIN:VCALENDAR')),
    });
    const refused = result.mismatches + (expected === 200 ? result.non2xx : 0);
    if (refused > 0) throw new Error(`${refused} answers were not ${expected}`);
    const per = (s: number) => s / result.duration;
    const tool = process.cpuUsage(start.tool);
    const srv = per(cpuSecondsOf(child.pid) - start.server);
    const pg = per(cpuOf(pids) - start.postgres);
    return { result, cpu: { server: srv, postgres: pg, other: Math.max(0, coresBusy(start.machine, machineCpu()) - srv - pg - per((tool.user + tool.system) / 1e6)) } };
  };
  const cases: { name: string; clubroom: HttpRun; bare: HttpRun }[] = [];
  try {
    // Both give the same events before anything is measured.
    const answers = await Promise.all([clubroomChild, bareChild].map(async (child) => {
      const res = await fetch(child.url + path);
      return { status: res.status, etag: res.headers.get('etag'), events: parseEvents(await res.text()) };
    })); // prettier-ignore
    const [k, b] = answers as [(typeof answers)[0], (typeof answers)[0]];
    if (k.status !== 200 || b.status !== 200) throw new Error(`the feed answered ${k.status} (Clubroom) and ${b.status} (bare)`);
    if (JSON.stringify(k.events) !== JSON.stringify(b.events)) {
      const diff = k.events.findIndex((e, i) => JSON.stringify(e) !== JSON.stringify(b.events[i]));
      throw new Error(`Clubroom and bare differ (${k.events.length} and ${b.events.length} events), first at ${diff}: ${JSON.stringify(k.events[diff])} vs ${JSON.stringify(b.events[diff])}`);
    }
    console.log(`[${elapsed()}] Clubroom and bare give the same ${k.events.length} events`);
    for (const [name, revalidating] of [['the whole feed (200)', false], ['revalidation, If-None-Match (304)', true]] as const) {
      const measured: HttpRun[] = [];
      for (const [child, tag] of [[clubroomChild, k.etag!], [bareChild, b.etag!]] as const) {
        const headers: Record<string, string> = revalidating ? { 'if-none-match': tag } : {};
        await load(child, headers, revalidating ? 304 : 200, warmUp);
        const run = await load(child, headers, revalidating ? 304 : 200, duration);
        const errs = run.result.errors + run.result.timeouts;
        console.log(`[${elapsed()}] ${name}, ${child === clubroomChild ? 'Clubroom' : 'bare'}: ${rps(run).toFixed(0)} req/s, p50 ${run.result.latency.p50} ms, p99 ${run.result.latency.p99} ms, errors ${errs}; cores: server ${run.cpu.server.toFixed(2)}, postgres ${run.cpu.postgres.toFixed(2)}, other ${run.cpu.other.toFixed(2)}`);
        if (errs > 0) throw new Error(`${name}: ${errs} failed requests`);
        measured.push(run);
      }
      cases.push({ name, clubroom: measured[0]!, bare: measured[1]! });
    }
  } finally {
    await Promise.all([clubroomChild.stop(), bareChild.stop()]);
    rmSync(planFile, { force: true });
  }
  const [{ version }] = await sql<{ version: string }[]>`select current_setting('server_version') as version`;
  await sql.end();

  // ---- the block ------------------------------------------------------------------------------------
  const ms = (cores: number, run: HttpRun) => ((1000 * cores) / rps(run)).toFixed(2);
  const tableRows = cases.map(({ name, clubroom: k, bare: b }) => [name, rps(k).toFixed(0), k.result.latency.p50, k.result.latency.p99, ms(k.cpu.server, k), ms(k.cpu.postgres, k), rps(b).toFixed(0), b.result.latency.p99, ms(b.cpu.server, b), ms(b.cpu.postgres, b), (rps(k) / rps(b)).toFixed(2)]);
  const other = cases.flatMap((c) => [c.clubroom, c.bare]).reduce((s, r) => s + r.cpu.other, 0) / (2 * cases.length);
  const date = new Date().toISOString();
  const block = [
    `Measured ${date.slice(0, 16).replace('T', ' ')} UTC by \`${opts.command}\` (wall time ${elapsed()}).`,
    `Machine: ${machine()} (nproc ${availableParallelism()}), PostgreSQL ${version}. Data: ${CLUBS} followed clubs, ${sessionCount} sessions and events (3 weekly meeting times over the 8-week window and 4 past weeks, 2 events and 1 cancellation per club), the member's answers on half the upcoming ones, 12 council meetings: a feed of ${events.length} events, ${(recorded.body.length / 1024).toFixed(0)} KiB, read with ${log.length} statements. Load: autocannon, ${connections} connections, ${warmUp} s warm-up then ${duration} s per run, one server under load at a time. Other processes used ${other.toFixed(2)} of the ${availableParallelism()} cores on average during the runs${other > 0.3 ? ' (a shared machine: compare CPU per request, not req/s)' : ''}.`,
    `Clubroom is bench/calendar-server.ts (createClubroom from source through tsx, NODE_ENV=production); bare is bench/calendar-bare.ts (node:http + postgres.js) running the statements Clubroom sent and writing the iCalendar text by hand; both were checked to give the same events (ical.js: UID, SUMMARY, STATUS, SEQUENCE, DTSTART, URL, PARTSTAT) first.`,
    '',
    table(['GET /calendar/<secret>.ics', 'req/s', 'p50 ms', 'p99 ms', 'server CPU ms/req', 'PostgreSQL CPU ms/req', 'bare req/s', 'bare p99', 'bare server CPU ms/req', 'bare PostgreSQL CPU ms/req', 'req/s ÷ bare'], tableRows),
    '',
    `In process, one call after another (${iterations} each): CalendarService.feed() median ${alone.median.toFixed(1)} ms (p99 ${alone.p99.toFixed(1)}), with a current If-None-Match (no file built) ${revalidate.median.toFixed(1)} ms (p99 ${revalidate.p99.toFixed(1)}); the sessions statement alone ${rows.median.toFixed(1)} ms (p99 ${rows.p99.toFixed(1)}).`,
  ].join('\n');
  console.log(`\n${block}`);
  const file = join(RESULTS, `calendar-feed${opts.quick ? '-quick' : ''}.json`);
  const record = (r: HttpRun) => ({ rps: rps(r), latency: r.result.latency, errors: r.result.errors + r.result.timeouts, cpu: r.cpu });
  writeFileSync(file, `${JSON.stringify({ date, command: opts.command, machine: machine(), postgres: version, connections, duration, iterations, events: events.length, bytes: recorded.body.length, statements: log.length, cases: cases.map((c) => ({ name: c.name, clubroom: record(c.clubroom), bare: record(c.bare) })), inProcess: { feed: alone, revalidate, sessionsStatement: rows } }, null, 2)}\n`);
  console.log(`Written: ${file}`);
  if (opts.writeDocs) {
    const docs = join(ROOT, 'docs', 'BENCHMARKS.md');
    const [start, end] = ['<!-- bench:calendar:start -->', '<!-- bench:calendar:end -->'];
    const text = readFileSync(docs, 'utf8');
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/BENCHMARKS.md has no ${start} … ${end} section`);
    writeFileSync(docs, text.slice(0, from) + `${start}\n${block}\n${end}` + text.slice(to + end.length));
    console.log(`Written: ${docs} (between ${start} and ${end})`);
  }
}

/** What a calendar app takes from each event, in the file's order. */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((e) => ({
    uid: String(e.getFirstPropertyValue('uid')),
    summary: String(e.getFirstPropertyValue('summary')),
    status: String(e.getFirstPropertyValue('status')),
    sequence: Number(e.getFirstPropertyValue('sequence')),
    start: String(e.getFirstPropertyValue('dtstart')),
    url: String(e.getFirstPropertyValue('url')),
    partstat: e.getFirstProperty('attendee')?.getParameter('partstat') ?? null,
  }));
}

const rps = (run: HttpRun) => run.result.requests.total / run.result.duration;

if (process.argv[1] === import.meta.filename) {
  const argv = process.argv.slice(2);
  await runCalendarPart({ quick: argv.includes('--quick'), writeDocs: !argv.includes('--no-write') && !argv.includes('--quick'), command: `npx tsx --tsconfig server/tsconfig.json bench/calendar-feed.ts${argv.length ? ` ${argv.join(' ')}` : ''}` });
  process.exit(0);
}
