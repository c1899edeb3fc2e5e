// What the clubs module's services share: sanitising a form's text fields, the columns the API
// reads of a club, and the SQL of a live position and of meeting times' order (the directory's
// correlated subqueries use them as the batched reads do). The services are clubs.service.ts (the
// club itself), volunteer-positions.service.ts, club-meeting-times.service.ts and
// club-directory.service.ts; other modules reach them through those, never through this file.
import { asc, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clubMeetingTimes, clubs, clubVolunteerPositions } from '../../db/schema/index.js';
import { sanitizeText } from '../../lib/sanitize.js';

/** Every column of a club but the search document (only the directory's search reads that, in SQL). */
const { searchVector: _searchDocument, ...viewColumns } = getTableColumns(clubs);
export const CLUB_VIEW_COLUMNS = viewColumns;

/** A column named with its table: drizzle writes a selected expression's columns unqualified,
 *  and a correlated subquery must say which table's `id` it means. */
export const qualified = (column: AnyPgColumn) => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
const [position, time] = [clubVolunteerPositions, clubMeetingTimes];
/** A live position: shown by its owner and not removed by a moderator (what cards count). */
export const LIVE_POSITION = sql`${qualified(position.isLive)} and ${qualified(position.removedAt)} is null`;
/** A club's meeting times are listed by day, then start. */
export const MEETING_TIME_KEYS = [time.dayOfWeek, time.startTime];
export const MEETING_TIMES_ORDER = MEETING_TIME_KEYS.map((column) => asc(column));

/** Strips markup from the named string fields before the rules see them (so a length rule
 *  counts what will be stored). */
export function sanitized<T extends string>(raw: unknown, fields: readonly T[]): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const copy: Record<string, unknown> = { ...(raw as Record<string, unknown>) };
  for (const field of fields) {
    if (typeof copy[field] === 'string') copy[field] = sanitizeText(copy[field] as string);
  }
  return copy;
}
