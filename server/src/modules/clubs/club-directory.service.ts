// The public directory: approved clubs (never one a moderator removed) by name, searched and
// filtered, a page per statement with what the query asks for; the sport filter's options; and the
// sitemap's list of the directory's clubs. The club itself is clubs.service.ts's, its positions
// volunteer-positions.service.ts's and its meeting times club-meeting-times.service.ts's (the
// loaders' batched reads are theirs; this statement reads a card's own in correlated subqueries).
import { and, asc, count, gt, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { oncePerShape } from '../../db/statements.js';
import type { Db } from '../../db/client.js';
import { clubMeetingTimes, clubs, clubVolunteerPositions } from '../../db/schema/index.js';
import { parseInput } from '../../lib/validate.js';
import type { PublicEntry, PublicRange } from '../../lib/public-listing.js';
import { connectionFrom, cursorValue, keyset, pageRequest, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { ClubView } from './clubs.service.js';
import type { ClubMeetingTime } from './club-meeting-times.service.js';
import { CLUB_VIEW_COLUMNS, LIVE_POSITION, MEETING_TIME_KEYS, qualified } from './clubs.shared.js';

export const DIRECTORY_PAGE_DEFAULT = 24;

/** What the directory's statement computes beside the page: each left out when nobody asks. */
export interface DirectoryInclude {
  totalCount: boolean;
  liveRoleCounts: boolean;
  meetingTimes: boolean;
  /** Only the card's columns (CARD_COLUMNS): the caller asks for nothing else of the clubs. */
  cardOnly: boolean;
}
const EVERYTHING: DirectoryInclude = { totalCount: true, liveRoleCounts: true, meetingTimes: true, cardOnly: false };

/** What a directory card shows of a club (its initials and location are made of name, city and
 *  address), and what decides whether a viewer may see it. */
const CARD_COLUMNS = {
  id: clubs.id,
  name: clubs.name,
  city: clubs.city,
  address: clubs.address,
  description: clubs.description,
  category: clubs.category,
  contactEmail: clubs.contactEmail,
  contactPhone: clubs.contactPhone,
  website: clubs.website,
  verified: clubs.verified,
  applicationStatus: clubs.applicationStatus,
  removedAt: clubs.removedAt,
};
export type ClubCard = Pick<ClubView, keyof typeof CARD_COLUMNS>;
/** What makes two directory requests run the same SQL text. */
type DirectoryShape = DirectoryInclude & { search: boolean; sport: boolean; cursor: boolean; forward: boolean };

/** The directory's filter: approved clubs not removed ('approved' a literal, not a parameter: a
 *  prepared statement's generic plan can then still use the partial directory indexes,
 *  bench/clubs-explain.ts), matching the search words (placeholder `query`) and the sport
 *  (placeholder `sport`) when the request has them. */
function directoryWhere(search: boolean, sport: boolean): SQL {
  const conditions: SQL[] = [APPROVED];
  if (search) conditions.push(sql`${clubs.searchVector} @@ to_tsquery('simple', ${sql.placeholder('query')})`);
  if (sport) conditions.push(sql`${clubs.category} = ${sql.placeholder('sport')}`);
  return and(...conditions)!;
}

/** A directory row with its cursor's sort key as the database lowers it (JavaScript's lowering
 *  differs for some letters, e.g. a final capital sigma), and the card's relations when asked for. */
export type DirectoryRow = ClubView & { sortName: string; liveRoleCount?: number; meetingTimes?: ClubMeetingTime[] };
/** A directory row read with `cardOnly`: the card's columns only. */
export type DirectoryCardRow = ClubCard & Omit<DirectoryRow, keyof ClubView>;

const directoryRules = z.object({
  search: z.string().trim().max(100, { error: 'Search must be at most 100 characters' }).nullish(),
  sport: z.string().trim().max(50, { error: 'Sport must be at most 50 characters' }).nullish(),
});
export type DirectoryArgs = z.input<typeof directoryRules> & PageArgs;

/** Approved and not removed by a moderator: what the public side shows. */
const APPROVED = sql`${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null`;
const [position, time] = [clubVolunteerPositions, clubMeetingTimes];

/** The live positions of the club of the row being read (a correlated subquery of the directory). */
const LIVE_ROLE_COUNT = sql<number>`(select count(*)::int from ${position}
  where ${qualified(position.clubId)} = ${qualified(clubs.id)} and ${LIVE_POSITION})`;
/** The meeting times of the club of the row being read, as a JSON array in their order. */
const MEETING_TIMES_JSON = sql<ClubMeetingTime[]>`coalesce((select json_agg(json_build_object(
  'dayOfWeek', ${qualified(time.dayOfWeek)}, 'startTime', ${qualified(time.startTime)}, 'endTime', ${qualified(time.endTime)})
  order by ${sql.join(MEETING_TIME_KEYS.map(qualified), sql`, `)})
  from ${time} where ${qualified(time.clubId)} = ${qualified(clubs.id)}), '[]')`.mapWith((value: unknown) =>
  // postgres.js parses json; PGlite may hand over the text.
  typeof value === 'string' ? (JSON.parse(value) as ClubMeetingTime[]) : (value as ClubMeetingTime[]),
);
/** The directory's order: by name whatever the letter case, then id. */
const SORT_NAME = sql<string>`lower(${clubs.name})`;

/** The websearch words as a prefix query: 'foot lon' finds 'Football' in 'London'. */
export function searchQuery(search: string | null | undefined): string | null {
  const terms = (search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return terms.length === 0 ? null : terms.map((t) => `${t}:*`).join(' & ');
}

export class ClubDirectoryService {
  /** The directory's statements by shape (see directoryStatement): at most 2^8 of them. */
  private readonly directoryStatements = new Map<string, { execute(values: Record<string, unknown>): Promise<unknown[]> }>();

  constructor(private readonly db: Db) {}

  /** The directory: approved clubs (never one a moderator removed) by name, optionally matching words (full-text, prefix) and one
   *  sport; keyset pages on (lower(name), id) either way. One statement answers the page with
   *  what `include` asks for, each computed in PostgreSQL: the total (an uncorrelated subquery,
   *  run once), each card's live-role count and its meeting times (correlated subqueries on
   *  indexes); an empty page counts in a statement of its own. */
  async directory(raw: DirectoryArgs, include: DirectoryInclude = EVERYTHING): Promise<ConnectionResult<DirectoryRow | DirectoryCardRow>> {
    const { first, after, last, before, ...filters } = raw;
    const args = parseInput(directoryRules, filters);
    const req = pageRequest(
      { first, after, last, before },
      (v) => (v.length === 2 && cursorValue.text(v[0]) && cursorValue.uuid(v[1]) ? v : null),
      DIRECTORY_PAGE_DEFAULT,
      'clubs',
    );
    const query = searchQuery(args.search);
    const sport = args.sport || null;
    const statement = this.directoryStatement({ search: query !== null, sport: sport !== null, cursor: req.cursor !== null, forward: req.forward, ...include });
    const rows = (await statement.execute({
      query,
      sport,
      sortKey: req.cursor?.[0] ?? null,
      idKey: req.cursor?.[1] ?? null,
      limit: req.size + 1,
    })) as ((DirectoryRow | DirectoryCardRow) & { totalCount?: number })[];
    const total = rows[0]?.totalCount;
    for (const row of rows) delete row.totalCount;
    return connectionFrom(rows, req, (r) => [r.sortName, r.id], async () => {
      if (total !== undefined) return total;
      const [counted] = await this.db.select({ value: count() }).from(clubs).where(directoryWhere(query !== null, sport !== null)).execute({ query, sport });
      return Number(counted?.value ?? 0);
    });
  }

  /** The directory's statement for one shape of request (filters, paging direction, what to
   *  include), built once: drizzle writes the SQL text and its column mapping once per shape, and
   *  every request of that shape only fills in the values. */
  private directoryStatement(shape: DirectoryShape) {
    const key = Object.values(shape).map(Number).join('');
    return oncePerShape(this.directoryStatements, key, () => this.buildDirectoryStatement(shape, key));
  }

  /** Builds the directory's statement for one shape (directoryStatement keeps it). */
  private buildDirectoryStatement(shape: DirectoryShape, key: string) {
    const where = directoryWhere(shape.search, shape.sport);
    const page = keyset([[SORT_NAME, 'text'], [clubs.id as never, 'uuid']], 'asc', {
      forward: shape.forward,
      size: 0,
      cursor: shape.cursor ? [sql.placeholder('sortKey'), sql.placeholder('idKey')] : null,
      hasAfter: false,
      hasBefore: false,
      list: 'clubs',
    });
    return this.db
      .select({
        ...(shape.cardOnly ? CARD_COLUMNS : CLUB_VIEW_COLUMNS),
        sortName: sql<string>`lower(${clubs.name})`.as('sort_name'),
        ...(shape.liveRoleCounts ? { liveRoleCount: LIVE_ROLE_COUNT.as('live_role_count') } : {}),
        ...(shape.meetingTimes ? { meetingTimes: MEETING_TIMES_JSON.as('meeting_times') } : {}),
        ...(shape.totalCount ? { totalCount: sql<number>`(select count(*)::int from ${clubs} where ${where})`.as('total_count') } : {}),
      })
      .from(clubs)
      .where(page.where ? and(where, page.where) : where)
      .orderBy(...page.orderBy)
      .limit(sql.placeholder('limit'))
      .prepare(`club_directory_${key}`);
  }

  /** The sport filter's options: the categories of approved clubs (not removed), alphabetically. */
  async sportsPresent(): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ category: clubs.category })
      .from(clubs)
      .where(and(APPROVED, sql`${clubs.category} is not null`))
      .orderBy(asc(clubs.category));
    return rows.map((r) => r.category!);
  }

  /** The clubs of the directory (approved, not removed: its rule, APPROVED) by id, a range at a
   *  time: the sitemap's club pages. */
  async listedClubs({ after, skip, limit }: PublicRange): Promise<PublicEntry[]> {
    return this.db
      .select({ id: clubs.id, updatedAt: clubs.updatedAt })
      .from(clubs)
      .where(after ? and(APPROVED, gt(clubs.id, after)) : APPROVED)
      .orderBy(asc(clubs.id))
      .offset(skip)
      .limit(limit);
  }

  /** How many clubs the directory lists. */
  async listedClubCount(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(clubs).where(APPROVED);
    return Number(row?.value ?? 0);
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** The public directory, its sport options and the sitemap's clubs. */
    clubDirectory: ClubDirectoryService;
  }
}
