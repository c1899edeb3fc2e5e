// Starts a real Clubroom instance on a free port, over a fresh database, and talks to it through
// real HTTP like a browser would (cookies, security token, bearer token).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { ApolloServerPlugin } from '@apollo/server';
import { loadConfig, type Config } from '../../server/src/config.js';
import { openDatabase, type Database, type QueryLogger } from '../../server/src/db/client.js';
import type { Context } from '../../server/src/graphql/context.js';
import { createClubroom, type Clubroom } from '../../server/src/app/clubroom.js';
import { createDatabase, dropDatabase, TEST_DATABASE_URL, uniqueName } from './pg.js';

export interface TestDatabase {
  url?: string;
  database: Database;
  drop(): Promise<void>;
}

/** A fresh database: a copy of the run's migrated template on PostgreSQL, or in-memory PGlite. */
export async function freshDatabase(logger?: QueryLogger): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  if (TEST_DATABASE_URL && template) {
    const name = uniqueName('clubroom_test');
    const url = await createDatabase(TEST_DATABASE_URL, name, template);
    const database = await openDatabase({ databaseUrl: url, logger });
    return {
      url,
      database,
      async drop() {
        await database.close();
        await dropDatabase(TEST_DATABASE_URL!, name);
      },
    };
  }
  const database = await openDatabase({ inMemory: true, logger });
  return { database, drop: () => database.close() };
}

export interface TestServer {
  clubroom: Clubroom;
  url: string;
  config: Config;
  dataDir: string;
  db: TestDatabase;
  close(): Promise<void>;
}

export const ADMIN_EMAIL = 'root@clubroom.test';
export const ADMIN_PASSWORD = 'Admin-Passw0rd!';

/** `logger` sees every SQL statement the instance runs (statement-count tests); `apolloPlugins`
 *  watch Apollo's request pipeline; `sitemapPageSize` forces the sitemap index with few URLs. */
export async function startServer(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  opts: { logger?: QueryLogger; apolloPlugins?: ApolloServerPlugin<Context>[]; sitemapPageSize?: number } = {},
): Promise<TestServer> {
  const db = await freshDatabase(opts.logger);
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SERVE_WEB: 'false',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    MAIL_POLL_INTERVAL_MS: '100',
    APP_URL: 'http://clubroom.test',
    // A cheap password hash (config.ts allows it under NODE_ENV=test only): at argon2's defaults
    // the suite's thousands of sign-ups and sign-ins were ~60 % of its CPU.
    PASSWORD_HASH_MEMORY_KIB: '1024',
    PASSWORD_HASH_TIME_COST: '1',
    PASSWORD_HASH_PARALLELISM: '1',
    // The suites' clients send documents of their own with session tokens (tests/helpers/client.ts):
    // trusted documents are enforced only where a test asks for it
    // (tests/api/trusted-documents.test.ts passes TRUSTED_DOCUMENTS=enforce).
    TRUSTED_DOCUMENTS: 'off',
    ...env,
  });
  const clubroom = await createClubroom({ ...config, ...overrides }, { database: db.database, apolloPlugins: opts.apolloPlugins, sitemapPageSize: opts.sitemapPageSize });
  await clubroom.app.listen({ port: 0, host: '127.0.0.1' });
  const address = clubroom.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  clubroom.app.log.level = 'silent';
  return {
    clubroom,
    url,
    config: { ...config, ...overrides },
    dataDir,
    db,
    async close() {
      await clubroom.close();
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second instance on the same database as `first` (its own connections, pub/sub listener and
 *  workers), as a second server process would be. */
export async function startSecondInstance(first: TestServer): Promise<{ clubroom: Clubroom; url: string; close(): Promise<void> }> {
  const database = first.db.url ? await openDatabase({ databaseUrl: first.db.url }) : first.db.database;
  const clubroom = await createClubroom(first.config, { database });
  await clubroom.app.listen({ port: 0, host: '127.0.0.1' });
  clubroom.app.log.level = 'silent';
  const address = clubroom.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    clubroom,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await clubroom.close();
      if (first.db.url) await database.close();
    },
  };
}
