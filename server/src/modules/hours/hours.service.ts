// Volunteer hours (issue 30 §3): hours from shifts whose attendance the club confirmed, and hours a
// volunteer claims for a position they were accepted to, which the club approves or declines; a
// club can revoke approved hours. Every change is one transaction whose conditional UPDATE (or a
// lock) decides races, writes its audit event (volunteer_hours_events) and tells the other side
// through the notification dispatcher. A bulk call is all or nothing: the first bad item refuses
// the whole call, naming it. The reads (lists, the dashboards' sums, what a certificate needs) are
// hours-reads.service.ts's, the club's export hours-exports.service.ts's; what they share is
// hours.shared.ts.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { lockNames } from '../../db/batch.js';
import { volunteerHours, volunteerHoursEvents, type VolunteerHoursRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { WriteLimiter } from '../../lib/write-limits.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
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
  hoursReasonRule,
  hoursToMinutes,
} from './hours.rules.js';
import type { HoursReadsService } from './hours-reads.service.js';
import { VIEW_COLUMNS, VIEW_FROM, acceptedCondition, attendanceItems, clubZone, requireClub, viewOf, type AttendanceItem, type HoursView, type RawView } from './hours.shared.js';

export type { AttendanceItem, HoursView } from './hours.shared.js';

const reasonRules = z.object({ reason: hoursReasonRule });
const idsRules = z.object({ ids: bulkIdsRule });

const h = volunteerHours;

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
  /** Claims (each tells the club) per volunteer per position, and per volunteer, per hour. */
  private readonly claimLimiter: WriteLimiter;

  constructor(
    private readonly db: Db,
    private readonly notify: Pick<NotificationDispatcher, 'notify'>,
    private readonly reads: Pick<HoursReadsService, 'byIds'>,
    private readonly options: { timeZone: string; appUrl: string; limits?: { hoursClaimsPerPosition: number; hoursClaimsPerVolunteer: number } },
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
    return clubZone(this.options.timeZone);
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
    return (await this.reads.byIds([id]))[0]!;
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
      const club = await requireClub(tx, viewer);
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
      const club = await requireClub(tx, viewer);
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
      const items = await attendanceItems(tx, sql`s.id = any(${idList}::uuid[])`);
      const order = new Map(unique.map((id, i) => [id, i]));
      return items.sort((x, y) => order.get(x.id)! - order.get(y.id)!);
    });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Volunteer hours' changes: attendance, claims, decisions and revocation. */
    hours: HoursService;
  }
}
