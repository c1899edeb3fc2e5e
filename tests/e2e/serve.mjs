// Starts the built server for the end-to-end tests over a fresh database: a new PostgreSQL
// database on TEST_DATABASE_URL's server (dropped afterwards), or embedded PGlite without it.
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';

const root = join(import.meta.dirname, '..', '..');
const port = process.env.E2E_PORT ?? '3111';
const dataDir = process.env.E2E_DATA_DIR ?? join(root, '.e2e', 'data');
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

const base = process.env.TEST_DATABASE_URL;
const name = `clubroom_e2e_${Date.now().toString(36)}`;
let databaseUrl;
if (base) {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
}

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'dist/server/main.js')], {
  stdio: 'inherit',
  env: {
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
    AUTH_RATE_LIMIT_PER_EMAIL: '50',
    MAIL_POLL_INTERVAL_MS: '200',
    // Short-lived access tokens, so that the end-to-end tests see the client refresh them.
    ACCESS_TOKEN_TTL_SECONDS: '30',
    LOG_LEVEL: 'warn',
  },
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', resolve)));
  if (base) {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
  }
  process.exit(code);
}
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));
child.on('exit', (code) => {
  if (!stopping) stop(code ?? 1);
});
