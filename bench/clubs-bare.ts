// The club directory's baseline: node:http + postgres.js with nothing else, answering
// GET /directory?case=N with the four SQL statements Clubroom runs for that case (recorded by
// bench/clubs-statements.ts and passed in BARE_CLUBS_STATEMENTS as JSON, one entry per case of
// bench/clubs-lib.ts): the page and the count together, then the live-role counts and the meeting
// times of the page's clubs together, as the server's DataLoaders send them. The answer has the
// JSON shape and data of the GraphQL answer. Prints `{ "url", "pid" }` once listening.
//
// Like drizzle, it sends each statement unprepared (postgres.js `unsafe` without `prepare`);
// BARE_PREPARE=true makes them prepared statements instead.
import postgres from 'postgres';
import { clubInitials } from '../server/src/modules/clubs/clubs.rules.js';
import { CASES, CLUBS_DATABASE_URL, withClubIds, type DirectoryStatements, type Statement } from './clubs-lib.js';
import { dataOrError, serveBare } from './bare-server.js';

const statements = JSON.parse(process.env.BARE_CLUBS_STATEMENTS ?? '[]') as DirectoryStatements[];
if (statements.length !== CASES.length) throw new Error('BARE_CLUBS_STATEMENTS: one entry per case expected');

const sql = postgres(CLUBS_DATABASE_URL, { max: 10, onnotice: () => {} });
const prepare = process.env.BARE_PREPARE === 'true';
const run = <T extends object>(s: Statement, params = s.params) => sql.unsafe<T[]>(s.sql, params as postgres.ParameterOrJSON<never>[], { prepare });

interface ClubRow {
  id: string;
  name: string;
  /** The keyset's sort key as the database lowers the name (the page statement's `sort_name`). */
  sort_name: string;
  city: string | null;
  address: string | null;
  description: string | null;
  category: string | null;
  contact_email: string;
  contact_phone: string | null;
  website: string | null;
  verified: boolean;
}
interface TimeRow {
  club_id: string;
  day_of_week: number;
  start_time: string;
  end_time: string;
}

async function directory(s: DirectoryStatements, first: number) {
  const [rows, [total]] = await Promise.all([run<ClubRow>(s.page), run<{ count: string }>(s.count)]);
  const page = rows.slice(0, first);
  const ids = page.map((c) => c.id);
  const [counts, times] = await Promise.all([
    run<{ club_id: string; count: string }>(s.liveRoleCounts, withClubIds(s.liveRoleCounts, ids)),
    run<TimeRow>(s.meetingTimes, withClubIds(s.meetingTimes, ids)),
  ]);
  const live = new Map(counts.map((r) => [r.club_id, Number(r.count)]));
  const timesOf = new Map<string, { dayOfWeek: number; startTime: string; endTime: string }[]>(ids.map((id) => [id, []]));
  for (const t of times) timesOf.get(t.club_id)?.push({ dayOfWeek: t.day_of_week, startTime: t.start_time, endTime: t.end_time });
  // As server/src/graphql/relay.ts encodes them: global ids and keyset cursors are base64url.
  const cursorOf = (c: ClubRow) => Buffer.from(JSON.stringify(['clubs', c.sort_name, c.id])).toString('base64url');
  const edges = page.map((c) => ({
    cursor: cursorOf(c),
    node: {
      id: Buffer.from(`Club:${c.id}`).toString('base64url'),
      name: c.name,
      initials: clubInitials(c.name),
      location: c.city ?? c.address,
      description: c.description,
      category: c.category,
      contactEmail: c.contact_email,
      contactPhone: c.contact_phone,
      websiteUrl: c.website,
      verified: c.verified,
      liveRoleCount: live.get(c.id) ?? 0,
      meetingTimes: timesOf.get(c.id)!,
    },
  }));
  return {
    totalCount: Number(total?.count ?? 0),
    edges,
    pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

serveBare(sql, async (url) => {
  const i = Number(url.searchParams.get('case'));
  if (url.pathname !== '/directory' || !statements[i]) return [404, { error: 'not found' }];
  return dataOrError(directory(statements[i], CASES[i]!.variables.first).then((page) => ({ clubs: page })));
});
