// Runs the built server for the end-to-end tests over a fresh database: a new PostgreSQL database
// on TEST_DATABASE_URL's server (dropped afterwards), or embedded PGlite without it.
// The server runs in this process, exactly as dist/server/main.js starts it, so that the tests'
// setup can also reach its database: a control endpoint on 127.0.0.1 (E2E_CONTROL_PORT) runs
// the SQL a test's setup needs (approving a club, moving a date into the past). It exists only
// in this test harness, never in the application.
import 'reflect-metadata';
import { createServer } from 'node:http';
import { rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';

const root = join(import.meta.dirname, '..', '..');
const port = process.env.E2E_PORT ?? '3111';
const controlPort = Number(process.env.E2E_CONTROL_PORT ?? Number(port) + 1);
const dataDir = process.env.E2E_DATA_DIR ?? join(root, '.e2e', 'data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const base = process.env.TEST_DATABASE_URL;
const name = `clubroom_e2e_${Date.now().toString(36)}`;
let databaseUrl;
if (base) {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  // As the vitest databases (tests/helpers/pg.ts): commits need not wait for the disk.
  await admin.unsafe(`alter database "${name}" set synchronous_commit = off`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${port}`,
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl ?? '',
  ADMIN_EMAIL: 'admin@clubroom.test',
  ADMIN_PASSWORD: 'Admin-Passw0rd!',
  AUTH_RATE_LIMIT_PER_IP: '10000',
  AUTH_RATE_LIMIT_FAILS_PER_EMAIL_IP: '50',
  AUTH_RATE_LIMIT_FAILS_PER_IP_PER_DAY: '10000',
  MAIL_POLL_INTERVAL_MS: '200',
  // A job a spec makes due (`update jobs set run_at = now()`: a reminder, a digest) is run at the
  // worker's next look, not a commit's kick: within half a second rather than five.
  JOB_POLL_INTERVAL_MS: '500',
  // The tests' own push receiver listens on 127.0.0.1 (tests/helpers/push-receiver.ts).
  ALLOW_PRIVATE_OUTBOUND_URLS: 'true',
  // Short-lived access tokens, so that the end-to-end tests see the client refresh them.
  ACCESS_TOKEN_TTL_SECONDS: '30',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // The specs' own setup (journey-support.ts gqlAs) sends documents of its own with session
  // tokens; what the real web client sends is checked by trusted-documents.spec.ts (hashes only).
  // E2E_TRUSTED_DOCUMENTS=enforce runs the specs whose setup goes through the UI and REST only
  // (messages.spec.ts, trusted-documents.spec.ts) as production does.
  TRUSTED_DOCUMENTS: process.env.E2E_TRUSTED_DOCUMENTS ?? 'off',
  // A cheap password hash (config.ts allows it under NODE_ENV=test only).
  PASSWORD_HASH_MEMORY_KIB: '1024',
  PASSWORD_HASH_TIME_COST: '1',
  PASSWORD_HASH_PARALLELISM: '1',
};
Object.assign(process.env, env);

const { loadConfig } = await import(join(root, 'dist/server/config.js'));
const { createClubroom } = await import(join(root, 'dist/server/app/clubroom.js'));
const { rowsOf } = await import(join(root, 'dist/server/db/client.js'));
const config = loadConfig(env);
const clubroom = await createClubroom(config);
await clubroom.app.listen({ port: config.port, host: config.host });

const control = createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  try {
    if (req.method !== 'POST' || req.url !== '/sql') throw new Error('POST /sql { "sql": "..." }');
    const result = await clubroom.database.db.execute(sql.raw(JSON.parse(body).sql));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ rows: rowsOf(result) }));
  } catch (err) {
    res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err?.message ?? err) }));
  }
});
control.listen(controlPort, '127.0.0.1');

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  control.close();
  await clubroom.close().catch(() => {});
  if (base) {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
  }
  process.exit(code);
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
