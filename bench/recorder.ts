// Shared by the statement recorders (bench/clubs-statements.ts, bench/admin-statements.ts,
// bench/volunteer-statements.ts): the real server, createClubroom in this process on a bench
// database opened with drizzle's query logger (the QueryLogger the statement-count tests use),
// which answers POST /graphql through Fastify's inject and keeps the SQL each request sends.
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../server/src/config.js';
import { openDatabase } from '../server/src/db/client.js';
import { createClubroom } from '../server/src/app/clubroom.js';
import { BENCH_PASSWORD } from './lib.js';

/** One SQL statement as drizzle hands it to postgres.js. */
export interface Statement {
  sql: string;
  params: unknown[];
  /** The event-loop turn the server sent it in (statements of one turn ran concurrently: a
   *  DataLoader batch, a Promise.all); counted from the recorder's start. */
  turn?: number;
}

const SIGN_IN = 'mutation SignIn($input: SignInInput!) { signIn(input: $input) { session { accessToken } userErrors { message } } }';

/** Clubroom on `databaseUrl` (production mode, a temporary data directory, no mail polling, the
 *  bench administrator `adminEmail`), with `env` added to its configuration. */
export async function openRecorder(databaseUrl: string, env: Record<string, string> = {}, adminEmail = 'admin@bench.clubroom.test') {
  let log: Statement[] = [];
  // A turn ends at the check phase (setImmediate) of the event loop: a statement sent after
  // another one's answer has come is always in a later turn.
  let turn = 0;
  let turnOpen = false;
  const logQuery = (sql: string, params: unknown[]) => {
    if (!turnOpen) {
      turnOpen = true;
      setImmediate(() => {
        turn++;
        turnOpen = false;
      });
    }
    log.push({ sql, params, turn });
  };
  const database = await openDatabase({ databaseUrl, logger: { logQuery } });
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-bench-'));
  const base = { NODE_ENV: 'production', TRUSTED_DOCUMENTS: 'off', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SERVE_WEB: 'false', ...env };
  const config = loadConfig({ ...base, MAIL_POLL_INTERVAL_MS: '3600000', ADMIN_EMAIL: adminEmail, ADMIN_PASSWORD: BENCH_PASSWORD });
  const clubroom = await createClubroom(config, { database });

  /** POST /graphql with this body, with the bearer token if one is given. */
  const post = (payload: string, token?: string) =>
    clubroom.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      payload,
    });

  /** GET `url` (a REST path), with the bearer token if one is given. */
  const get = (url: string, token?: string) => clubroom.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  return {
    post,
    get,
    /** Signs in with the bench password (signIn through POST /graphql); answers the access token. */
    async signIn(email: string): Promise<string> {
      const res = await post(JSON.stringify({ query: SIGN_IN, variables: { input: { email, password: BENCH_PASSWORD } } }));
      const token = (res.json() as { data?: { signIn: { session: { accessToken: string } | null } } }).data?.signIn.session?.accessToken;
      if (!token) throw new Error(`Sign-in as ${email} failed: ${res.body.slice(0, 500)}`);
      return token;
    },
    /** Sends a request and answers it with the statements logged while it ran. */
    async recording(request: () => ReturnType<typeof post | typeof get>) {
      log = [];
      const res = await request();
      return { res, log };
    },
    async close() {
      await clubroom.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
