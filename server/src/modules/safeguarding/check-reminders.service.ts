// Expiry reminders of safeguarding checks (issue 30 §5): the durable job (`CHECK_EXPIRY_JOB`, one
// per check) that tells the volunteer and the clubs relying on a check CHECK_REMINDER_DAYS before it
// expires. The job is scheduled, moved and dropped in the transactions that record, change and
// delete a check (safeguarding.service.ts, through safeguarding.shared.ts); the kinds are
// check-kinds.service.ts's, clubs' reviews check-reviews.service.ts's.
import { eq } from 'drizzle-orm';
import { checkKinds, clubs, volunteerCheckVerifications, volunteerChecks, volunteerProfiles } from '../../db/schema/index.js';
import type { JobHandler } from '../../jobs/worker.js';
import { todayIn } from '../council/council.rules.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { CHECK_TEXTS as T, isExpired } from './safeguarding.rules.js';
import { audit, checkColumns } from './safeguarding.shared.js';

export { CHECK_EXPIRY_JOB, checkExpiryJobKey, reminderAt } from './safeguarding.shared.js';

export class CheckRemindersService {
  /** No database of its own: the job runs in the worker's transaction. */
  constructor(private readonly deps: { notify: Pick<NotificationDispatcher, 'notify'>; timeZone: string }) {}

  /**
   * The reminder job: tells the volunteer and the owner of each club that verified the check that
   * it expires soon (through the dispatcher), and writes a 'reminded' event, all in the job's
   * transaction (so exactly once). A job whose check is gone, changed since or already expired does
   * nothing.
   */
  readonly reminderJob: JobHandler = async (tx, job) => {
    const { checkId, expiresOn } = job.payload as { checkId?: string; expiresOn?: string };
    if (typeof checkId !== 'string') return { done: true };
    const [check] = await tx
      .select({ ...checkColumns, kindName: checkKinds.name, firstName: volunteerProfiles.firstName, lastName: volunteerProfiles.lastName })
      .from(volunteerChecks)
      .innerJoin(checkKinds, eq(checkKinds.id, volunteerChecks.kindId))
      .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, volunteerChecks.volunteerId))
      .where(eq(volunteerChecks.id, checkId))
      .for('update', { of: volunteerChecks });
    if (!check || check.expiresOn !== expiresOn || isExpired(check.expiresOn, todayIn(this.deps.timeZone))) return { done: true };
    const relying = await tx
      .select({ clubId: volunteerCheckVerifications.clubId })
      .from(volunteerCheckVerifications)
      .innerJoin(clubs, eq(clubs.id, volunteerCheckVerifications.clubId))
      .where(eq(volunteerCheckVerifications.checkId, check.id));
    const path = '/volunteer/profile#safeguarding-checks';
    await this.deps.notify.notify(tx, check.volunteerId, {
      kind: 'volunteer_check_expiring',
      title: T.volunteerReminderTitle(check.kindName),
      description: T.volunteerReminder(check.kindName, check.expiresOn),
      actionUrl: path,
      collapseKey: `check-expiring:${check.id}`,
    });
    const volunteer = check.firstName ? `${check.firstName} ${check.lastName ?? ''}`.trim() : 'A volunteer';
    for (const { clubId } of relying) {
      await this.deps.notify.notify(tx, clubId, {
        kind: 'club_volunteer_check_expiring',
        title: T.clubReminderTitle(volunteer, check.kindName),
        description: T.clubReminder(volunteer, check.kindName, check.expiresOn),
        actionUrl: '/club/opportunities',
        actorId: check.volunteerId,
        collapseKey: `club-check-expiring:${check.id}`,
      });
    }
    await audit(tx, check, null, 'reminded', null, { expiresOn: check.expiresOn, clubs: relying.length });
    return { done: true };
  };
}

declare module '../../lib/services.js' {
  interface Services {
    /** The expiry reminders of safeguarding checks (the durable job `check-expiry`). */
    checkReminders: CheckRemindersService;
  }
}
