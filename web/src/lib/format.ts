// Every date the client shows, in the spec's formats (section 9): relative time, 'MMM d, h:mm a'
// and "MMM d, yyyy 'at' h:mm a". Dates without a time use the date part of the last one,
// 'MMM d, yyyy'. Features call these functions and never write a format string themselves.
import { format, formatDistanceToNow } from 'date-fns';

type DateInput = Date | string | number;

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

/** e.g. 'Mar 4, 2025 at 3:05 PM' */
export function formatDateTime(value: DateInput): string {
  return format(toDate(value), DATE_TIME);
}

/** e.g. 'Mar 4, 3:05 PM' */
export function formatShort(value: DateInput): string {
  return format(toDate(value), 'MMM d, h:mm a');
}

const DATE = 'MMM d, yyyy';
/** formatDateTime's pattern (format-in-zone.ts uses it too). */
export const DATE_TIME = "MMM d, yyyy 'at' h:mm a";

/** e.g. 'Mar 4, 2025' (an instant shown by its day only) */
export function formatDate(value: DateInput): string {
  return format(toDate(value), DATE);
}

/** A calendar date 'YYYY-MM-DD' as that very day (new Date('YYYY-MM-DD') would be midnight UTC,
 *  the day before west of Greenwich), or null when it is not one. */
function calendarDate(ymd: string, hhmm?: string | null): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd);
  if (!day) return null;
  const time = hhmm ? /^(\d{2}):(\d{2})/.exec(hhmm) : null;
  return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]), Number(time?.[1] ?? 0), Number(time?.[2] ?? 0));
}

/** A calendar date with an optional wall-clock time (a council meeting's 'YYYY-MM-DD' and
 *  'HH:MM'): 'Dec 1, 2026 at 7:00 PM', or 'Dec 1, 2026' without a time. */
export function formatCalendarDate(ymd: string, hhmm?: string | null): string {
  const date = calendarDate(ymd, hhmm);
  if (!date) return ymd;
  return format(date, hhmm ? DATE_TIME : DATE);
}

/** e.g. '5 minutes ago' */
export function formatRelative(value: DateInput): string {
  return formatDistanceToNow(toDate(value), { addSuffix: true });
}

/** A file's size: '512 bytes', '12 KB', '3.4 MB' (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
