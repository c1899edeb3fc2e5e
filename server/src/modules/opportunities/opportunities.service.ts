// Opportunities (a club's live, active volunteer positions as volunteers see them) and volunteer
// applications: the browser, applying, withdrawing, the club's decisions and an opportunity's
// status. Every rule of these lives here; GraphQL only translates. Each write is one transaction
// whose condition on the current status (or a unique index) decides races; the other side is
// notified, and mailed through the outbox per the club's settings, in that same transaction.
import { and, asc, count, desc, eq, getTableColumns, lte, sql, type SQL } from 'drizzle-orm';
import { anyOf, anyOfPlaceholder } from '../../db/any.js';
import { oncePerShape } from '../../db/statements.js';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { shownColumns, type Shown } from '../../db/columns.js';
import {
  clubs,
  clubVolunteerPositions,
  users,
  volunteerApplicationEvents,
  volunteerApplications,
  volunteerProfiles,
  type ClubVolunteerPositionRow,
  type VolunteerApplicationEventRow,
  type VolunteerApplicationRow,
} from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import { enqueueMail } from '../../mail/outbox.js';
import { WriteLimiter } from '../../lib/write-limits.js';
import {
  connectionFrom,
  cursorValue,
  keyset,
  pageRequest,
  preciseInstant,
  toGlobalId,
  type ConnectionResult,
  type KeyColumn,
  type PageArgs,
  type PageRequest,
} from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import { NOT_YOUR_POSITION, POSITION_NOT_FOUND, searchQuery } from '../clubs/clubs.service.js';
import { idempotencyKeyRule } from '../messages/messages.rules.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { applicationMessageRule, skillKey, volunteerFullName } from '../volunteers/volunteers.rules.js';
import {
  APPLICATION_HISTORY_MAX,
  APPLICATION_MESSAGES_TEXT as A,
  APPLICATION_NOTIFICATIONS as N,
  APPLICATIONS_PAGE_SIZE,
  APPLICATION_STATUS_VALUES,
  OPPORTUNITIES_PAGE_SIZE,
  OPPORTUNITY_MESSAGES as O,
  OPPORTUNITY_SKILLS_MAX,
  OPPORTUNITY_STATUSES,
  applicationPath,
  canChangeOpportunityStatus,
  opportunitiesSearchRules,
  reviewNoteRule,
  type ApplicationSortValue,
  type ApplicationStatus,
  type OpportunitiesSearch,
} from './opportunities.rules.js';

/** A position of the browser with its cursor's instant at full precision. */
export type OpportunityListRow = Shown<ClubVolunteerPositionRow> & { cursorAt: string };
/** An application of a list with its cursor's keys as the database computes them. */
export type ApplicationListRow = VolunteerApplicationRow & { cursorAt: string; sortTitle?: string; statusRank?: number };

export interface ApplicationCountsRow {
  total: number;
  pending: number;
  accepted: number;
  rejected: number;
  withdrawn: number;
}

export type OpportunitiesArgs = OpportunitiesSearch & PageArgs;
export type MyApplicationsArgs = PageArgs & { status?: ApplicationStatus | null; sort?: ApplicationSortValue | null };

/** What a position's applications page asks for (one DataLoader key). */
export interface PositionApplicationsKey {
  positionId: string;
  status: ApplicationStatus | null;
  page: PageArgs;
}

const emptyCounts = (): ApplicationCountsRow => ({ total: 0, pending: 0, accepted: 0, rejected: 0, withdrawn: 0 });

const p = clubVolunteerPositions;
const a = volunteerApplications;

/** Live, active, of an approved club, neither removed by a moderator: what volunteers browse. The
 *  literals (not parameters) let a prepared statement's generic plan use the partial indexes. */
const OPEN = sql`${p.isLive} and ${p.status} = 'active' and ${clubs.applicationStatus} = 'approved' and ${p.removedAt} is null and ${clubs.removedAt} is null`;

/** An application its volunteer sees: neither its position nor its club removed by a moderator (a
 *  removed item is as gone to them as a deleted one, until it is restored). One primary-key probe
 *  each per row, in the list's own statement. */
const SHOWN_TO_VOLUNTEER = sql`not exists (select 1 from ${p} where ${p.id} = ${a.positionId} and ${p.removedAt} is not null)
  and not exists (select 1 from ${clubs} where ${clubs.id} = ${a.clubId} and ${clubs.removedAt} is not null)`;


/** The STATUS sort's key: pending first, withdrawn last (read descending). */
const STATUS_RANK = sql<number>`(case ${a.status} when 'pending' then 3 when 'accepted' then 2 when 'rejected' then 1 else 0 end)::int8`;

/** A statement prepared once and run with each request's values. */
type Prepared<T> = { execute(values?: Record<string, unknown>): Promise<T[]> };

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

const applyRules = z.object({ message: applicationMessageRule });
const keyRules = z.object({ idempotencyKey: idempotencyKeyRule });
const noteRules = z.object({ note: reviewNoteRule });
const statusRule = z.object({ status: z.enum(OPPORTUNITY_STATUSES, { error: 'Choose active, filled or cancelled' }) });
const applicationStatusRules = z.object({ status: z.enum(APPLICATION_STATUS_VALUES) });

const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, { [field]: message });

/** Whether the caller may see an application: its volunteer, its club's owner, administrators. */
export function canSeeApplication(viewer: Viewer | null, row: Pick<VolunteerApplicationRow, 'volunteerId' | 'clubId'>): boolean {
  return viewer !== null && (viewer.userId === row.volunteerId || viewer.userId === row.clubId || viewer.isPlatformAdmin);
}

/** Whether the caller owns the position's club or administers the platform (the club's side). */
export function managesPosition(viewer: Viewer | null, clubId: string): boolean {
  return viewer !== null && (viewer.userId === clubId || viewer.isPlatformAdmin);
}

export class OpportunitiesService {
  /** The browser's statements by shape (browseStatement, browseCountStatement). */
  private readonly browseStatements = new Map<string, Prepared<OpportunityListRow>>();
  private readonly browseCounts = new Map<string, Prepared<{ value: number }>>();
  /** The dashboard's statements: the caller's applications by shape, their counts, the stats. */
  private readonly mineStatements = new Map<string, Prepared<ApplicationListRow>>();
  private readonly mineCounts: Array<Prepared<{ value: number }> | undefined> = [];
  private statsStatement?: Prepared<Partial<ApplicationCountsRow>>;
  /** The batched loads' statements (one text whatever the batch size: `= any($1)`). */
  private byIdsStatement?: Prepared<VolunteerApplicationRow>;
  private latestStatement?: Prepared<VolunteerApplicationRow>;

  /** Applications and withdrawals per volunteer per position, and per volunteer, per hour. */
  private readonly limiter: WriteLimiter;

  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsService,
    private readonly onMailQueued: () => void,
    private readonly webOrigin: string,
    private readonly limits: { applicationsPerPosition: number; applicationsPerVolunteer: number; collapseMinutes: number } = {
      applicationsPerPosition: 6,
      applicationsPerVolunteer: 30,
      collapseMinutes: 10,
    },
  ) {
    this.limiter = new WriteLimiter(
      db,
      [
        { name: 'application_position', points: limits.applicationsPerPosition, windowSeconds: 3600 },
        { name: 'application_volunteer', points: limits.applicationsPerVolunteer, windowSeconds: 3600 },
      ],
      A.tooManyApplications,
    );
  }

  /** Counts an application or a withdrawal of `volunteerId` on `positionId` against the limits;
   *  past them, RATE_LIMITED before anything is written. */
  private countWrite(volunteerId: string, positionId: string): Promise<void> {
    return this.limiter.consume({ application_position: [volunteerId, positionId], application_volunteer: [volunteerId] });
  }

  // ---- the browser ------------------------------------------------------------------------------

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

  // ---- applying and deciding --------------------------------------------------------------------

  /**
   * Applies to a live, active position of an approved club (not the caller's own) with a message.
   * One open application per volunteer and position: the unique index decides, so two concurrent
   * applies cannot both succeed. A repeated idempotency key answers the first application.
   */
  async apply(viewer: Viewer, positionId: string, raw: { message?: unknown; idempotencyKey?: unknown }): Promise<VolunteerApplicationRow> {
    const { idempotencyKey } = parseInput(keyRules, { idempotencyKey: raw.idempotencyKey });
    if (idempotencyKey !== null) {
      const first = await this.appliedWithKey(this.db, viewer.userId, idempotencyKey);
      if (first) return first;
    }
    const [profile] = await this.db
      .select({ firstName: volunteerProfiles.firstName, lastName: volunteerProfiles.lastName })
      .from(volunteerProfiles)
      .where(eq(volunteerProfiles.userId, viewer.userId));
    if (!profile) throw errors.validation(A.profileRequired);
    const volunteerName = volunteerFullName(profile.firstName, profile.lastName);
    await this.countWrite(viewer.userId, positionId);

    const { application, mailed } = await this.db.transaction(async (tx) => {
      // Read under a share lock: a concurrent status change waits for this application (or this
      // one sees the new status), so nobody applies to a position just filled.
      const [target] = await tx
        .select({ position: p, club: clubs, ownerEmail: users.email, ownerName: users.fullName })
        .from(p)
        .innerJoin(clubs, eq(clubs.id, p.clubId))
        .innerJoin(users, eq(users.id, p.clubId))
        .where(eq(p.id, positionId))
        .for('share', { of: p });
      if (!target || !target.position.isLive || target.club.applicationStatus !== 'approved' || target.position.removedAt || target.club.removedAt) {
        throw notFound('positionId', O.notFound);
      }
      if (target.position.status !== 'active') throw errors.validation(O.notAccepting, { positionId: O.notAccepting });
      if (target.club.id === viewer.userId) throw errors.validation(A.ownClub, { positionId: A.ownClub });
      const { message } = parseInput(applyRules, { message: typeof raw.message === 'string' ? sanitizeText(raw.message) : raw.message });

      const [created] = await tx
        .insert(a)
        .values({ positionId, volunteerId: viewer.userId, clubId: target.club.id, message, idempotencyKey })
        // Any unique index: the open application (pending or accepted) of this volunteer and
        // position, or the caller's idempotency key. Which one is looked up only afterwards.
        .onConflictDoNothing()
        .returning();
      if (!created) {
        const first = idempotencyKey === null ? undefined : await this.appliedWithKey(tx, viewer.userId, idempotencyKey);
        if (first) return { application: first, mailed: false };
        throw errors.validation(A.alreadyApplied, { positionId: A.alreadyApplied });
      }
      await tx.insert(volunteerApplicationEvents).values({ applicationId: created.id, status: 'pending', actorId: viewer.userId });
      const actionUrl = applicationPath(toGlobalId('VolunteerApplication', created.id));
      // Repeats of this volunteer's applications to this position within the window are one
      // notification and one mail (the latest).
      const collapseKey = `application-applied:${positionId}:${viewer.userId}`;
      await this.notifications.create(tx, {
        userId: target.club.id,
        type: 'application',
        title: N.applied.title,
        description: N.applied.description(volunteerName, target.position.title),
        actionUrl,
        collapseKey,
      });
      if (target.club.notifyApplicationsByEmail) {
        const queued = await enqueueMail(
          tx,
          {
            to: target.ownerEmail,
            subject: `New volunteer application for ${target.position.title}`,
            text: `Hello ${target.ownerName},\n\n${volunteerName} applied for ${target.position.title} at ${target.club.name}.\n\nTheir message:\n${message}\n\nReview the application: ${this.webOrigin}${actionUrl}\n\nYou can turn these emails off in your club settings: ${this.webOrigin}/club/settings\n\nThe Clubroom team`,
            collapseKey,
          },
          this.limits.collapseMinutes,
        );
        return { application: created, mailed: queued };
      }
      return { application: created, mailed: false };
    });
    if (mailed) this.onMailQueued();
    return application;
  }

  /** Withdraws the caller's own pending application: one conditional UPDATE decides (a club
   *  deciding at the same moment either wins, or finds it withdrawn). */
  async withdraw(viewer: Viewer, id: string): Promise<VolunteerApplicationRow> {
    // Only the volunteer's own application counts against their limits (anyone else's, or an id
    // that names none, is NOT_FOUND below and counts nothing).
    const [own] = await this.db.select({ positionId: a.positionId }).from(a).where(and(eq(a.id, id), eq(a.volunteerId, viewer.userId)));
    if (own) await this.countWrite(viewer.userId, own.positionId);
    const { application, mailed } = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(a)
        .set({ status: 'withdrawn', updatedAt: sql`now()` })
        .where(and(eq(a.id, id), eq(a.volunteerId, viewer.userId), eq(a.status, 'pending')))
        .returning();
      if (!row) {
        const [current] = await tx.select({ volunteerId: a.volunteerId }).from(a).where(eq(a.id, id));
        if (!current || current.volunteerId !== viewer.userId) throw notFound('id', A.notFound);
        throw errors.validation(A.onlyPendingWithdraw, { id: A.onlyPendingWithdraw });
      }
      await tx.insert(volunteerApplicationEvents).values({ applicationId: row.id, status: 'withdrawn', actorId: viewer.userId });
      const about = await this.about(tx, row);
      const actionUrl = applicationPath(toGlobalId('VolunteerApplication', row.id));
      const collapseKey = `application-withdrawn:${row.positionId}:${viewer.userId}`;
      await this.notifications.create(tx, {
        userId: row.clubId,
        type: 'application',
        title: N.withdrawn.title,
        description: N.withdrawn.description(about.volunteerName, about.title),
        actionUrl,
        collapseKey,
      });
      if (about.notifyWithdrawalsByEmail && about.ownerEmail) {
        const queued = await enqueueMail(
          tx,
          {
            to: about.ownerEmail,
            subject: `Application withdrawn: ${about.title}`,
            text: `Hello ${about.ownerName},\n\n${about.volunteerName} withdrew their application for ${about.title} at ${about.clubName}.\n\nSee the application: ${this.webOrigin}${actionUrl}\n\nYou can turn these emails off in your club settings: ${this.webOrigin}/club/settings\n\nThe Clubroom team`,
            collapseKey,
          },
          this.limits.collapseMinutes,
        );
        return { application: row, mailed: queued };
      }
      return { application: row, mailed: false };
    });
    if (mailed) this.onMailQueued();
    return application;
  }

  /** Accepts or rejects a pending application to the caller's club, with an optional note: one
   *  conditional UPDATE decides (of two owner sessions, or an owner and a withdrawing volunteer,
   *  exactly one changes it). The volunteer is notified live. */
  async review(viewer: Viewer, id: string, decision: 'accepted' | 'rejected', rawNote: unknown): Promise<VolunteerApplicationRow> {
    const { note } = parseInput(noteRules, { note: typeof rawNote === 'string' ? sanitizeText(rawNote) : rawNote });
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(a)
        .set({ status: decision, updatedAt: sql`now()` })
        .where(and(eq(a.id, id), eq(a.clubId, viewer.userId), eq(a.status, 'pending')))
        .returning();
      if (!row) {
        const [current] = await tx.select({ clubId: a.clubId }).from(a).where(eq(a.id, id));
        if (!current || current.clubId !== viewer.userId) throw notFound('id', A.notFound);
        throw errors.validation(A.onlyPendingReview, { id: A.onlyPendingReview });
      }
      await tx.insert(volunteerApplicationEvents).values({ applicationId: row.id, status: decision, actorId: viewer.userId, note });
      const about = await this.about(tx, row);
      const text = decision === 'accepted' ? N.accepted : N.rejected;
      await this.notifications.create(tx, {
        userId: row.volunteerId,
        type: 'application',
        title: text.title,
        description: text.description(about.title, about.clubName),
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.id)),
      });
      return row;
    });
  }

  /** Marks one of the caller's club's positions filled or cancelled, or reactivates it (spec
   *  section 4). The row is locked while the transition is judged. */
  async setStatus(viewer: Viewer, id: string, rawStatus: unknown): Promise<ClubVolunteerPositionRow> {
    const { status } = parseInput(statusRule, { status: rawStatus });
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select({ clubId: p.clubId, status: p.status }).from(p).where(eq(p.id, id)).for('update');
      if (!current) throw notFound('id', POSITION_NOT_FOUND);
      if (current.clubId !== viewer.userId) throw errors.forbidden(NOT_YOUR_POSITION);
      if (current.status === status) throw errors.validation(O.alreadyStatus(status), { status: O.alreadyStatus(status) });
      if (!canChangeOpportunityStatus(current.status, status)) throw errors.validation(O.cancelledToFilled, { status: O.cancelledToFilled });
      const [row] = await tx.update(p).set({ status, updatedAt: sql`now()` }).where(eq(p.id, id)).returning();
      return row!;
    });
  }

  /** In a position's deletion (before its applications cascade away): tells each volunteer with a
   *  pending application that the opportunity was removed. */
  readonly tellApplicantsRemoved = async (tx: Executor, position: ClubVolunteerPositionRow): Promise<void> => {
    const pending = await tx
      .select({ volunteerId: a.volunteerId, clubName: clubs.name })
      .from(a)
      .innerJoin(clubs, eq(clubs.id, a.clubId))
      .where(and(eq(a.positionId, position.id), eq(a.status, 'pending')));
    for (const row of pending) {
      await this.notifications.create(tx, {
        userId: row.volunteerId,
        type: 'application',
        title: N.removed.title,
        description: N.removed.description(position.title, row.clubName),
        actionUrl: '/volunteer/dashboard',
      });
    }
  };

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

  // ---- helpers ------------------------------------------------------------------------------------

  private async appliedWithKey(executor: Executor, volunteerId: string, key: string): Promise<VolunteerApplicationRow | undefined> {
    const [row] = await executor.select().from(a).where(and(eq(a.volunteerId, volunteerId), eq(a.idempotencyKey, key)));
    return row;
  }

  /** The names a notification or mail about an application needs, in one statement. */
  private async about(tx: Executor, row: VolunteerApplicationRow) {
    const [info] = await tx
      .select({
        title: p.title,
        clubName: clubs.name,
        notifyWithdrawalsByEmail: clubs.notifyWithdrawalsByEmail,
        ownerEmail: users.email,
        ownerName: users.fullName,
        firstName: volunteerProfiles.firstName,
        lastName: volunteerProfiles.lastName,
        accountName: sql<string | null>`(select u2.full_name from ${users} u2 where u2.id = ${row.volunteerId})`,
      })
      .from(p)
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .leftJoin(users, eq(users.id, p.clubId))
      .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, row.volunteerId))
      .where(eq(p.id, row.positionId));
    const volunteerName = info?.firstName ? volunteerFullName(info.firstName, info.lastName ?? '') : (info?.accountName ?? 'A volunteer');
    return {
      title: info?.title ?? '',
      clubName: info?.clubName ?? '',
      notifyWithdrawalsByEmail: info?.notifyWithdrawalsByEmail ?? false,
      ownerEmail: info?.ownerEmail ?? null,
      ownerName: info?.ownerName ?? '',
      volunteerName,
    };
  }
}

function countColumns() {
  return {
    total: sql<number>`count(*)::int`,
    pending: sql<number>`(count(*) filter (where ${a.status} = 'pending'))::int`,
    accepted: sql<number>`(count(*) filter (where ${a.status} = 'accepted'))::int`,
    rejected: sql<number>`(count(*) filter (where ${a.status} = 'rejected'))::int`,
    withdrawn: sql<number>`(count(*) filter (where ${a.status} = 'withdrawn'))::int`,
  };
}

function toCounts(row: Partial<ApplicationCountsRow> | undefined): ApplicationCountsRow {
  const counts = emptyCounts();
  for (const key of Object.keys(counts) as Array<keyof ApplicationCountsRow>) counts[key] = Number(row?.[key] ?? 0);
  return counts;
}

declare module '../../lib/services.js' {
  interface Services {
    /** Opportunities and volunteer applications. */
    opportunities: OpportunitiesService;
  }
}
