// Periodic clean-up of rows that can no longer be used (rate-limit windows, ended sessions,
// spent reset links, idempotent answers older than 24 hours, API tokens revoked or expired longer
// ago than API_TOKEN_RETENTION_DAYS, uses of one-tap answer links
// whose session started more than a week ago, webhook events and their delivery log after 30 days). Safe to run on every instance at once.
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../lib/services.js';

const EVERY_MS = 10 * 60_000;

export function startMaintenance(services: Services, log: FastifyBaseLogger): () => void {
  const run = async () => {
    try {
      await services.rateLimits.purgeExpired();
      await services.auth.purgeExpired();
      await services.idempotency.purgeExpired();
      await services.apiTokens.purgeRetired();
      await services.adminApprovals.closeStaleBulkApprovals();
      await services.sessionReminders.purgeSpentLinks();
      // The webhook delivery log keeps 30 days.
      await services.webhooks.purgeLog();
    } catch (err) {
      log.error({ err }, 'maintenance failed');
    }
  };
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
