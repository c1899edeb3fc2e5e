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
// abandoned at the end of the previous run). A scenario too slow to answer twice per connection in
// the 3 s warm-up is measured over 3 answers per connection instead of BENCH_DURATION.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon, { type RawRequest, type Result } from 'autocannon';
import { connectVolunteers, LONG_SESSION_ENV, scenarioBody, scenarios, VOLUNTEERS_DATABASE, VOLUNTEERS_DATABASE_URL } from './volunteer-lib.js';
import { recordVolunteerStatements } from './volunteer-statements.js';
import { coresBusy, cpuSecondsOf, machine, machineCpu, RESULTS, startChild, table, waitForQuiet, type Child } from './lib.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 3);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const WARM_UP = 3;
const INTERFERENCE = 0.3;
/** Seconds to wait for an idle machine before each run (BENCH_QUIET_WAIT, default 90). */
const QUIET_WAIT = Number(process.env.BENCH_QUIET_WAIT ?? 90);
/** BENCH_CHECK_ONLY=true: compare the two servers' answers, measure nothing. */
const CHECK_ONLY = process.env.BENCH_CHECK_ONLY === 'true';

console.log(`Machine: ${machine()}`);
const all = scenarios();
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((n) => Number(n.trim()) - 1)) : null;
const measured = [...all.entries()].filter(([i]) => !only || only.has(i));
const { volunteer, token, byScenario } = await recordVolunteerStatements(all);
console.log(`Signed in as ${volunteer.email} (${volunteer.applications} applications).`);
const statements = all.map((s) => {
  const { answer: _answer, ...recorded } = byScenario.get(s.name)!;
  return recorded;
});
const [clubroom, bare] = await Promise.all([
  startChild('server.ts', { BENCH_DATABASE_URL: VOLUNTEERS_DATABASE_URL, ...LONG_SESSION_ENV }),
  startChild('volunteer-bare.ts', { BARE_VOLUNTEER_STATEMENTS: JSON.stringify(statements) }),
]);

interface Target {
  name: 'Clubroom' | 'bare';
  child: Child;
  request(scenarioIndex: number): RawRequest;
}
const authorization = `Bearer ${token}`;
const targets: Target[] = [
  {
    name: 'Clubroom',
    child: clubroom,
    request: (i) => ({
      method: 'POST',
      path: '/graphql',
      headers: { 'content-type': 'application/json', ...(all[i]!.as === 'volunteer' ? { authorization } : {}) },
      body: scenarioBody(all[i]!),
    }),
  },
  { name: 'bare', child: bare, request: (i) => ({ method: 'GET', path: `/volunteer?scenario=${i}`, headers: all[i]!.as === 'volunteer' ? { authorization } : ({} as Record<string, string>) }) },
];

const sql = connectVolunteers();
const backendPids = async () =>
  (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${VOLUNTEERS_DATABASE} and pid <> pg_backend_pid()`).map((r) => r.pid);
const cpuOf = (pids: number[]) =>
  pids.reduce((sum, pid) => {
    try {
      return sum + cpuSecondsOf(pid);
    } catch {
      return sum; // a backend that has gone
    }
  }, 0);

interface Run {
  result: Result;
  /** Cores used during the run: server process, PostgreSQL backends (with their parallel workers), load tool, interrupts, other processes. */
  cpu: { server: number; postgres: number; loadTool: number; irq: number; other: number };
}

/**
 * PostgreSQL's parallel workers (statements of these scenarios that read a whole table or index
 * run with up to two) are processes of their own that start and end with each statement, so they
 * are not among the backends listed before a run. While a run lasts, this reads /proc every 50 ms
 * for workers of the bench database's backends ("parallel worker for PID n") and keeps the CPU
 * each has used so far (the last <50 ms of a worker's life are missed).
 */
function sampleParallelWorkers(leaders: number[]): { stop(): number } {
  const ours = new Set(leaders);
  const known = new Map<number, boolean>();
  const cpu = new Map<number, number>();
  const sample = () => {
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      try {
        if (!known.has(pid)) {
          const leader = /^postgres: .*parallel worker for PID (\d+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1];
          known.set(pid, leader !== undefined && ours.has(Number(leader)));
        }
        if (known.get(pid)) cpu.set(pid, cpuSecondsOf(pid));
      } catch {
        // gone
      }
    }
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return [...cpu.values()].reduce((a, b) => a + b, 0);
    },
  };
}

/** Waits (up to 2 minutes) until no statement of the bench database is running: requests a
 *  previous run abandoned at its end are still being answered by the servers and PostgreSQL. */
async function waitForIdleDatabase() {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const [{ active }] = await sql<{ active: number }[]>`
      select count(*)::int as active from pg_stat_activity where datname = ${VOLUNTEERS_DATABASE} and state = 'active' and pid <> pg_backend_pid()`;
    if (active === 0 || Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A run of `duration` seconds, or (`amount`) until that many answers have come. */
type Length = { duration: number } | { amount: number };

async function load(target: Target, scenarioIndex: number, length: Length): Promise<Run> {
  const request = target.request(scenarioIndex);
  await waitForIdleDatabase();
  const pids = await backendPids();
  const workers = sampleParallelWorkers(pids);
  const start = { server: cpuSecondsOf(target.child.pid), postgres: cpuOf(pids), loadTool: process.cpuUsage(), machine: machineCpu() };
  const result = await autocannon({
    url: target.child.url,
    connections: CONNECTIONS,
    ...length,
    timeout: 'amount' in length ? 120 : 10,
    requests: [{ setupRequest: () => request }],
    verifyBody: (body) => body.startsWith('{"data":') && !body.includes('"errors":'),
  });
  const end = machineCpu();
  const workerSeconds = workers.stop();
  const tool = process.cpuUsage(start.loadTool);
  const per = (seconds: number) => seconds / result.duration;
  const server = per(cpuSecondsOf(target.child.pid) - start.server);
  const postgres = per(cpuOf(pids) - start.postgres + workerSeconds);
  const loadTool = per((tool.user + tool.system) / 1e6);
  const irq = coresBusy(start.machine, end, 'irq');
  return { result, cpu: { server, postgres, loadTool, irq, other: Math.max(0, coresBusy(start.machine, end) - irq - server - postgres - loadTool) } };
}

/** Both servers answer each scenario with the data Clubroom answered in process. */
async function checkSameAnswers() {
  for (const [i, s] of measured) {
    for (const t of targets) {
      const r = t.request(i);
      const res = await fetch(t.child.url + r.path, { method: r.method, headers: r.headers, body: r.body });
      const body = (await res.json()) as { data?: unknown };
      if (!isDeepStrictEqual(body.data, byScenario.get(s.name)!.answer)) {
        throw new Error(`${t.name} answers ${s.name} differently:\n${JSON.stringify(body).slice(0, 600)}\nrecorded:\n${JSON.stringify(byScenario.get(s.name)!.answer).slice(0, 600)}`);
      }
    }
  }
  console.log(`Both servers answer the same data for the ${measured.length} scenarios.`);
}

const runs: { scenario: string; target: Target['name']; run: Run }[] = [];
/** The scenarios measured by a number of answers. */
const slow = new Set<string>();
try {
  await checkSameAnswers();
  for (const [i, s] of CHECK_ONLY ? [] : measured) {
    // A scenario too slow to answer twice per connection during the first warm-up is measured by
    // a number of answers (3 per connection) instead of a duration, for both servers.
    let length: Length | undefined;
    for (const target of targets) {
      let best: Run | undefined;
      for (let attempt = 1; attempt <= ATTEMPTS && !(best && best.cpu.other < INTERFERENCE); attempt++) {
        await waitForQuiet(QUIET_WAIT); // a shared machine: start when it is idle
        const warmUp = await load(target, i, { duration: WARM_UP }); // JIT, connection pools, PostgreSQL's cache
        length ??= warmUp.result.requests.total >= 2 * CONNECTIONS ? { duration: DURATION } : { amount: 3 * CONNECTIONS };
        const run = await load(target, i, length);
        if (!best || run.cpu.other < best.cpu.other) best = run;
      }
      if ('amount' in length!) slow.add(s.name);
      const { result: r, cpu } = best!;
      runs.push({ scenario: s.name, target: target.name, run: best! });
      const errors = r.errors + r.timeouts + r.non2xx + r.mismatches;
      console.log(
        `${i + 1}. ${s.name}, ${target.name}: ${(r.requests.total / r.duration).toFixed(1)} req/s${'amount' in length! ? ` (${r.requests.total} answers in ${r.duration.toFixed(1)} s)` : ''}, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${errors}; ` +
          `cores: server ${cpu.server.toFixed(2)}, postgres ${cpu.postgres.toFixed(2)}, load tool ${cpu.loadTool.toFixed(2)}, irq ${cpu.irq.toFixed(2)}, other ${cpu.other.toFixed(2)}`,
      );
    }
  }
} finally {
  await Promise.all([clubroom.stop(), bare.stop(), sql.end()]);
}
if (CHECK_ONLY) process.exit(0);

const of = (s: string, t: Target['name']) => runs.find((r) => r.scenario === s && r.target === t)!.run;
const rps = (run: Run) => run.result.requests.total / run.result.duration;
const errors = (run: Run) => run.result.errors + run.result.timeouts + run.result.non2xx + run.result.mismatches;
const ms = (cores: number, run: Run) => (rps(run) > 0 ? ((1000 * cores) / rps(run)).toFixed(2) : '-');
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');
const label = (i: number, name: string) => `${i + 1}. ${name}${slow.has(name) ? ' *' : ''}`;
const summary = [
  `Volunteer area, HTTP load: ${CONNECTIONS} connections, ${DURATION} s per run after a ${WARM_UP} s warm-up. ${new Date().toISOString()}`,
  `Machine: ${machine()}`,
  '',
  table(
    ['scenario', 'Clubroom req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'p50 ms', 'p99 ms', 'req/s Clubroom/bare', 'p99 Clubroom/bare', 'server CPU ms/req Clubroom', 'bare', 'errors'],
    measured.map(([i, { name }]) => {
      const [g, b] = [of(name, 'Clubroom'), of(name, 'bare')];
      const [gl, bl] = [g.result.latency, b.result.latency];
      return [label(i, name), rps(g).toFixed(rps(g) < 10 ? 1 : 0), gl.p50, gl.p99, rps(b).toFixed(rps(b) < 10 ? 1 : 0), bl.p50, bl.p99, ratio(rps(g), rps(b)), ratio(gl.p99, bl.p99), ms(g.cpu.server, g), ms(b.cpu.server, b), errors(g) + errors(b)];
    }),
  ),
  ...(slow.size > 0 ? ['', `* Too slow for a ${DURATION} s run: measured over ${3 * CONNECTIONS} answers (3 per connection; timeout 120 s).`] : []),
  '',
  "Cores used during each run (of the machine's): server / PostgreSQL backends and their parallel workers / load tool / interrupts / other processes; then PostgreSQL CPU ms per request.",
  '',
  table(
    ['scenario', 'Clubroom cores', 'bare cores', 'PostgreSQL ms/req Clubroom', 'bare'],
    measured.map(([i, { name }]) => {
      const [g, b] = [of(name, 'Clubroom'), of(name, 'bare')];
      const cores = (run: Run) => Object.values(run.cpu).map((c) => c.toFixed(2)).join(' / ');
      return [label(i, name), cores(g), cores(b), ms(g.cpu.postgres, g), ms(b.cpu.postgres, b)];
    }),
  ),
].join('\n');
console.log(`\n${summary}`);
writeFileSync(join(RESULTS, `volunteer-http${LABEL}.txt`), `${summary}\n`);
writeFileSync(
  join(RESULTS, `volunteer-http${LABEL}.json`),
  `${JSON.stringify(runs.map((r) => ({ scenario: r.scenario, target: r.target, rps: rps(r.run), latency: r.run.result.latency, errors: errors(r.run), cpu: r.run.cpu })), null, 2)}\n`,
);
