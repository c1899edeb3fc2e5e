// Shared by the HTTP load benchmarks that measure Clubroom against a bare node:http + postgres.js
// handler on the same SQL (`npm run bench`: bench/run.ts, and bench/peers/compare.ts): their
// settings from the environment, the load runs (autocannon) with the CPU each process used, the
// best of several attempts on a shared machine, and the result files.
//
// Settings (each script documents its defaults): BENCH_DURATION (s), BENCH_CONNECTIONS,
// BENCH_ATTEMPTS (default 3: a run during which other processes used more than 0.3 cores is
// repeated, the least disturbed kept), BENCH_QUIET_WAIT (s, default 90: how long to wait for an
// idle machine before each run), BENCH_CHECK_ONLY=true (compare the answers, measure nothing),
// BENCH_ONLY (comma-separated scenario numbers, from 1, to run only those), BENCH_LABEL (names the
// result files: bench/results/<name>[-label].txt/.json).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon, { type RawRequest, type Result } from 'autocannon';
import { coresBusy, cpuSecondsOf, machine, machineCpu, RESULTS, table, waitForQuiet, type Child, type Sql } from './lib.js';

export interface HttpSettings {
  /** Seconds per measured run (BENCH_DURATION). */
  duration: number;
  /** BENCH_CONNECTIONS. */
  connections: number;
  /** BENCH_ATTEMPTS (default 3). */
  attempts: number;
  /** `-label` from BENCH_LABEL, or ''. */
  label: string;
  /** Seconds of warm-up before each run. */
  warmUp: number;
  /** Cores other processes may use during a run before it is repeated. */
  interference: number;
  /** Seconds to wait for an idle machine before each run (BENCH_QUIET_WAIT, default 90). */
  quietWait: number;
  /** BENCH_CHECK_ONLY=true: compare the servers' answers, measure nothing. */
  checkOnly: boolean;
  /** BENCH_ONLY: the indexes (from 0) of the scenarios to run, or null for all. */
  only: Set<number> | null;
}

export function httpSettings(defaults: { duration: number; connections: number }): HttpSettings {
  return {
    duration: Number(process.env.BENCH_DURATION ?? defaults.duration),
    connections: Number(process.env.BENCH_CONNECTIONS ?? defaults.connections),
    attempts: Number(process.env.BENCH_ATTEMPTS ?? 3),
    label: process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '',
    warmUp: 3,
    interference: 0.3,
    quietWait: Number(process.env.BENCH_QUIET_WAIT ?? 90),
    checkOnly: process.env.BENCH_CHECK_ONLY === 'true',
    only: process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((n) => Number(n.trim()) - 1)) : null,
  };
}

/** A server under load: its process and the request it answers for a scenario (or case). */
export interface Target<Name extends string = string> {
  name: Name;
  child: Child;
  request(scenarioIndex: number): RawRequest;
  /** Whether an answer is a good one (default: a GraphQL answer with data and no errors). */
  verifyBody?: (body: string) => boolean;
}

export interface Run {
  result: Result;
  /** Cores used during the run: server process, PostgreSQL backends (with their parallel workers, where sampled), load tool, interrupts, other processes. */
  cpu: { server: number; postgres: number; loadTool: number; irq: number; other: number };
}

/** A run of `duration` seconds, or (`amount`) until that many answers have come. */
export type Length = { duration: number } | { amount: number };

/**
 * PostgreSQL's parallel workers (statements that read a whole table or index run with up to two)
 * are processes of their own that start and end with each statement, so they are not among the
 * backends listed before a run. While a run lasts, this reads /proc every 50 ms for workers of the
 * bench database's backends ("parallel worker for PID n") and keeps the CPU each has used so far
 * (the last <50 ms of a worker's life are missed).
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

export interface LoadOptions {
  /** The bench database's connection (to list its backends) and name. */
  sql: Sql;
  database: string;
  settings: HttpSettings;
  /** Before each run, wait (up to 2 minutes) until no statement of the database is running, and
   *  during it count the CPU of the backends' parallel workers (sampleParallelWorkers). */
  busyDatabase: boolean;
}

/** The load tool: `load` makes one run; `measure` the best of the settings' attempts. */
export function loadTool({ sql, database, settings, busyDatabase }: LoadOptions) {
  const backendPids = async () => (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`).map((r) => r.pid);
  const cpuOf = (pids: number[]) =>
    pids.reduce((sum, pid) => {
      try {
        return sum + cpuSecondsOf(pid);
      } catch {
        return sum; // a backend that has gone
      }
    }, 0);

  /** Waits (up to 2 minutes) until no statement of the bench database is running: requests a
   *  previous run abandoned at its end are still being answered by the servers and PostgreSQL. */
  async function waitForIdleDatabase() {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [{ active }] = await sql<{ active: number }[]>`
        select count(*)::int as active from pg_stat_activity where datname = ${database} and state = 'active' and pid <> pg_backend_pid()`;
      if (active === 0 || Date.now() > deadline) return;
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async function load(target: Target, scenarioIndex: number, length: Length): Promise<Run> {
    const request = target.request(scenarioIndex);
    if (busyDatabase) await waitForIdleDatabase();
    const pids = await backendPids();
    const workers = busyDatabase ? sampleParallelWorkers(pids) : null;
    const start = { server: cpuSecondsOf(target.child.pid), postgres: cpuOf(pids), loadTool: process.cpuUsage(), machine: machineCpu() };
    const result = await autocannon({
      url: target.child.url,
      connections: settings.connections,
      ...length,
      timeout: 'amount' in length ? 120 : 10,
      requests: [{ setupRequest: () => request }],
      verifyBody: target.verifyBody ?? ((body) => body.startsWith('{"data":') && !body.includes('"errors":')),
    });
    const end = machineCpu();
    const workerSeconds = workers?.stop() ?? 0;
    const tool = process.cpuUsage(start.loadTool);
    const per = (seconds: number) => seconds / result.duration;
    const server = per(cpuSecondsOf(target.child.pid) - start.server);
    const postgres = per(cpuOf(pids) - start.postgres + workerSeconds);
    const loadTool = per((tool.user + tool.system) / 1e6);
    const irq = coresBusy(start.machine, end, 'irq');
    return { result, cpu: { server, postgres, loadTool, irq, other: Math.max(0, coresBusy(start.machine, end) - irq - server - postgres - loadTool) } };
  }

  /**
   * Up to `attempts` runs (after waiting for an idle machine and a warm-up each), until one during
   * which other processes used less than `interference` cores; answers the least disturbed. Without
   * a `length`, it is set by the first warm-up: a scenario too slow to answer twice per connection
   * is measured over 3 answers per connection instead of a duration (pass the answered length on
   * to the other servers of the same scenario).
   */
  async function measure(target: Target, scenarioIndex: number, length?: Length): Promise<{ run: Run; length: Length }> {
    let best: Run | undefined;
    for (let attempt = 1; attempt <= settings.attempts && !(best && best.cpu.other < settings.interference); attempt++) {
      await waitForQuiet(settings.quietWait); // a shared machine: start when it is idle
      const warmUp = await load(target, scenarioIndex, { duration: settings.warmUp }); // JIT, connection pools, PostgreSQL's cache
      length ??= warmUp.result.requests.total >= 2 * settings.connections ? { duration: settings.duration } : { amount: 3 * settings.connections };
      const run = await load(target, scenarioIndex, length);
      if (!best || run.cpu.other < best.cpu.other) best = run;
    }
    return { run: best!, length: length! };
  }

  return { load, measure };
}

export const rps = (run: Run) => run.result.requests.total / run.result.duration;
export const errors = (run: Run) => run.result.errors + run.result.timeouts + run.result.non2xx + run.result.mismatches;
/** The run's cores, "server / postgres / load tool / irq / other". */
export const cores = (run: Run) => Object.values(run.cpu).map((c) => c.toFixed(2)).join(' / ');

/** The line printed after each measured run: `${title}: … req/s, p50 …, cores: …`. */
export function runLine(title: string, { result: r, cpu }: Run, length: Length, rpsDigits: number): string {
  return (
    `${title}: ${(r.requests.total / r.duration).toFixed(rpsDigits)} req/s${'amount' in length ? ` (${r.requests.total} answers in ${r.duration.toFixed(1)} s)` : ''}, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, errors ${errors({ result: r, cpu })}; ` +
    `cores: server ${cpu.server.toFixed(2)}, postgres ${cpu.postgres.toFixed(2)}, load tool ${cpu.loadTool.toFixed(2)}, irq ${cpu.irq.toFixed(2)}, other ${cpu.other.toFixed(2)}`
  );
}

/** Prints the summary and writes bench/results/<name>.txt (the summary) and <name>.json (`records`). */
export function writeResults(name: string, summary: string, records: object[]) {
  console.log(`\n${summary}`);
  writeFileSync(join(RESULTS, `${name}.txt`), `${summary}\n`);
  writeFileSync(join(RESULTS, `${name}.json`), `${JSON.stringify(records, null, 2)}\n`);
}
