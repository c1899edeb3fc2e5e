// HTTP load on the volunteer area's reads: Clubroom (the real server, bench/server.ts, POST
// /graphql, each scenario's operation as the web client sends it: the opportunities browser
// anonymously, the dashboard with the bench volunteer's bearer access token) against a bare
// node:http + postgres.js handler running the same SQL (bench/volunteer-bare.ts, the statements
// recorded from Clubroom by bench/volunteer-statements.ts, the same token check for the dashboard).
// Each server runs in its own process; this process is the load tool (autocannon). The scenarios
// are bench/volunteer-lib.ts's: the opportunities search (first page, a search word, a skill, a
// location) and the volunteer dashboard (its three queries as one document, then each alone).
//
//   npx tsx --tsconfig server/tsconfig.json bench/volunteer-generate.ts   # once
//   npx tsx --tsconfig server/tsconfig.json bench/volunteer-http.ts
//
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_ATTEMPTS (default 3: a run
// during which other processes used more than 0.3 cores is repeated, the least disturbed kept),
// BENCH_QUIET_WAIT (s, default 90: how long to wait for an idle machine before each run),
// BENCH_CHECK_ONLY=true (compare the answers, measure nothing), BENCH_ONLY (comma-separated
// scenario numbers, from 1, to run only those), BENCH_LABEL (names the result files:
// bench/results/volunteer-http[-label].txt/.json).
//
// The volunteer signs in once (in bench/volunteer-statements.ts) with a 24-hour access token and
// session (LONG_SESSION_ENV, also given to the measured server), so no token expires during a run.
// Before each run the script also waits until the database has no statement running (requests
// abandoned at the end of the previous run). The load runs, the checks and the tables are
// bench/http-harness.ts's (runScenarioBench). A scenario too slow to answer twice per connection in
// the 3 s warm-up is measured over 3 answers per connection instead of BENCH_DURATION.
import { connectVolunteers, LONG_SESSION_ENV, scenarioBody, scenarios, VOLUNTEERS_DATABASE, VOLUNTEERS_DATABASE_URL } from './volunteer-lib.js';
import { recordVolunteerStatements } from './volunteer-statements.js';
import { httpSettings, runScenarioBench, withoutAnswers, type Target } from './http-harness.js';
import { machine, startChild } from './lib.js';

const settings = httpSettings({ duration: 10, connections: 50 });

console.log(`Machine: ${machine()}`);
const all = scenarios();
const { volunteer, token, byScenario } = await recordVolunteerStatements(all);
console.log(`Signed in as ${volunteer.email} (${volunteer.applications} applications).`);
const statements = withoutAnswers(all.map((s) => s.name), byScenario);
const [clubroom, bare] = await Promise.all([
  startChild('server.ts', { BENCH_DATABASE_URL: VOLUNTEERS_DATABASE_URL, ...LONG_SESSION_ENV }),
  startChild('volunteer-bare.ts', { BARE_VOLUNTEER_STATEMENTS: JSON.stringify(statements) }),
]);

const authorization = `Bearer ${token}`;
/** The dashboard's scenarios carry the volunteer's token; the opportunities browser's none. */
const signedIn = (i: number): Record<string, string> => (all[i]!.as === 'volunteer' ? { authorization } : {});
const targets: Target<'Clubroom' | 'bare'>[] = [
  {
    name: 'Clubroom',
    child: clubroom,
    request: (i) => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json', ...signedIn(i) }, body: scenarioBody(all[i]!) }),
  },
  { name: 'bare', child: bare, request: (i) => ({ method: 'GET', path: `/volunteer?scenario=${i}`, headers: signedIn(i) }) },
];

await runScenarioBench({
  results: 'volunteer-http',
  title: 'Volunteer area',
  settings,
  scenarios: all,
  answers: byScenario,
  targets,
  sql: connectVolunteers(),
  database: VOLUNTEERS_DATABASE,
});
