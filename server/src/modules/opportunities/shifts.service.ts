// Shifts of a volunteer position (issue 30 §1): the club adds dated shifts (one-off, or weekly on
// its wall clock for a period), changes their places or cancels them; a volunteer applying picks
// shifts (none overlapping each other or their other shifts); the club accepts, waitlists or
// rejects per shift; a volunteer drops a shift (two accepted volunteers swapping shifts:
// shift-swaps.service.ts). Each shift's places and waiting line are the line engine's
// (volunteer-places.service.ts), under the shift's row lock; an application of a position with
// shifts takes its status from its shifts (`syncApplication`).
import { TZDate } from '@date-fns/tz';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import {
  clubs,
  clubVolunteerPositions,
  positionShifts,
  shiftSignups,
  volunteerApplicationEvents,
  volunteerApplications,
  type PositionShiftRow,
  type ShiftSignupRow,
  type VolunteerApplicationRow,
} from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { PLACES_MESSAGES as P, applicationPath } from './opportunities.rules.js';
import { notFound } from './opportunities.shared.js';
import { addShiftsRules, cancelShiftRules, overlaps, SERIES_MAX, SHIFT_MESSAGES as S, SHIFT_NOTIFICATIONS as SN, SHIFTS_MAX, shiftPlacesRules } from './shifts.rules.js';
import { shiftLabel, type PlacesSlot, type VolunteerPlacesService } from './volunteer-places.service.js';
import { volunteerName } from './volunteer-places.shared.js';
import { applicationEvent, applicationEvents } from './opportunities.webhooks.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';

const s = positionShifts;
const g = shiftSignups;
const a = volunteerApplications;
const p = clubVolunteerPositions;

/** The statuses of a signup that holds or waits for a place. */
export const OPEN_SIGNUP = ['requested', 'accepted', 'waitlisted', 'offered'] as const;

export type ShiftDecision = 'accepted' | 'rejected' | 'waitlisted';

export class ShiftsService {
  constructor(
    private readonly db: Db,
    private readonly places: VolunteerPlacesService,
    private readonly deps: {
      notify: Pick<NotificationDispatcher, 'notify'>;
      timeZone: string;
      webhooks: WebhookEmitter;
    },
  ) {}

  /** The zone a club's shifts are on: its own, or the platform's. */
  timeZoneOf(clubTimeZone: string | null | undefined): string {
    return clubTimeZone ?? this.deps.timeZone;
  }

  // ---- the club's shifts ------------------------------------------------------------------------

  /** Adds one shift, or a weekly series on the club's wall clock (daylight saving kept) until a
   *  day, to one of the caller's positions. */
  async addShifts(viewer: Viewer, positionId: string, raw: { startsAt?: unknown; endsAt?: unknown; places?: unknown; repeatWeeklyUntil?: unknown }, now = new Date()): Promise<PositionShiftRow[]> {
    const input = parseInput(addShiftsRules, raw);
    if (input.startsAt.getTime() <= now.getTime()) throw errors.validation(S.future, { startsAt: S.future });
    return this.db.transaction(async (tx) => {
      const position = await this.ownPosition(tx, viewer, positionId);
      const length = input.endsAt.getTime() - input.startsAt.getTime();
      const starts = weeklyStarts(input.startsAt, input.repeatWeeklyUntil, position.timeZone ?? this.deps.timeZone);
      if (starts === 'before') throw errors.validation(S.repeatUntil, { repeatWeeklyUntil: S.repeatUntil });
      if (starts.length > SERIES_MAX) throw errors.validation(S.seriesMax, { repeatWeeklyUntil: S.seriesMax });
      const [upcoming] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(s)
        .where(and(eq(s.positionId, positionId), gt(s.endsAt, now), isNull(s.cancelledAt)));
      if (Number(upcoming?.n ?? 0) + starts.length > SHIFTS_MAX) throw errors.validation(S.shiftsMax, { startsAt: S.shiftsMax });
      const seriesId = starts.length > 1 ? crypto.randomUUID() : null;
      return tx
        .insert(s)
        .values(starts.map((start) => ({ positionId, clubId: position.clubId, startsAt: start, endsAt: new Date(start.getTime() + length), places: input.places, seriesId })))
        .returning();
    });
  }

  /** Changes a shift's places: never fewer than held; more give the freed ones to its line. */
  async updatePlaces(viewer: Viewer, shiftId: string, raw: { places?: unknown }): Promise<PositionShiftRow> {
    const { places } = parseInput(shiftPlacesRules, raw);
    return this.db.transaction(async (tx) => {
      const slot = await this.ownShift(tx, viewer, shiftId);
      const held = await this.places.held(tx, slot);
      if (places < held) throw errors.validation(P.belowAccepted(held), { places: P.belowAccepted(held) });
      await tx.update(s).set({ places }).where(eq(s.id, shiftId));
      await this.places.fill(tx, { ...slot, places });
      const [row] = await tx.select().from(s).where(eq(s.id, shiftId));
      return row!;
    });
  }

  /** Cancels a shift that has not started, with a reason: every open place on it is closed and
   *  its volunteer told once. */
  async cancel(viewer: Viewer, shiftId: string, raw: { reason?: unknown }, now = new Date()): Promise<PositionShiftRow> {
    const { reason } = parseInput(cancelShiftRules, { reason: typeof raw.reason === 'string' ? sanitizeText(raw.reason) : raw.reason });
    return this.db.transaction(async (tx) => {
      const slot = await this.ownShift(tx, viewer, shiftId);
      const [shift] = await tx.select().from(s).where(eq(s.id, shiftId));
      if (shift!.cancelledAt) throw errors.validation(S.alreadyCancelled, { id: S.alreadyCancelled });
      if (shift!.startsAt.getTime() <= now.getTime()) throw errors.validation(S.started, { id: S.started });
      const [row] = await tx.update(s).set({ cancelledAt: now }).where(eq(s.id, shiftId)).returning();
      const closed = await tx
        .update(g)
        .set({ status: 'rejected', queuedAt: null, offerExpiresAt: null, updatedAt: now })
        .where(and(eq(g.shiftId, shiftId), inArray(g.status, [...OPEN_SIGNUP])))
        .returning();
      for (const signup of closed) {
        await this.syncApplication(tx, signup.applicationId);
        await this.deps.notify.notify(tx, signup.volunteerId, {
          kind: 'volunteer_shift_cancelled',
          clubId: slot.clubId,
          group: { key: `club:${slot.clubId}`, label: slot.clubName },
          title: SN.cancelled.title,
          description: SN.cancelled.description(slot.title, slot.clubName, reason),
          actionUrl: applicationPath(toGlobalId('VolunteerApplication', signup.applicationId)),
        });
      }
      // Each place closed is the club's decision on it.
      await this.deps.webhooks.emitMany(
        tx,
        await applicationEvents(
          tx,
          closed.map((signup) => ({ kind: 'volunteer.application.decided' as const, applicationId: signup.applicationId, signupId: signup.id, extra: { decidedAt: now.toISOString() } })),
        ),
      );
      return row!;
    });
  }

  /** The club's decision on one signup to its shift, under the shift's lock: accept a requested or
   *  waitlisted one while a place is free (the required check verified); put a requested one on
   *  the waiting list; reject an open one (a place it held goes to the line). */
  async decide(viewer: Viewer, signupId: string, decision: ShiftDecision, now = new Date()): Promise<ShiftSignupRow> {
    const [own] = await this.db.select({ shiftId: g.shiftId, clubId: g.clubId }).from(g).where(eq(g.id, signupId));
    if (!own || own.clubId !== viewer.userId) throw notFound('id', S.signupNotFound);
    const from = { accepted: ['requested', 'waitlisted'], waitlisted: ['requested'], rejected: [...OPEN_SIGNUP] } as const;
    return this.db.transaction(async (tx) => {
      const slot = await this.places.lockShift(tx, own.shiftId);
      if (!slot) throw notFound('id', S.signupNotFound);
      const [before] = await tx.select().from(g).where(eq(g.id, signupId));
      if (!before || !(from[decision] as readonly string[]).includes(before.status)) {
        const message = decision === 'accepted' ? S.onlyRequestedAccept : decision === 'waitlisted' ? S.onlyRequestedWaitlist : S.closedSignup;
        throw errors.validation(message, { id: message });
      }
      if (decision === 'accepted') {
        await this.places.requireCheck(tx, slot, before.volunteerId, 'verified', now);
        if (await this.places.isFull(tx, slot)) throw errors.validation(P.full(slot.places!), { id: P.full(slot.places!) });
      }
      const row = (await this.places.setLine(tx, 'signup', signupId, decision, [before.status], { queuedAt: decision === 'waitlisted' ? now : null }))!;
      await this.syncApplication(tx, row.applicationId, viewer.userId);
      const place = decision === 'waitlisted' ? await this.places.linePlace('signup', { id: row.id, slotId: slot.id, status: row.status, queuedAt: row.queuedAt }, tx) : null;
      const text = decision === 'accepted' ? SN.accepted.description(slot.title, slot.clubName) : decision === 'rejected' ? SN.rejected.description(slot.title, slot.clubName) : SN.waitlisted.description(slot.title, slot.clubName, place ?? 1);
      await this.deps.notify.notify(tx, row.volunteerId, {
        kind: 'volunteer_application_decided',
        clubId: slot.clubId,
        group: { key: `club:${slot.clubId}`, label: slot.clubName },
        title: SN[decision].title,
        description: text,
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.applicationId)),
      });
      await this.deps.webhooks.emit(
        tx,
        decision === 'waitlisted'
          ? await applicationEvent(tx, 'volunteer.waitlist.joined', row.applicationId, { signupId, extra: { linePosition: place } })
          : await applicationEvent(tx, 'volunteer.application.decided', row.applicationId, { signupId, extra: { decidedAt: now.toISOString() } }),
      );
      if (before.status === 'accepted' || before.status === 'offered' || decision === 'waitlisted') await this.places.fill(tx, slot, now);
      const [after] = await tx.select().from(g).where(eq(g.id, signupId));
      return after!;
    });
  }

  // ---- the volunteer's shifts -------------------------------------------------------------------

  /** Whether a position has shifts a volunteer could pick now (upcoming, not cancelled). */
  async hasOpenShifts(executor: Executor, positionId: string, now = new Date()): Promise<boolean> {
    const [row] = await executor
      .select({ id: s.id })
      .from(s)
      .where(and(eq(s.positionId, positionId), gt(s.startsAt, now), isNull(s.cancelledAt)))
      .limit(1);
    return row !== undefined;
  }

  /** Whether a position has any shifts at all (then it is decided per shift). */
  async hasShifts(executor: Executor, positionId: string): Promise<boolean> {
    const [row] = await executor.select({ id: s.id }).from(s).where(eq(s.positionId, positionId)).limit(1);
    return row !== undefined;
  }

  /**
   * In an application's transaction: the volunteer's picked shifts, each requested (or put in
   * its line when full), after checking them: of the position, upcoming and not cancelled, not
   * overlapping each other or the volunteer's other open shifts. Shifts are locked in id order.
   */
  async signUp(tx: Executor, application: VolunteerApplicationRow, rawShiftIds: readonly string[], now = new Date()): Promise<{ waitlisted: string[] }> {
    const shiftIds = [...new Set(rawShiftIds)].sort();
    if (shiftIds.length === 0) throw errors.validation(S.pickShift, { shiftIds: S.pickShift });
    const picked = await tx
      .select()
      .from(s)
      .where(and(inArray(s.id, shiftIds), eq(s.positionId, application.positionId)));
    if (picked.length !== shiftIds.length || picked.some((shift) => shift.cancelledAt || shift.startsAt.getTime() <= now.getTime())) {
      throw errors.validation(S.notOpen, { shiftIds: S.notOpen });
    }
    for (let i = 0; i < picked.length; i++) {
      for (let j = i + 1; j < picked.length; j++) if (overlaps(picked[i]!, picked[j]!)) throw errors.validation(S.pickedOverlap, { shiftIds: S.pickedOverlap });
    }
    const clash = await this.overlapping(tx, application.volunteerId, picked);
    if (clash) throw errors.validation(S.overlapsOther(clash), { shiftIds: S.overlapsOther(clash) });
    const waitlisted: string[] = [];
    for (const shiftId of shiftIds) {
      const slot = (await this.places.lockShift(tx, shiftId))!;
      const full = await this.places.isFull(tx, slot);
      const [signup] = await tx
        .insert(g)
        .values({
        shiftId,
        applicationId: application.id,
        positionId: application.positionId,
        volunteerId: application.volunteerId,
        clubId: application.clubId,
        status: full ? 'waitlisted' : 'requested',
        queuedAt: full ? now : null,
      })
        .returning({ id: g.id });
      if (full) waitlisted.push(signup!.id);
    }
    await this.syncApplication(tx, application.id);
    return { waitlisted };
  }

  /** The label of one of the volunteer's open shifts overlapping any of `shifts` (other
   *  positions too); null when none does. Swaps (shift-swaps.service.ts) check with it too. */
  async overlapping(tx: Executor, volunteerId: string, shifts: Array<{ id: string; startsAt: Date; endsAt: Date }>, except: readonly string[] = []): Promise<string | null> {
    if (shifts.length === 0) return null;
    const theirs = await tx
      .select({ id: s.id, startsAt: s.startsAt, endsAt: s.endsAt, title: p.title, timeZone: clubs.timeZone })
      .from(g)
      .innerJoin(s, eq(s.id, g.shiftId))
      .innerJoin(p, eq(p.id, s.positionId))
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .where(and(eq(g.volunteerId, volunteerId), inArray(g.status, [...OPEN_SIGNUP]), isNull(s.cancelledAt)));
    for (const mine of theirs) {
      if (except.includes(mine.id)) continue;
      if (shifts.some((shift) => shift.id !== mine.id && overlaps(shift, mine))) return `${mine.title}, ${shiftLabel(mine.startsAt, mine.endsAt, mine.timeZone ?? this.deps.timeZone)}`;
    }
    return null;
  }

  /** The volunteer drops one of their open shifts (a place it held goes to the line); the club is told. */
  async withdraw(viewer: Viewer, signupId: string, now = new Date()): Promise<ShiftSignupRow> {
    const [own] = await this.db.select({ shiftId: g.shiftId, volunteerId: g.volunteerId }).from(g).where(eq(g.id, signupId));
    if (!own || own.volunteerId !== viewer.userId) throw notFound('id', S.signupNotFound);
    return this.db.transaction(async (tx) => {
      const slot = (await this.places.lockShift(tx, own.shiftId))!;
      const [before] = await tx.select().from(g).where(eq(g.id, signupId));
      const row = await this.places.setLine(tx, 'signup', signupId, 'withdrawn', OPEN_SIGNUP);
      if (!row || !before) throw errors.validation(S.closedSignup, { id: S.closedSignup });
      await this.syncApplication(tx, row.applicationId, viewer.userId);
      await this.deps.notify.notify(tx, slot.clubId, {
        kind: 'volunteer_application_withdrawn',
        actorId: viewer.userId,
        clubId: slot.clubId,
        group: { key: `club:${slot.clubId}`, label: slot.clubName },
        title: SN.withdrawn.title,
        description: SN.withdrawn.description(await volunteerName(tx, viewer.userId), slot.title),
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.applicationId)),
        // Folds with the volunteer's other withdrawals from the position (an application's too):
        // dropping many shifts at once is one notice and one email to the club.
        collapseKey: `application-withdrawn:${slot.positionId}:${viewer.userId}`,
      });
      await this.deps.webhooks.emit(tx, await applicationEvent(tx, 'volunteer.application.withdrawn', row.applicationId, { signupId, extra: { withdrawnAt: now.toISOString() } }));
      if (before.status === 'accepted' || before.status === 'offered') await this.places.fill(tx, slot, now);
      const [after] = await tx.select().from(g).where(eq(g.id, signupId));
      return after!;
    });
  }

  /** In an application's withdrawal or rejection (its transaction): closes every open shift of it,
   *  each shift under its lock, giving freed places to their lines. */
  async closeAll(tx: Executor, applicationId: string, status: 'withdrawn' | 'rejected', now = new Date()): Promise<void> {
    const open = await tx
      .select({ id: g.id, shiftId: g.shiftId, status: g.status })
      .from(g)
      .where(and(eq(g.applicationId, applicationId), inArray(g.status, [...OPEN_SIGNUP])))
      .orderBy(asc(g.shiftId));
    for (const signup of open) {
      const slot = (await this.places.lockShift(tx, signup.shiftId))!;
      await this.places.setLine(tx, 'signup', signup.id, status, OPEN_SIGNUP);
      if (signup.status === 'accepted' || signup.status === 'offered') await this.places.fill(tx, slot, now);
    }
  }

  /**
   * An application of a position with shifts takes its status from its shifts: accepted when one
   * is; waitlisted when one waits or is offered; pending when one is requested; otherwise closed
   * (rejected when the club closed one, withdrawn when the volunteer left them all). A change is
   * written to its history.
   */
  readonly syncApplication = async (tx: Executor, applicationId: string, actorId: string | null = null): Promise<void> => {
    const rows = await tx.select({ status: g.status }).from(g).where(eq(g.applicationId, applicationId));
    const has = (status: string) => rows.some((r) => r.status === status);
    const next: VolunteerApplicationRow['status'] = has('accepted')
      ? 'accepted'
      : has('waitlisted') || has('offered')
        ? 'waitlisted'
        : has('requested')
          ? 'pending'
          : has('rejected')
            ? 'rejected'
            : 'withdrawn';
    const [changed] = await tx
      .update(a)
      .set({ status: next, updatedAt: sql`now()` })
      .where(and(eq(a.id, applicationId), sql`${a.status} <> ${next}`))
      .returning({ id: a.id });
    if (changed) await tx.insert(volunteerApplicationEvents).values({ applicationId, status: next, actorId });
  };

  // ---- helpers ----------------------------------------------------------------------------------

  /** One of the caller's positions, locked; NOT_FOUND for an unknown id, FORBIDDEN for another club's. */
  private async ownPosition(tx: Executor, viewer: Viewer, positionId: string) {
    const [row] = await tx
      .select({ clubId: p.clubId, timeZone: clubs.timeZone })
      .from(p)
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .where(eq(p.id, positionId))
      .for('update', { of: p });
    if (!row) throw notFound('positionId', S.notFound);
    if (row.clubId !== viewer.userId) throw errors.forbidden("You can only change your own club's volunteer positions.");
    return row;
  }

  private async ownShift(tx: Executor, viewer: Viewer, shiftId: string): Promise<PlacesSlot> {
    const slot = await this.places.lockShift(tx, shiftId);
    if (!slot) throw notFound('id', S.notFound);
    if (slot.clubId !== viewer.userId) throw errors.forbidden("You can only change your own club's volunteer positions.");
    return slot;
  }

  /** A shift's position and time on its club's clock ('Steward, Sat 6 Jun 09:00–12:00'), and the club's name. */
  async shiftTitle(tx: Executor, shiftId: string): Promise<{ title: string; clubName: string }> {
    const [row] = await tx
      .select({ title: p.title, startsAt: s.startsAt, endsAt: s.endsAt, clubName: clubs.name, timeZone: clubs.timeZone })
      .from(s)
      .innerJoin(p, eq(p.id, s.positionId))
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .where(eq(s.id, shiftId));
    return { title: `${row!.title}, ${shiftLabel(row!.startsAt, row!.endsAt, row!.timeZone ?? this.deps.timeZone)}`, clubName: row!.clubName };
  }

}

/** The starts of a one-off shift ([start]) or a weekly series until `until` (YYYY-MM-DD on the
 *  club's wall clock), each at the first one's wall-clock time; 'before' when `until` is before
 *  the first day. At most SERIES_MAX + 1 (the caller refuses more than SERIES_MAX). */
export function weeklyStarts(first: Date, until: string | null, timeZone: string): Date[] | 'before' {
  if (until === null) return [first];
  const local = new TZDate(first.getTime(), timeZone);
  const day = (d: TZDate) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  if (until < day(local)) return 'before';
  const starts: Date[] = [];
  for (let k = 0; starts.length <= SERIES_MAX; k++) {
    const next = new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + 7 * k, local.getHours(), local.getMinutes(), 0, 0, timeZone);
    if (day(next) > until) break;
    starts.push(new Date(next.getTime()));
  }
  return starts;
}

declare module '../../lib/services.js' {
  interface Services {
    /** Shifts of volunteer positions: adding, places, cancelling, sign-ups, decisions (swaps: shiftSwaps). */
    shifts: ShiftsService;
  }
}

