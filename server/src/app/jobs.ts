// Every kind of durable job and the module that runs it: the one list the job worker reads.
import type { JobHandler } from '../jobs/worker.js';
import type { PubSub } from '../graphql/pubsub.js';
import type { Services } from '../lib/services.js';
import { DIGEST_JOB } from '../modules/notifications/notification-preferences.service.js';
import { digestJobHandler } from '../modules/notifications/notifications.digest.js';
import { PUSH_JOB } from '../modules/notifications/push.service.js';
import { DATA_EXPORT_EXPIRY_JOB, DATA_EXPORT_JOB } from '../modules/account/data-export.service.js';
import { CERTIFICATE_JOB } from '../modules/certificates/certificates.service.js';
import { SESSIONS_WINDOW_JOB } from '../modules/sessions/session-planner.service.js';
import { CHECK_EXPIRY_JOB } from '../modules/safeguarding/check-reminders.service.js';
import { SESSION_REMINDER_JOB } from '../modules/sessions/session-reminders.schedule.js';
import { OFFER_EXPIRY_JOB } from '../modules/opportunities/volunteer-offers.service.js';

export function jobHandlers(services: Services, opts: { appUrl: string; pubsub: PubSub }): Record<string, JobHandler> {
  return {
    [PUSH_JOB]: services.push.deliver,
    [DATA_EXPORT_JOB]: services.dataExports.build,
    [DATA_EXPORT_EXPIRY_JOB]: services.dataExports.expire,
    [CERTIFICATE_JOB]: services.certificates.build,
    [SESSIONS_WINDOW_JOB]: services.sessionPlanner.windowJob,
    [SESSION_REMINDER_JOB]: services.sessionReminders.reminderJob,
    [OFFER_EXPIRY_JOB]: services.volunteerOffers.expiryJob,
    [CHECK_EXPIRY_JOB]: services.checkReminders.reminderJob,
    [DIGEST_JOB]: digestJobHandler({ ...opts, unsubscribeUrl: (userId) => services.notificationPreferences.unsubscribeUrl(userId, 'digest') }),
  };
}
