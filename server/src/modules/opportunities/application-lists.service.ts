// Lists of volunteer applications: the volunteer's own (their dashboard's pages and counts) and
// the batched reads behind the DataLoaders (applications by id, their history, a volunteer's
// latest application to each position, a position's counts and pages). Reads only: applying and
// deciding are volunteer-applications.service.ts.
import { and, asc, count, desc, eq, getTableColumns, lte, sql } from 'drizzle-orm';
import { anyOf, anyOfPlaceholder } from '../../db/any.js';
import { oncePerShape } from '../../db/statements.js';
import { z } from 'zod';
import { rowsOf, type Db } from '../../db/client.js';
import {
  clubs,
  clubVolunteerPositions,
  volunteerApplicationEvents,
  volunteerApplications,
  type VolunteerApplicationEventRow,
  type VolunteerApplicationRow,
} from '../../db/schema/index.js';
import { parseInput } from '../../lib/validate.js';
import {
  connectionFrom,
  cursorValue,
  keyset,
  pageRequest,
  preciseInstant,
  type ConnectionResult,
  type KeyColumn,
  type PageArgs,
  type PageRequest,
} from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  APPLICATION_HISTORY_MAX,
  APPLICATIONS_PAGE_SIZE,
  APPLICATION_STATUS_VALUES,
  type ApplicationSortValue,
  type ApplicationStatus,
} from './opportunities.rules.js';
import type { Prepared } from './opportunities.shared.js';

/** An application of a list with its cursor's keys as the database computes them. */
export type ApplicationListRow = VolunteerApplicationRow & { cursorAt: string; sortTitle?: string; statusRank?: number };

export interface ApplicationCountsRow {
  total: number;
  pending: number;
  accepted: number;
  rejected: number;
  withdrawn: number;
  waitlisted: number;
  offered: number;
  lapsed: number;
}

export type MyApplicationsArgs = PageArgs & { status?: ApplicationStatus | null; sort?: ApplicationSortValue | null };

/** What a position's applications page asks for (one DataLoader key). */
export interface PositionApplicationsKey {
  positionId: string;
  status: ApplicationStatus | null;
  page: PageArgs;
}

export const emptyCounts = (): ApplicationCountsRow => ({ total: 0, pending: 0, accepted: 0, rejected: 0, withdrawn: 0, waitlisted: 0, offered: 0, lapsed: 0 });

const p = clubVolunteerPositions;
const a = volunteerApplications;

/** An application its volunteer sees: neither its position nor its club removed by a moderator (a
 *  removed item is as gone to them as a deleted one, until it is restored). One primary-key probe
 *  each per row, in the list's own statement. */
const SHOWN_TO_VOLUNTEER = sql`not exists (select 1 from ${p} where ${p.id} = ${a.positionId} and ${p.removedAt} is not null)
  and not exists (select 1 from ${clubs} where ${clubs.id} = ${a.clubId} and ${clubs.removedAt} is not null)`;

/** The STATUS sort's key: pending, offered, accepted, on the waiting list, rejected, then withdrawn
 *  and lapsed (read descending). */
const STATUS_RANK = sql<number>`(case ${a.status} when 'pending' then 6 when 'offered' then 5 when 'accepted' then 4 when 'waitlisted' then 3 when 'rejected' then 2 when 'lapsed' then 1 else 0 end)::int8`;

/** The caller's applications, with a status filter (placeholder `status`) when asked for. */
const mineWhere = (status: boolean) =>
  and(eq(a.volunteerId, sql.placeholder('volunteerId')), status ? eq(a.status, sql.placeholder('status')) : undefined, SHOWN_TO_VOLUNTEER)!;
const SORT_TITLE = sql<string>`lower(${p.title})`;
const MINE_COLUMNS = { ...getTableColumns(a), cursorAt: preciseInstant(a.appliedAt), statusRank: STATUS_RANK };
/** Each order's keyset keys, cursor check and a row's cursor. */
const MINE_KEYS: Record<ApplicationSortValue, { columns: KeyColumn[]; direction: 'asc' | 'desc' }> = {
  newest: { columns: [[sql`${a.appliedAt}`, 'timestamptz'], [sql`${a.id}`, 'uuid']], direction: 'desc' },
  oldest: { columns: [[sql`${a.appliedAt}`, 'timestamptz'], [sql`${a.id}`, 'uuid']], direction: 'asc' },
  status: { columns: [[STATUS_RANK, 'int8'], [sql`${a.appliedAt}`, 'timestamptz'], [sql`${a.id}`, 'uuid']], direction: 'desc' },
  title: { columns: [[SORT_TITLE, 'text'], [sql`${a.id}`, 'uuid']], direction: 'asc' },
};
const MINE_CURSORS: Record<ApplicationSortValue, (v: unknown[]) => unknown[] | null> = {
  newest: (v) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null),
  oldest: (v) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null),
  status: (v) => (v.length === 3 && cursorValue.int(v[0]) && cursorValue.instant(v[1]) && cursorValue.uuid(v[2]) ? v : null),
  title: (v) => (v.length === 2 && cursorValue.text(v[0]) && cursorValue.uuid(v[1]) ? v : null),
};
const MINE_CURSOR_OF: Record<ApplicationSortValue, (r: ApplicationListRow) => unknown[]> = {
  newest: (r) => [r.cursorAt, r.id],
  oldest: (r) => [r.cursorAt, r.id],
  status: (r) => [Number(r.statusRank), r.cursorAt, r.id],
  title: (r) => [r.sortTitle, r.id],
};

const applicationStatusRules = z.object({ status: z.enum(APPLICATION_STATUS_VALUES) });

export class ApplicationListsService {
  /** The dashboard's statements: the caller's applications by shape, their counts, the stats. */
  private readonly mineStatements = new Map<string, Prepared<ApplicationListRow>>();
  private readonly mineCounts: Array<Prepared<{ value: number }> | undefined> = [];
  private statsStatement?: Prepared<Partial<ApplicationCountsRow>>;
  /** The batched loads' statements (one text whatever the batch size: `= any($1)`). */
  private byIdsStatement?: Prepared<VolunteerApplicationRow>;
  private latestStatement?: Prepared<VolunteerApplicationRow>;

  constructor(private readonly db: Db) {}

  // ---- the volunteer's applications ---------------------------------------------------------------

  /** The caller's applications (not those to a removed position or club), optionally of one
   *  status, in one of four orders, each with its own keyset cursors; 20 a page. One statement for
   *  the page, one for the count when asked. */
  async mine(viewer: Viewer, raw: MyApplicationsArgs): Promise<ConnectionResult<ApplicationListRow>> {
    const { status, sort, ...pageArgs } = raw;
    const order: ApplicationSortValue = sort ?? 'newest';
    const statusFilter = status ? parseInput(applicationStatusRules, { status }).status : null;
    const req = pageRequest(pageArgs, MINE_CURSORS[order], APPLICATIONS_PAGE_SIZE, `myVolunteerApplications:${order}`);
    const shape = { order, status: statusFilter !== null, cursor: req.cursor !== null, forward: req.forward };
    const values = { volunteerId: viewer.userId, status: statusFilter };
    const cursor = Object.fromEntries((req.cursor ?? []).map((value, i) => [`k${i}`, value]));
    const rows = await this.mineStatement(shape).execute({ ...values, ...cursor, limit: req.size + 1 });
    return connectionFrom(rows, req, MINE_CURSOR_OF[order], async () => {
      const [total] = await this.mineCountStatement(shape.status).execute(values);
      return Number(total?.value ?? 0);
    });
  }

  /** The caller's applications' page statement for one order, filter and paging shape, built once. */
  private mineStatement(shape: { order: ApplicationSortValue; status: boolean; cursor: boolean; forward: boolean }): Prepared<ApplicationListRow> {
    const key = `${shape.order}_${Number(shape.status)}${Number(shape.cursor)}${Number(shape.forward)}`;
    return oncePerShape(this.mineStatements, key, () => this.buildMineStatement(shape, key));
  }

  /** Builds the caller's applications' page statement for one shape (mineStatement keeps it). */
  private buildMineStatement(shape: { order: ApplicationSortValue; status: boolean; cursor: boolean; forward: boolean }, key: string): Prepared<ApplicationListRow> {
    const { columns, direction } = MINE_KEYS[shape.order];
    const page = keyset(columns, direction, {
      forward: shape.forward,
      size: 0,
      cursor: shape.cursor ? columns.map((_, i) => sql.placeholder(`k${i}`)) : null,
      hasAfter: false,
      hasBefore: false,
      list: '',
    });
    const where = mineWhere(shape.status);
    const filtered = page.where ? and(where, page.where) : where;
    return (
      shape.order === 'title'
        ? this.db
            .select({ ...MINE_COLUMNS, sortTitle: SORT_TITLE })
            .from(a)
            .innerJoin(p, eq(p.id, a.positionId))
            .where(filtered)
            .orderBy(...page.orderBy)
            .limit(sql.placeholder('limit'))
            .prepare(`my_applications_${key}`)
        : this.db.select(MINE_COLUMNS).from(a).where(filtered).orderBy(...page.orderBy).limit(sql.placeholder('limit')).prepare(`my_applications_${key}`)
    );
  }

  /** The caller's applications counted, with or without a status filter: built once each. */
  private mineCountStatement(status: boolean): Prepared<{ value: number }> {
    const cached = this.mineCounts[Number(status)];
    if (cached) return cached;
    const statement = this.db.select({ value: count() }).from(a).where(mineWhere(status)).prepare(`my_applications_count_${Number(status)}`);
    this.mineCounts[Number(status)] = statement;
    return statement;
  }

  /** The caller's applications counted by status (as `mine` lists them): one statement. */
  async stats(viewer: Viewer): Promise<ApplicationCountsRow> {
    this.statsStatement ??= this.db
      .select(countColumns())
      .from(a)
      .where(and(eq(a.volunteerId, sql.placeholder('volunteerId')), SHOWN_TO_VOLUNTEER))
      .prepare('my_application_stats');
    const [row] = await this.statsStatement.execute({ volunteerId: viewer.userId });
    return toCounts(row);
  }

  // ---- batched reads (DataLoaders) --------------------------------------------------------------

  /** Applications by id, whatever their visibility (callers apply canSeeApplication). */
  async byIds(ids: readonly string[]): Promise<VolunteerApplicationRow[]> {
    if (ids.length === 0) return [];
    this.byIdsStatement ??= this.db.select().from(a).where(anyOfPlaceholder(a.id, 'ids')).prepare('applications_by_ids');
    return this.byIdsStatement.execute({ ids: [...ids] });
  }

  /** The history of many applications, oldest first, at most APPLICATION_HISTORY_MAX each. */
  async historyOf(applicationIds: readonly string[]): Promise<VolunteerApplicationEventRow[]> {
    if (applicationIds.length === 0) return [];
    const e = volunteerApplicationEvents;
    const ranked = this.db
      .select({
        ...getTableColumns(e),
        rank: sql<number>`row_number() over (partition by ${e.applicationId} order by ${e.createdAt} asc, ${e.id} asc)`.as('rank'),
      })
      .from(e)
      .where(anyOf(e.applicationId, [...applicationIds]))
      .as('ranked');
    const rows = await this.db.select().from(ranked).where(lte(ranked.rank, APPLICATION_HISTORY_MAX)).orderBy(asc(ranked.createdAt), asc(ranked.id));
    return rows.map(({ rank: _rank, ...event }) => event as VolunteerApplicationEventRow);
  }

  /** Each (volunteer, position)'s latest application, any status, for many pairs: one statement
   *  per volunteer (a request has one caller). */
  async latestOf(volunteerId: string, positionIds: readonly string[]): Promise<VolunteerApplicationRow[]> {
    if (positionIds.length === 0) return [];
    this.latestStatement ??= this.db
      .selectDistinctOn([a.positionId])
      .from(a)
      .where(and(eq(a.volunteerId, sql.placeholder('volunteerId')), anyOfPlaceholder(a.positionId, 'positionIds')))
      .orderBy(a.positionId, desc(a.appliedAt), desc(a.id))
      .prepare('latest_applications');
    return this.latestStatement.execute({ volunteerId, positionIds: [...positionIds] });
  }

  /** Applications of many positions counted by status: one grouped statement. */
  async countsOf(positionIds: readonly string[]): Promise<Map<string, ApplicationCountsRow>> {
    if (positionIds.length === 0) return new Map();
    const rows = await this.db
      .select({ positionId: a.positionId, ...countColumns() })
      .from(a)
      .where(anyOf(a.positionId, [...positionIds]))
      .groupBy(a.positionId);
    return new Map(rows.map((r) => [r.positionId, toCounts(r)]));
  }

  /** Pages of many positions' applications, newest first, that share a status filter and paging
   *  arguments: one statement (a window per position) for all of them. */
  async applicationsOfPositions(keys: readonly PositionApplicationsKey[], totals: (positionId: string, status: ApplicationStatus | null) => Promise<number>): Promise<Array<ConnectionResult<ApplicationListRow>>> {
    const groups = new Map<string, { req: PageRequest<unknown[]>; status: ApplicationStatus | null; positions: Set<string> }>();
    const reqs = keys.map((key) => {
      const req = pageRequest(key.page, (v) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null), APPLICATIONS_PAGE_SIZE, 'positionApplications');
      const group = JSON.stringify([key.status, req.forward, req.size, req.cursor]);
      if (!groups.has(group)) groups.set(group, { req, status: key.status, positions: new Set() });
      groups.get(group)!.positions.add(key.positionId);
      return { req, group };
    });
    const rowsByGroup = new Map<string, ApplicationListRow[]>();
    await Promise.all(
      [...groups].map(async ([group, { req, status, positions }]) => {
        const page = keyset([[sql`${a.appliedAt}`, 'timestamptz'], [sql`${a.id}`, 'uuid']], 'desc', req);
        const conditions = [anyOf(a.positionId, [...positions])];
        if (status) conditions.push(eq(a.status, status));
        if (page.where) conditions.push(page.where);
        const ranked = this.db
          .select({
            ...getTableColumns(a),
            cursorAt: preciseInstant(a.appliedAt).as('cursor_at'),
            rank: sql<number>`row_number() over (partition by ${a.positionId} order by ${sql.join(page.orderBy, sql`, `)})`.as('rank'),
          })
          .from(a)
          .where(and(...conditions))
          .as('ranked');
        const rows = await this.db.select().from(ranked).where(lte(ranked.rank, page.limit)).orderBy(asc(ranked.rank));
        rowsByGroup.set(group, rows as unknown as ApplicationListRow[]);
      }),
    );
    return keys.map((key, i) => {
      const { req, group } = reqs[i]!;
      const rows = rowsByGroup.get(group)!.filter((r) => r.positionId === key.positionId);
      return connectionFrom(rows, req, (r) => [r.cursorAt, r.id], () => totals(key.positionId, key.status));
    });
  }


  /** The line counts of many positions in one statement (positions without any: all zero). */
  async lineCounts(positionIds: readonly string[]): Promise<LineCountsRow[]> {
    const rows = rowsOf<LineCountsRow & { positionId: string }>(
      await this.db.execute(sql`
        select position_id as "positionId",
          count(*) filter (where status = 'accepted')::int as accepted,
          count(*) filter (where status = 'offered')::int as offered,
          count(*) filter (where status = 'waitlisted')::int as waiting
        from volunteer_applications
        where position_id = any(${sql.param([...positionIds])}::uuid[]) and status in ('accepted', 'offered', 'waitlisted')
        group by position_id`),
    );
    const found = new Map(rows.map((r) => [r.positionId, r]));
    return positionIds.map((id) => found.get(id) ?? { accepted: 0, offered: 0, waiting: 0 });
  }
}

/** A position's places as the line holds them: accepted, offered (held until answered), waiting. */
export interface LineCountsRow {
  accepted: number;
  offered: number;
  waiting: number;
}

function countColumns() {
  return {
    total: sql<number>`count(*)::int`,
    pending: sql<number>`(count(*) filter (where ${a.status} = 'pending'))::int`,
    accepted: sql<number>`(count(*) filter (where ${a.status} = 'accepted'))::int`,
    rejected: sql<number>`(count(*) filter (where ${a.status} = 'rejected'))::int`,
    withdrawn: sql<number>`(count(*) filter (where ${a.status} = 'withdrawn'))::int`,
    waitlisted: sql<number>`(count(*) filter (where ${a.status} = 'waitlisted'))::int`,
    offered: sql<number>`(count(*) filter (where ${a.status} = 'offered'))::int`,
    lapsed: sql<number>`(count(*) filter (where ${a.status} = 'lapsed'))::int`,
  };
}

function toCounts(row: Partial<ApplicationCountsRow> | undefined): ApplicationCountsRow {
  const counts = emptyCounts();
  for (const key of Object.keys(counts) as Array<keyof ApplicationCountsRow>) counts[key] = Number(row?.[key] ?? 0);
  return counts;
}

declare module '../../lib/services.js' {
  interface Services {
    /** A volunteer's applications and the batched reads behind the applications' loaders. */
    applicationLists: ApplicationListsService;
  }
}
