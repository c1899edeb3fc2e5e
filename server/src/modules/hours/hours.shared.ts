// What the hours module's services share: an hours row with its names (the SQL that selects it and
// the mapping), the club's places awaiting attendance, the club's sums, the caller's club, the
// club's wall clock and what counts as accepted to a position. The changes are hours.service.ts's,
// the reads hours-reads.service.ts's, the export hours-exports.service.ts's.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.js';
import { clubs, type VolunteerHoursRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { Viewer } from '../../lib/viewer.js';
import { HOURS_MESSAGES as M } from './hours.rules.js';

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

export interface ClubSummary {
  totalMinutes: number;
  byVolunteer: Array<{ volunteerId: string; volunteerName: string; minutes: number }>;
  byPosition: Array<{ positionId: string; positionTitle: string; minutes: number }>;
}

/** The select list of an HoursView over `volunteer_hours h` (names joined). */
export const VIEW_COLUMNS = sql`h.id, h.volunteer_id, h.club_id, h.position_id, h.application_id, h.shift_signup_id, h.source,
  h.work_date::text as work_date, h.minutes, h.note, h.status, h.decided_by, h.decided_at, h.reason, h.created_at,
  p.title as position_title, c.name as club_name,
  coalesce(nullif(trim(vp.first_name || ' ' || vp.last_name), ''), u.full_name, 'A volunteer') as volunteer_name`;
export const VIEW_FROM = sql`volunteer_hours h
  join club_volunteer_positions p on p.id = h.position_id
  join clubs c on c.id = h.club_id
  left join users u on u.id = h.volunteer_id
  left join volunteer_profiles vp on vp.user_id = h.volunteer_id`;

export interface RawView {
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

export function viewOf(r: RawView): HoursView {
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

/** The wall-clock zone of the club joined as `c`, in SQL (the platform's `timeZone` when it set none). */
export function clubZone(timeZone: string): SQL {
  return sql`coalesce(c.time_zone, ${timeZone})`;
}

/** The caller's club (FORBIDDEN when the caller owns none). */
export async function requireClub(executor: Executor, viewer: Viewer): Promise<{ id: string; name: string }> {
  const [club] = await executor.select({ id: clubs.id, name: clubs.name }).from(clubs).where(sql`${clubs.id} = ${viewer.userId}`);
  if (!club) throw errors.forbidden(M.noClub);
  return club;
}

/** A club's approved hours: in total, per volunteer and per position. */
export async function summaryOfClub(executor: Executor, clubId: string): Promise<ClubSummary> {
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

/** The shift places (shift_signups `s`, its shift `sh`) matching `where`, oldest shift first. */
export async function attendanceItems(executor: Executor, where: SQL): Promise<AttendanceItem[]> {
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

/** An application of `a` that counts as accepted: accepted now, or accepted at some point (its
 *  history has an acceptance: a volunteer who later withdrew still gave those hours). */
export function acceptedCondition() {
  return sql`(a.status = 'accepted' or exists (select 1 from volunteer_application_events e where e.application_id = a.id and e.status = 'accepted'))`;
}
