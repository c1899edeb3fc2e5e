// Volunteer hours (issue 30 §3): hours from shifts whose attendance the club confirmed, and hours a
// volunteer claims for a position they were accepted to, which the club approves or declines; a
// club can revoke approved hours. Every change is one transaction whose conditional UPDATE (or a
// lock) decides races, writes its audit event (volunteer_hours_events) and tells the other side
// through the notification dispatcher. A bulk call is all or nothing: the first bad item refuses
// the whole call, naming it. Also: the dashboards' sums, the club's export (the shared export files
// and signed download), and what a certificate or a data export needs.
import type { Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { lockNames } from '../../db/batch.js';
import { clubs, users, volunteerHours, volunteerHoursEvents, type VolunteerHoursRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { WriteLimiter } from '../../lib/write-limits.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { DOWNLOAD_LINK_MESSAGES, DownloadLinks } from '../../lib/download-links.js';
import { CONTENT_TYPES, csvFile, oneBatch, xlsxFile, type Sheet } from '../../lib/export-files.js';
import type { ExportDownload } from '../../http/downloads.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import {
  HOURS_MESSAGES as M,
  HOURS_NOTIFICATIONS as N,
  CLUB_HOURS_PATH,
  MY_HOURS_PATH,
  bulkIdsRule,
  claimHoursRules,
  formatHours,
  HOURS_CLAIM_LIMITS,
  HOURS_PAGE_SIZE,
  hoursReasonRule,
  hoursToMinutes,
  isCalendarDay,
} from './hours.rules.js';

/** An hours row with the names every screen shows beside it. */
export interface HoursView extends VolunteerHoursRow {
  positionTitle: string;
  clubName: string;
  volunteerName: string;
}

/** A shift place the club has still to mark (or has marked) attended or absent. */
export interface AttendanceItem {
  /** The place's (shift_signups) id. */
  id: string;
  volunteerId: string;
  clubId: string;
  volunteerName: string;
  positionId: string;
  positionTitle: string;
  startsAt: Date;
  endsAt: Date;
  attendance: 'attended' | 'absent' | null;
}

/** A page of an hours list, optionally of one status. */
export interface HoursListArgs extends PageArgs {
  status?: VolunteerHoursRow['status'] | null;
}
export interface VolunteerSummary {
  totalMinutes: number;
  byClub: Array<{ clubId: string; clubName: string; minutes: number }>;
  byMonth: Array<{ month: string; minutes: number }>;
}
export interface ClubSummary {
  totalMinutes: number;
  byVolunteer: Array<{ volunteerId: string; volunteerName: string; minutes: number }>;
  byPosition: Array<{ positionId: string; positionTitle: string; minutes: number }>;
}
export interface ClaimablePosition {
  positionId: string;
  positionTitle: string;
  clubId: string;
  clubName: string;
  /** The day (the club's wall clock) the volunteer applied: claims start there. */
  appliedOn: string;
}

export type ExportHoursFormat = 'csv' | 'xlsx';
export const HOURS_EXPORT_PATH = '/api/hours/exports';
const EXPORT_AUDIENCE = 'clubroom:hours-export';

const claimsOfLink = z.object({ sub: z.uuid(), format: z.enum(['csv', 'xlsx']), filename: z.string().regex(/^[a-z0-9-]+\.(xlsx|csv)$/) });
const reasonRules = z.object({ reason: hoursReasonRule });
const idsRules = z.object({ ids: bulkIdsRule });

const h = volunteerHours;

/** The select list of an HoursView over `volunteer_hours h` (names joined). */
const VIEW_COLUMNS = sql`h.id, h.volunteer_id, h.club_id, h.position_id, h.application_id, h.shift_signup_id, h.source,
  h.work_date::text as work_date, h.minutes, h.note, h.status, h.decided_by, h.decided_at, h.reason, h.created_at,
  p.title as position_title, c.name as club_name,
  coalesce(nullif(trim(vp.first_name || ' ' || vp.last_name), ''), u.full_name, 'A volunteer') as volunteer_name`;
const VIEW_FROM = sql`volunteer_hours h
  join club_volunteer_positions p on p.id = h.position_id
  join clubs c on c.id = h.club_id
  left join users u on u.id = h.volunteer_id
  left join volunteer_profiles vp on vp.user_id = h.volunteer_id`;

interface RawView {
  id: string;
  volunteer_id: string;
  club_id: string;
  position_id: string;
  application_id: string;
  shift_signup_id: string | null;
  source: 'shift' | 'claim';
  work_date: string;
  minutes: number;
  note: string;
  status: VolunteerHoursRow['status'];
  decided_by: string | null;
  decided_at: string | Date | null;
  reason: string | null;
  created_at: string | Date;
  position_title: string;
  club_name: string;
  volunteer_name: string;
}

const instant = (v: string | Date | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

function viewOf(r: RawView): HoursView {
  return {
    id: r.id,
    volunteerId: r.volunteer_id,
    clubId: r.club_id,
    positionId: r.position_id,
    applicationId: r.application_id,
    shiftSignupId: r.shift_signup_id,
    source: r.source,
    workDate: r.work_date,
    minutes: Number(r.minutes),
    note: r.note,
    status: r.status,
    decidedBy: r.decided_by,
    decidedAt: instant(r.decided_at),
    reason: r.reason,
    createdAt: instant(r.created_at)!,
    positionTitle: r.position_title,
    clubName: r.club_name,
    volunteerName: r.volunteer_name,
  };
}

/** Whether the caller may see an hours row: its volunteer, its club's owner, administrators. */
export function canSeeHours(viewer: Viewer | null, row: Pick<VolunteerHoursRow, 'volunteerId' | 'clubId'>): boolean {
  return viewer !== null && (viewer.userId === row.volunteerId || viewer.userId === row.clubId || viewer.isPlatformAdmin);
}

/** A refusal of item `index` of a bulk call: the whole call is refused, naming the item. */
function itemError(index: number, field: string, err: AppError): AppError {
  const message = M.item(index, err.message);
  return new AppError(err.code, message, { [`${field}.${index}`]: message });
}

export class HoursService {
  static async create(
    db: Db,
    notify: Pick<NotificationDispatcher, 'notify'>,
    options: { timeZone: string; appUrl: string; limits?: { hoursClaimsPerPosition: number; hoursClaimsPerVolunteer: number } },
  ): Promise<HoursService> {
    return new HoursService(db, notify, options, await DownloadLinks.create(db, EXPORT_AUDIENCE));
  }

  /** Claims (each tells the club) per volunteer per position, and per volunteer, per hour. */
  private readonly claimLimiter: WriteLimiter;

  private constructor(
    private readonly db: Db,
    private readonly notify: Pick<NotificationDispatcher, 'notify'>,
    private readonly options: { timeZone: string; appUrl: string; limits?: { hoursClaimsPerPosition: number; hoursClaimsPerVolunteer: number } },
    private readonly links: DownloadLinks,
  ) {
    const limits = options.limits ?? HOURS_CLAIM_LIMITS;
    this.claimLimiter = new WriteLimiter(
      db,
      [
        { name: 'hours_claim_position', points: limits.hoursClaimsPerPosition, windowSeconds: 3600 },
        { name: 'hours_claim_volunteer', points: limits.hoursClaimsPerVolunteer, windowSeconds: 3600 },
      ],
      M.tooManyClaims,
    );
  }

  /** The wall-clock zone of the club joined as `c`, in SQL (the platform's when it set none). */
  private zone() {
    return sql`coalesce(c.time_zone, ${this.options.timeZone})`;
  }

  /** The caller's club (FORBIDDEN when the caller owns none). */
  private async requireClub(executor: Executor, viewer: Viewer): Promise<{ id: string; name: string }> {
    const [club] = await executor.select({ id: clubs.id, name: clubs.name }).from(clubs).where(sql`${clubs.id} = ${viewer.userId}`);
    if (!club) throw errors.forbidden(M.noClub);
    return club;
  }

  // ---- reads ----------------------------------------------------------------------------------------

  /** Hours rows by id with their names, whoever asks (resolvers apply canSeeHours). */
  async byIds(ids: readonly string[]): Promise<HoursView[]> {
    if (ids.length === 0) return [];
    const rows = rowsOf<RawView>(await this.db.execute(sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where h.id = any(${sql.param([...ids])}::uuid[])`));
    return rows.map(viewOf);
  }

  /** The caller's hours (claims and shifts, every status unless `status` says), newest day first. */
  mine(viewer: Viewer, args: HoursListArgs): Promise<ConnectionResult<HoursView>> {
    return this.pageOf(sql`h.volunteer_id = ${viewer.userId}`, args, 'myVolunteerHours');
  }

  /**
   * A page of hours matching `where` (and `args.status`), newest day first (keyset on work day,
   * recording instant and id: page 50 costs what page 1 does), `totalCount` counted only when asked.
   */
  private async pageOf(where: SQL, args: HoursListArgs, list: string): Promise<ConnectionResult<HoursView>> {
    const { status, ...paging } = args;
    const req = pageRequest(paging, (v) => (v.length === 3 && typeof v[0] === 'string' && isCalendarDay(v[0]) && cursorValue.instant(v[1]) && cursorValue.uuid(v[2]) ? v : null), HOURS_PAGE_SIZE, list);
    const filter = status ? sql`${where} and h.status = ${status}` : where;
    const page = keyset(
      [
        [sql`h.work_date`, 'date'],
        [sql`h.created_at`, 'timestamptz'],
        [sql`h.id`, 'uuid'],
      ],
      'desc',
      req,
    );
    const rows = rowsOf<RawView & { cursor_at: string }>(
      await this.db.execute(sql`select ${VIEW_COLUMNS}, ${preciseInstant(sql`h.created_at`)} as cursor_at from ${VIEW_FROM}
        where ${filter} ${page.where ? sql`and ${page.where}` : sql``}
        order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`),
    );
    const views = rows.map((r) => ({ ...viewOf(r), cursorAt: r.cursor_at }));
    return connectionFrom<HoursView & { cursorAt: string }>(views, req, (r) => [r.workDate, r.cursorAt, r.id], async () => {
      const [row] = rowsOf<{ n: number }>(await this.db.execute(sql`select count(*)::int as n from volunteer_hours h where ${filter}`));
      return Number(row?.n ?? 0);
    });
  }

  /** The caller's approved hours: in total, per club and per month (YYYY-MM), newest month first. */
  async mySummary(viewer: Viewer): Promise<VolunteerSummary> {
    const byClub = rowsOf<{ club_id: string; club_name: string; minutes: number }>(
      await this.db.execute(sql`select h.club_id, c.name as club_name, sum(h.minutes)::int as minutes from volunteer_hours h join clubs c on c.id = h.club_id
        where h.volunteer_id = ${viewer.userId} and h.status = 'approved' group by h.club_id, c.name order by minutes desc, c.name`),
    );
    const byMonth = rowsOf<{ month: string; minutes: number }>(
      await this.db.execute(sql`select to_char(h.work_date, 'YYYY-MM') as month, sum(h.minutes)::int as minutes from volunteer_hours h
        where h.volunteer_id = ${viewer.userId} and h.status = 'approved' group by 1 order by 1 desc`),
    );
    return {
      totalMinutes: byClub.reduce((sum, r) => sum + Number(r.minutes), 0),
      byClub: byClub.map((r) => ({ clubId: r.club_id, clubName: r.club_name, minutes: Number(r.minutes) })),
      byMonth: byMonth.map((r) => ({ month: r.month, minutes: Number(r.minutes) })),
    };
  }

  /** The positions the caller was ever accepted to (their claim form's choices), by club and title. */
  async claimablePositions(viewer: Viewer): Promise<ClaimablePosition[]> {
    const rows = rowsOf<{ position_id: string; title: string; club_id: string; club_name: string; applied_on: string }>(
      await this.db.execute(sql`select distinct on (a.position_id) a.position_id, p.title, a.club_id, c.name as club_name,
          (a.applied_at at time zone ${this.zone()})::date::text as applied_on
        from volunteer_applications a
        join club_volunteer_positions p on p.id = a.position_id
        join clubs c on c.id = a.club_id
        where a.volunteer_id = ${viewer.userId} and ${acceptedCondition()}
        order by a.position_id, a.applied_at`),
    );
    return rows
      .map((r) => ({ positionId: r.position_id, positionTitle: r.title, clubId: r.club_id, clubName: r.club_name, appliedOn: r.applied_on }))
      .sort((x, y) => x.clubName.localeCompare(y.clubName) || x.positionTitle.localeCompare(y.positionTitle));
  }

  /** The caller's club's hours, optionally of one status, newest day first (FORBIDDEN without a club). */
  async clubHours(viewer: Viewer, args: HoursListArgs): Promise<ConnectionResult<HoursView>> {
    const club = await this.requireClub(this.db, viewer);
    return this.pageOf(sql`h.club_id = ${club.id}`, args, 'clubVolunteerHours');
  }

  /** The caller's club's approved hours: in total, per volunteer and per position. */
  async clubSummary(viewer: Viewer): Promise<ClubSummary> {
    const club = await this.requireClub(this.db, viewer);
    return this.summaryOfClub(this.db, club.id);
  }

  private async summaryOfClub(executor: Executor, clubId: string): Promise<ClubSummary> {
    const byVolunteer = rowsOf<{ volunteer_id: string; volunteer_name: string; minutes: number }>(
      await executor.execute(sql`select h.volunteer_id, min(coalesce(nullif(trim(vp.first_name || ' ' || vp.last_name), ''), u.full_name, 'A volunteer')) as volunteer_name,
          sum(h.minutes)::int as minutes
        from volunteer_hours h left join users u on u.id = h.volunteer_id left join volunteer_profiles vp on vp.user_id = h.volunteer_id
        where h.club_id = ${clubId} and h.status = 'approved' group by h.volunteer_id order by minutes desc, volunteer_name`),
    );
    const byPosition = rowsOf<{ position_id: string; title: string; minutes: number }>(
      await executor.execute(sql`select h.position_id, p.title, sum(h.minutes)::int as minutes
        from volunteer_hours h join club_volunteer_positions p on p.id = h.position_id
        where h.club_id = ${clubId} and h.status = 'approved' group by h.position_id, p.title order by minutes desc, p.title`),
    );
    return {
      totalMinutes: byPosition.reduce((sum, r) => sum + Number(r.minutes), 0),
      byVolunteer: byVolunteer.map((r) => ({ volunteerId: r.volunteer_id, volunteerName: r.volunteer_name, minutes: Number(r.minutes) })),
      byPosition: byPosition.map((r) => ({ positionId: r.position_id, positionTitle: r.title, minutes: Number(r.minutes) })),
    };
  }

  /** The accepted places on the caller's club's shifts that ended (not cancelled) and whose
   *  attendance is not marked yet, oldest shift first. */
  async awaitingAttendance(viewer: Viewer): Promise<AttendanceItem[]> {
    const club = await this.requireClub(this.db, viewer);
    return this.attendanceItems(this.db, sql`s.club_id = ${club.id} and s.status = 'accepted' and s.attendance is null
      and sh.cancelled_at is null and sh.ends_at <= now()`);
  }

  private async attendanceItems(executor: Executor, where: ReturnType<typeof sql>): Promise<AttendanceItem[]> {
    const rows = rowsOf<{
      id: string;
      volunteer_id: string;
      club_id: string;
      volunteer_name: string;
      position_id: string;
      title: string;
      starts_at: string | Date;
      ends_at: string | Date;
      attendance: 'attended' | 'absent' | null;
    }>(
      await executor.execute(sql`select s.id, s.volunteer_id, s.club_id, s.position_id, p.title, sh.starts_at, sh.ends_at, s.attendance,
          coalesce(nullif(trim(vp.first_name || ' ' || vp.last_name), ''), u.full_name, 'A volunteer') as volunteer_name
        from shift_signups s
        join position_shifts sh on sh.id = s.shift_id
        join club_volunteer_positions p on p.id = s.position_id
        left join users u on u.id = s.volunteer_id
        left join volunteer_profiles vp on vp.user_id = s.volunteer_id
        where ${where}
        order by sh.starts_at, s.id`),
    );
    return rows.map((r) => ({
      id: r.id,
      volunteerId: r.volunteer_id,
      clubId: r.club_id,
      volunteerName: r.volunteer_name,
      positionId: r.position_id,
      positionTitle: r.title,
      startsAt: instant(r.starts_at)!,
      endsAt: instant(r.ends_at)!,
      attendance: r.attendance,
    }));
  }

  /**
   * A volunteer's approved hours (for a certificate): every approved row with its club and position
   * names, optionally of one club and of work days from `from` to `to` (inclusive, YYYY-MM-DD),
   * oldest first.
   */
  async approvedHours(volunteerId: string, range: { clubId?: string | null; from?: string | null; to?: string | null } = {}, executor: Executor = this.db): Promise<HoursView[]> {
    const rows = rowsOf<RawView>(
      await executor.execute(sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where h.volunteer_id = ${volunteerId} and h.status = 'approved'
        ${range.clubId ? sql`and h.club_id = ${range.clubId}` : sql``}
        ${range.from ? sql`and h.work_date >= ${range.from}::date` : sql``}
        ${range.to ? sql`and h.work_date <= ${range.to}::date` : sql``}
        order by h.work_date, h.created_at, h.id`),
    );
    return rows.map(viewOf);
  }

  /** In a member's account deletion: the hours they gave as a volunteer go, with their audit
   *  events (and, by cascade, from any certificate that counted them). */
  async forgetVolunteer(tx: Executor, userId: string): Promise<void> {
    await tx.delete(h).where(sql`${h.volunteerId} = ${userId}`);
  }

  // ---- claims -----------------------------------------------------------------------------------------

  /**
   * The caller claims hours for a position they were accepted to (an application of theirs to it
   * is accepted, or its history has an acceptance): a day (not in the future, nor before they
   * applied, on the club's wall clock), hours (more than 0, at most 24, to the minute; their hours
   * on that day, pending or approved, at most 24 with these) and an optional note. Pending until
   * the club decides; the club is told.
   */
  async claim(viewer: Viewer, positionId: string, raw: { workDate?: unknown; hours?: unknown; note?: unknown }): Promise<HoursView> {
    const input = parseInput(claimHoursRules, {
      workDate: raw.workDate,
      hours: raw.hours,
      note: typeof raw.note === 'string' ? sanitizeText(raw.note) : raw.note,
    });
    const minutes = hoursToMinutes(input.hours);
    // Each claim tells the club: past the limits, RATE_LIMITED before anything is written.
    await this.claimLimiter.consume({ hours_claim_position: [viewer.userId, positionId], hours_claim_volunteer: [viewer.userId] });
    const id = await this.db.transaction(async (tx) => {
      // One claim of this volunteer at a time: the day's sum is read and written under this lock.
      await lockNames(tx, [`volunteer-hours:${viewer.userId}`]);
      const [accepted] = rowsOf<{ id: string; club_id: string; title: string; club_name: string; applied_on: string; today: string }>(
        await tx.execute(sql`select a.id, a.club_id, p.title, c.name as club_name,
            (a.applied_at at time zone ${this.zone()})::date::text as applied_on,
            (now() at time zone ${this.zone()})::date::text as today
          from volunteer_applications a
          join club_volunteer_positions p on p.id = a.position_id
          join clubs c on c.id = a.club_id
          where a.position_id = ${positionId} and a.volunteer_id = ${viewer.userId} and ${acceptedCondition()}
          order by a.applied_at limit 1`),
      );
      if (!accepted) throw errors.validation(M.notAccepted, { positionId: M.notAccepted });
      if (input.workDate > accepted.today) throw errors.validation(M.dateInFuture, { workDate: M.dateInFuture });
      if (input.workDate < accepted.applied_on) throw errors.validation(M.dateBeforeApplication, { workDate: M.dateBeforeApplication });
      const [day] = rowsOf<{ minutes: number }>(
        await tx.execute(sql`select coalesce(sum(minutes), 0)::int as minutes from volunteer_hours
          where volunteer_id = ${viewer.userId} and work_date = ${input.workDate}::date and status in ('pending', 'approved')`),
      );
      const already = Number(day?.minutes ?? 0);
      if (already + minutes > 24 * 60) {
        const message = M.dayOver(input.workDate, formatHours(already));
        throw errors.validation(message, { hours: message });
      }
      const [row] = await tx
        .insert(h)
        .values({
          volunteerId: viewer.userId,
          clubId: accepted.club_id,
          positionId,
          applicationId: accepted.id,
          source: 'claim',
          workDate: input.workDate,
          minutes,
          note: input.note,
          status: 'pending',
        })
        .returning();
      await tx.insert(volunteerHoursEvents).values({ hoursId: row!.id, action: 'claimed', actorId: viewer.userId });
      const [view] = rowsOf<RawView>(await tx.execute(sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where h.id = ${row!.id}`));
      const hours = formatHours(minutes);
      await this.notify.notify(tx, accepted.club_id, {
        kind: 'volunteer_hours_claimed',
        actorId: viewer.userId,
        clubId: accepted.club_id,
        group: { key: `club:${accepted.club_id}`, label: accepted.club_name },
        title: N.claimed.title,
        description: N.claimed.description(view!.volunteer_name, hours, accepted.title),
        actionUrl: CLUB_HOURS_PATH,
        // One volunteer's claims for one position within the collapse window are one bell entry
        // and one email, saying the latest (every claim is listed on the club's hours page).
        collapseKey: `hours-claimed:${positionId}:${viewer.userId}`,
        email: {
          subject: `Hours to approve: ${accepted.title}`,
          paragraphs: [`${view!.volunteer_name} claimed ${hours} hours on ${input.workDate} for ${accepted.title} at ${accepted.club_name}.`, ...(input.note ? [`Their note:\n${input.note}`] : [])],
          action: { url: `${this.options.appUrl}${CLUB_HOURS_PATH}`, label: 'Review the hours' },
        },
      });
      return row!.id;
    });
    return (await this.byIds([id]))[0]!;
  }

  /** Approves pending claims of the caller's club (all or nothing); each volunteer is told. */
  approve(viewer: Viewer, ids: string[]): Promise<HoursView[]> {
    return this.decide(viewer, ids, 'approved', null);
  }

  /** Declines pending claims of the caller's club with a reason (all or nothing); each volunteer is told. */
  decline(viewer: Viewer, ids: string[], rawReason: unknown): Promise<HoursView[]> {
    const { reason } = parseInput(reasonRules, { reason: typeof rawReason === 'string' ? sanitizeText(rawReason) : rawReason });
    return this.decide(viewer, ids, 'declined', reason);
  }

  /** Revokes approved hours of the caller's club with a reason (all or nothing); each volunteer is
   *  told. A certificate that counted them says so. */
  revoke(viewer: Viewer, ids: string[], rawReason: unknown): Promise<HoursView[]> {
    const { reason } = parseInput(reasonRules, { reason: typeof rawReason === 'string' ? sanitizeText(rawReason) : rawReason });
    return this.decide(viewer, ids, 'revoked', reason);
  }

  /**
   * One conditional UPDATE decides every item (pending → approved/declined, approved → revoked): of
   * two owner sessions deciding at once, the second waits for the first's row locks and then finds
   * the items no longer in the state it needs, so exactly one decision, one audit event and one
   * notification happen. Any item not decided refuses the whole call, naming it.
   */
  private async decide(viewer: Viewer, rawIds: string[], to: 'approved' | 'declined' | 'revoked', reason: string | null): Promise<HoursView[]> {
    const { ids } = parseInput(idsRules, { ids: rawIds });
    const unique = [...new Set(ids)];
    const from = to === 'revoked' ? 'approved' : 'pending';
    const decided = await this.db.transaction(async (tx) => {
      const club = await this.requireClub(tx, viewer);
      const changed = await tx
        .update(h)
        .set({ status: to, decidedBy: viewer.userId, decidedAt: sql`now()`, reason })
        .where(sql`${h.id} = any(${sql.param(unique)}::uuid[]) and ${h.clubId} = ${club.id} and ${h.status} = ${from}`)
        .returning({ id: h.id });
      if (changed.length < unique.length) {
        const done = new Set(changed.map((r) => r.id));
        const index = ids.findIndex((id) => !done.has(id));
        const [current] = await tx.select({ clubId: h.clubId }).from(h).where(sql`${h.id} = ${ids[index]!}`);
        const why =
          !current || current.clubId !== club.id
            ? new AppError('NOT_FOUND', M.hoursNotFound)
            : errors.validation(to === 'revoked' ? M.onlyApproved : M.onlyPending);
        throw ids.length === 1 ? new AppError(why.code, why.message, { 'ids.0': why.message }) : itemError(index, 'ids', why);
      }
      await tx.insert(volunteerHoursEvents).values(unique.map((id) => ({ hoursId: id, action: to, actorId: viewer.userId, reason })));
      const views = rowsOf<RawView>(await tx.execute(sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where h.id = any(${sql.param(unique)}::uuid[])`)).map(viewOf);
      for (const view of views) await this.tellVolunteer(tx, view, to, reason);
      return views;
    });
    const byId = new Map(decided.map((v) => [v.id, v]));
    return unique.map((id) => byId.get(id)!);
  }

  private async tellVolunteer(tx: Executor, view: HoursView, to: 'approved' | 'declined' | 'revoked', reason: string | null): Promise<void> {
    const hours = formatHours(view.minutes);
    const description =
      to === 'approved'
        ? N.approved.description(hours, view.positionTitle, view.clubName)
        : N[to].description(hours, view.positionTitle, view.clubName, reason ?? '');
    await this.notify.notify(tx, view.volunteerId, {
      kind: 'volunteer_hours_decided',
      clubId: view.clubId,
      group: { key: `club:${view.clubId}`, label: view.clubName },
      title: N[to].title,
      description,
      actionUrl: MY_HOURS_PATH,
    });
  }

  // ---- attendance -------------------------------------------------------------------------------------

  /**
   * The caller's club marks accepted places on its ended (not cancelled) shifts attended or absent,
   * all or nothing. Attended: one approved hours row per place (source 'shift', the shift's length,
   * on the shift's day on the club's wall clock), audited 'confirmed'; absent: those hours, if
   * any, revoked (audited). Marking again the same way changes nothing.
   */
  async markAttendance(viewer: Viewer, rawIds: string[], attendance: 'attended' | 'absent'): Promise<AttendanceItem[]> {
    const { ids } = parseInput(idsRules, { ids: rawIds });
    const unique = [...new Set(ids)];
    return this.db.transaction(async (tx) => {
      const club = await this.requireClub(tx, viewer);
      const found = rowsOf<{ id: string; club_id: string; status: string; cancelled: boolean; ended: boolean }>(
        await tx.execute(sql`select s.id, s.club_id, s.status, sh.cancelled_at is not null as cancelled, sh.ends_at <= now() as ended
          from shift_signups s join position_shifts sh on sh.id = s.shift_id
          where s.id = any(${sql.param(unique)}::uuid[]) for update of s`),
      );
      const byId = new Map(found.map((r) => [r.id, r]));
      ids.forEach((id, index) => {
        const row = byId.get(id);
        const why =
          !row || row.club_id !== club.id
            ? new AppError('NOT_FOUND', M.signupNotFound)
            : row.status !== 'accepted'
              ? errors.validation(M.notAccepted_signup)
              : row.cancelled
                ? errors.validation(M.shiftCancelled)
                : !row.ended
                  ? errors.validation(M.shiftNotEnded)
                  : null;
        if (why) throw ids.length === 1 ? new AppError(why.code, why.message, { 'ids.0': why.message }) : itemError(index, 'ids', why);
      });
      const idList = sql.param(unique);
      await tx.execute(sql`update shift_signups set attendance = ${attendance}, attendance_at = now(), attendance_by = ${viewer.userId}, updated_at = now()
        where id = any(${idList}::uuid[]) and attendance is distinct from ${attendance}`);
      if (attendance === 'attended') {
        // New rows, or revoked ones (a place marked absent before) approved again.
        const confirmed = rowsOf<{ id: string }>(
          await tx.execute(sql`insert into volunteer_hours as vh (volunteer_id, club_id, position_id, application_id, shift_signup_id, source, work_date, minutes, status, decided_by, decided_at)
            select s.volunteer_id, s.club_id, s.position_id, s.application_id, s.id, 'shift',
              (sh.starts_at at time zone ${this.zone()})::date,
              least(1440, greatest(1, round(extract(epoch from (sh.ends_at - sh.starts_at)) / 60)))::int,
              'approved', ${viewer.userId}, now()
            from shift_signups s join position_shifts sh on sh.id = s.shift_id join clubs c on c.id = s.club_id
            where s.id = any(${idList}::uuid[])
            on conflict (shift_signup_id) do update set status = 'approved', decided_by = excluded.decided_by, decided_at = now(), reason = null
              where vh.status = 'revoked'
            returning vh.id`),
        );
        if (confirmed.length > 0) await tx.insert(volunteerHoursEvents).values(confirmed.map((r) => ({ hoursId: r.id, action: 'confirmed' as const, actorId: viewer.userId })));
      } else {
        const revoked = await tx
          .update(h)
          .set({ status: 'revoked', decidedBy: viewer.userId, decidedAt: sql`now()`, reason: M.markedAbsent })
          .where(sql`${h.shiftSignupId} = any(${idList}::uuid[]) and ${h.status} = 'approved'`)
          .returning({ id: h.id });
        if (revoked.length > 0) await tx.insert(volunteerHoursEvents).values(revoked.map((r) => ({ hoursId: r.id, action: 'revoked' as const, actorId: viewer.userId, reason: M.markedAbsent })));
      }
      const items = await this.attendanceItems(tx, sql`s.id = any(${idList}::uuid[])`);
      const order = new Map(unique.map((id, i) => [id, i]));
      return items.sort((x, y) => order.get(x.id)! - order.get(y.id)!);
    });
  }

  // ---- the export ---------------------------------------------------------------------------------------

  /** A signed address (5 minutes) of the caller's club's hours as CSV or XLSX. */
  async exportClubHours(viewer: Viewer, format: ExportHoursFormat): Promise<{ downloadUrl: string; filename: string; expiresAt: Date }> {
    await this.requireClub(this.db, viewer);
    const now = Date.now();
    const filename = `volunteer-hours-${new Date(now).toISOString().slice(0, 10)}.${format}`;
    const { token, expiresAt } = await this.links.sign(viewer.userId, { format, filename }, now);
    return { downloadUrl: `${HOURS_EXPORT_PATH}/${token}`, filename, expiresAt };
  }

  /**
   * The file behind an export address: the club owner who asked must still own the club (and the
   * account be active). Three sheets (CSV sections): every hours row, approved hours per volunteer,
   * approved hours per position; every text cell neutralised (lib/export-files.ts).
   */
  async openExport(token: string): Promise<ExportDownload> {
    const claims = claimsOfLink.safeParse(await this.links.verify(token));
    if (!claims.success) throw errors.notFound(DOWNLOAD_LINK_MESSAGES.linkInvalid);
    const { sub, format, filename } = claims.data;
    const [owner] = await this.db
      .select({ id: clubs.id, status: users.status })
      .from(clubs)
      .innerJoin(users, sql`${users.id} = ${clubs.id}`)
      .where(sql`${clubs.id} = ${sub}`);
    if (!owner || owner.status !== 'active') throw errors.forbidden(M.noClub);
    const rows = rowsOf<RawView>(await this.db.execute(sql`select ${VIEW_COLUMNS} from ${VIEW_FROM} where h.club_id = ${sub} order by h.work_date, h.created_at, h.id`)).map(viewOf);
    const summary = await this.summaryOfClub(this.db, sub);
    const hoursOf = (minutes: number) => Number(formatHours(minutes));
    const sheets: Sheet[] = [
      {
        name: 'Hours',
        columns: [
          { header: 'Volunteer', width: 24 },
          { header: 'Position', width: 24 },
          { header: 'Date', width: 12 },
          { header: 'Hours', width: 8 },
          { header: 'Source', width: 8 },
          { header: 'Status', width: 10 },
          { header: 'Note', width: 40 },
          { header: 'Reason', width: 30 },
          { header: 'Decided (UTC)', kind: 'date' },
        ],
        batches: oneBatch(rows.map((r) => [r.volunteerName, r.positionTitle, r.workDate, hoursOf(r.minutes), r.source, r.status, r.note, r.reason ?? '', r.decidedAt])),
      },
      {
        name: 'Approved per volunteer',
        columns: [{ header: 'Volunteer', width: 30 }, { header: 'Approved hours', width: 14 }],
        batches: oneBatch(summary.byVolunteer.map((r) => [r.volunteerName, hoursOf(r.minutes)])),
      },
      {
        name: 'Approved per position',
        columns: [{ header: 'Position', width: 30 }, { header: 'Approved hours', width: 14 }],
        batches: oneBatch(summary.byPosition.map((r) => [r.positionTitle, hoursOf(r.minutes)])),
      },
    ];
    const body: Readable = format === 'csv' ? csvFile(sheets) : xlsxFile(sheets);
    return { filename, contentType: CONTENT_TYPES[format], body };
  }
}

/** An application of `a` that counts as accepted: accepted now, or accepted at some point (its
 *  history has an acceptance: a volunteer who later withdrew still gave those hours). */
function acceptedCondition() {
  return sql`(a.status = 'accepted' or exists (select 1 from volunteer_application_events e where e.application_id = a.id and e.status = 'accepted'))`;
}

declare module '../../lib/services.js' {
  interface Services {
    /** Volunteer hours: attendance, claims and decisions, the dashboards' sums, the export. */
    hours: HoursService;
  }
}
