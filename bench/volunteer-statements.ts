// The SQL Clubroom runs for one request of each volunteer scenario, recorded from the real server:
// createClubroom in this process on the volunteer bench database, opened with drizzle's query
// logger (the QueryLogger the statement-count tests use). It signs in as the benchmark's volunteer
// (signIn through POST /graphql, with a 24-hour access token and session: LONG_SESSION_ENV) and
// sends each scenario once through Fastify's inject (the dashboard's with that bearer token, the
// opportunities browser's anonymously). The plans (bench/volunteer-explain.ts) run
// exactly these texts with these parameters.
//
// Run directly it prints every scenario's statements, and the statements of the dashboard
// document with 5 and with 20 application cards, which must be the same number (it exits with 1
// otherwise).
//
//   npx tsx --tsconfig server/tsconfig.json bench/volunteer-statements.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  APPLICATIONS_PAGE,
  connectVolunteers,
  DASHBOARD_APPLICATIONS,
  dashboardWith,
  LONG_SESSION_ENV,
  scenarioBody,
  scenarios,
  VOLUNTEERS_DATABASE_URL,
  type Scenario,
  type ScenarioStatements,
  type Statement,
} from './volunteer-lib.js';
import { RESULTS } from './lib.js';
import { openRecorder } from './recorder.js';

/** The volunteer the benchmarks sign in as: the first active one (by email) with the median
 *  number of applications, 25 (so both 5 and 20 cards are full pages). */
export async function benchVolunteer(): Promise<{ email: string; id: string; applications: number }> {
  const sql = connectVolunteers();
  try {
    const [row] = await sql<{ email: string; id: string; applications: number }[]>`
      select u.email, u.id, count(*)::int as applications from users u join volunteer_applications a on a.volunteer_id = u.id
      where u.status = 'active' and u.email like 'volunteer%'
      group by u.id having count(*) = 25 order by u.email limit 1`;
    if (!row) throw new Error('No volunteer with 25 applications: run bench/volunteer-generate.ts first.');
    return row;
  } finally {
    await sql.end();
  }
}

/** The club whose owner the club-side scenarios sign in as: the owner of the approved club of
 *  the position with the most applications (that position's global id too). */
export async function benchClub(): Promise<{ email: string; positionId: string; applications: number }> {
  const sql = connectVolunteers();
  try {
    const [row] = await sql<{ email: string; position: string; applications: number }[]>`
      select u.email, a.position_id as position, count(*)::int as applications
      from volunteer_applications a join clubs c on c.id = a.club_id and c.application_status = 'approved' join users u on u.id = c.id
      group by u.email, a.position_id order by count(*) desc, a.position_id limit 1`;
    if (!row) throw new Error('No applications: run bench/volunteer-generate.ts first.');
    return { email: row.email, positionId: Buffer.from(`VolunteerPosition:${row.position}`, 'utf8').toString('base64url'), applications: row.applications };
  } finally {
    await sql.end();
  }
}

export interface Recorded {
  volunteer: { email: string; id: string; applications: number };
  /** The volunteer's access token (valid 24 hours). */
  token: string;
  /** The club owner's (signed in only when a scenario is theirs). */
  clubToken: string | null;
  /** Each scenario's statements and the GraphQL data the server answered, by scenario name. */
  byScenario: Map<string, ScenarioStatements & { answer: unknown }>;
}

/** Statements of the server's own background work (the mail outbox poll), not the request's. */
const BACKGROUND = /mail_outbox/i;

export async function recordVolunteerStatements(list: Scenario[] = scenarios()): Promise<Recorded> {
  const volunteer = await benchVolunteer();
  const club = list.some((s) => s.as === 'club') ? await benchClub() : null;
  const clubroom = await openRecorder(VOLUNTEERS_DATABASE_URL, LONG_SESSION_ENV);
  const { post } = clubroom;
  const byScenario = new Map<string, ScenarioStatements & { answer: unknown }>();
  try {
    const token = await clubroom.signIn(volunteer.email);
    const clubToken = club ? await clubroom.signIn(club.email) : null;
    const tokenOf = (s: Scenario) => (s.as === 'volunteer' ? token : s.as === 'club' ? clubToken! : undefined);
    // Some take variables from an earlier scenario's answer (a next page, an application's id).
    const bodyOf = (s: Scenario) => {
      if (!s.from) return scenarioBody(s);
      const before = byScenario.get(s.from.scenario)?.answer;
      if (!before) throw new Error(`${s.name}: record ${s.from.scenario} first`);
      return scenarioBody({ ...s, variables: { ...s.variables, ...s.from.variables(before) } });
    };
    // Once first, so that start-up work (the mail worker's first poll) is over before recording.
    for (const s of list) if (!s.from) await post(scenarioBody(s), tokenOf(s));
    await new Promise((r) => setTimeout(r, 500));
    for (const s of list) {
      const { res, log } = await clubroom.recording(() => post(bodyOf(s), tokenOf(s)));
      const answer = res.json() as { data?: unknown; errors?: unknown };
      if (res.statusCode !== 200 || answer.errors || !answer.data) throw new Error(`${s.name}: ${res.body.slice(0, 800)}`);
      const own = log.filter((t) => !BACKGROUND.test(t.sql));
      let session: Statement | null = null;
      if (s.as !== 'anonymous') {
        session = own.shift() ?? null;
        if (!session || !/ from "sessions" /.test(session.sql)) throw new Error(`${s.name}: the first statement is not the session check: ${session?.sql}`);
      }
      byScenario.set(s.name, { session, statements: own, answer: answer.data });
    }
    return { volunteer, token, clubToken, byScenario };
  } finally {
    await clubroom.close();
  }
}

const short = (text: string) => text.replace(/\s+/g, ' ').trim();

// Run directly: print every scenario's statements (and keep them in bench/results/volunteer-statements.txt).
if (import.meta.url === `file://${process.argv[1]}`) {
  const cards = [dashboardWith(DASHBOARD_APPLICATIONS), dashboardWith(APPLICATIONS_PAGE)];
  const list = [...scenarios(), ...cards];
  const { volunteer, byScenario } = await recordVolunteerStatements(list);
  const out: string[] = [`Signed in as ${volunteer.email} (${volunteer.applications} applications).\n`];
  const first = [...byScenario.values()].find((r) => r.session)!;
  out.push(`Every signed-in request: the session check\n  ${short(first.session!.sql)}\n  params ${JSON.stringify(first.session!.params)}\n`);
  for (const s of list) {
    const r = byScenario.get(s.name)!;
    const n = r.statements.length;
    out.push(`## ${s.name}\nvariables ${JSON.stringify(s.variables)}\n${r.session ? `${n + 1} statements (session check + ${n})` : `${n} statements`}`);
    for (const [i, t] of r.statements.entries()) out.push(`  ${i + 1}. ${short(t.sql)}\n     params ${JSON.stringify(t.params)}`);
    out.push('');
  }
  const [five, twenty] = cards.map((c) => byScenario.get(c.name)!.statements.length + 1);
  const same = five === twenty;
  out.push(`Statements per dashboard request (session check included): ${five} with ${DASHBOARD_APPLICATIONS} application cards, ${twenty} with ${APPLICATIONS_PAGE}: ${same ? 'the same' : 'NOT the same'}.`);
  const text = out.join('\n');
  console.log(text);
  writeFileSync(join(RESULTS, 'volunteer-statements.txt'), `${text}\n`);
  if (!same) process.exit(1);
}
