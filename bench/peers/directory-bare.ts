// The directory's bare baseline once Clubroom answers the page in one statement (the cards, the
// total, live-role counts and meeting times built in PostgreSQL): node:http + postgres.js, nothing
// of Clubroom's, answering GET /directory?case=0 by running that statement as Clubroom sent it
// (recorded by bench/peers/compare.ts, passed in BARE_DIRECTORY_STATEMENT as JSON
// `{ sql, params }`) on BARE_DATABASE_URL, and shaping the rows into the GraphQL answer's JSON.
// Unprepared, like drizzle, unless BARE_PREPARE=true. Prints `{ "url", "pid" }` once listening.
import postgres from 'postgres';
import { clubInitials } from '../../server/src/modules/clubs/clubs.rules.js';
import { dataOrError, serveBare } from '../bare-server.js';
import { PAGE_SIZE } from '../clubs-lib.js';

const statement = JSON.parse(process.env.BARE_DIRECTORY_STATEMENT ?? 'null') as { sql: string; params: unknown[] } | null;
if (!statement) throw new Error('BARE_DIRECTORY_STATEMENT is required');
const sql = postgres(process.env.BARE_DATABASE_URL!, { max: 10, onnotice: () => {} });
const prepare = process.env.BARE_PREPARE === 'true';

interface Row {
  id: string;
  name: string;
  sort_name: string;
  city: string | null;
  address: string | null;
  description: string | null;
  category: string | null;
  contact_email: string;
  contact_phone: string | null;
  website: string | null;
  verified: boolean;
  live_role_count: number;
  meeting_times: { dayOfWeek: number; startTime: string; endTime: string }[];
  total_count: number;
}

async function directory(first: number) {
  const rows = await sql.unsafe<Row[]>(statement!.sql, statement!.params as postgres.ParameterOrJSON<never>[], { prepare });
  const page = rows.slice(0, first);
  // As server/src/graphql/relay.ts encodes them: global ids and keyset cursors are base64url.
  const cursorOf = (c: Row) => Buffer.from(JSON.stringify(['clubs', c.sort_name, c.id])).toString('base64url');
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
      liveRoleCount: c.live_role_count,
      meetingTimes: c.meeting_times,
    },
  }));
  return {
    totalCount: rows[0]?.total_count ?? 0,
    edges,
    pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

serveBare(sql, async (url) => {
  if (url.pathname !== '/directory' || url.searchParams.get('case') !== '0') return [404, { error: 'not found' }];
  return dataOrError(directory(PAGE_SIZE).then((page) => ({ clubs: page })));
});
