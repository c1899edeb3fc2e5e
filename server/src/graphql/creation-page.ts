// One page of a table's rows in the order they were created (created_at, then id): the lists of
// messages, notifications, API tokens, content reports and moderation actions.
import { and, count, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type PageArgs } from './relay.js';

/** Decodes the cursor of a list ordered by an instant and a uuid. */
export const instantAndId = (v: unknown[]) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null);

type CreatedTable = PgTable & { createdAt: PgColumn; id: PgColumn };

export interface CreationPageOptions {
  /** The list's name (its cursors carry it). */
  list: string;
  defaultSize: number;
  /** 'desc': newest first (the default). */
  order?: 'asc' | 'desc';
}

/** The rows of `table` matching `where` (all of them when undefined), a page at a time by
 *  created_at and id, each with its instant to the microsecond as `cursorAt`; the total is
 *  counted only when a client asks for it. */
export async function creationPage<T extends CreatedTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  args: PageArgs,
  { list, defaultSize, order = 'desc' }: CreationPageOptions,
): Promise<ConnectionResult<T['$inferSelect'] & { cursorAt: string }>> {
  type Row = T['$inferSelect'] & { cursorAt: string };
  const req = pageRequest(args, instantAndId, defaultSize, list);
  const page = keyset(
    [
      [table.createdAt as never, 'timestamptz'],
      [table.id as never, 'uuid'],
    ],
    order,
    req,
  );
  const rows = (await db
    .select({ ...getTableColumns(table as PgTable), cursorAt: preciseInstant(table.createdAt) })
    .from(table as PgTable)
    .where(page.where ? and(where, page.where) : where)
    .orderBy(...page.orderBy)
    .limit(page.limit)) as Row[];
  return connectionFrom(rows, req, (r) => [r.cursorAt, r.id], async () => {
    const [row] = await db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where);
    return Number(row?.n ?? 0);
  });
}
