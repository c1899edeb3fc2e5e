// The volunteer benchmarks' baseline: node:http + postgres.js (a pool of 10, like Clubroom's) +
// jose, with nothing else. GET /volunteer?scenario=N (with the volunteer's bearer token for the
// dashboard's scenarios): it verifies the token as the server does (HS256, issuer, the session
// statement and its checks), then runs the scenario's statements recorded from Clubroom by
// bench/volunteer-statements.ts (passed in BARE_VOLUNTEER_STATEMENTS as JSON, one entry per
// scenario of bench/volunteer-lib.ts), in the order and with the concurrency the server's
// resolvers and DataLoaders send them, and answers the JSON shape and data of the GraphQL answer
// ({"data": …}, with the same __typename fields). Prints `{ "url", "pid" }` once listening.
//
// The batched statements (clubs, positions, the caller's latest application per position by id)
// take the ids of this handler's own page, as the DataLoaders do: the recorded text with as many
// placeholders as ids (the same number on the same data), the other parameters kept. Like
// drizzle, every statement is sent unprepared (postgres.js `unsafe` without `prepare`), its rows
// read as arrays (`.values()`), as drizzle's postgres.js driver does.
//
// Per request, as Clubroom:
// - opportunities (anonymous): the page; then its count and the page's clubs together.
// - myVolunteerApplications: the page; then its count, the cards' positions and their clubs together.
// - myVolunteerApplicationStats: one statement.
// - opportunities(first: 6), signed in: the page; then the page's clubs; then (canApply) the
//   caller's latest application to each open position of an approved club.
// - the dashboard document: the last three at once.
import postgres from 'postgres';
import { scenarios, VOLUNTEERS_DATABASE_URL, type Scenario, type ScenarioStatements, type Statement } from './volunteer-lib.js';
import { dataOrError, namedRows, serveBare, sessionCheck, type Row } from './bare-server.js';

const list = scenarios();
const recorded = JSON.parse(process.env.BARE_VOLUNTEER_STATEMENTS ?? '[]') as ScenarioStatements[];
if (recorded.length !== list.length) throw new Error('BARE_VOLUNTEER_STATEMENTS: one entry per scenario expected');

const sql = postgres(VOLUNTEERS_DATABASE_URL, { max: 10, onnotice: () => {} });
const authenticate = await sessionCheck(sql);

// ---- the statements of a request, by kind --------------------------------------------------------------

type Kind = 'opportunityPage' | 'opportunityCount' | 'clubs' | 'applicationPage' | 'applicationCount' | 'positions' | 'stats' | 'latest';
function kindOf(text: string): Kind {
  if (/^select "club_volunteer_positions"\."id", .* from "club_volunteer_positions" inner join "clubs" .* limit \$\d+$/s.test(text)) return 'opportunityPage';
  if (/^select count\(\*\) from "club_volunteer_positions" inner join "clubs"/.test(text)) return 'opportunityCount';
  if (/^select "id", "name", .* from "clubs" where "clubs"\."id" in \(/s.test(text)) return 'clubs';
  if (/^select "id", "position_id", .* from "volunteer_applications" where "volunteer_applications"\."volunteer_id" = \$1 order by .* limit \$2$/s.test(text)) return 'applicationPage';
  if (/^select count\(\*\) from "volunteer_applications" where "volunteer_applications"\."volunteer_id" = \$1$/.test(text)) return 'applicationCount';
  if (/^select "id", "club_id", .* from "club_volunteer_positions" where "club_volunteer_positions"\."id" in \(/s.test(text)) return 'positions';
  if (/^select count\(\*\)::int, \(count\(\*\) filter/.test(text)) return 'stats';
  if (/^select distinct on \("volunteer_applications"\."position_id"\)/.test(text)) return 'latest';
  throw new Error(`Unknown statement: ${text.slice(0, 200)}`);
}

/** A scenario's statements by kind. The dashboard document sends two club batches (the
 *  applications' and the opportunities'): the same text but for the number of ids. */
const byKind = recorded.map((r) => {
  const found = new Map<Kind, Statement[]>();
  for (const s of r.statements) found.set(kindOf(s.sql), [...(found.get(kindOf(s.sql)) ?? []), s]);
  return found;
});
function statement(i: number, kind: Kind): Statement {
  const s = byKind[i]!.get(kind)?.[0];
  if (!s) throw new Error(`${list[i]!.name}: no ${kind} statement recorded`);
  return s;
}

/** The recorded text of a batched statement for `n` ids: its `in (…)` list with n placeholders,
 *  numbered after the `before` parameters that precede it. */
function forIds(s: Statement, before: number, n: number): string {
  const placeholders = Array.from({ length: n }, (_, k) => `$${before + k + 1}`).join(', ');
  return s.sql.replace(/ in \((\$\d+(, )?)+\)/, () => ` in (${placeholders})`);
}

/** Rows read as arrays, named by the first column of each name (a later duplicate, such as a
 *  cursor column, does not overwrite the table's). */
const rowsOf = (text: string, params: unknown[]) => namedRows(sql, text, params);
/** The page statements' extra columns come after the table's: the precise instant of the cursor
 *  (the first `to_char` column), then the status rank. */
const cursorAt = (row: Row) => row.to_char;
const run = (s: Statement) => rowsOf(s.sql, s.params);

// ---- the answers ------------------------------------------------------------------------------------

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
const cursor = (values: unknown[]) => Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
const iso = (d: unknown) => (d == null ? null : (d as Date).toISOString());
const day = (d: unknown) => (d == null ? null : (d as Date).toISOString().slice(0, 10));
const distinct = (ids: string[]) => [...new Set(ids)];

const clubCard = (c: Row | undefined) => ({ id: globalId('Club', c!.id as string), name: c!.name, location: c!.city ?? c!.address, __typename: 'Club' });
function opportunityCard(p: Row, club: Row | undefined, canApply: boolean) {
  return {
    id: globalId('VolunteerPosition', p.id as string),
    title: p.title,
    location: p.location,
    timeCommitment: p.time_commitment,
    startDate: day(p.start_date),
    isRecurring: p.is_recurring,
    requiredSkills: p.required_skills,
    status: (p.status as string).toUpperCase(),
    canApply,
    createdAt: iso(p.created_at),
    club: clubCard(club),
    __typename: 'VolunteerPosition',
  };
}
const isOpen = (p: Row, club: Row | undefined) => p.status === 'active' && p.is_live === true && club?.application_status === 'approved';
const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id as string, r]));

/** The opportunities browser's page, anonymous: page; then count and clubs together. */
async function opportunities(i: number, first: number) {
  const rows = await run(statement(i, 'opportunityPage'));
  const page = rows.slice(0, first);
  const clubIds = distinct(page.map((p) => p.club_id as string));
  const clubsStatement = statement(i, 'clubs');
  const [[total], clubs] = await Promise.all([run(statement(i, 'opportunityCount')), rowsOf(forIds(clubsStatement, 0, clubIds.length), clubIds)]);
  const club = byId(clubs);
  const edges = page.map((p) => ({
    cursor: cursor(['opportunities', cursorAt(p), p.id]),
    node: opportunityCard(p, club.get(p.club_id as string), isOpen(p, club.get(p.club_id as string))),
    __typename: 'VolunteerPositionEdge',
  }));
  return {
    opportunities: {
      totalCount: Number(total!.count),
      edges,
      pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null, __typename: 'PageInfo' },
      __typename: 'VolunteerPositionConnection',
    },
  };
}

/** The dashboard's applications: page; then count, positions and clubs together. */
async function myApplications(i: number, viewer: string, first: number) {
  const pageStatement = statement(i, 'applicationPage');
  const rows = await rowsOf(pageStatement.sql, [viewer, ...pageStatement.params.slice(1)]);
  const page = rows.slice(0, first);
  const positionIds = distinct(page.map((a) => a.position_id as string));
  const clubIds = distinct(page.map((a) => a.club_id as string));
  const [[total], positions, clubs] = await Promise.all([
    rowsOf(statement(i, 'applicationCount').sql, [viewer]),
    rowsOf(forIds(statement(i, 'positions'), 0, positionIds.length), positionIds),
    rowsOf(forIds(statement(i, 'clubs'), 0, clubIds.length), clubIds),
  ]);
  const position = byId(positions);
  const club = byId(clubs);
  const edges = page.map((a) => {
    const p = position.get(a.position_id as string)!;
    const c = club.get(a.club_id as string)!;
    return {
      cursor: cursor(['myVolunteerApplications:newest', cursorAt(a), a.id]),
      node: {
        id: globalId('VolunteerApplication', a.id as string),
        status: (a.status as string).toUpperCase(),
        appliedAt: iso(a.applied_at),
        updatedAt: iso(a.updated_at),
        canWithdraw: a.volunteer_id === viewer && a.status === 'pending',
        position: {
          id: globalId('VolunteerPosition', p.id as string),
          title: p.title,
          requiredSkills: p.required_skills,
          timeCommitment: p.time_commitment,
          location: p.location,
          __typename: 'VolunteerPosition',
        },
        club: { id: globalId('Club', c.id as string), name: c.name, __typename: 'Club' },
        __typename: 'VolunteerApplication',
      },
      __typename: 'VolunteerApplicationEdge',
    };
  });
  return {
    myVolunteerApplications: {
      totalCount: Number(total!.count),
      edges,
      pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null, __typename: 'PageInfo' },
      __typename: 'VolunteerApplicationConnection',
    },
  };
}

async function stats(i: number, viewer: string) {
  const s = statement(i, 'stats');
  const [[total, pending, accepted, rejected, withdrawn]] = (await sql.unsafe(s.sql, [viewer]).values()) as unknown as number[][];
  return { myVolunteerApplicationStats: { total, pending, accepted, rejected, withdrawn, __typename: 'VolunteerApplicationStats' } };
}

/** The dashboard's new opportunities, signed in: page; then clubs; then canApply's latest applications. */
async function recentOpportunities(i: number, viewer: string, first: number) {
  const rows = await run(statement(i, 'opportunityPage'));
  const page = rows.slice(0, first);
  const clubIds = distinct(page.map((p) => p.club_id as string));
  const club = byId(await rowsOf(forIds(statement(i, 'clubs'), 0, clubIds.length), clubIds));
  const open = page.filter((p) => isOpen(p, club.get(p.club_id as string)) && p.club_id !== viewer).map((p) => p.id as string);
  const latest = open.length > 0 ? byId((await rowsOf(forIds(statement(i, 'latest'), 1, open.length), [viewer, ...open])).map((a) => ({ ...a, id: a.position_id }))) : new Map<string, Row>();
  const canApply = (p: Row) => open.includes(p.id as string) && (!latest.has(p.id as string) || ['rejected', 'withdrawn'].includes(latest.get(p.id as string)!.status as string));
  const edges = page.map((p) => ({
    cursor: cursor(['opportunities', cursorAt(p), p.id]),
    node: opportunityCard(p, club.get(p.club_id as string), canApply(p)),
    __typename: 'VolunteerPositionEdge',
  }));
  return {
    opportunities: {
      edges,
      pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null, __typename: 'PageInfo' },
      __typename: 'VolunteerPositionConnection',
    },
  };
}

/** The server's authenticate(): the token, then its session row; answers the user id. */
const viewerOf = async (authorization: string | undefined, session: Statement) => ((await authenticate(authorization, session))?.id as string | undefined) ?? null;

async function answer(i: number, s: Scenario, viewer: string | null): Promise<unknown> {
  const v = s.variables as { first?: number; opportunitiesFirst?: number };
  switch (s.kind) {
    case 'opportunities':
      return opportunities(i, v.first!);
    case 'applications':
      return myApplications(i, viewer!, v.first!);
    case 'stats':
      return stats(i, viewer!);
    case 'recent':
      return recentOpportunities(i, viewer!, v.first!);
    case 'dashboard': {
      const [applications, figures, recent] = await Promise.all([myApplications(i, viewer!, v.first!), stats(i, viewer!), recentOpportunities(i, viewer!, v.opportunitiesFirst!)]);
      return { ...applications, ...figures, ...recent };
    }
    default:
      throw new Error(`${s.name} is not measured`);
  }
}

serveBare(sql, async (url, req) => {
  const i = Number(url.searchParams.get('scenario'));
  const scenario = list[i];
  const statements = recorded[i];
  if (url.pathname !== '/volunteer' || !scenario || !statements) return [404, { error: 'not found' }];
  const viewer = scenario.as === 'volunteer' ? await viewerOf(req.headers.authorization, statements.session!).catch(() => null) : null;
  if (scenario.as === 'volunteer' && !viewer) return [401, { error: 'Sign in first' }];
  return dataOrError(answer(i, scenario, viewer));
});
