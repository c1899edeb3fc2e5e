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
// The explaining and the report are bench/explain-harness.ts's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connectVolunteers, explainedOnly, scenarios } from './volunteer-lib.js';
import { benchClub, recordVolunteerStatements } from './volunteer-statements.js';
import { explainer, waitForQuietMachine, writeReport, type Candidate } from './explain-harness.js';
import { ROOT, table } from './lib.js';

const club = await benchClub();
const list = [...scenarios(), ...explainedOnly(club.positionId)];
const { volunteer, byScenario } = await recordVolunteerStatements(list);
const sql = connectVolunteers();
await waitForQuietMachine();
const out: string[] = [
  `Volunteer ${volunteer.email} (${volunteer.applications} applications); club owner ${club.email} (its position with the most applications: ${club.applications}).\n`,
];
/** The indexes the plans use. */
const used = new Set<string>();
const { explain, explainScenarios, explainCandidates, summaryTable, wholeTable } = explainer({
  out,
  wholeTableScans: /Seq Scan on (clubs|club_volunteer_positions|volunteer_profiles|volunteer_applications|volunteer_application_events|users)\b/g,
  onPlan: (plan) => {
    for (const m of plan.matchAll(/(?:using|Bitmap Index Scan on) (\S+)/g)) used.add(m[1]!);
  },
});
const statementsOf = (name: string) => byScenario.get(name)!.statements;

const short = (text: string) => text.replace(/\s+/g, ' ').trim();
const session = [...byScenario.values()].find((r) => r.session)!.session!;
out.push(`## The session check (every signed-in request)\n\n\`${short(session.sql)}\`\n`);
await explain(sql, 'session check', session);

await explainScenarios(sql, list, statementsOf, {
  heading: (s) => `## ${s.name} (${s.as})\n\nvariables \`${JSON.stringify(s.variables)}\`${s.from ? `, with variables from the answer of "${s.from.scenario}"` : ''}\n`,
  short,
});

// ---- candidate indexes (created in a transaction that is rolled back) -------------------------------

// Migration 0011 added the one index this script proposed (club_volunteer_positions_open_club_idx,
// for the browser's unfiltered count): no candidate is left to try.
const CANDIDATES: Candidate[] = [];
await explainCandidates(sql, CANDIDATES, statementsOf, 'club_volunteer_positions, volunteer_applications, volunteer_profiles');
await sql.end();

// The indexes migration 0010 creates, and whether any plan above uses them.
const migration = readFileSync(join(ROOT, 'drizzle', '0010_volunteers.sql'), 'utf8');
const created = [...migration.matchAll(/CREATE (?:UNIQUE )?INDEX "(\S+)" ON "(\S+)"/g)].map((m) => ({ name: m[1]!, table: m[2]! }));

out.push(summaryTable());
out.push(`\n${wholeTable.length ? `Sequential scans:\n- ${wholeTable.join('\n- ')}` : 'No plan scans a table sequentially.'}`);
out.push(`\nThe indexes of drizzle/0010_volunteers.sql:\n\n${table(['index', 'table', 'used by a plan above'], created.map((c) => [c.name, c.table, used.has(c.name) ? 'yes' : 'no']))}`);
writeReport('volunteer-explain.md', out);
