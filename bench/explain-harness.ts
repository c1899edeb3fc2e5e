// Shared by the EXPLAIN benchmarks of recorded scenarios (bench/admin-explain.ts,
// bench/volunteer-explain.ts): each statement runs once before it is explained (the warm cache of
// a running server), then is explained three times, the fastest kept; a statement another scenario
// already sent with the same parameters is not explained twice. The candidate indexes are created
// in a transaction that is rolled back (the database keeps none of them) and the statements they
// are for explained again. The report collects each plan, and the summary table of the access
// paths, rows read and times.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type postgres from 'postgres';
import { RESULTS, table, waitForQuiet } from './lib.js';

/** One SQL statement as drizzle hands it to postgres.js. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** A candidate index and the statements it is for: [scenario name, statement number from 1]. */
export interface Candidate {
  index: string;
  for: [string, number][];
}

type Db = postgres.Sql | postgres.TransactionSql;

const planText = (rows: object[]) => rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');
/** The scans a plan makes: "Index Scan Backward using clubs_created_id_idx", "Seq Scan on clubs", … */
const accessPaths = (plan: string) =>
  [...new Set(plan.match(/(Parallel )?(Seq Scan|Index Only Scan( Backward)?|Index Scan( Backward)?|Bitmap Index Scan) (on|using) \S+/g) ?? [])];
/** Rows the plan's scans read (and removed by filters), summed over its scan nodes. */
function rowsRead(plan: string): number {
  let n = 0;
  for (const line of plan.split('\n')) {
    const scan = /(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan).*actual time=\S+ rows=(\d+) loops=(\d+)/.exec(line);
    if (scan) n += Number(scan[2]) * Number(scan[3]);
    const removed = /Rows Removed by (Filter|Index Recheck): (\d+)/.exec(line);
    if (removed) n += Number(removed[2]);
  }
  return n;
}

/** Waits (up to 2 minutes) for a quiet machine, saying so on stderr. */
export async function waitForQuietMachine() {
  console.error(`Waiting for a quiet machine (cores busy at the start: ${(await waitForQuiet(120)).toFixed(2)})`);
}

export interface ExplainOptions {
  /** The report: each plan is added to it. */
  out: string[];
  /** The sequential scans to list (a global regular expression, such as /Seq Scan on (clubs|users)\b/g). */
  wholeTableScans: RegExp;
  /** Called with each plan kept. */
  onPlan?: (plan: string) => void;
}

export function explainer({ out, wholeTableScans, onPlan }: ExplainOptions) {
  const summary: (string | number)[][] = [];
  /** The statements whose plans read a whole table (with the tables). */
  const wholeTable: string[] = [];

  function record(title: string, plan: string) {
    const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
    const seq = plan.match(wholeTableScans) ?? [];
    if (seq.length > 0) wholeTable.push(`${title} (${[...new Set(seq)].join(', ')})`);
    onPlan?.(plan);
    summary.push([title, accessPaths(plan).join('; ') + (/\bJIT:/.test(plan) ? ' (JIT)' : ''), rowsRead(plan).toLocaleString('en'), time]);
    out.push(`### ${title}\n\n\`\`\`\n${plan}\n\`\`\`\n`);
  }

  /** Runs the statement once, then explains it three times and keeps the fastest (the machine is
   *  shared: a slower one was disturbed). */
  async function explain(db: Db, title: string, s: Statement) {
    const run = (prefix: string) => db.unsafe(prefix + s.sql, s.params as never[]);
    await run('');
    let best: string | undefined;
    const time = (plan: string) => Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Infinity);
    for (let i = 0; i < 3; i++) {
      const plan = planText(await run('explain (analyze, buffers) '));
      if (!best || time(plan) < time(best)) best = plan;
    }
    record(title, best!);
  }

  /** Each scenario's heading, then each of its statements (`short`ened) and its plan. */
  async function explainScenarios<S extends { name: string }>(
    db: Db,
    scenarios: S[],
    statementsOf: (name: string) => Statement[],
    { heading, short }: { heading: (s: S) => string; short: (sql: string) => string },
  ) {
    const seen = new Map<string, string>();
    for (const s of scenarios) {
      out.push(heading(s));
      for (const [i, statement] of statementsOf(s.name).entries()) {
        const title = `${s.name}: ${i + 1}`;
        const key = JSON.stringify(statement);
        out.push(`${i + 1}. \`${short(statement.sql)}\` with ${JSON.stringify(statement.params)}\n`);
        if (seen.has(key)) {
          out.push(`The same statement as ${seen.get(key)}.\n`);
          continue;
        }
        seen.set(key, title);
        await explain(db, title, statement);
      }
    }
  }

  /** The candidate indexes (none with BENCH_SKIP_CANDIDATES=true), in a transaction that is rolled
   *  back; `analyze` names the tables to analyze once they are built. */
  async function explainCandidates(sql: postgres.Sql, candidates: Candidate[], statementsOf: (name: string) => Statement[], analyze: string) {
    if (candidates.length === 0 || process.env.BENCH_SKIP_CANDIDATES === 'true') return;
    out.push('## Candidate indexes (created in a rolled-back transaction)\n');
    await sql
      .begin(async (tx) => {
        for (const c of candidates) {
          out.push(`\`${c.index}\`\n`);
          const name = /create index (\S+)/.exec(c.index)?.[1];
          if (name && (await tx`select 1 from pg_indexes where indexname = ${name}`).length > 0) throw new Error(`${name} exists already: a migration has it`);
          const t = performance.now();
          await tx.unsafe(c.index);
          const [size] = name ? await tx<{ size: string }[]>`select pg_size_pretty(pg_relation_size(${name})) as size` : [];
          out.push(`(built in ${((performance.now() - t) / 1000).toFixed(1)} s${size ? `, ${size.size}` : ''})\n`);
        }
        await tx.unsafe(`analyze ${analyze}`);
        for (const c of candidates) {
          for (const [name, n] of c.for) await explain(tx, `${name}: ${n}, with ${/create index (\S+)/.exec(c.index)![1]}`, statementsOf(name)[n - 1]!);
        }
        throw new Error('rollback');
      })
      .catch((err: Error) => {
        if (err.message !== 'rollback') throw err;
      });
  }

  /** The table of every plan kept: statement, scans, rows read, time. */
  const summaryTable = () => table(['statement', 'scans', 'rows read', 'execution ms (best of 3)'], summary);

  return { explain, explainScenarios, explainCandidates, summaryTable, wholeTable };
}

/** Prints the report and writes it to bench/results/<file>. */
export function writeReport(file: string, out: string[]) {
  const report = out.join('\n');
  console.log(report);
  writeFileSync(join(RESULTS, file), `${report}\n`);
}
