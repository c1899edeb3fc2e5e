// The schema's three time scalars. A DateTime is an instant; a Date is a calendar day and a
// LocalTime a wall-clock time, both without a zone (whose zone is said by the field using them).
import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WALL_CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

function literalString(name: string, ast: { kind: Kind; value?: unknown }): string {
  if (ast.kind !== Kind.STRING || typeof ast.value !== 'string') throw new GraphQLError(`${name} must be a string.`);
  return ast.value;
}

function parseInstant(value: unknown): Date {
  if (typeof value !== 'string' || !ISO_INSTANT.test(value)) {
    throw new GraphQLError('DateTime must be an ISO 8601 date and time with a zone, e.g. 2026-11-24T18:30:00Z.');
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime is not a real date and time.');
  return date;
}

/** An instant: sent as an ISO 8601 string in UTC (`2026-11-24T18:30:00.000Z`); accepts any offset. */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'An instant in time, as an ISO 8601 string with a zone. Clubroom sends UTC, e.g. `2026-11-24T18:30:00.000Z`; it accepts any offset.',
  serialize(value) {
    const date = value instanceof Date ? value : new Date(value as string);
    if (Number.isNaN(date.getTime())) throw new GraphQLError('DateTime cannot represent an invalid date.');
    return date.toISOString();
  },
  parseValue: parseInstant,
  parseLiteral: (ast) => parseInstant(literalString('DateTime', ast)),
});

/** True for a real calendar day in YYYY-MM-DD (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = CALENDAR_DATE.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1;
}

function parseCalendarDate(value: unknown): string {
  if (typeof value !== 'string' || !isCalendarDate(value)) throw new GraphQLError('Date must be a calendar date as YYYY-MM-DD, e.g. 2026-11-24.');
  return value;
}

/** A calendar day without a zone, `YYYY-MM-DD`; values stay strings in the code. */
export const DateScalar = new GraphQLScalarType<string, string>({
  name: 'Date',
  description: 'A calendar day without a time or zone, as `YYYY-MM-DD` (ISO 8601), e.g. `2026-11-24`.',
  serialize: (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : parseCalendarDate(value)),
  parseValue: parseCalendarDate,
  parseLiteral: (ast) => parseCalendarDate(literalString('Date', ast)),
});

function parseWallClock(value: unknown): string {
  if (typeof value !== 'string' || !WALL_CLOCK.test(value)) throw new GraphQLError('LocalTime must be a wall-clock time as HH:MM (24-hour), e.g. 18:30.');
  return value;
}

/** A wall-clock time without a date or zone, `HH:MM` (24-hour). */
export const LocalTimeScalar = new GraphQLScalarType<string, string>({
  name: 'LocalTime',
  description: 'A wall-clock time without a date or zone, as `HH:MM` on a 24-hour clock, e.g. `18:30`. The field using it says whose clock.',
  serialize: (value) => parseWallClock(typeof value === 'string' ? value.slice(0, 5) : value),
  parseValue: parseWallClock,
  parseLiteral: (ast) => parseWallClock(literalString('LocalTime', ast)),
});
