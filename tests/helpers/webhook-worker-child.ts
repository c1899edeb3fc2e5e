// A second process delivering webhooks, for the kill-mid-delivery test: it runs one pass of the
// webhook worker (claiming each endpoint's oldest due delivery, with the usual lease) and stays in
// it while a request goes unanswered, until the test kills it with SIGKILL.
// Usage: node --import tsx tests/helpers/webhook-worker-child.ts <database url>
import 'reflect-metadata';
import { openDatabase } from '../../server/src/db/client.js';
import { SecretBox } from '../../server/src/lib/secret-box.js';
import { WebhookWorker } from '../../server/src/modules/webhooks/webhooks.worker.js';

const url = process.argv[2];
if (!url) throw new Error('usage: webhook-worker-child.ts <database url>');
const database = await openDatabase({ databaseUrl: url });
const worker = new WebhookWorker(database.db, {
  intervalMs: 60_000,
  allowPrivateOutboundUrls: true,
  perMinute: 6000,
  // No endpoint is disabled in this test: nobody to tell.
  notify: { notify: async () => ({ inApp: false, email: false, push: false }) as never },
  // The server's box: its key was generated into the same database.
  secrets: await SecretBox.create(database.db, 'webhook_secrets'),
  log: console,
});
const claimed = await worker.runOnce();
process.stdout.write(`PASS ${claimed}\n`);
await new Promise(() => {});
