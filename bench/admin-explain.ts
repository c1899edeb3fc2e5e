// EXPLAIN (ANALYZE, BUFFERS) of every statement of every admin scenario, with the texts and
// parameters Clubroom sends (recorded from the server by bench/admin-statements.ts), and of the
// session check every request makes. Each statement runs once before it is explained (the warm
// cache of a running server), then is explained three times, the fastest kept; a statement that another scenario already sent with the same
// parameters is not explained twice. Ends with a table of the access paths, rows and times, and
// the statements that read a whole table.
//
//   npx tsx --tsconfig server/tsconfig.json bench/admin-explain.ts
//
// Then, in a transaction that is rolled back (the database keeps none of it), the candidate
// indexes of CANDIDATES below are created and the statements they are for explained again.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type postgres from 'postgres';
import { connectAdmin, scenarios, type Statement } from './admin-lib.js';
import { recordAdminStatements } from './admin-statements.js';
import { RESULTS, table, waitForQuiet } from './lib.js';

const list = scenarios();
const { byScenario } = await recordAdminStatements(list);
const sql = connectAdmin();
console.error(`Waiting for a quiet machine (cores busy at the start: ${(await waitForQuiet(120)).toFixed(2)})`);
const out: string[] = [];
const summary: (string | number)[][] = [];
const wholeTable: string[] = [];
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

function record(title: string, plan: string) {
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  const seq = plan.match(/Seq Scan on (clubs|admin_actions|users)\b/g) ?? [];
  if (seq.length > 0) wholeTable.push(`${title} (${[...new Set(seq)].join(', ')})`);
  summary.push([title, accessPaths(plan).join('; ') + (/\bJIT:/.test(plan) ? ' (JIT)' : ''), rowsRead(plan).toLocaleString('en'), time]);
  out.push(`### ${title}\n\n\`\`\`\n${plan}\n\`\`\`\n`);
}

/** Runs the statement once, then explains it three times and keeps the fastest (the machine is
 *  shared: a slower one was disturbed). */
async function explain(db: postgres.Sql | postgres.TransactionSql, title: string, s: Statement) {
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

const short = (text: string) => text.replace(/^select "id", .*? from "(clubs|admin_actions)"/, 'select <every column> from "$1"').replace(/\s+/g, ' ').trim();
const first = byScenario.values().next().value!;
out.push(`## The session check (every request)\n\n\`${short(first.session.sql)}\`\n`);
await explain(sql, 'session check', first.session);

const seen = new Map<string, string>();
for (const s of list) {
  const r = byScenario.get(s.name)!;
  out.push(`## ${s.name}\n\nvariables \`${JSON.stringify(s.variables)}\`\n`);
  for (const [i, statement] of r.statements.entries()) {
    const title = `${s.name}: ${i + 1}`;
    const key = JSON.stringify(statement);
    out.push(`${i + 1}. \`${short(statement.sql)}\` with ${JSON.stringify(statement.params)}\n`);
    if (seen.has(key)) {
      out.push(`The same statement as ${seen.get(key)}.\n`);
      continue;
    }
    seen.set(key, title);
    await explain(sql, title, statement);
  }
}

// ---- candidate indexes (created in a transaction that is rolled back) -------------------------------

interface Candidate {
  index: string;
  /** The statements it is for: [scenario name, statement number from 1]. */
  for: [string, number][];
}
const byName = (name: string) => list.find((s) => s.name.startsWith(name))!.name;
const CANDIDATES: Candidate[] = [
  {
    // The list's location filter: ilike '%term%' on the city. pg_trgm is there (migration 0008);
    // the audit search has its trigram index (0009), explained above.
    index: `create index clubs_city_trgm_idx on clubs using gin (city gin_trgm_ops)`,
    for: [
      [byName('list: location'), 1],
      [byName('list: location'), 2],
    ],
  },
];
if (process.env.BENCH_SKIP_CANDIDATES !== 'true') {
  out.push('## Candidate indexes (created in a rolled-back transaction)\n');
  await sql
    .begin(async (tx) => {
      for (const c of CANDIDATES) {
        out.push(`\`${c.index}\`\n`);
        const name = /create index (\S+)/.exec(c.index)?.[1];
        if (name && (await tx`select 1 from pg_indexes where indexname = ${name}`).length > 0) throw new Error(`${name} exists already: a migration has it`);
        const t = performance.now();
        await tx.unsafe(c.index);
        const [size] = name ? await tx<{ size: string }[]>`select pg_size_pretty(pg_relation_size(${name})) as size` : [];
        out.push(`(built in ${((performance.now() - t) / 1000).toFixed(1)} s${size ? `, ${size.size}` : ''})\n`);
      }
      await tx.unsafe('analyze clubs, admin_actions');
      for (const c of CANDIDATES) {
        for (const [name, n] of c.for) await explain(tx, `${name}: ${n}, with ${/create index (\S+)/.exec(c.index)![1]}`, byScenario.get(name)!.statements[n - 1]!);
      }
      throw new Error('rollback');
    })
    .catch((err: Error) => {
      if (err.message !== 'rollback') throw err;
    });
}
await sql.end();

out.push(table(['statement', 'scans', 'rows read', 'execution ms (best of 3)'], summary));
out.push(`\n${wholeTable.length ? `Sequential scans of clubs, admin_actions or users:\n- ${wholeTable.join('\n- ')}` : 'No plan scans clubs, admin_actions or users sequentially.'}`);
const report = out.join('\n');
console.log(report);
writeFileSync(join(RESULTS, 'admin-explain.md'), `${report}\n`);
