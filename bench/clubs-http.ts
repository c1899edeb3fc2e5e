// HTTP load on the club directory: Clubroom (POST /graphql, anonymous, the directory query as the
// web client sends it: 24 cards with live-role counts and meeting times) against a bare
// node:http + postgres.js handler running the same four SQL statements (bench/clubs-bare.ts),
// unprepared like drizzle and, third, prepared. Three cases: the first page, a search, a sport.
// Each server runs in its own process; this process is the load tool (autocannon).
//
//   npx tsx --tsconfig server/tsconfig.json bench/clubs-generate.ts   # once
//   npx tsx --tsconfig server/tsconfig.json bench/clubs-http.ts
//
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_ATTEMPTS (default 3: a run
// during which other processes used more than 0.3 cores is repeated, the least disturbed kept),
// BENCH_LABEL (names the result files: bench/results/clubs-http[-label].txt/.json).
import type { RawRequest } from 'autocannon';
import { CASES, CLUBS_DATABASE, CLUBS_DATABASE_URL, connectClubs, directoryBody } from './clubs-lib.js';
import { recordDirectoryStatements } from './clubs-statements.js';
import { checkSameAnswers, cores, errors, httpSettings, loadTool, rps, runLine, withoutAnswers, writeResults, type Run, type Target } from './http-harness.js';
import { machine, startChild, table } from './lib.js';

// BENCH_QUIET_WAIT, BENCH_CHECK_ONLY and BENCH_ONLY are not this script's: it waits up to 60 s.
const settings = { ...httpSettings({ duration: 10, connections: 50 }), quietWait: 60 };
const { duration: DURATION, connections: CONNECTIONS, warmUp: WARM_UP, label: LABEL } = settings;

console.log(`Machine: ${machine()}`);
const recorded = await recordDirectoryStatements();
const statements = withoutAnswers(CASES.map((c) => c.name), recorded);
const bareEnv = { BARE_CLUBS_STATEMENTS: JSON.stringify(statements) };
const [clubroom, bare, barePrepared] = await Promise.all([
  startChild('server.ts', { BENCH_DATABASE_URL: CLUBS_DATABASE_URL }),
  startChild('clubs-bare.ts', bareEnv),
  startChild('clubs-bare.ts', { ...bareEnv, BARE_PREPARE: 'true' }),
]);

const bareRequest = (i: number): RawRequest => ({ method: 'GET', path: `/directory?case=${i}`, headers: {} });
const targets: Target<'Clubroom' | 'bare' | 'bare, prepared'>[] = [
  {
    name: 'Clubroom',
    child: clubroom,
    request: (i) => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: directoryBody(CASES[i]!) }),
  },
  { name: 'bare', child: bare, request: bareRequest },
  { name: 'bare, prepared', child: barePrepared, request: bareRequest },
];

const sql = connectClubs();
// Every run lasts BENCH_DURATION; unlike the admin and volunteer benchmarks, no wait for an idle
// database before a run and no sampling of PostgreSQL's parallel workers during one.
const { measure } = loadTool({ sql, database: CLUBS_DATABASE, settings, busyDatabase: false });

type Name = (typeof targets)[number]['name'];
const runs: { case: string; target: Name; run: Run }[] = [];
try {
  await checkSameAnswers(targets, [...CASES.entries()], (name) => recorded.get(name)!.answer);
  console.log(`The three servers answer the same data for the ${CASES.length} cases.`);
  for (const [i, c] of CASES.entries()) {
    for (const target of targets) {
      const { run, length } = await measure(target, i, { duration: DURATION });
      runs.push({ case: c.name, target: target.name, run });
      console.log(runLine(`${c.name}, ${target.name}`, run, length, 0));
    }
  }
} finally {
  await Promise.all([clubroom.stop(), bare.stop(), barePrepared.stop(), sql.end()]);
}

const of = (c: string, t: Name) => runs.find((r) => r.case === c && r.target === t)!.run;
const msPerRequest = (run: Run) => `${((1000 * run.cpu.server) / rps(run)).toFixed(2)}, ${((1000 * run.cpu.postgres) / rps(run)).toFixed(2)}`;
const summary = [
  `Club directory, HTTP load: ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARM_UP} s warm-up. ${new Date().toISOString()}`,
  `Machine: ${machine()}`,
  '',
  table(
    ['case', 'Clubroom req/s', 'Clubroom p50 ms', 'Clubroom p99 ms', 'bare req/s', 'bare p50 ms', 'bare p99 ms', 'req/s Clubroom/bare', 'p99 Clubroom/bare', 'errors'],
    CASES.map(({ name }) => {
      const [g, b] = [of(name, 'Clubroom'), of(name, 'bare')];
      const [gl, bl] = [g.result.latency, b.result.latency];
      return [name, rps(g).toFixed(0), gl.p50, gl.p99, rps(b).toFixed(0), bl.p50, bl.p99, (rps(g) / rps(b)).toFixed(2), (gl.p99 / bl.p99).toFixed(2), errors(g) + errors(b)];
    }),
  ),
  '',
  'The bare handler with the same statements prepared (postgres.js `prepare: true`):',
  '',
  table(
    ['case', 'bare, prepared req/s', 'p50 ms', 'p99 ms', 'req/s Clubroom/bare prepared', 'errors'],
    CASES.map(({ name }) => {
      const p = of(name, 'bare, prepared');
      return [name, rps(p).toFixed(0), p.result.latency.p50, p.result.latency.p99, (rps(of(name, 'Clubroom')) / rps(p)).toFixed(2), errors(p)];
    }),
  ),
  '',
  'Cores used during each run (of the machine\'s): server / PostgreSQL backends / load tool / interrupts / other processes; then CPU ms per request (server, PostgreSQL).',
  '',
  table(
    ['case', 'Clubroom cores', 'bare cores', 'Clubroom ms/req', 'bare ms/req', 'bare, prepared ms/req'],
    CASES.map(({ name }) => {
      const [g, b, p] = [of(name, 'Clubroom'), of(name, 'bare'), of(name, 'bare, prepared')];
      return [name, cores(g), cores(b), msPerRequest(g), msPerRequest(b), msPerRequest(p)];
    }),
  ),
].join('\n');
writeResults(
  `clubs-http${LABEL}`,
  summary,
  runs.map((r) => ({ case: r.case, target: r.target, rps: rps(r.run), latency: r.run.result.latency, errors: errors(r.run), cpu: r.run.cpu })),
);
