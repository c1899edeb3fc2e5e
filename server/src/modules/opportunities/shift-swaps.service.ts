// Shift swaps (issue 30 §1): two volunteers accepted on different shifts of the same position
// exchange them. One proposes (the other is told; limited per pair and per volunteer per hour), the
// asked one accepts (both shifts change hands at once under both shifts' locks; the proposer and
// the club are told) or declines, or the proposer withdraws it first. The shifts themselves are
// shifts.service.ts's.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { positionShifts, shiftSignups, shiftSwaps, type ShiftSignupRow, type ShiftSwapRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { WriteLimiter } from '../../lib/write-limits.js';
import type { Viewer } from '../../lib/viewer.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { applicationPath } from './opportunities.rules.js';
import { notFound } from './opportunities.shared.js';
import { SHIFT_MESSAGES as S, SHIFT_NOTIFICATIONS as SN, SWAP_LIMITS } from './shifts.rules.js';
import type { ShiftsService } from './shifts.service.js';
import type { VolunteerPlacesService } from './volunteer-places.service.js';
import { volunteerName } from './volunteer-places.shared.js';

const s = positionShifts;
const g = shiftSignups;

export class ShiftSwapsService {
  /** Swap proposals (each tells the other volunteer) per proposer per other volunteer, and per
   *  proposer, per hour. */
  private readonly limiter: WriteLimiter;

  constructor(
    private readonly db: Db,
    private readonly places: VolunteerPlacesService,
    private readonly shifts: ShiftsService,
    private readonly deps: { notify: Pick<NotificationDispatcher, 'notify'>; limits?: { swapsPerPair: number; swapsPerVolunteer: number } },
  ) {
    const limits = deps.limits ?? SWAP_LIMITS;
    this.limiter = new WriteLimiter(
      db,
      [
        { name: 'shift_swap_pair', points: limits.swapsPerPair, windowSeconds: 3600 },
        { name: 'shift_swap_volunteer', points: limits.swapsPerVolunteer, windowSeconds: 3600 },
      ],
      S.tooManySwaps,
    );
  }

  /** Proposes to another accepted volunteer of the same position to exchange shifts. */
  async propose(viewer: Viewer, signupId: string, withSignupId: string, now = new Date()): Promise<ShiftSwapRow> {
    const [mine] = await this.db.select().from(g).where(eq(g.id, signupId));
    if (!mine || mine.volunteerId !== viewer.userId) throw notFound('signupId', S.signupNotFound);
    const [theirs] = await this.db.select().from(g).where(eq(g.id, withSignupId));
    if (mine.status !== 'accepted') throw errors.validation(S.swapOwnAccepted, { signupId: S.swapOwnAccepted });
    if (!theirs || theirs.status !== 'accepted' || theirs.positionId !== mine.positionId || theirs.volunteerId === viewer.userId) {
      throw errors.validation(S.swapOtherAccepted, { withSignupId: S.swapOtherAccepted });
    }
    if (theirs.shiftId === mine.shiftId) throw errors.validation(S.swapSameShift, { withSignupId: S.swapSameShift });
    // Each proposal tells the other volunteer (a cancelled one stays told): past the limits,
    // RATE_LIMITED before anything is written.
    await this.limiter.consume({ shift_swap_pair: [viewer.userId, theirs.volunteerId], shift_swap_volunteer: [viewer.userId] });
    return this.db.transaction(async (tx) => {
      await this.check(tx, mine, theirs, now);
      const [row] = await tx.insert(shiftSwaps).values({ positionId: mine.positionId, fromSignupId: mine.id, toSignupId: theirs.id, proposedBy: viewer.userId }).onConflictDoNothing().returning();
      if (!row) throw errors.validation(S.swapPending, { withSignupId: S.swapPending });
      const [yours, offered] = await Promise.all([this.shifts.shiftTitle(tx, theirs.shiftId), this.shifts.shiftTitle(tx, mine.shiftId)]);
      await this.deps.notify.notify(tx, theirs.volunteerId, {
        kind: 'volunteer_shift_swap',
        actorId: viewer.userId,
        clubId: mine.clubId,
        group: { key: `club:${mine.clubId}`, label: offered.clubName },
        title: SN.swapProposed.title,
        description: SN.swapProposed.description(await volunteerName(tx, viewer.userId), offered.title, yours.title),
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', theirs.applicationId)),
        // One volunteer's proposals to another within the collapse window are one bell entry and one
        // email, saying the latest.
        collapseKey: `shift-swap-proposed:${viewer.userId}:${theirs.volunteerId}`,
      });
      return row;
    });
  }

  /** Both still accepted on shifts that have not started, neither already on the other's shift, and
   *  no one left with two shifts at once. */
  private async check(tx: Executor, mine: ShiftSignupRow, theirs: ShiftSignupRow, now: Date): Promise<void> {
    const shifts = await tx.select().from(s).where(inArray(s.id, [mine.shiftId, theirs.shiftId]));
    const myShift = shifts.find((x) => x.id === mine.shiftId)!;
    const theirShift = shifts.find((x) => x.id === theirs.shiftId)!;
    if ([myShift, theirShift].some((x) => x.cancelledAt || x.startsAt.getTime() <= now.getTime())) throw errors.validation(S.started, { id: S.started });
    const already = await tx
      .select({ id: g.id })
      .from(g)
      .where(
        sql`(${g.volunteerId} = ${mine.volunteerId} and ${g.shiftId} = ${theirs.shiftId}) or (${g.volunteerId} = ${theirs.volunteerId} and ${g.shiftId} = ${mine.shiftId})`,
      );
    if (already.length > 0) throw errors.validation(S.swapAlreadyThere, { withSignupId: S.swapAlreadyThere });
    const clashMine = await this.shifts.overlapping(tx, mine.volunteerId, [theirShift], [myShift.id]);
    const clashTheirs = await this.shifts.overlapping(tx, theirs.volunteerId, [myShift], [theirShift.id]);
    if (clashMine || clashTheirs) throw errors.validation(S.swapOverlap, { withSignupId: S.swapOverlap });
  }

  /** The asked volunteer agrees (the two exchange shifts, and the club is told) or declines. */
  async answer(viewer: Viewer, swapId: string, answer: 'accept' | 'decline', now = new Date()): Promise<ShiftSwapRow> {
    const [swap] = await this.db.select().from(shiftSwaps).where(eq(shiftSwaps.id, swapId));
    const [to] = swap ? await this.db.select().from(g).where(eq(g.id, swap.toSignupId)) : [];
    // Only the asked volunteer answers; for anyone else (the proposer included) it names nothing
    // they may answer.
    if (!swap || !to || to.volunteerId !== viewer.userId) throw notFound('id', S.swapNotFound);
    return this.db.transaction(async (tx) => {
      const [from] = await tx.select({ shiftId: g.shiftId }).from(g).where(eq(g.id, swap.fromSignupId));
      // Both shifts' locks, in id order: the places on them change hands.
      for (const shiftId of [from!.shiftId, to.shiftId].sort()) await this.places.lockShift(tx, shiftId);
      const [open] = await tx
        .update(shiftSwaps)
        .set({ status: answer === 'accept' ? 'accepted' : 'declined', decidedAt: now })
        .where(and(eq(shiftSwaps.id, swapId), eq(shiftSwaps.status, 'proposed')))
        .returning();
      if (!open) throw errors.validation(S.swapNotOpen, { id: S.swapNotOpen });
      const signups = await tx.select().from(g).where(inArray(g.id, [swap.fromSignupId, swap.toSignupId]));
      const mine = signups.find((x) => x.id === swap.fromSignupId)!;
      const theirs = signups.find((x) => x.id === swap.toSignupId)!;
      const proposerName = await volunteerName(tx, mine.volunteerId);
      const answererName = await volunteerName(tx, theirs.volunteerId);
      if (answer === 'decline') {
        await this.deps.notify.notify(tx, mine.volunteerId, {
          kind: 'volunteer_shift_swap',
          actorId: viewer.userId,
          clubId: mine.clubId,
          title: SN.swapDeclined.title,
          description: SN.swapDeclined.description(answererName),
          actionUrl: applicationPath(toGlobalId('VolunteerApplication', mine.applicationId)),
        });
        return open;
      }
      if (mine.status !== 'accepted' || theirs.status !== 'accepted') throw errors.validation(S.swapNotOpen, { id: S.swapNotOpen });
      await this.check(tx, mine, theirs, now);
      // One statement exchanges the shifts, so the (shift, volunteer) key never holds twice.
      await tx.execute(sql`update shift_signups set shift_id = case when id = ${mine.id}::uuid then ${theirs.shiftId}::uuid else ${mine.shiftId}::uuid end, updated_at = now()
        where id in (${mine.id}::uuid, ${theirs.id}::uuid)`);
      // Other proposals involving either place are moot now.
      await tx
        .update(shiftSwaps)
        .set({ status: 'cancelled', decidedAt: now })
        .where(and(eq(shiftSwaps.status, 'proposed'), sql`(${shiftSwaps.fromSignupId} in (${mine.id}::uuid, ${theirs.id}::uuid) or ${shiftSwaps.toSignupId} in (${mine.id}::uuid, ${theirs.id}::uuid))`));
      const [mineNow, theirsNow] = await Promise.all([this.shifts.shiftTitle(tx, theirs.shiftId), this.shifts.shiftTitle(tx, mine.shiftId)]);
      await this.deps.notify.notify(tx, mine.volunteerId, {
        kind: 'volunteer_shift_swap',
        actorId: viewer.userId,
        clubId: mine.clubId,
        title: SN.swapAccepted.title,
        description: SN.swapAccepted.description(answererName, mineNow.title),
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', mine.applicationId)),
      });
      await this.deps.notify.notify(tx, mine.clubId, {
        kind: 'club_shift_swapped',
        clubId: mine.clubId,
        group: { key: `club:${mine.clubId}`, label: mineNow.clubName },
        title: SN.swapped.title,
        description: SN.swapped.description(proposerName, answererName, theirsNow.title, mineNow.title),
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', mine.applicationId)),
      });
      return open;
    });
  }

  /** The proposer withdraws a swap not yet answered. */
  async cancel(viewer: Viewer, swapId: string, now = new Date()): Promise<ShiftSwapRow> {
    const [swap] = await this.db.select().from(shiftSwaps).where(eq(shiftSwaps.id, swapId));
    if (!swap || swap.proposedBy !== viewer.userId) throw notFound('id', S.swapNotFound);
    const [row] = await this.db
      .update(shiftSwaps)
      .set({ status: 'cancelled', decidedAt: now })
      .where(and(eq(shiftSwaps.id, swapId), eq(shiftSwaps.status, 'proposed')))
      .returning();
    if (!row) throw errors.validation(S.swapNotOpen, { id: S.swapNotOpen });
    return row;
  }

  // ---- reads (batched by the loaders) -----------------------------------------------------------

  async byIds(ids: readonly string[]): Promise<Array<(ShiftSwapRow & { fromVolunteerId: string; toVolunteerId: string; clubId: string }) | null>> {
    if (ids.length === 0) return [];
    const from = sql.raw('f');
    const rows = await this.db
      .select({ swap: shiftSwaps, fromVolunteerId: sql<string>`(select volunteer_id from shift_signups ${from} where ${from}.id = ${shiftSwaps.fromSignupId})`, to: g })
      .from(shiftSwaps)
      .innerJoin(g, eq(g.id, shiftSwaps.toSignupId))
      .where(inArray(shiftSwaps.id, [...ids]));
    return ids.map((id) => {
      const r = rows.find((x) => x.swap.id === id);
      return r ? { ...r.swap, fromVolunteerId: r.fromVolunteerId, toVolunteerId: r.to.volunteerId, clubId: r.to.clubId } : null;
    });
  }

  /** The swaps a volunteer proposed or was asked, newest first. */
  async of(userId: string): Promise<ShiftSwapRow[]> {
    return this.db
      .select()
      .from(shiftSwaps)
      .where(
        sql`${shiftSwaps.fromSignupId} in (select id from shift_signups where volunteer_id = ${userId}) or ${shiftSwaps.toSignupId} in (select id from shift_signups where volunteer_id = ${userId})`,
      )
      .orderBy(sql`${shiftSwaps.createdAt} desc`, sql`${shiftSwaps.id} desc`);
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Shift swaps between two volunteers of a position: proposing, answering, withdrawing. */
    shiftSwaps: ShiftSwapsService;
  }
}
