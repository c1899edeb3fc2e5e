// The SQL Clubroom runs for one directory request of each case, recorded from the real server:
// createClubroom in this process on the clubs bench database, opened with drizzle's query logger
// (the QueryLogger the statement-count tests use), and one POST /graphql per case through
// Fastify's inject. Since issue 14 a directory page is ONE statement (the cards with their
// live-role counts, meeting times and the total); the plans (bench/clubs-explain.ts) run exactly
// that text with those parameters.
import { CASES, CLUBS_DATABASE_URL, directoryBody, type Statement } from './clubs-lib.js';
import { openRecorder } from './recorder.js';

/** Each case's one statement (by case name) and the GraphQL answer the server gave. */
export async function recordDirectoryStatements(): Promise<Map<string, { statement: Statement; answer: unknown }>> {
  const clubroom = await openRecorder(CLUBS_DATABASE_URL);
  const recorded = new Map<string, { statement: Statement; answer: unknown }>();
  const ask = (c: (typeof CASES)[number]) => clubroom.post(directoryBody(c));
  try {
    // Once first, so that start-up work (the mail worker's first poll) is over before recording.
    for (const c of CASES) await ask(c);
    await new Promise((r) => setTimeout(r, 500));
    for (const c of CASES) {
      const { res, log } = await clubroom.recording(() => ask(c));
      const answer = res.json() as { data?: unknown; errors?: unknown };
      if (res.statusCode !== 200 || answer.errors) throw new Error(`${c.name}: ${res.body.slice(0, 500)}`);
      if (log.length !== 1) throw new Error(`${c.name}: expected 1 statement, got ${log.length}:\n${log.map((s) => s.sql).join('\n')}`);
      recorded.set(c.name, { statement: log[0], answer: answer.data });
    }
  } finally {
    await clubroom.close();
  }
  return recorded;
}
