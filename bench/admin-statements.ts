// The SQL Clubroom runs for one request of each admin scenario, recorded from the real server:
// createClubroom in this process on the admin bench database, opened with drizzle's query logger
// (the QueryLogger the statement-count tests use). It signs in as the benchmark's administrator
// (signIn through POST /graphql, with a 24-hour access token and session: LONG_SESSION_ENV) and
// sends each scenario once through Fastify's inject with that bearer token. Each request must be
// the session check and then exactly the statements its kind runs (STATEMENTS_PER_KIND). The plans
// (bench/admin-explain.ts) run exactly these texts with these parameters.
//
//   npx tsx --tsconfig server/tsconfig.json bench/admin-statements.ts   # prints them
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ADMIN_DATABASE_URL, BENCH_ADMIN, LONG_SESSION_ENV, scenarioBody, scenarios, STATEMENTS_PER_KIND, type Scenario, type ScenarioStatements } from './admin-lib.js';
import { RESULTS } from './lib.js';
import { openRecorder } from './recorder.js';

export interface Recorded {
  /** The administrator's access token (valid 24 hours). */
  token: string;
  /** Each scenario's statements and the GraphQL data the server answered, by scenario name. */
  byScenario: Map<string, ScenarioStatements & { answer: unknown }>;
}

export async function recordAdminStatements(list: Scenario[] = scenarios()): Promise<Recorded> {
  const clubroom = await openRecorder(ADMIN_DATABASE_URL, LONG_SESSION_ENV, BENCH_ADMIN.email);
  const { post } = clubroom;
  const byScenario = new Map<string, ScenarioStatements & { answer: unknown }>();
  try {
    const token = await clubroom.signIn(BENCH_ADMIN.email);
    // Once first, so that start-up work (the mail worker's first poll) is over before recording.
    for (const s of list) await post(scenarioBody(s), token);
    await new Promise((r) => setTimeout(r, 500));
    for (const s of list) {
      const { res, log } = await clubroom.recording(() => post(scenarioBody(s), token));
      const answer = res.json() as { data?: unknown; errors?: unknown };
      if (res.statusCode !== 200 || answer.errors || !answer.data) throw new Error(`${s.name}: ${res.body.slice(0, 500)}`);
      const [session, ...statements] = log;
      if (!session || !/ from "sessions" /.test(session.sql)) throw new Error(`${s.name}: the first statement is not the session check: ${session?.sql}`);
      if (statements.length !== STATEMENTS_PER_KIND[s.kind]) {
        throw new Error(`${s.name}: expected ${STATEMENTS_PER_KIND[s.kind]} statements after the session check, got:\n${statements.map((t) => t.sql).join('\n')}`);
      }
      byScenario.set(s.name, { session, statements, answer: answer.data });
    }
    return { token, byScenario };
  } finally {
    await clubroom.close();
  }
}

// Run directly: print every scenario's statements (and keep them in bench/results/admin-statements.txt).
if (import.meta.url === `file://${process.argv[1]}`) {
  const list = scenarios();
  const { byScenario } = await recordAdminStatements(list);
  const out: string[] = [];
  const first = byScenario.values().next().value!;
  out.push(`Every request: the session check\n  ${first.session.sql}\n  params ${JSON.stringify(first.session.params)}\n`);
  for (const s of list) {
    const r = byScenario.get(s.name)!;
    out.push(`## ${s.name}\nvariables ${JSON.stringify(s.variables)}\n${r.statements.length + 1} statements (session check + ${r.statements.length})`);
    for (const [i, t] of r.statements.entries()) out.push(`  ${i + 1}. ${t.sql}\n     params ${JSON.stringify(t.params)}`);
    out.push('');
  }
  const text = out.join('\n');
  console.log(text);
  writeFileSync(join(RESULTS, 'admin-statements.txt'), `${text}\n`);
}
