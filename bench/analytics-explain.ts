// EXPLAIN (ANALYZE, BUFFERS) of every statement of adminAnalytics (the Analytics tab, issue 13)
// at scale, with the texts and parameters Clubroom sends: recorded from the real server
// (bench/recorder.ts: createClubroom in this process, the query logger) for `weeks` 12 and 52, then
// explained by bench/explain-harness.ts (run once, explained three times, the fastest kept). The
// report lists each statement's scans, rows read and time, and the statements that read a whole
// table; the script exits with 1 if any does but the totals (which count whole tables by nature).
// The connection sets jit off, as the service's read-only transaction does.
//
// Its own database (default clubroom_bench_analytics, BENCH_ANALYTICS_DATABASE, on the server of
// BENCH_DATABASE_URL), created and filled when missing (BENCH_ANALYTICS_REGENERATE=true: afresh),
// in set-based SQL after setseed, over the last three years:
// 100,000 accounts; 5,000 clubs (80% approved, half of those verified, 15% pending, 5% rejected, 1%
// removed by a moderator; 15 sports, skewed); 50,000 positions (60% live, 70% active); 40,000
// volunteer profiles; 500,000 applications; 1,000,000 messages; 10,000 content reports (30% open).
// Then VACUUM ANALYZE (a running database is vacuumed by autovacuum: the counts are index-only).
//
//   npx tsx --tsconfig server/tsconfig.json bench/analytics-explain.ts
import postgres from 'postgres';
import { openDatabase } from '../server/src/db/client.js';
import { BENCH_DATABASE_URL, connect } from './lib.js';
import { explainer, waitForQuietMachine, writeReport, type Statement } from './explain-harness.js';
import { openRecorder } from './recorder.js';

const DATABASE = process.env.BENCH_ANALYTICS_DATABASE ?? 'clubroom_bench_analytics';
const DATABASE_URL = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: `/${DATABASE}` }).toString();
const SIZES = { users: 100_000, clubs: 5_000, positions: 50_000, volunteers: 40_000, applications: 500_000, messages: 1_000_000, reports: 10_000 };
const SPAN = "interval '1095 days'";

async function generate() {
  const server = connect({ db: 'postgres' });
  const exists = (await server`select 1 from pg_database where datname = ${DATABASE}`).length > 0;
  if (exists && process.env.BENCH_ANALYTICS_REGENERATE !== 'true') {
    await server.end();
    return;
  }
  console.error(`Creating ${DATABASE} and filling it (a few minutes)`);
  await server.unsafe(`drop database if exists "${DATABASE}" with (force)`);
  await server.unsafe(`create database "${DATABASE}"`);
  await server.end();
  const database = await openDatabase({ databaseUrl: DATABASE_URL });
  await database.migrate();
  await database.close();
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
  const uid = (expr: string) => `md5('user' || (${expr}))::uuid`;
  const steps: [string, string][] = [
    ['seed', 'select setseed(0.13)'],
    [
      'users',
      `insert into users (id, email, full_name, password_hash, created_at)
       select ${uid('n')}, 'analytics' || n || '@bench.clubroom.test', 'Member ' || n, 'not-a-hash', now() - random() * ${SPAN}
       from generate_series(1, ${SIZES.users}) n`,
    ],
    [
      'clubs',
      `insert into clubs (id, name, contact_email, category, application_status, verified, removed_at, created_at)
       select ${uid('n')}, 'Club ' || n, 'club' || n || '@bench.clubroom.test',
         (array['Football','Football','Football','Rugby','Cricket','Cricket','Tennis','Swimming','Athletics','Cycling','Badminton','Basketball','Chess','Golf','Netball','Martial Arts','Table Tennis','Other'])[1 + floor(random() * 18)::int],
         case when r < 0.80 then 'approved' when r < 0.95 then 'pending' else 'rejected' end,
         r < 0.40, case when random() < 0.01 then now() end, now() - random() * ${SPAN}
       from (select n, random() as r from generate_series(1, ${SIZES.clubs}) n) s`,
    ],
    [
      'positions',
      `insert into club_volunteer_positions (id, club_id, title, description, is_live, status, created_at)
       select md5('pos' || n)::uuid, ${uid('1 + floor(random() * ' + SIZES.clubs + ')::int')}, 'Role ' || n, 'Help the club',
         random() < 0.6, case when random() < 0.7 then 'active' when random() < 0.67 then 'filled' else 'cancelled' end, now() - random() * ${SPAN}
       from generate_series(0, ${SIZES.positions - 1}) n`,
    ],
    [
      'volunteer profiles',
      `insert into volunteer_profiles (user_id, first_name, last_name, email)
       select ${uid('n')}, 'Volunteer', 'No. ' || n, 'analytics' || n || '@bench.clubroom.test'
       from generate_series(${SIZES.clubs + 1}, ${SIZES.clubs + SIZES.volunteers}) n`,
    ],
    [
      'applications',
      `insert into volunteer_applications (position_id, volunteer_id, club_id, status, applied_at)
       select p.id, ${uid(`${SIZES.clubs + 1} + g % ${SIZES.volunteers}`)}, p.club_id,
         (array['pending','accepted','rejected','withdrawn'])[1 + floor(random() * 4)::int], now() - random() * ${SPAN}
       from generate_series(0, ${SIZES.applications - 1}) g
       join club_volunteer_positions p on p.id = md5('pos' || ((g::bigint * 7919) % ${SIZES.positions}))::uuid
       on conflict do nothing`,
    ],
    [
      'messages',
      `insert into messages (sender_id, recipient_id, subject, content, read, created_at)
       select ${uid(`1 + floor(random() * ${SIZES.users})::int`)}, ${uid(`1 + floor(random() * ${SIZES.users})::int`)}, 'Hello there', 'A message', random() < 0.7, now() - random() * ${SPAN}
       from generate_series(1, ${SIZES.messages})`,
    ],
    [
      'reports',
      `insert into content_reports (reporter_id, target_type, target_id, target_owner_id, target_label, reason, status, created_at)
       select ${uid(`${SIZES.clubs + 1} + floor(random() * ${SIZES.volunteers})::int`)}, 'club', c, c, 'A club', 'spam',
         case when r < 0.2 then 'pending' when r < 0.3 then 'reviewed' when r < 0.8 then 'resolved' else 'dismissed' end, now() - random() * ${SPAN}
       from (select ${uid(`1 + floor(random() * ${SIZES.clubs})::int`)} as c, random() as r from generate_series(1, ${SIZES.reports})) s
       on conflict do nothing`,
    ],
    ['vacuum analyze', 'vacuum analyze'],
  ];
  for (const [label, statement] of steps) {
    const t = performance.now();
    await sql.unsafe(statement);
    console.error(`  ${label}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  await sql.end();
}

await generate();

const ANALYTICS = `query Analytics($weeks: Int) {
  adminAnalytics(weeks: $weeks) {
    totals { members volunteers clubs approvedClubs verifiedClubs opportunities applications messages openReports }
    verificationRate
    engagement { weekStart messages applications signUps }
    popularSports { sport clubs opportunities }
    recentActivity { kind title occurredAt member { id name } }
  }
}`;

const recorder = await openRecorder(DATABASE_URL);
const token = await recorder.signIn('admin@bench.clubroom.test');
const recorded = new Map<string, Statement[]>();
for (const weeks of [12, 52]) {
  const { res, log } = await recorder.recording(() => recorder.post(JSON.stringify({ query: ANALYTICS, variables: { weeks } }), token));
  const body = res.json() as { errors?: unknown };
  if (body.errors) throw new Error(`adminAnalytics failed: ${res.body.slice(0, 500)}`);
  // The transaction's own statements (isolation, `set local jit = off`) are not explained: this
  // connection sets jit off as the transaction does.
  recorded.set(`adminAnalytics(weeks: ${weeks})`, log.filter((s) => /^\s*(select|with)\b/i.test(s.sql)));
}
await recorder.close();

const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });
await sql`set jit = off`;
const [sizes] = await sql<Record<string, number>[]>`
  select (select count(*)::int from users) as users, (select count(*)::int from clubs) as clubs,
    (select count(*)::int from club_volunteer_positions) as positions, (select count(*)::int from volunteer_applications) as applications,
    (select count(*)::int from messages) as messages, (select count(*)::int from content_reports) as reports`;
await waitForQuietMachine();
const out: string[] = [`# adminAnalytics: the plans\n\nDatabase ${DATABASE}: ${Object.entries(sizes!).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}.\n`];
const { explainScenarios, summaryTable, wholeTable } = explainer({
  out,
  wholeTableScans: /Seq Scan on (users|clubs|club_volunteer_positions|volunteer_profiles|volunteer_applications|messages|content_reports)\b/g,
});
await explainScenarios(
  sql,
  [...recorded.keys()].map((name) => ({ name })),
  (name) => recorded.get(name)!,
  { heading: (s) => `## ${s.name}\n`, short: (text) => text.replace(/\s+/g, ' ').trim().slice(0, 300) },
);
await sql.end();
out.push(summaryTable());
// The totals count whole tables: every row is read whichever the path (a sequential scan or an
// index-only scan of a created-at index, as the planner finds cheaper). Any other statement that
// reads a whole table fails the check.
const totalsStatement = (name: string) => recorded.get(name)!.findIndex((st) => /^\s*select\s+\(select count\(\*\)/i.test(st.sql)) + 1;
const unexpected = wholeTable.filter((w) => !/^(adminAnalytics\(weeks: \d+\)): (\d+) /.test(w) || Number(/: (\d+) /.exec(w)![1]) !== totalsStatement(/^(.*?): \d+ /.exec(w)![1]!));
out.push(`\n${wholeTable.length ? `Sequential scans:\n- ${wholeTable.join('\n- ')}` : 'No plan scans a table sequentially.'}`);
out.push(`\n${unexpected.length ? `Unexpected (not the totals' whole-table counts):\n- ${unexpected.join('\n- ')}` : "Every sequential scan is one of the totals' whole-table counts."}`);
writeReport('analytics-explain.md', out);
if (unexpected.length > 0) process.exit(1);
