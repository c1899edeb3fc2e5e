// Writing many rows at once: multi-row inserts in parts, and transaction locks taken together.
import { sql } from 'drizzle-orm';
import type { Executor } from './client.js';

/** Rows per multi-row insert: far below PostgreSQL's 65,535 parameters for any table here. */
export const ROWS_PER_INSERT = 1000;

/** `rows` in parts of at most `size`, in order. */
export function inParts<T>(rows: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < rows.length; i += size) parts.push(rows.slice(i, i + size));
  return parts;
}

/** Takes the transaction locks named by `names` (hashed), in one statement and a fixed order, so
 *  that two batches locking some of the same names wait for each other instead of deadlocking. */
export async function lockNames(executor: Executor, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const sorted = [...new Set(names)].sort();
  await executor.execute(sql`select pg_advisory_xact_lock(hashtextextended(n, 0)) from unnest(${sql.param(sorted)}::text[]) as n`);
}
