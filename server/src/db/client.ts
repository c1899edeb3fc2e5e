// The database: postgres.js when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR.
// Both run the same drizzle queries and migrations; listen/notify feeds the cross-instance pub/sub.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Subscribe to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const MIGRATION_LOCK = 72_640_001;
const MIGRATIONS = join(import.meta.dirname, '..', '..', '..', 'drizzle');

export function migrationsFolder(): string {
  // dist/server/db/client.js and server/src/db/client.ts both sit three levels below the root.
  return MIGRATIONS;
}

/** Sees every SQL statement the application runs (tests count them; nothing else uses it). */
export interface QueryLogger {
  logQuery(query: string, params: unknown[]): void;
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir?: string; inMemory?: boolean; logger?: QueryLogger }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.logger);
  return openPglite(opts.inMemory ? undefined : join(opts.dataDir ?? './data', 'pglite'), opts.logger);
}

async function openPostgres(url: string, logger?: QueryLogger): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 10, onnotice: () => {} });
  const db = drizzle(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    async listen(channel, onMessage) {
      const sub = await client.listen(channel, onMessage);
      return async () => {
        await sub.unlisten();
      };
    },
    async migrate() {
      // Several instances may start together: one migrates while the others wait on the lock,
      // held on a dedicated single connection.
      const single = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await single`select pg_advisory_lock(${MIGRATION_LOCK})`;
        await migrate(drizzle(single, { schema }), { migrationsFolder: migrationsFolder() });
        await single`select pg_advisory_unlock(${MIGRATION_LOCK})`;
      } finally {
        await single.end();
      }
    },
    ping: () => ping(db),
    async close() {
      await client.end({ timeout: 5 });
    },
  };
}

async function openPglite(dir: string | undefined, logger?: QueryLogger): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The extensions the migrations create (0008: pg_trgm for the audit trail's search).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dir) mkdirSync(dir, { recursive: true });
  // Options as the only argument (with `dataDir` in them): PGlite ignores them after an undefined dir.
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm } });
  await client.waitReady;
  const db = drizzle(client, { schema, logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    async listen(channel, onMessage) {
      const unsub = await client.listen(channel, onMessage);
      return async () => {
        await unsub();
      };
    },
    async migrate() {
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    },
    ping: () => ping(db),
    async close() {
      await client.close();
    },
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Rows of a raw `db.execute` result: postgres.js answers an array, PGlite an object with rows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** True for a unique-constraint violation from either driver (drizzle wraps the driver's error). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
