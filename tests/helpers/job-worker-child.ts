// A second process working the durable job table, for the kill-mid-run test: it claims the due
// jobs (with a short lease), runs the first one's handler to the end inside its transaction, says
// so on stdout, and then waits, never committing, until the test kills it with SIGKILL.
// Usage: node --import tsx tests/helpers/job-worker-child.ts <database url>
import 'reflect-metadata';
import { openDatabase } from '../../server/src/db/client.js';
import { JobWorker, type JobHandler } from '../../server/src/jobs/worker.js';
import type { PubSub } from '../../server/src/graphql/pubsub.js';
import { DIGEST_JOB } from '../../server/src/modules/notifications/notification-preferences.service.js';
import { digestJobHandler } from '../../server/src/modules/notifications/notifications.digest.js';

const url = process.argv[2];
if (!url) throw new Error('usage: job-worker-child.ts <database url>');
const database = await openDatabase({ databaseUrl: url });
// The digest only publishes "mail queued" to wake mail workers; this process has none to wake.
const quiet = { publish: async () => {} } as unknown as PubSub;
const digest = digestJobHandler({ appUrl: 'http://clubroom.test', pubsub: quiet });
const holding: JobHandler = async (tx, job) => {
  const outcome = await digest(tx, job);
  process.stdout.write(`HOLDING ${String(job.payload.userId)}\n`);
  await new Promise(() => {});
  return outcome;
};
const worker = new JobWorker(database.db, { [DIGEST_JOB]: holding }, { intervalMs: 60_000, leaseSeconds: 2, log: console });
await worker.runOnce();
