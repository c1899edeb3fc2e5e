// The database: postgres.js when DATABASE_URL is set, otherwise embedded PGlite in DATA_DIR.
// Both run the same drizzle queries and migrations; listen/notify feeds the cross-instance pub/sub.
// On PostgreSQL the statements are prepared (once per connection and statement text) unless
// DATABASE_PREPARE=false, as a transaction-pooling PgBouncer needs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { listenWithRetry, type ListenEvents } from './listener.js';
import { installCompiledRows } from './rows.js';
import * as schema from './schema/index.js';

installCompiledRows();

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Subscribe to a NOTIFY channel; resolves to an unsubscribe function. On PostgreSQL the
   *  listening connection is re-established when lost (listener.ts), and `events` hear of both. */
  listen(channel: string, onMessage: (payload: string) => void, events?: ListenEvents): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /** The share (0 to 1) of PostgreSQL's NOTIFY queue in use, null when it cannot be read. A
   *  listener that stops reading holds every later notification in the queue; once it is full,
   *  every transaction that publishes an event fails. */
  notifyQueueUsage(): Promise<number | null>;
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

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  logger?: QueryLogger;
  /** PostgreSQL only: prepare the application's statements (default true). */
  prepare?: boolean;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.logger, opts.prepare ?? true);
  return openPglite(opts.inMemory ? undefined : join(opts.dataDir ?? './data', 'pglite'), opts.logger);
}

async function openPostgres(url: string, logger: QueryLogger | undefined, prepare: boolean): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, { max: 10, onnotice: () => {}, prepare });
  const db = drizzle(prepare ? preparing(client) : client, { schema, logger }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    async listen(channel, onMessage, events) {
      const stop = await listenWithRetry(url, channel, onMessage, events);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
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
    notifyQueueUsage: () => notifyQueueUsage(db),
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await client.end({ timeout: 5 });
    },
  };
}

/** The options of a statement drizzle sent without any: prepared. */
const PREPARE = Object.freeze({ prepare: true });

/**
 * drizzle sends its statements through postgres.js's `unsafe`, which does not prepare them unless
 * told to (drizzle passes `prepare: false` unless a query was given a name). This view of the
 * client asks for every statement with parameters, in transactions and savepoints too: postgres.js
 * then parses each distinct text once per connection and later sends only Bind/Execute, one round
 * trip. Statements without parameters go as simple queries either way. A statement's text must not
 * vary with its values (lists go as one array parameter, `= any($1)`: db/any.ts), or each variant
 * is prepared and kept on its own; a literal the partial indexes name stays a literal (a generic
 * plan, chosen after five executions, cannot match a parameter against an index predicate).
 */
function preparing<T extends object>(client: T): T {
  // A view that inherits everything from the client and overrides three methods. (It was a
  // Proxy: each statement through it left the request's objects alive across a young-generation
  // collection: 1.9 KB promoted per request on an authenticated 404 against 0.6–0.8 KB without
  // it, 77 against 50 KB on the inbox; bench/gc-promotion.ts, docs/BENCHMARKS.md.)
  const methods = client as unknown as Record<string, (...args: unknown[]) => unknown>;
  const view = Object.create(client) as Record<string, unknown>;
  const unsafe = methods.unsafe!;
  view.unsafe = (query: string, params?: unknown[], options?: Record<string, unknown>) =>
    unsafe.call(client, query, params ?? [], options ? { ...options, prepare: true } : PREPARE);
  for (const name of ['begin', 'savepoint'] as const) {
    const method = methods[name];
    if (typeof method !== 'function') continue;
    // The callback gets the transaction's own client: give it the same view.
    view[name] = (...args: unknown[]) =>
      method.apply(
        client,
        args.map((a) => (typeof a === 'function' ? (tx: object) => (a as (tx: object) => unknown)(preparing(tx)) : a)),
      );
  }
  return view as T;
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
    notifyQueueUsage: () => notifyQueueUsage(db),
    async close() {
      await client.close();
    },
  };
}

async function notifyQueueUsage(db: Db): Promise<number | null> {
  try {
    const [row] = rowsOf<{ usage: number }>(await db.execute(sql`select pg_notification_queue_usage()::float8 as usage`));
    return row ? Number(row.usage) : null;
  } catch {
    return null;
  }
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
