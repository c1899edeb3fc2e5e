// What the administration area's services share: the id rules, the day and date-range rules of its
// filters and reports, a day's UTC instants, numbered pages of its lists and the placeholders of
// their prepared statements. Every rule is built once, here: zod v4 compiles an object schema on its
// first parse, so a schema built inside a method is built and compiled again on every request.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { pageRequest } from '../../graphql/relay.js';
import { errors } from '../../lib/errors.js';
import { ADMIN_MESSAGES, OFFSET_MAX, SEARCH_MAX, isValidDay } from './admin.rules.js';

const M = ADMIN_MESSAGES;

export const uuidRule = z.uuid();
export const clubIdRule = z.uuid({ error: M.invalidClubId });
export const dayRule = (field: string) =>
  z
    .string()
    .refine(isValidDay, { error: `${field} must be a date (YYYY-MM-DD)` })
    .nullish();
export const rangeRules = z
  .object({ from: dayRule('from'), to: dayRule('to') })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { error: M.invalidDateRange, path: ['to'] });
export const offsetRules = z.object({ offset: z.number().int().min(0).max(OFFSET_MAX, { error: `offset must be between 0 and ${OFFSET_MAX}` }).nullish() });
export const textFilter = z.string().max(SEARCH_MAX, { error: `Search must be at most ${SEARCH_MAX} characters` }).nullish();

export interface DateRange {
  from?: string | null;
  to?: string | null;
}

/** The start of a UTC day and the start of the day after. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** A placeholder bound to `column`: its value is mapped for the driver as a literal value compared
 *  with that column would be (a Date to an ISO string for a timestamp), so the parameters sent are
 *  those of the statement built with the values in it. */
export const bound = (name: string, column: Parameters<typeof sql.param>[1]) => sql.param(sql.placeholder(name), column);

/** A page by keyset, or (with `offset` and no cursor) from that position of the list. */
export function withOffset<T>(req: ReturnType<typeof pageRequest<unknown[]>>, offset: number | null | undefined) {
  if (offset == null || offset === 0) return 0;
  if (!req.forward || req.cursor || req.hasBefore) throw errors.validation('Pass offset with first only, not with a cursor or last.', { offset: 'Pass offset with first only, not with a cursor or last.' });
  return offset as number & T;
}
