// HTTP load on the administration area's reads: Clubroom (the real server, bench/server.ts, POST
// /graphql with the administrator's bearer access token, each scenario's operation as the admin
// panel's web client sends it) against a bare node:http + postgres.js handler running the same SQL
// (bench/admin-bare.ts, the statements recorded from Clubroom by bench/admin-statements.ts, the
// same token check). Each server runs in its own process; this process is the load tool
// (autocannon). The scenarios are bench/admin-lib.ts's: the applications list with each filter and
// sort, the audit log with each filter, the statistics, the activity report and the counters.
//
//   npx tsx --tsconfig server/tsconfig.json bench/admin-generate.ts   # once
//   npx tsx --tsconfig server/tsconfig.json bench/admin-http.ts
//
// BENCH_DURATION (s, default 8), BENCH_CONNECTIONS (default 20), BENCH_ATTEMPTS (default 3: a run
// during which other processes used more than 0.3 cores is repeated, the least disturbed kept),
// BENCH_QUIET_WAIT (s, default 90: how long to wait for an idle machine before each run),
// BENCH_CHECK_ONLY=true (compare the answers, measure nothing), BENCH_ONLY (comma-separated scenario numbers, from 1, to run only those), BENCH_LABEL (names the
// result files: bench/results/admin-http[-label].txt/.json).
//
// The administrator signs in once (in bench/admin-statements.ts) with a 24-hour access token and
// session (LONG_SESSION_ENV, also given to the measured server), so no token expires during a run.
// Before each run the script also waits until the database has no statement running (requests
// abandoned at the end of the previous run). The load runs, the checks and the tables are
// bench/http-harness.ts's (runScenarioBench). A scenario too slow to answer twice per connection in
// the 3 s warm-up is measured over 3 answers per connection instead of BENCH_DURATION.
// clubApplication(id) is not measured: each call writes an audit entry and counts against the
// per-administrator view limit (200 a minute).
import { ADMIN_DATABASE, ADMIN_DATABASE_URL, connectAdmin, LONG_SESSION_ENV, scenarioBody, scenarios } from './admin-lib.js';
import { recordAdminStatements } from './admin-statements.js';
import { httpSettings, runScenarioBench, withoutAnswers, type Target } from './http-harness.js';
import { machine, startChild } from './lib.js';

const settings = httpSettings({ duration: 8, connections: 20 });

console.log(`Machine: ${machine()}`);
const all = scenarios();
const { token, byScenario } = await recordAdminStatements(all);
const statements = withoutAnswers(all.map((s) => s.name), byScenario);
const [clubroom, bare] = await Promise.all([
  startChild('server.ts', { BENCH_DATABASE_URL: ADMIN_DATABASE_URL, ...LONG_SESSION_ENV }),
  startChild('admin-bare.ts', { BARE_ADMIN_STATEMENTS: JSON.stringify(statements) }),
]);

const authorization = `Bearer ${token}`;
const targets: Target<'Clubroom' | 'bare'>[] = [
  {
    name: 'Clubroom',
    child: clubroom,
    request: (i) => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json', authorization }, body: scenarioBody(all[i]!) }),
  },
  { name: 'bare', child: bare, request: (i) => ({ method: 'GET', path: `/admin?scenario=${i}`, headers: { authorization } }) },
];

await runScenarioBench({
  results: 'admin-http',
  title: 'Administration reads',
  settings,
  scenarios: all,
  answers: byScenario,
  targets,
  sql: connectAdmin(),
  database: ADMIN_DATABASE,
});
