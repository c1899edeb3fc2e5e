// Fresh PostgreSQL databases for tests, on the server named by TEST_DATABASE_URL.
import postgres from 'postgres';
import { randomBytes } from 'node:crypto';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** Creates a database (optionally from a template) and answers its URL. */
export async function createDatabase(base: string, name: string, template?: string): Promise<string> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    // A test database need not wait for its commits to reach the disk (it is dropped after the run;
    // the server's own settings, and every other database, are left as they are): vitest's API files
    // 48.4–50.3 s → 46.5–47.0 s (40 files, back to back, docs/TESTING.md).
    await admin.unsafe(`alter database "${name}" set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  return databaseUrl(base, name);
}

export async function dropDatabase(base: string, name: string): Promise<void> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}

/**
 * Makes concurrent writers collide for real on PostgreSQL: a separate connection runs `hold` in a
 * transaction (taking a lock), `start()` launches the writers, and once `countWaiting` (asked on a
 * third connection) sees `expected` of them blocked the lock goes and they race. Answers the
 * writers' results and how many were seen waiting together.
 */
export async function collide<T>(
  url: string,
  hold: (tx: postgres.TransactionSql) => Promise<unknown>,
  countWaiting: (watcher: postgres.Sql) => Promise<number>,
  expected: number,
  start: () => Array<Promise<T>>,
): Promise<{ results: T[]; waiting: number }> {
  const holder = postgres(url, { max: 1, onnotice: () => {} });
  const watcher = postgres(url, { max: 1, onnotice: () => {} });
  try {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const held = holder.begin(async (tx) => {
      await hold(tx);
      locked();
      await released;
    });
    await isLocked;
    const inFlight = start();
    const deadline = Date.now() + 10_000;
    let waiting = 0;
    while (Date.now() < deadline) {
      waiting = await countWaiting(watcher);
      if (waiting >= expected) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    release();
    await held;
    return { results: await Promise.all(inFlight), waiting };
  } finally {
    await holder.end();
    await watcher.end();
  }
}

/** `collide` on inserts: a SHARE lock on `table` lets each writer's reads through but stops its INSERT. */
export function collideOnInsert<T>(url: string, table: string, expected: number, start: () => Array<Promise<T>>): Promise<{ results: T[]; waiting: number }> {
  return collide(
    url,
    (tx) => tx.unsafe(`lock table "${table}" in share mode`),
    async (watcher) => {
      const [row] = await watcher`select count(*)::int as n from pg_locks where relation = ${table}::regclass and mode = 'RowExclusiveLock' and not granted`;
      return row!.n as number;
    },
    expected,
    start,
  );
}

/**
 * Holds a volunteer position's row lock (the lock every change of its places and waiting line
 * takes first) while `start` sends its requests, until `expected` of them wait for it; then lets
 * them go at once. `positionGlobalId` is the position's GraphQL id.
 */
export function collideOnPosition<T>(url: string, positionGlobalId: string, expected: number, start: () => Array<Promise<T>>): Promise<{ results: T[]; waiting: number }> {
  const positionId = Buffer.from(positionGlobalId, 'base64').toString('utf8').split(':')[1]!;
  return collide(
    url,
    (tx) => tx`select id from club_volunteer_positions where id = ${positionId} for update`,
    async (watcher) => {
      const [row] = await watcher`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "club_volunteer_positions"%for update%'`;
      return row!.n as number;
    },
    expected,
    start,
  );
}
