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
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import autocannon, { type RawRequest, type Result } from 'autocannon';
import { CASES, CLUBS_DATABASE, CLUBS_DATABASE_URL, connectClubs, directoryBody } from './clubs-lib.js';
import { recordDirectoryStatements } from './clubs-statements.js';
import { coresBusy, cpuSecondsOf, machine, machineCpu, RESULTS, startChild, table, waitForQuiet, type Child } from './lib.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 3);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const WARM_UP = 3;
const INTERFERENCE = 0.3;

console.log(`Machine: ${machine()}`);
const recorded = await recordDirectoryStatements();
const statements = CASES.map((c) => {
  const { answer: _answer, ...four } = recorded.get(c.name)!;
  return four;
});
const bareEnv = { BARE_CLUBS_STATEMENTS: JSON.stringify(statements) };
const [clubroom, bare, barePrepared] = await Promise.all([
  startChild('server.ts', { BENCH_DATABASE_URL: CLUBS_DATABASE_URL }),
  startChild('clubs-bare.ts', bareEnv),
  startChild('clubs-bare.ts', { ...bareEnv, BARE_PREPARE: 'true' }),
]);

interface Target {
  name: 'Clubroom' | 'bare' | 'bare, prepared';
  child: Child;
  request(caseIndex: number): RawRequest;
}
const bareRequest = (i: number): RawRequest => ({ method: 'GET', path: `/directory?case=${i}`, headers: {} });
const targets: Target[] = [
  {
    name: 'Clubroom',
    child: clubroom,
    request: (i) => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: directoryBody(CASES[i]!) }),
  },
  { name: 'bare', child: bare, request: bareRequest },
  { name: 'bare, prepared', child: barePrepared, request: bareRequest },
];

const sql = connectClubs();
const backendPids = async () =>
  (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${CLUBS_DATABASE} and pid <> pg_backend_pid()`).map((r) => r.pid);
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
  /** Cores used during the run: server process, PostgreSQL backends, load tool, interrupts, other processes. */
  cpu: { server: number; postgres: number; loadTool: number; irq: number; other: number };
}

async function load(target: Target, caseIndex: number, duration: number): Promise<Run> {
  const request = target.request(caseIndex);
  const pids = await backendPids();
  const start = { server: cpuSecondsOf(target.child.pid), postgres: cpuOf(pids), loadTool: process.cpuUsage(), machine: machineCpu() };
  const result = await autocannon({
    url: target.child.url,
    connections: CONNECTIONS,
    duration,
    requests: [{ setupRequest: () => request }],
    verifyBody: (body) => body.startsWith('{"data":') && !body.includes('"errors":'),
  });
  const end = machineCpu();
  const tool = process.cpuUsage(start.loadTool);
  const per = (seconds: number) => seconds / result.duration;
  const server = per(cpuSecondsOf(target.child.pid) - start.server);
  const postgres = per(cpuOf(pids) - start.postgres);
  const loadTool = per((tool.user + tool.system) / 1e6);
  const irq = coresBusy(start.machine, end, 'irq');
  return { result, cpu: { server, postgres, loadTool, irq, other: Math.max(0, coresBusy(start.machine, end) - irq - server - postgres - loadTool) } };
}

/** Every server answers each case with the data Clubroom answered in process. */
async function checkSameAnswers() {
  for (const [i, c] of CASES.entries()) {
    for (const t of targets) {
      const r = t.request(i);
      const res = await fetch(t.child.url + r.path, { method: r.method, headers: r.headers, body: r.body });
      const body = (await res.json()) as { data?: unknown };
      if (!isDeepStrictEqual(body.data, recorded.get(c.name)!.answer)) throw new Error(`${t.name} answers ${c.name} differently: ${JSON.stringify(body).slice(0, 400)}`);
    }
  }
  console.log(`The three servers answer the same data for the ${CASES.length} cases.`);
}

const runs: { case: string; target: Target['name']; run: Run }[] = [];
try {
  await checkSameAnswers();
  for (const [i, c] of CASES.entries()) {
    for (const target of targets) {
      let best: Run | undefined;
      for (let attempt = 1; attempt <= ATTEMPTS && !(best && best.cpu.other < INTERFERENCE); attempt++) {
        await waitForQuiet(60); // a shared machine: start when it is idle
        await load(target, i, WARM_UP); // JIT, connection pools, PostgreSQL's cache
        const run = await load(target, i, DURATION);
        if (!best || run.cpu.other < best.cpu.other) best = run;
      }
      const { result: r, cpu } = best!;
      runs.push({ case: c.name, target: target.name, run: best! });
      const errors = r.errors + r.timeouts + r.non2xx + r.mismatches;
      console.log(
        `${c.name}, ${target.name}: ${(r.requests.total / r.duration).toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${errors}; ` +
          `cores: server ${cpu.server.toFixed(2)}, postgres ${cpu.postgres.toFixed(2)}, load tool ${cpu.loadTool.toFixed(2)}, irq ${cpu.irq.toFixed(2)}, other ${cpu.other.toFixed(2)}`,
      );
    }
  }
} finally {
  await Promise.all([clubroom.stop(), bare.stop(), barePrepared.stop(), sql.end()]);
}

const of = (c: string, t: Target['name']) => runs.find((r) => r.case === c && r.target === t)!.run;
const rps = (run: Run) => run.result.requests.total / run.result.duration;
const errors = (run: Run) => run.result.errors + run.result.timeouts + run.result.non2xx + run.result.mismatches;
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
      const cores = (run: Run) => Object.values(run.cpu).map((c) => c.toFixed(2)).join(' / ');
      return [name, cores(g), cores(b), msPerRequest(g), msPerRequest(b), msPerRequest(p)];
    }),
  ),
].join('\n');
console.log(`\n${summary}`);
writeFileSync(join(RESULTS, `clubs-http${LABEL}.txt`), `${summary}\n`);
writeFileSync(join(RESULTS, `clubs-http${LABEL}.json`), `${JSON.stringify(runs.map((r) => ({ case: r.case, target: r.target, rps: rps(r.run), latency: r.run.result.latency, errors: errors(r.run), cpu: r.run.cpu })), null, 2)}\n`);
