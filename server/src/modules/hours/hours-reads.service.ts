// What the hours pages and the GraphQL graph read: hours rows by id, the volunteer's and the club's
// hours lists (keyset pages), their sums, the positions a volunteer can claim for, the club's places
// awaiting attendance, and a volunteer's approved hours. The changes (claims, decisions,
// attendance) are hours.service.ts's, the club's export hours-exports.service.ts's.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import type { VolunteerHoursRow } from '../../db/schema/index.js';
import type { Viewer } from '../../lib/viewer.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from '../../graphql/relay.js';
import { HOURS_PAGE_SIZE, isCalendarDay } from './hours.rules.js';
import {
  VIEW_COLUMNS,
  VIEW_FROM,
  acceptedCondition,
  attendanceItems,
  clubZone,
  requireClub,
  summaryOfClub,
  viewOf,
  type AttendanceItem,
  type ClubSummary,
  type HoursView,
  type RawView,
} from './hours.shared.js';

export type { AttendanceItem, ClubSummary, HoursView } from './hours.shared.js';

/** A page of an hours list, optionally of one status. */
export interface HoursListArgs extends PageArgs {
  status?: VolunteerHoursRow['status'] | null;
}
export interface VolunteerSummary {
  totalMinutes: number;
  byClub: Array<{ clubId: string; clubName: string; minutes: number }>;
  byMonth: Array<{ month: string; minutes: number }>;
}
export interface ClaimablePosition {
  positionId: string;
  positionTitle: string;
  clubId: string;
  clubName: string;
  /** The day (the club's wall clock) the volunteer applied: claims start there. */
  appliedOn: string;
}

export class HoursReadsService {
  constructor(
    private readonly db: Db,
    private readonly options: { timeZone: string },
  ) {}

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
          (a.applied_at at time zone ${clubZone(this.options.timeZone)})::date::text as applied_on
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
    const club = await requireClub(this.db, viewer);
    return this.pageOf(sql`h.club_id = ${club.id}`, args, 'clubVolunteerHours');
  }

  /** The caller's club's approved hours: in total, per volunteer and per position. */
  async clubSummary(viewer: Viewer): Promise<ClubSummary> {
    const club = await requireClub(this.db, viewer);
    return summaryOfClub(this.db, club.id);
  }

  /** The accepted places on the caller's club's shifts that ended (not cancelled) and whose
   *  attendance is not marked yet, oldest shift first. */
  async awaitingAttendance(viewer: Viewer): Promise<AttendanceItem[]> {
    const club = await requireClub(this.db, viewer);
    return attendanceItems(this.db, sql`s.club_id = ${club.id} and s.status = 'accepted' and s.attendance is null
      and sh.cancelled_at is null and sh.ends_at <= now()`);
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Volunteer hours' reads: lists, sums, claimable positions, places awaiting attendance. */
    hoursReads: HoursReadsService;
  }
}
