// Shared by the club directory benchmarks (bench/clubs-*.ts): their database, the three measured
// cases, the directory query as the web client sends it and the one statement it sends (issue 14). The directory has its own database
// (default clubroom_bench_clubs, next to the messaging benchmarks' clubroom_bench) so that 5,400
// more clubs do not change the messaging benchmarks' plans, which join `clubs`.
import { BENCH_DATABASE_URL, connect } from './lib.js';

export const CLUBS_DATABASE = process.env.BENCH_CLUBS_DATABASE ?? 'clubroom_bench_clubs';
export const CLUBS_DATABASE_URL = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: `/${CLUBS_DATABASE}` }).toString();
export const connectClubs = (max = 1) => connect({ db: CLUBS_DATABASE, max });

export const APPROVED_CLUBS = 5_000;
export const POSITIONS = 50_000;
export const PAGE_SIZE = 24;
/** A city: about 6% of the clubs are in it or carry it in their name. */
export const SEARCH_TERM = 'Brighton';
export const SPORT = 'Tennis';

export interface DirectoryCase {
  name: string;
  variables: { first: number; search?: string; sport?: string };
}

export const CASES: DirectoryCase[] = [
  { name: 'first page', variables: { first: PAGE_SIZE } },
  { name: `search "${SEARCH_TERM}"`, variables: { first: PAGE_SIZE, search: SEARCH_TERM } },
  { name: `sport ${SPORT}`, variables: { first: PAGE_SIZE, sport: SPORT } },
];

const CLUB_FIELDS = 'id name initials location description category contactEmail contactPhone websiteUrl verified liveRoleCount meetingTimes { dayOfWeek startTime endTime }';
export const DIRECTORY_QUERY = `query ClubDirectory($search: String, $sport: String, $first: Int!) {
  clubs(search: $search, sport: $sport, first: $first) { totalCount edges { cursor node { ${CLUB_FIELDS} } } pageInfo { hasNextPage endCursor } }
}`;

/** The request body Clubroom receives for a case (anonymous: the directory is public). */
export const directoryBody = (c: DirectoryCase) => JSON.stringify({ query: DIRECTORY_QUERY, variables: c.variables });

/** One SQL statement as drizzle hands it to postgres.js. */
export interface Statement {
  sql: string;
  params: unknown[];
}
