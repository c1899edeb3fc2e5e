// Clubroom for bench/notify-dispatch.ts, in its own process: createClubroom as server/src/main.ts
// runs it (from source, through tsx, NODE_ENV=production) on BENCH_DATABASE_URL, with the message
// limits lifted (they still count every send) and the mail and job workers stopped once it
// listens, so a run measures what sendMessage does in its request (the dispatcher queueing the
// bell entry, the email and the push jobs), not the delivery of what it queued. Prints
// `{ "url", "pid" }` once listening.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { createClubroom } from '../server/src/app/clubroom.js';
import { LONG_SESSION_ENV } from './admin-lib.js';
import { BENCH_PASSWORD } from './lib.js';

const config = loadConfig({
  // The benchmark's sessions send documents of their own.
  TRUSTED_DOCUMENTS: 'off',
  ...process.env,
  ...LONG_SESSION_ENV,
  MESSAGE_LIMIT_PER_RECIPIENT: '1000000000',
  MESSAGE_LIMIT_PER_SENDER: '1000000000',
  NODE_ENV: 'production',
  DATABASE_URL: process.env.BENCH_DATABASE_URL!,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'clubroom-bench-notify-')),
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  HOST: '127.0.0.1',
  PORT: '0',
  MAIL_POLL_INTERVAL_MS: '3600000',
  ADMIN_EMAIL: 'admin@bench.clubroom.test',
  ADMIN_PASSWORD: BENCH_PASSWORD,
});
const clubroom = await createClubroom(config);
await clubroom.mailWorker.stop();
await clubroom.jobWorker.stop();
const address = await clubroom.app.listen({ host: '127.0.0.1', port: 0 });
console.log(JSON.stringify({ url: address, pid: process.pid }));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void clubroom.close().then(() => process.exit(0)));
