// Clubroom for bench/calendar-feed.ts, in its own process: createClubroom as server/src/main.ts
// runs it (from source, through tsx, NODE_ENV=production) on BENCH_DATABASE_URL with APP_URL
// http://clubroom.bench (the feed's links), its mail and job workers stopped once it listens.
// Prints `{ "url", "pid" }` once listening.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { createClubroom } from '../server/src/app/clubroom.js';
import { BENCH_PASSWORD } from './lib.js';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: process.env.BENCH_DATABASE_URL!,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'clubroom-bench-calendar-')),
  APP_URL: 'http://clubroom.bench',
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
