// Membership in a list as one array parameter: `column = any($1)`. drizzle's inArray writes
// `in ($1, $2, …)`, a statement text per list length; prepared statements are kept per text, so the
// batched loads (DataLoader batches of any size) use this to share one prepared statement.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** `column = any(values)`; false for an empty list, as inArray. */
export function anyOf(column: PgColumn, values: readonly string[]): SQL {
  return sql`${column} = any(${sql.param([...values])})`;
}

/** `column = any($name)` in a statement prepared once (`.prepare(...)`): the list is given when it
 *  runs, as `{ [name]: values }`. The same text as anyOf. */
export function anyOfPlaceholder(column: PgColumn, name: string): SQL {
  return sql`${column} = any(${sql.placeholder(name)})`;
}
