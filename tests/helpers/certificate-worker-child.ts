// A second process working the durable job table for the certificates' kill-mid-run test: the
// server's own services over its own connections, a worker that claims the due certificate jobs
// (with a short lease), runs the first one's handler to the end inside its transaction (the PDF made
// and stored, the volunteer's notification written), says so on stdout, and then waits, never
// committing, until the test kills it with SIGKILL.
// Usage: node --import tsx tests/helpers/certificate-worker-child.ts <database url>
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServices } from '../../server/src/app/services.js';
import { loadConfig } from '../../server/src/config.js';
import { openDatabase } from '../../server/src/db/client.js';
import { createPgPubSub } from '../../server/src/graphql/pubsub.js';
import { JobWorker, type JobHandler } from '../../server/src/jobs/worker.js';
import { CERTIFICATE_JOB } from '../../server/src/modules/certificates/certificates.service.js';

const url = process.argv[2];
if (!url) throw new Error('usage: certificate-worker-child.ts <database url>');
const database = await openDatabase({ databaseUrl: url });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, DATA_DIR: mkdtempSync(join(tmpdir(), 'clubroom-child-')), APP_URL: 'http://clubroom.test' });
const pubsub = await createPgPubSub(database, () => {}, () => {});
const services = await createServices(database, config, pubsub);
const holding: JobHandler = async (tx, job) => {
  const outcome = await services.certificates.build(tx, job);
  process.stdout.write(`HOLDING ${String(job.payload.certificateId)}\n`);
  await new Promise(() => {});
  return outcome;
};
const worker = new JobWorker(database.db, { [CERTIFICATE_JOB]: holding }, { intervalMs: 60_000, leaseSeconds: 2, log: console });
await worker.runOnce();
