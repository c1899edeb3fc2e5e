// Volunteer applications (../shared/spec/platform.md): applying to an opportunity, withdrawing,
// and the club's decisions, and telling applicants when a position is deleted. Each write is one
// transaction whose condition on the current status (or a unique index) decides races; the other
// side is told through the notification dispatcher (bell, and email per their preferences), in that
// same transaction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import {
  clubs,
  clubVolunteerPositions,
  users,
  volunteerApplicationEvents,
  volunteerApplications,
  volunteerProfiles,
  type ClubVolunteerPositionRow,
  type VolunteerApplicationRow,
} from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import { WriteLimiter } from '../../lib/write-limits.js';
import { toGlobalId } from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import { idempotencyKeyRule } from '../messages/messages.rules.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { applicationMessageRule, volunteerFullName } from '../volunteers/volunteers.rules.js';
import { APPLICATION_MESSAGES_TEXT as A, APPLICATION_NOTIFICATIONS as N, OPPORTUNITY_MESSAGES as O, PLACES_MESSAGES as P, applicationPath, reviewNoteRule } from './opportunities.rules.js';
import { notFound } from './opportunities.shared.js';
import type { VolunteerPlacesService } from './volunteer-places.service.js';
import type { ShiftsService } from './shifts.service.js';
import { SHIFT_MESSAGES } from './shifts.rules.js';
import { applicationEvent, applicationEvents } from './opportunities.webhooks.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';

const p = clubVolunteerPositions;
const a = volunteerApplications;

const applyRules = z.object({ message: applicationMessageRule });
const keyRules = z.object({ idempotencyKey: idempotencyKeyRule });
const noteRules = z.object({ note: reviewNoteRule });

/** Whether the caller may see an application: its volunteer, its club's owner, administrators. */
export function canSeeApplication(viewer: Viewer | null, row: Pick<VolunteerApplicationRow, 'volunteerId' | 'clubId'>): boolean {
  return viewer !== null && (viewer.userId === row.volunteerId || viewer.userId === row.clubId || viewer.isPlatformAdmin);
}

export class VolunteerApplicationsService {
  /** Applications and withdrawals per volunteer per position, and per volunteer, per hour. */
  private readonly limiter: WriteLimiter;

  constructor(
    private readonly db: Db,
    private readonly notifications: Pick<NotificationDispatcher, 'notify'>,
    private readonly places: VolunteerPlacesService,
    private readonly shifts: ShiftsService,
    private readonly webOrigin: string,
    /** Webhook events (issue 31), written in each change's transaction. */
    private readonly webhooks: WebhookEmitter,
    private readonly limits: { applicationsPerPosition: number; applicationsPerVolunteer: number } = {
      applicationsPerPosition: 6,
      applicationsPerVolunteer: 30,
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

  /**
   * Applies to a live, active position of an approved club (not the caller's own) with a message.
   * One open application per volunteer and position: the unique index decides, so two concurrent
   * applies cannot both succeed. A repeated idempotency key answers the first application.
   */
  async apply(viewer: Viewer, positionId: string, raw: { message?: unknown; idempotencyKey?: unknown; shiftIds?: readonly string[] | null }): Promise<VolunteerApplicationRow> {
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

    return this.db.transaction(async (tx) => {
      // The position's row lock orders every change of its places and line: an application to a
      // position just filled joins the line, and two applying for the last place queue in order.
      const slot = await this.places.lock(tx, positionId);
      const [target] = slot
        ? await tx
            .select({ position: p, club: clubs })
            .from(p)
            .innerJoin(clubs, eq(clubs.id, p.clubId))
            .innerJoin(users, eq(users.id, p.clubId))
            .where(eq(p.id, positionId))
        : [];
      if (!slot || !target || !target.position.isLive || target.club.applicationStatus !== 'approved' || target.position.removedAt || target.club.removedAt) {
        throw notFound('positionId', O.notFound);
      }
      // Closed by the club (cancelled, or marked filled by hand): no applications. Filled by
      // itself (full): the applicant joins the waiting line.
      if (target.position.status === 'cancelled' || (target.position.status === 'filled' && !target.position.autoFilled)) {
        throw errors.validation(O.notAccepting, { positionId: O.notAccepting });
      }
      if (target.club.id === viewer.userId) throw errors.validation(A.ownClub, { positionId: A.ownClub });
      await this.places.requireCheck(tx, slot, viewer.userId, 'recorded', new Date());
      // A position with shifts is applied to by picking shifts (each with its own places); one
      // without counts its own places.
      const withShifts = await this.shifts.hasShifts(tx, positionId);
      const shiftIds = raw.shiftIds ?? [];
      if (withShifts && !(await this.shifts.hasOpenShifts(tx, positionId))) throw errors.validation(O.notAccepting, { positionId: O.notAccepting });
      if (!withShifts && shiftIds.length > 0) throw errors.validation(SHIFT_MESSAGES.noShifts, { shiftIds: SHIFT_MESSAGES.noShifts });
      const full = !withShifts && (await this.places.isFull(tx, slot));
      const { message } = parseInput(applyRules, { message: typeof raw.message === 'string' ? sanitizeText(raw.message) : raw.message });

      const [created] = await tx
        .insert(a)
        .values({ positionId, volunteerId: viewer.userId, clubId: target.club.id, message, idempotencyKey, ...(full ? { status: 'waitlisted' as const, queuedAt: new Date() } : {}) })
        // Any unique index: the open application (pending or accepted) of this volunteer and
        // position, or the caller's idempotency key. Which one is looked up only afterwards.
        .onConflictDoNothing()
        .returning();
      if (!created) {
        const first = idempotencyKey === null ? undefined : await this.appliedWithKey(tx, viewer.userId, idempotencyKey);
        if (first) return first;
        throw errors.validation(A.alreadyApplied, { positionId: A.alreadyApplied });
      }
      await tx.insert(volunteerApplicationEvents).values({ applicationId: created.id, status: created.status, actorId: viewer.userId });
      let waitlistedSignups: string[] = [];
      if (withShifts) {
        ({ waitlisted: waitlistedSignups } = await this.shifts.signUp(tx, created, shiftIds));
        // Its status follows its shifts (in line when every picked one is full).
        const [now] = await tx.select().from(a).where(eq(a.id, created.id));
        Object.assign(created, now);
      }
      const actionUrl = applicationPath(toGlobalId('VolunteerApplication', created.id));
      // Repeats of this volunteer's applications to this position within the window are one
      // notification and one mail (the latest).
      await this.notifications.notify(tx, target.club.id, {
        kind: 'volunteer_application_received',
        actorId: viewer.userId,
        clubId: target.club.id,
        group: { key: `club:${target.club.id}`, label: target.club.name },
        title: N.applied.title,
        description: N.applied.description(volunteerName, target.position.title),
        actionUrl,
        collapseKey: `application-applied:${positionId}:${viewer.userId}`,
        email: {
          subject: `New volunteer application for ${target.position.title}`,
          paragraphs: [
            `${volunteerName} applied for ${target.position.title} at ${target.club.name}${full ? ', and joined its waiting list: every place is taken' : ''}.`,
            `Their message:\n${message}`,
          ],
          action: { url: `${this.webOrigin}${actionUrl}`, label: 'Review the application' },
        },
      });
      // Received by the club; joining a full position's line (or only full shifts') is the line's
      // event too, for both sides.
      await this.webhooks.emitMany(
        tx,
        await applicationEvents(tx, [
          { kind: 'volunteer.application.received', applicationId: created.id },
          ...(full ? [{ kind: 'volunteer.waitlist.joined' as const, applicationId: created.id }] : []),
          ...waitlistedSignups.map((signupId) => ({ kind: 'volunteer.waitlist.joined' as const, applicationId: created.id, signupId })),
        ]),
      );
      return created;
    });
  }

  /** Withdraws the caller's own open application (pending, on the waiting list, offered a place or
   *  accepted), under its position's lock; a place it held goes to the line at once. */
  async withdraw(viewer: Viewer, id: string): Promise<VolunteerApplicationRow> {
    // Only the volunteer's own application counts against their limits (anyone else's, or an id
    // that names none, is NOT_FOUND below and counts nothing).
    const [own] = await this.db.select({ positionId: a.positionId }).from(a).where(and(eq(a.id, id), eq(a.volunteerId, viewer.userId)));
    if (!own) throw notFound('id', A.notFound);
    await this.countWrite(viewer.userId, own.positionId);
    return this.db.transaction(async (tx) => {
      const slot = await this.places.lock(tx, own.positionId);
      if (!slot) throw notFound('id', A.notFound);
      const [before] = await tx.select({ status: a.status }).from(a).where(eq(a.id, id));
      const [row] = await tx
        .update(a)
        .set({ status: 'withdrawn', queuedAt: null, offerExpiresAt: null, updatedAt: sql`now()` })
        .where(and(eq(a.id, id), eq(a.volunteerId, viewer.userId), inArray(a.status, ['pending', 'waitlisted', 'offered', 'accepted'])))
        .returning();
      if (!row || !before) throw errors.validation(A.onlyPendingWithdraw, { id: A.onlyPendingWithdraw });
      await tx.insert(volunteerApplicationEvents).values({ applicationId: row.id, status: 'withdrawn', actorId: viewer.userId });
      const about = await this.about(tx, row);
      const actionUrl = applicationPath(toGlobalId('VolunteerApplication', row.id));
      await this.notifications.notify(tx, row.clubId, {
        kind: 'volunteer_application_withdrawn',
        actorId: viewer.userId,
        clubId: row.clubId,
        group: { key: `club:${row.clubId}`, label: about.clubName },
        title: N.withdrawn.title,
        description: N.withdrawn.description(about.volunteerName, about.title),
        actionUrl,
        collapseKey: `application-withdrawn:${row.positionId}:${viewer.userId}`,
        email: {
          subject: `Application withdrawn: ${about.title}`,
          paragraphs: [`${about.volunteerName} withdrew their application for ${about.title} at ${about.clubName}.`],
          action: { url: `${this.webOrigin}${actionUrl}`, label: 'See the application' },
        },
      });
      await this.webhooks.emit(tx, await applicationEvent(tx, 'volunteer.application.withdrawn', row.id, { extra: { withdrawnAt: row.updatedAt.toISOString() } }));
      if (await this.shifts.hasShifts(tx, row.positionId)) await this.shifts.closeAll(tx, row.id, 'withdrawn');
      else if (before.status === 'accepted' || before.status === 'offered') await this.places.fill(tx, slot);
      return row;
    });
  }

  /**
   * The club's decision on an application to its position, under the position's lock (of two owner
   * sessions, or an owner and a withdrawing volunteer, exactly one changes it): accept a pending or
   * waitlisted one while a place is free (the volunteer's required check verified); reject an open
   * one, which frees the place an accepted or offered one held for the line; or put a pending one
   * on the waiting list. The volunteer is notified live.
   */
  async review(viewer: Viewer, id: string, decision: 'accepted' | 'rejected' | 'waitlisted', rawNote: unknown): Promise<VolunteerApplicationRow> {
    const { note } = parseInput(noteRules, { note: typeof rawNote === 'string' ? sanitizeText(rawNote) : rawNote });
    const [own] = await this.db.select({ positionId: a.positionId, clubId: a.clubId }).from(a).where(eq(a.id, id));
    if (!own || own.clubId !== viewer.userId) throw notFound('id', A.notFound);
    const from = { accepted: ['pending', 'waitlisted'], rejected: ['pending', 'waitlisted', 'offered', 'accepted'], waitlisted: ['pending'] } as const;
    return this.db.transaction(async (tx) => {
      const slot = await this.places.lock(tx, own.positionId);
      if (!slot) throw notFound('id', A.notFound);
      const [before] = await tx.select().from(a).where(eq(a.id, id));
      const withShifts = await this.shifts.hasShifts(tx, own.positionId);
      if (withShifts && decision !== 'rejected') throw errors.validation(SHIFT_MESSAGES.decidePerShift, { id: SHIFT_MESSAGES.decidePerShift });
      if (!before || !(from[decision] as readonly string[]).includes(before.status)) {
        const message = decision === 'rejected' ? A.onlyOpenReject : decision === 'waitlisted' ? A.onlyPendingWaitlist : A.onlyPendingReview;
        throw errors.validation(message, { id: message });
      }
      if (decision === 'accepted') {
        await this.places.requireCheck(tx, slot, before.volunteerId, 'verified', new Date());
        if (await this.places.isFull(tx, slot)) throw errors.validation(P.full(slot.places!), { id: P.full(slot.places!) });
      }
      const [row] = await tx
        .update(a)
        .set({
          status: decision,
          queuedAt: decision === 'waitlisted' ? new Date() : null,
          offerExpiresAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(a.id, id), eq(a.status, before.status)))
        .returning();
      await tx.insert(volunteerApplicationEvents).values({ applicationId: row!.id, status: decision, actorId: viewer.userId, note });
      const about = await this.about(tx, row!);
      const place = decision === 'waitlisted' ? await this.places.linePlace('application', { id: row!.id, slotId: row!.positionId, status: row!.status, queuedAt: row!.queuedAt }, tx) : null;
      const text = decision === 'accepted' ? N.accepted : decision === 'rejected' ? N.rejected : null;
      await this.notifications.notify(tx, row!.volunteerId, {
        kind: 'volunteer_application_decided',
        clubId: row!.clubId,
        group: { key: `club:${row!.clubId}`, label: about.clubName },
        title: text ? text.title : N.waitlisted.title,
        description: text ? text.description(about.title, about.clubName) : N.waitlisted.description(about.title, about.clubName, place ?? 1),
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', row!.id)),
      });
      // Put on the waiting list is the line's event; accepted or rejected, the decision's.
      await this.webhooks.emit(
        tx,
        decision === 'waitlisted'
          ? await applicationEvent(tx, 'volunteer.waitlist.joined', row!.id, { extra: { linePosition: place } })
          : await applicationEvent(tx, 'volunteer.application.decided', row!.id, { extra: { decidedAt: row!.updatedAt.toISOString() } }),
      );
      if (withShifts) await this.shifts.closeAll(tx, row!.id, 'rejected');
      else if (before.status === 'accepted' || before.status === 'offered' || decision === 'waitlisted') await this.places.fill(tx, slot);
      else await this.places.syncStatus(tx, slot);
      return row!;
    });
  }

  /** In a position's deletion (before its applications cascade away): tells each volunteer with a
   *  pending application that the opportunity was removed. */
  readonly tellApplicantsRemoved = async (tx: Executor, position: ClubVolunteerPositionRow): Promise<void> => {
    const pending = await tx
      .select({ volunteerId: a.volunteerId, clubId: a.clubId, clubName: clubs.name })
      .from(a)
      .innerJoin(clubs, eq(clubs.id, a.clubId))
      .where(and(eq(a.positionId, position.id), eq(a.status, 'pending')));
    for (const row of pending) {
      await this.notifications.notify(tx, row.volunteerId, {
        kind: 'volunteer_opportunity_removed',
        clubId: row.clubId,
        group: { key: `club:${row.clubId}`, label: row.clubName },
        title: N.removed.title,
        description: N.removed.description(position.title, row.clubName),
        actionUrl: '/volunteer/dashboard',
      });
    }
  };

  private async appliedWithKey(executor: Executor, volunteerId: string, key: string): Promise<VolunteerApplicationRow | undefined> {
    const [row] = await executor.select().from(a).where(and(eq(a.volunteerId, volunteerId), eq(a.idempotencyKey, key)));
    return row;
  }

  /**
   * In a member's account deletion (modules/account), before their data goes: as a club, every
   * pending application to it is answered (rejected with `clubNote`) and each volunteer told; as a
   * volunteer, every open (pending, waitlisted, offered or accepted) application of theirs is
   * withdrawn, its message emptied, and each club told, without the volunteer's name; a place it
   * held (or its shifts held) goes to the waiting line at once. Answers how many of each.
   */
  async closeForDeletedAccount(tx: Executor, userId: string, clubNote: string): Promise<{ answered: number; withdrawn: number }> {
    const answered = await tx
      .update(a)
      .set({ status: 'rejected', updatedAt: sql`now()` })
      .where(and(eq(a.clubId, userId), eq(a.status, 'pending')))
      .returning();
    for (const row of answered) {
      await tx.insert(volunteerApplicationEvents).values({ applicationId: row.id, status: 'rejected', actorId: null, note: clubNote });
      const about = await this.about(tx, row);
      await this.notifications.notify(tx, row.volunteerId, {
        kind: 'volunteer_application_decided',
        group: { key: `club:${row.clubId}`, label: about.clubName },
        title: N.clubClosed.title,
        description: N.clubClosed.description(about.title, about.clubName),
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.id)),
      });
    }
    const open = await tx
      .select({ id: a.id, positionId: a.positionId, status: a.status })
      .from(a)
      .where(and(eq(a.volunteerId, userId), inArray(a.status, ['pending', 'waitlisted', 'offered', 'accepted'])))
      .orderBy(a.positionId);
    const withdrawn = [];
    for (const before of open) {
      // Each position's lock in turn (in id order), as any change of its places and line.
      const slot = await this.places.lock(tx, before.positionId);
      const [row] = await tx
        .update(a)
        .set({ status: 'withdrawn', message: '', queuedAt: null, offerExpiresAt: null, updatedAt: sql`now()` })
        .where(and(eq(a.id, before.id), eq(a.status, before.status)))
        .returning();
      if (!row || !slot) continue;
      withdrawn.push(row);
      if (await this.shifts.hasShifts(tx, before.positionId)) await this.shifts.closeAll(tx, row.id, 'withdrawn');
      else if (before.status === 'accepted' || before.status === 'offered') await this.places.fill(tx, slot);
    }
    await tx.update(a).set({ message: '' }).where(eq(a.volunteerId, userId));
    for (const row of withdrawn) {
      await tx.insert(volunteerApplicationEvents).values({ applicationId: row.id, status: 'withdrawn', actorId: null });
      const about = await this.about(tx, row);
      const actionUrl = applicationPath(toGlobalId('VolunteerApplication', row.id));
      await this.notifications.notify(tx, row.clubId, {
        kind: 'volunteer_application_withdrawn',
        clubId: row.clubId,
        group: { key: `club:${row.clubId}`, label: about.clubName },
        title: N.volunteerLeft.title,
        description: N.volunteerLeft.description(about.title),
        actionUrl,
      });
    }
    await this.webhooks.emitMany(
      tx,
      await applicationEvents(tx, [
        ...answered.map((row) => ({ kind: 'volunteer.application.decided' as const, applicationId: row.id, extra: { decidedAt: row.updatedAt.toISOString() } })),
        // Without the leaving volunteer's name, as the club's notification.
        ...withdrawn.map((row) => ({ kind: 'volunteer.application.withdrawn' as const, applicationId: row.id, anonymous: true, extra: { withdrawnAt: row.updatedAt.toISOString() } })),
      ]),
    );
    return { answered: answered.length, withdrawn: withdrawn.length };
  }

  /** The names a notification or mail about an application needs, in one statement. */
  private async about(tx: Executor, row: VolunteerApplicationRow) {
    const [info] = await tx
      .select({
        title: p.title,
        clubName: clubs.name,
        firstName: volunteerProfiles.firstName,
        lastName: volunteerProfiles.lastName,
        accountName: sql<string | null>`(select u2.full_name from ${users} u2 where u2.id = ${row.volunteerId})`,
      })
      .from(p)
      .innerJoin(clubs, eq(clubs.id, p.clubId))
      .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, row.volunteerId))
      .where(eq(p.id, row.positionId));
    const volunteerName = info?.firstName ? volunteerFullName(info.firstName, info.lastName ?? '') : (info?.accountName ?? 'A volunteer');
    return {
      title: info?.title ?? '',
      clubName: info?.clubName ?? '',
      volunteerName,
    };
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Applying to an opportunity, withdrawing, and the club's decisions. */
    volunteerApplications: VolunteerApplicationsService;
  }
}
