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
// indexes of CANDIDATES below are created and the statements they are for explained again. The
// explaining and the report are bench/explain-harness.ts's.
import { connectAdmin, scenarios } from './admin-lib.js';
import { recordAdminStatements } from './admin-statements.js';
import { explainer, waitForQuietMachine, writeReport, type Candidate } from './explain-harness.js';

const list = scenarios();
const { byScenario } = await recordAdminStatements(list);
const sql = connectAdmin();
await waitForQuietMachine();
const out: string[] = [];
const { explain, explainScenarios, explainCandidates, summaryTable, wholeTable } = explainer({ out, wholeTableScans: /Seq Scan on (clubs|admin_actions|users)\b/g });
const statementsOf = (name: string) => byScenario.get(name)!.statements;

const short = (text: string) => text.replace(/^select "id", .*? from "(clubs|admin_actions)"/, 'select <every column> from "$1"').replace(/\s+/g, ' ').trim();
const first = byScenario.values().next().value!;
out.push(`## The session check (every request)\n\n\`${short(first.session.sql)}\`\n`);
await explain(sql, 'session check', first.session);

await explainScenarios(sql, list, statementsOf, { heading: (s) => `## ${s.name}\n\nvariables \`${JSON.stringify(s.variables)}\`\n`, short });

// ---- candidate indexes (created in a transaction that is rolled back) -------------------------------

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
await explainCandidates(sql, CANDIDATES, statementsOf, 'clubs, admin_actions');
await sql.end();

out.push(summaryTable());
out.push(`\n${wholeTable.length ? `Sequential scans of clubs, admin_actions or users:\n- ${wholeTable.join('\n- ')}` : 'No plan scans clubs, admin_actions or users sequentially.'}`);
writeReport('admin-explain.md', out);
