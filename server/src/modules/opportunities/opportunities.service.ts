// Opportunities (a club's live, active volunteer positions as volunteers see them): the browser,
// the skill filter's options and an opportunity's status. Applying and deciding are
// volunteer-applications.service.ts; the lists of applications, application-lists.service.ts.
// Every rule of these lives in the module's services; GraphQL only translates.
import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import { oncePerShape } from '../../db/statements.js';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.js';
import { shownColumns, type Shown } from '../../db/columns.js';
import { clubs, clubVolunteerPositions, type ClubVolunteerPositionRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { parseInput } from '../../lib/validate.js';
import type { PublicEntry, PublicRange } from '../../lib/public-listing.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import { searchQuery } from '../clubs/club-directory.service.js';
import { NOT_YOUR_POSITION, POSITION_NOT_FOUND } from '../clubs/volunteer-positions.service.js';
import { skillKey } from '../volunteers/volunteers.rules.js';
import {
  OPPORTUNITIES_PAGE_SIZE,
  OPPORTUNITY_MESSAGES as O,
  OPPORTUNITY_SKILLS_MAX,
  OPPORTUNITY_STATUSES,
  canChangeOpportunityStatus,
  opportunitiesSearchRules,
  type OpportunitiesSearch,
} from './opportunities.rules.js';
import { notFound, type Prepared } from './opportunities.shared.js';
import { ANYONE_MAY_SEE } from './position-visibility.service.js';

/** A position of the browser with its cursor's instant at full precision. */
export type OpportunityListRow = Shown<ClubVolunteerPositionRow> & { cursorAt: string };

export type OpportunitiesArgs = OpportunitiesSearch & PageArgs;

const p = clubVolunteerPositions;

/** Live, active, of an approved club, neither removed by a moderator: what volunteers browse. The
 *  literals (not parameters) let a prepared statement's generic plan use the partial indexes. */
const OPEN = sql`${p.isLive} and ${p.status} = 'active' and ${clubs.applicationStatus} = 'approved' and ${p.removedAt} is null and ${clubs.removedAt} is null`;

/** Which of the browser's filters a request has: with the paging direction and whether a cursor
 *  is given, what makes two requests run the same SQL text. */
interface BrowseFilters {
  search: boolean;
  skill: boolean;
  sport: boolean;
  location: boolean;
}

/** The browser's filter values, by placeholder name. */
type BrowseValues = { query: string | null; words: string[] | null; skill: string | null; sport: string | null; like: string | null };

/** The browser's conditions for the filters `shape` has, each value given by `bind` (a placeholder
 *  of a prepared statement, or the value itself): the search's prefix query (`query`) or any of
 *  its words as a skill (`words`, one array parameter), one skill, the sport and the location's two
 *  sides (`like`), the position's place and its club's city. */
function browseWhere(shape: BrowseFilters, bind: (name: keyof BrowseValues) => unknown) {
  const conditions: SQL[] = [OPEN];
  if (shape.search) conditions.push(sql`(${p.searchVector} @@ to_tsquery('simple', ${bind('query')}) or ${p.skillKeys} && ${bind('words')}::text[])`);
  if (shape.skill) conditions.push(sql`${p.skillKeys} @> array[${bind('skill')}]::text[]`);
  if (shape.sport) conditions.push(sql`${clubs.category} = ${bind('sport')}`);
  const byPlace = shape.location ? sql`lower(${p.location}) like ${bind('like')}` : null;
  const byCity = shape.location ? sql`lower(coalesce(${clubs.city}, '')) like ${bind('like')}` : null;
  return { filtered: and(...conditions)!, byPlace, byCity };
}

const statusRule = z.object({ status: z.enum(OPPORTUNITY_STATUSES, { error: 'Choose active, filled or cancelled' }) });

/** Whether the caller owns the position's club or administers the platform (the club's side). */
export function managesPosition(viewer: Viewer | null, clubId: string): boolean {
  return viewer !== null && (viewer.userId === clubId || viewer.isPlatformAdmin);
}

export class OpportunitiesService {
  /** The browser's statements by shape (browseStatement, browseCountStatement). */
  private readonly browseStatements = new Map<string, Prepared<OpportunityListRow>>();
  private readonly browseCounts = new Map<string, Prepared<{ value: number }>>();

  constructor(private readonly db: Db) {}

  /** Live, active positions of approved clubs, newest first, with the search, skill, sport and
   *  location filters; keyset pages on (created_at, id). One statement for the page, one for the
   *  count when asked. */
  async list(raw: OpportunitiesArgs): Promise<ConnectionResult<OpportunityListRow>> {
    const { first, after, last, before, ...filters } = raw;
    const args = parseInput(opportunitiesSearchRules, filters);
    const req = pageRequest(
      { first, after, last, before },
      (v) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null),
      OPPORTUNITIES_PAGE_SIZE,
      'opportunities',
    );
    const search = args.search ?? '';
    const query = searchQuery(search);
    const like = args.location ? containsPattern(args.location.toLowerCase()) : null;
    const values: BrowseValues = {
      query,
      words: query ? [...new Set([skillKey(search), ...search.toLowerCase().split(/\s+/).filter(Boolean)])] : null,
      skill: args.skill ? skillKey(args.skill) : null,
      sport: args.sport || null,
      like,
    };
    const filterShape: BrowseFilters = { search: query !== null, skill: values.skill !== null, sport: values.sport !== null, location: like !== null };
    const rows = await this.browseStatement({ ...filterShape, cursor: req.cursor !== null, forward: req.forward }).execute({
      ...values,
      createdKey: req.cursor?.[0] ?? null,
      idKey: req.cursor?.[1] ?? null,
      limit: req.size + 1,
    });
    return connectionFrom(rows, req, (r) => [r.cursorAt, r.id], async () => {
      if (filterShape.location) {
        // The location matches the position's place or its club's city: the count is the union of
        // the two sides, each with its own index (the position's trigram index, the approved
        // clubs), instead of every open position. Rare enough to be built per request.
        const { filtered, byPlace, byCity } = browseWhere(filterShape, (name) => (name === 'words' ? sql.param(values.words) : values[name]));
        const side = (match: SQL) => this.db.select({ id: p.id }).from(p).innerJoin(clubs, eq(clubs.id, p.clubId)).where(and(filtered, match));
        const [total] = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from (${side(byPlace!)} union ${side(byCity!)}) matching`));
        return Number(total?.n ?? 0);
      }
      const [total] = await this.browseCountStatement(filterShape).execute(values);
      return Number(total?.value ?? 0);
    });
  }

  /** The browser's page statement for one shape of request, built once (as the club directory's):
   *  drizzle writes the SQL text and its column mapping once per shape, and each request only
   *  fills in the values. */
  private browseStatement(shape: BrowseFilters & { cursor: boolean; forward: boolean }): Prepared<OpportunityListRow> {
    const key = Object.values(shape).map(Number).join('');
    return oncePerShape(this.browseStatements, key, () => this.buildBrowseStatement(shape, key));
  }

  /** Builds the browser's page statement for one shape (browseStatement keeps it). */
  private buildBrowseStatement(shape: BrowseFilters & { cursor: boolean; forward: boolean }, key: string): Prepared<OpportunityListRow> {
    const { filtered, byPlace, byCity } = browseWhere(shape, sql.placeholder);
    // The page reads the location's OR (it stops after a page of the newest).
    const where = byPlace && byCity ? and(filtered, sql`(${byPlace} or ${byCity})`)! : filtered;
    const page = keyset([[sql`${p.createdAt}`, 'timestamptz'], [sql`${p.id}`, 'uuid']], 'desc', {
      forward: shape.forward,
      size: 0,
      cursor: shape.cursor ? [sql.placeholder('createdKey'), sql.placeholder('idKey')] : null,
      hasAfter: false,
      hasBefore: false,
      list: 'opportunities',
    });
    return this.db
      .select({ ...shownColumns(p), cursorAt: preciseInstant(p.createdAt) })
      .from(p)
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .where(page.where ? and(where, page.where) : where)
      .orderBy(...page.orderBy)
      .limit(sql.placeholder('limit'))
      .prepare(`opportunities_${key}`);
  }

  /** The browser's count for one shape of filters without a location, built once. */
  private browseCountStatement(shape: BrowseFilters): Prepared<{ value: number }> {
    const key = Object.values(shape).map(Number).join('');
    return oncePerShape(this.browseCounts, key, () =>
      this.db
        .select({ value: count() })
        .from(p)
        .innerJoin(clubs, eq(clubs.id, p.clubId))
        .where(browseWhere(shape, sql.placeholder).filtered)
        .prepare(`opportunities_count_${key}`),
    );
  }

  /** The skill filter's options: the required skills of open opportunities, most used first (then
   *  A–Z), one spelling per skill whatever its letter case, at most 50. One statement. */
  async skills(): Promise<string[]> {
    const rows = await this.db
      .select({ skill: sql<string>`min(s.skill)`, uses: sql<number>`count(*)::int` })
      .from(p)
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .innerJoin(sql`lateral unnest(${p.requiredSkills}) as s(skill)`, sql`true`)
      .where(OPEN)
      .groupBy(sql`lower(trim(s.skill))`)
      .orderBy(sql`count(*) desc`, sql`lower(trim(min(s.skill)))`)
      .limit(OPPORTUNITY_SKILLS_MAX);
    return rows.map((r) => r.skill.trim()).filter(Boolean);
  }

  /** The positions whose page anyone may see (position-visibility.service.ts's rule) by id, a
   *  range at a time: the sitemap's opportunity pages. */
  async publicPositions({ after, skip, limit }: PublicRange): Promise<PublicEntry[]> {
    return this.db
      .select({ id: p.id, updatedAt: p.updatedAt })
      .from(p)
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .where(after ? and(ANYONE_MAY_SEE, gt(p.id, after)) : ANYONE_MAY_SEE)
      .orderBy(asc(p.id))
      .offset(skip)
      .limit(limit);
  }

  /** How many positions anyone may see. */
  async publicPositionCount(): Promise<number> {
    const [row] = await this.db.select({ value: count() }).from(p).innerJoin(clubs, eq(clubs.id, p.clubId)).where(ANYONE_MAY_SEE);
    return Number(row?.value ?? 0);
  }

  /** Marks one of the caller's club's positions filled or cancelled, or reactivates it (spec
   *  section 4). The row is locked while the transition is judged. */
  async setStatus(viewer: Viewer, id: string, rawStatus: unknown): Promise<ClubVolunteerPositionRow> {
    const { status } = parseInput(statusRule, { status: rawStatus });
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select({ clubId: p.clubId, status: p.status, autoFilled: p.autoFilled }).from(p).where(eq(p.id, id)).for('update');
      if (!current) throw notFound('id', POSITION_NOT_FOUND);
      if (current.clubId !== viewer.userId) throw errors.forbidden(NOT_YOUR_POSITION);
      const byPlaces = current.status === 'filled' && current.autoFilled;
      if (byPlaces && status === 'active') throw errors.validation(O.fullToActive, { status: O.fullToActive });
      if (current.status === status && !byPlaces) throw errors.validation(O.alreadyStatus(status), { status: O.alreadyStatus(status) });
      if (!canChangeOpportunityStatus(current.status, status, byPlaces)) throw errors.validation(O.cancelledToFilled, { status: O.cancelledToFilled });
      // Set by the club: a freed place no longer reopens it by itself.
      const [row] = await tx.update(p).set({ status, autoFilled: false, updatedAt: sql`now()` }).where(eq(p.id, id)).returning();
      return row!;
    });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Opportunities: the browser and an opportunity's status. */
    opportunities: OpportunitiesService;
  }
}
