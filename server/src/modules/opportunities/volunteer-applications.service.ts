// Volunteer applications (../shared/spec/platform.md): applying to an opportunity, withdrawing,
// and the club's decisions, and telling applicants when a position is deleted. Each write is one
// transaction whose condition on the current status (or a unique index) decides races; the other
// side is told through the notification dispatcher (bell, and email per their preferences), in that
// same transaction.
import { and, eq, sql } from 'drizzle-orm';
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
import { APPLICATION_MESSAGES_TEXT as A, APPLICATION_NOTIFICATIONS as N, OPPORTUNITY_MESSAGES as O, applicationPath, reviewNoteRule } from './opportunities.rules.js';
import { notFound } from './opportunities.shared.js';

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
    private readonly webOrigin: string,
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

    return this.db.transaction(async (tx) => {
      // Read under a share lock: a concurrent status change waits for this application (or this
      // one sees the new status), so nobody applies to a position just filled.
      const [target] = await tx
        .select({ position: p, club: clubs })
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
        if (first) return first;
        throw errors.validation(A.alreadyApplied, { positionId: A.alreadyApplied });
      }
      await tx.insert(volunteerApplicationEvents).values({ applicationId: created.id, status: 'pending', actorId: viewer.userId });
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
          paragraphs: [`${volunteerName} applied for ${target.position.title} at ${target.club.name}.`, `Their message:\n${message}`],
          action: { url: `${this.webOrigin}${actionUrl}`, label: 'Review the application' },
        },
      });
      return created;
    });
  }

  /** Withdraws the caller's own pending application: one conditional UPDATE decides (a club
   *  deciding at the same moment either wins, or finds it withdrawn). */
  async withdraw(viewer: Viewer, id: string): Promise<VolunteerApplicationRow> {
    // Only the volunteer's own application counts against their limits (anyone else's, or an id
    // that names none, is NOT_FOUND below and counts nothing).
    const [own] = await this.db.select({ positionId: a.positionId }).from(a).where(and(eq(a.id, id), eq(a.volunteerId, viewer.userId)));
    if (own) await this.countWrite(viewer.userId, own.positionId);
    return this.db.transaction(async (tx) => {
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
      return row;
    });
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
      await this.notifications.notify(tx, row.volunteerId, {
        kind: 'volunteer_application_decided',
        clubId: row.clubId,
        group: { key: `club:${row.clubId}`, label: about.clubName },
        title: text.title,
        description: text.description(about.title, about.clubName),
        actionUrl: applicationPath(toGlobalId('VolunteerApplication', row.id)),
      });
      return row;
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
   * volunteer, every open (pending or accepted) application of theirs is withdrawn, its message
   * emptied, and each club told, without the volunteer's name. Answers how many of each.
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
    const withdrawn = await tx
      .update(a)
      .set({ status: 'withdrawn', message: '', updatedAt: sql`now()` })
      .where(and(eq(a.volunteerId, userId), sql`${a.status} in ('pending', 'accepted')`))
      .returning();
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
