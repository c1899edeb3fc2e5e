// The SQL Clubroom runs for one directory request of each case, recorded from the real server:
// createClubroom in this process on the clubs bench database, opened with drizzle's query logger
// (the QueryLogger the statement-count tests use), and one POST /graphql per case through
// Fastify's inject. The bare baseline (bench/clubs-bare.ts) and the plans (bench/clubs-explain.ts)
// run exactly these texts with these parameters.
import { CASES, CLUBS_DATABASE_URL, directoryBody, type DirectoryStatements } from './clubs-lib.js';
import { openRecorder } from './recorder.js';

/** Which of the four statements a logged one is. */
function kindOf(text: string): keyof DirectoryStatements | null {
  if (/^select count\(\*\) from "clubs"/.test(text)) return 'count';
  if (/^select .* from "clubs" where .* order by lower\("clubs"\."name"\)/.test(text)) return 'page';
  if (/^select .*count\(\*\) from "club_volunteer_positions" .* group by/.test(text)) return 'liveRoleCounts';
  if (/^select .* from "club_meeting_times" where/.test(text)) return 'meetingTimes';
  return null;
}

/** Each case's statements (by case name) and the GraphQL answer the server gave. */
export async function recordDirectoryStatements(): Promise<Map<string, DirectoryStatements & { answer: unknown }>> {
  const clubroom = await openRecorder(CLUBS_DATABASE_URL);
  const recorded = new Map<string, DirectoryStatements & { answer: unknown }>();
  const ask = (c: (typeof CASES)[number]) => clubroom.post(directoryBody(c));
  try {
    // Once first, so that start-up work (the mail worker's first poll) is over before recording.
    for (const c of CASES) await ask(c);
    await new Promise((r) => setTimeout(r, 500));
    for (const c of CASES) {
      const { res, log } = await clubroom.recording(() => ask(c));
      const answer = res.json() as { data?: unknown; errors?: unknown };
      if (res.statusCode !== 200 || answer.errors) throw new Error(`${c.name}: ${res.body.slice(0, 500)}`);
      const found: Partial<DirectoryStatements> = {};
      for (const statement of log) {
        const kind = kindOf(statement.sql);
        if (!kind || found[kind]) throw new Error(`${c.name}: unexpected statement ${statement.sql}`);
        found[kind] = statement;
      }
      if (Object.keys(found).length !== 4) throw new Error(`${c.name}: expected 4 statements, got ${log.map((s) => s.sql).join('\n')}`);
      recorded.set(c.name, { ...(found as DirectoryStatements), answer: answer.data });
    }
  } finally {
    await clubroom.close();
  }
  return recorded;
}
