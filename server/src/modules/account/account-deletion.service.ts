// A member deletes their own account (issue 28, "Delete my account"). The account row stays,
// emptied of personal data and named "Deleted member", because the messages others received,
// the applications clubs answered and the reports moderators decided keep pointing at it; every
// way in (sessions, API tokens, push devices, reset links) goes at once, open sockets close, what
// the account owned is closed (a club is unlisted and its pending applications answered), and the
// deletion is audited. One transaction: a refusal or a failure leaves the account as it was.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import {
  volunteerCertificates,
  announcementReceipts,
  calendarFeeds,
  apiTokens,
  webhookEndpoints,
  clubFollows,
  clubs,
  clubSessions,
  clubVolunteerPositions,
  councilAdmins,
  dataExports,
  jobs,
  mailOutbox,
  memberBlocks,
  notificationClubMutes,
  notificationDigestItems,
  notificationPreferences,
  notifications,
  notificationSettings,
  passwordResets,
  pushSubscriptions,
  sessions,
  users,
  volunteerProfiles,
} from '../../db/schema/index.js';
import type { PubSub } from '../../graphql/pubsub.js';
import { errors } from '../../lib/errors.js';
import { hashPassword, type PasswordHashCost } from '../../lib/password-hash.js';
import { parseInput } from '../../lib/validate.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import type { AdminService } from '../admin/admin.service.js';
import { endAccess, type AdminUsersService } from '../admin-users/admin-users.service.js';
import type { AuthService } from '../auth/auth.service.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import type { SessionAnswersService } from '../sessions/session-answers.service.js';
import type { HoursService } from '../hours/hours.service.js';
import type { VolunteerApplicationsService } from '../opportunities/volunteer-applications.service.js';
import { DELETED_MEMBER, DELETION_MESSAGES as M, deleteAccountRules } from './account.rules.js';
import { deleteChecksOf } from '../safeguarding/safeguarding.service.js';

/** What deleting an account did, for the audit entry and the caller. */
export interface AccountDeletion {
  userId: string;
  /** The member's club was unlisted (it had no other owner). */
  clubClosed: boolean;
  /** Pending applications to that club, answered. */
  applicationsAnswered: number;
  /** The member's own open applications, withdrawn. */
  applicationsWithdrawn: number;
}

/** Where a deleted account's email goes: unique, never deliverable (RFC 2606 .invalid). */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

export class AccountDeletionService {
  constructor(
    private readonly db: Db,
    private readonly deps: {
      auth: Pick<AuthService, 'confirmPassword'>;
      adminUsers: Pick<AdminUsersService, 'lockForDeletion'>;
      admin: Pick<AdminService, 'record'>;
      applications: Pick<VolunteerApplicationsService, 'closeForDeletedAccount'>;
      notify: Pick<NotificationDispatcher, 'notify'>;
      sessionAnswers: Pick<SessionAnswersService, 'leaveComing'>;
      hours: Pick<HoursService, 'forgetVolunteer'>;
      pubsub: PubSub;
      passwordHash: PasswordHashCost;
      /** Removes a stored upload by its URL (the volunteer's photo), after the deletion commits. */
      deleteUpload: (url: string) => Promise<void>;
    },
  ) {}

  /** Deletes the caller's account, once they confirmed it with their password. */
  async delete(viewer: Viewer, raw: unknown, meta: RequestMeta): Promise<AccountDeletion> {
    const input = parseInput(deleteAccountRules, raw);
    await this.deps.auth.confirmPassword(viewer, input.password, meta, 'password');
    // Nobody can sign in with this: it is the hash of a secret nobody keeps.
    const unusable = await hashPassword(randomBytes(32).toString('base64url'), this.deps.passwordHash);
    const userId = viewer.userId;
    const { deletion, photo } = await this.db.transaction(async (tx) => {
      const user = await this.deps.adminUsers.lockForDeletion(tx, userId, () => errors.validation(M.lastAdmin, { password: M.lastAdmin }));
      if (user.status !== 'active') throw errors.validation(M.notActive);

      // What the account owned and applied for, answered while the names are still there.
      const [club] = await tx.select({ id: clubs.id, name: clubs.name }).from(clubs).where(eq(clubs.id, userId));
      const { answered, withdrawn } = await this.deps.applications.closeForDeletedAccount(tx, userId, M.clubClosed);
      if (club) {
        // Its coming sessions will not happen (the window job plans only listed clubs).
        await tx.delete(clubSessions).where(and(eq(clubSessions.clubId, userId), sql`${clubSessions.startsAt} > now()`));
        await tx.update(clubVolunteerPositions).set({ isLive: false, status: 'cancelled', contactInfo: '', updatedAt: sql`now()` }).where(eq(clubVolunteerPositions.clubId, userId));
        // Unlisted everywhere (every public read hides a removed club); the owner's contacts go.
        await tx
          .update(clubs)
          .set({ removedAt: sql`coalesce(${clubs.removedAt}, now())`, contactEmail: '', contactPhone: null, adminNotes: null, updatedAt: sql`now()` })
          .where(eq(clubs.id, userId));
      }

      // Every way in ends now: open sockets of each session and token close (SessionRevoked).
      await endAccess(tx, this.deps.pubsub, userId, 'account_deleted');
      await this.deleteTied(tx, userId, user.email);

      // The last word, to the address being removed: queued before it goes (the outbox keeps it).
      await this.deps.notify.notify(tx, userId, {
        kind: 'account_status',
        title: 'Your Clubroom account has been deleted',
        description: 'Your account and your personal data have been deleted.',
        email: {
          subject: 'Your Clubroom account has been deleted',
          paragraphs: [
            'Your Clubroom account has been deleted, as you asked. Your profile, settings, notifications and devices are gone; messages you sent stay with the members who received them, signed "Deleted member".',
            'If you did not ask for this, reply to this email at once.',
          ],
        },
      });
      await tx.delete(notifications).where(eq(notifications.userId, userId));

      await tx
        .update(users)
        .set({
          email: deletedEmail(userId),
          fullName: DELETED_MEMBER,
          passwordHash: unusable,
          isPlatformAdmin: false,
          status: 'deleted',
          statusReason: null,
          suspendedUntil: null,
          statusChangedAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, userId));

      const deletion: AccountDeletion = { userId, clubClosed: Boolean(club), applicationsAnswered: answered, applicationsWithdrawn: withdrawn };
      await this.deps.admin.record(tx, { id: userId, name: DELETED_MEMBER, email: 'self', ip: null }, {
        actionType: 'delete_account',
        targetType: 'user',
        targetId: userId,
        targetName: DELETED_MEMBER,
        details: deletionDetails(deletion),
      });
      return { deletion, photo: await this.photoOf(tx, userId) };
    });
    if (photo) await this.deps.deleteUpload(photo).catch(() => undefined);
    return deletion;
  }

  /** The rows that hold nothing but this member's data, or ways into the account. */
  private async deleteTied(tx: Executor, userId: string, email: string): Promise<void> {
    const devices = await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).returning({ id: pushSubscriptions.id });
    const archives = await tx.delete(dataExports).where(eq(dataExports.userId, userId)).returning({ id: dataExports.id });
    // Their certificates state their name to anyone with the code: they go (/verify then answers
    // that the code is unknown), with the hours they counted.
    const certificates = await tx.delete(volunteerCertificates).where(eq(volunteerCertificates.volunteerId, userId)).returning({ id: volunteerCertificates.id });
    // Work queued for them: digests, deliveries to their devices, their archives and certificates.
    const deviceIds = devices.map((d) => d.id);
    const archiveIds = archives.map((e) => e.id);
    const certificateIds = certificates.map((c) => c.id);
    await tx
      .delete(jobs)
      .where(
        and(
          eq(jobs.status, 'pending'),
          or(
            sql`${jobs.payload}->>'userId' = ${userId}`,
            deviceIds.length ? inArray(sql`${jobs.payload}->>'subscriptionId'`, deviceIds) : undefined,
            archiveIds.length ? inArray(sql`${jobs.payload}->>'exportId'`, archiveIds) : undefined,
            certificateIds.length ? inArray(sql`${jobs.payload}->>'certificateId'`, certificateIds) : undefined,
          ),
        ),
      );
    await tx.delete(mailOutbox).where(and(eq(mailOutbox.status, 'pending'), sql`lower(${mailOutbox.to}) = lower(${email})`));
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    // Their webhook endpoints, with what was queued for them and its log.
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.delete(notificationClubMutes).where(or(eq(notificationClubMutes.userId, userId), eq(notificationClubMutes.clubId, userId)));
    await tx.delete(notificationDigestItems).where(eq(notificationDigestItems.userId, userId));
    await tx.delete(clubFollows).where(or(eq(clubFollows.userId, userId), eq(clubFollows.clubId, userId)));
    // Their answers to sessions that have not started leave the head counts (past ones stay, as the
    // club's record of who came, under 'Deleted member'); their calendar feed stops.
    await this.deps.sessionAnswers.leaveComing(tx, userId);
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    // The hours they gave as a volunteer, with their audit.
    await this.deps.hours.forgetVolunteer(tx, userId);
    // Which announcements reached the member, and which they read.
    await tx.delete(announcementReceipts).where(eq(announcementReceipts.userId, userId));
    await tx.delete(memberBlocks).where(or(eq(memberBlocks.blockerId, userId), eq(memberBlocks.blockedId, userId)));
    await tx.delete(councilAdmins).where(eq(councilAdmins.email, email.toLowerCase()));
    // Their safeguarding checks (with every club's verification), their reminders and their audit.
    await deleteChecksOf(tx, userId);
  }

  /** The volunteer profile goes; answers its photo's URL (its file is removed after commit). */
  private async photoOf(tx: Executor, userId: string): Promise<string | null> {
    const [profile] = await tx.delete(volunteerProfiles).where(eq(volunteerProfiles.userId, userId)).returning({ photo: volunteerProfiles.profileImageUrl });
    return profile?.photo ?? null;
  }
}

/** The audit entry's details: what the deletion closed. */
export function deletionDetails(d: AccountDeletion): string {
  const parts = ['The member deleted their account'];
  if (d.clubClosed) parts.push(`their club was unlisted (${d.applicationsAnswered} pending application${d.applicationsAnswered === 1 ? '' : 's'} answered)`);
  if (d.applicationsWithdrawn) parts.push(`${d.applicationsWithdrawn} application${d.applicationsWithdrawn === 1 ? '' : 's'} withdrawn`);
  return parts.join('; ');
}

declare module '../../lib/services.js' {
  interface Services {
    /** A member's own account deletion. */
    accountDeletion: AccountDeletionService;
  }
}
