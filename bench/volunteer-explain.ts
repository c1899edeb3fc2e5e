// EXPLAIN (ANALYZE, BUFFERS) of every statement of every volunteer scenario (the measured ones of
// bench/volunteer-lib.ts and the explained-only ones: next pages, the dashboard's filters and
// sorts, opportunitySkills, the clubs' volunteer search and a position's applications), with the
// texts and parameters Clubroom sends (recorded from the server by bench/volunteer-statements.ts),
// and of the session check. Each statement runs once before it is explained (the warm cache of a
// running server), then is explained three times, the fastest kept; a statement another scenario
// already sent with the same parameters is not explained twice. Ends with a table of the access
// paths, rows and times, the statements that read a whole table, and which indexes of migration
// 0010 (drizzle/0010_volunteers.sql) the plans use.
//
//   npx tsx --tsconfig server/tsconfig.json bench/volunteer-explain.ts
//
// Then, in a transaction that is rolled back (the database keeps none of it), the candidate
// indexes of CANDIDATES below (if any) are created and the statements they are for explained again.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type postgres from 'postgres';
import { connectVolunteers, explainedOnly, scenarios, type Statement } from './volunteer-lib.js';
import { benchClub, recordVolunteerStatements } from './volunteer-statements.js';
import { RESULTS, ROOT, table, waitForQuiet } from './lib.js';

const club = await benchClub();
const list = [...scenarios(), ...explainedOnly(club.positionId)];
const { volunteer, byScenario } = await recordVolunteerStatements(list);
const sql = connectVolunteers();
console.error(`Waiting for a quiet machine (cores busy at the start: ${(await waitForQuiet(120)).toFixed(2)})`);
const out: string[] = [
  `Volunteer ${volunteer.email} (${volunteer.applications} applications); club owner ${club.email} (its position with the most applications: ${club.applications}).\n`,
];
const summary: (string | number)[][] = [];
const wholeTable: string[] = [];
const used = new Set<string>();
const planText = (rows: object[]) => rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n');

/** The scans a plan makes: "Index Scan Backward using club_volunteer_positions_open_idx", "Seq Scan on clubs", … */
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
  const seq = plan.match(/Seq Scan on (clubs|club_volunteer_positions|volunteer_profiles|volunteer_applications|volunteer_application_events|users)\b/g) ?? [];
  if (seq.length > 0) wholeTable.push(`${title} (${[...new Set(seq)].join(', ')})`);
  for (const m of plan.matchAll(/(?:using|Bitmap Index Scan on) (\S+)/g)) used.add(m[1]!);
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

const short = (text: string) => text.replace(/\s+/g, ' ').trim();
const session = [...byScenario.values()].find((r) => r.session)!.session!;
out.push(`## The session check (every signed-in request)\n\n\`${short(session.sql)}\`\n`);
await explain(sql, 'session check', session);

const seen = new Map<string, string>();
for (const s of list) {
  const r = byScenario.get(s.name)!;
  out.push(`## ${s.name} (${s.as})\n\nvariables \`${JSON.stringify(s.variables)}\`${s.from ? `, with variables from the answer of "${s.from.scenario}"` : ''}\n`);
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
const CANDIDATES: Candidate[] = [
  {
    // The browser's unfiltered count reads every open position's heap row (a bitmap over one of
    // the partial indexes, ~5,000 pages) for its club_id, to join the approved clubs; with club_id
    // in a partial index of the open positions it is an index-only scan.
    index: `create index club_volunteer_positions_open_club_idx on club_volunteer_positions (club_id) where is_live and status = 'active'`,
    for: [['opportunities: first page', 2]],
  },
];
if (CANDIDATES.length > 0 && process.env.BENCH_SKIP_CANDIDATES !== 'true') {
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
      await tx.unsafe('analyze club_volunteer_positions, volunteer_applications, volunteer_profiles');
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

// The indexes migration 0010 creates, and whether any plan above uses them.
const migration = readFileSync(join(ROOT, 'drizzle', '0010_volunteers.sql'), 'utf8');
const created = [...migration.matchAll(/CREATE (?:UNIQUE )?INDEX "(\S+)" ON "(\S+)"/g)].map((m) => ({ name: m[1]!, table: m[2]! }));

out.push(table(['statement', 'scans', 'rows read', 'execution ms (best of 3)'], summary));
out.push(`\n${wholeTable.length ? `Sequential scans:\n- ${wholeTable.join('\n- ')}` : 'No plan scans a table sequentially.'}`);
out.push(`\nThe indexes of drizzle/0010_volunteers.sql:\n\n${table(['index', 'table', 'used by a plan above'], created.map((c) => [c.name, c.table, used.has(c.name) ? 'yes' : 'no']))}`);
const report = out.join('\n');
console.log(report);
writeFileSync(join(RESULTS, 'volunteer-explain.md'), `${report}\n`);
