// EXPLAIN (ANALYZE, BUFFERS) of the one statement of a directory request (issue 14: the cards, their
// live-role counts and meeting times and the total together) for each case, with the text and
// parameters Clubroom sends (recorded from the server by bench/clubs-statements.ts). It runs once
// before it is explained (the warm cache of a running server). Then again with a generic plan
// (plan_cache_mode = force_generic_plan), the plan a prepared statement may switch to. Ends with a table of the access paths and times.
//
//   npx tsx --tsconfig server/tsconfig.json bench/clubs-explain.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CASES, connectClubs, type Statement } from './clubs-lib.js';
import { recordDirectoryStatements } from './clubs-statements.js';
import { RESULTS, table } from './lib.js';

const recorded = await recordDirectoryStatements();
const sql = connectClubs();
const out: string[] = [];
const summary: string[][] = [];
const seqScans: string[] = [];
const planText = (rows: object[]) => rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');

/** The scans a plan makes: "Index Scan using clubs_directory_name_idx", "Seq Scan on clubs", … */
const accessPaths = (plan: string) => [...new Set(plan.match(/(Seq Scan|(Parallel )?Index Only Scan|Index Scan( Backward)?|Bitmap Index Scan) (on|using) \S+/g) ?? [])];

function record(title: string, plan: string) {
  const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? '?';
  if (/Seq Scan on (clubs|club_volunteer_positions|club_meeting_times)\b/.test(plan)) seqScans.push(title);
  summary.push([title, accessPaths(plan).join('; '), time]);
  out.push(`### ${title}\n\n\`\`\`\n${plan}\n\`\`\`\n`);
}

const literal = (v: unknown) => (typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v));

async function explain(title: string, s: Statement) {
  const run = (prefix: string) => sql.unsafe(prefix + s.sql, s.params as never[]);
  await run('');
  record(title, planText(await run('explain (analyze, buffers) ')));
}

async function explainGeneric(title: string, s: Statement) {
  await sql.begin(async (tx) => {
    await tx.unsafe('set local plan_cache_mode = force_generic_plan');
    await tx.unsafe(`prepare bench_generic as ${s.sql}`);
    const execute = `execute bench_generic(${s.params.map(literal).join(', ')})`;
    await tx.unsafe(execute);
    record(title, planText(await tx.unsafe(`explain (analyze, buffers) ${execute}`)));
    await tx.unsafe('deallocate bench_generic');
  });
}

for (const c of CASES) {
  const { statement, answer } = recorded.get(c.name)!;
  const total = (answer as { clubs: { totalCount: number } }).clubs.totalCount;
  out.push(`## ${c.name} (${total} matching clubs, ${c.variables.first} a page)\n`);
  out.push(`Parameters: \`${JSON.stringify(statement.params)}\`\n\n\`\`\`sql\n${statement.sql}\n\`\`\`\n`);
  await explain(c.name, statement);
}
out.push('## Generic plans (a prepared statement after five executions may use these)\n');
for (const c of CASES) await explainGeneric(`${c.name}, generic plan`, recorded.get(c.name)!.statement);
await sql.end();

out.push(table(['statement', 'scans', 'execution ms'], summary));
out.push(`\n${seqScans.length ? `Sequential scans of the club tables: ${seqScans.join('; ')}` : 'No plan scans a club table sequentially.'}`);
const report = out.join('\n');
console.log(report);
writeFileSync(join(RESULTS, 'clubs-explain.md'), `${report}\n`);
