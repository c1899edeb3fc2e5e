// What the safeguarding module's services share: the expiry reminder's job (its kind, key, due time
// and scheduling in a check's transaction), writing a check's audit event, a check's own columns
// and the check-not-found error, and the row types of verifications and events. The services are
// safeguarding.service.ts (a volunteer's own checks and the enforcement), check-kinds.service.ts
// (the platform's list of kinds), check-reviews.service.ts (clubs seeing and verifying checks) and
// check-reminders.service.ts (the expiry job); other modules reach them through those, never
// through this file.
import type { Executor } from '../../db/client.js';
import { volunteerCheckEvents, volunteerCheckVerifications, volunteerChecks, type VolunteerCheckRow } from '../../db/schema/index.js';
import { cancelJob, scheduleJob } from '../../jobs/queue.js';
import { AppError } from '../../lib/errors.js';
import { addDays, CHECK_MESSAGES as M, CHECK_REMINDER_DAYS, isExpired } from './safeguarding.rules.js';

export const CHECK_EXPIRY_JOB = 'check-expiry';
/** The durable job key of one check's expiry reminder. */
export const checkExpiryJobKey = (checkId: string) => `${CHECK_EXPIRY_JOB}:${checkId}`;

export type CheckAction = (typeof volunteerCheckEvents.action.enumValues)[number];
export type CheckVerificationRow = typeof volunteerCheckVerifications.$inferSelect;
export type CheckEventRow = typeof volunteerCheckEvents.$inferSelect;

export const checkNotFound = (field = 'checkId') => new AppError('NOT_FOUND', M.checkNotFound, { [field]: M.checkNotFound });

/** When a check's reminder is due: CHECK_REMINDER_DAYS before it expires, at 09:00 UTC. */
export const reminderAt = (expiresOn: string) => new Date(`${addDays(expiresOn, -CHECK_REMINDER_DAYS)}T09:00:00Z`);

/** (Re)schedules a check's reminder: CHECK_REMINDER_DAYS before it expires, or at once when
 *  that is past; none for a check that has already expired on `today` (the platform's day). */
export async function scheduleReminder(tx: Executor, check: VolunteerCheckRow, today: string): Promise<void> {
  const key = checkExpiryJobKey(check.id);
  if (isExpired(check.expiresOn, today)) return cancelJob(tx, key);
  const due = reminderAt(check.expiresOn);
  const now = new Date();
  await scheduleJob(tx, { kind: CHECK_EXPIRY_JOB, key, runAt: due > now ? due : now, payload: { checkId: check.id, userId: check.volunteerId, expiresOn: check.expiresOn } });
}

/** Writes one event of a check's audit (volunteer_check_events), in the change's transaction. */
export async function audit(tx: Executor, check: Pick<VolunteerCheckRow, 'id' | 'volunteerId'>, actorId: string | null, action: CheckAction, clubId: string | null, detail: Record<string, unknown> | null): Promise<void> {
  await tx.insert(volunteerCheckEvents).values({ checkId: check.id, volunteerId: check.volunteerId, clubId, actorId, action, detail });
}

/** A check's own columns (for selects that join its kind). */
export const checkColumns = {
  id: volunteerChecks.id,
  volunteerId: volunteerChecks.volunteerId,
  kindId: volunteerChecks.kindId,
  issuedOn: volunteerChecks.issuedOn,
  expiresOn: volunteerChecks.expiresOn,
  createdAt: volunteerChecks.createdAt,
  updatedAt: volunteerChecks.updatedAt,
};
