// Every date the client shows, in the spec's formats (section 9): relative time, 'MMM d, h:mm a'
// and "MMM d, yyyy 'at' h:mm a". Dates without a time use the date part of the last one,
// 'MMM d, yyyy'. Features call these functions and never write a format string themselves.
//
// The absolute formats are built from the browser's own Intl (en-US parts, joined here: no locale
// data to download, and the same text on the server and in every browser, whose ICU may put a
// narrow no-break space before 'PM'); date-fns (its format and its locale, 6 KB gzipped) stays
// with the relative time (format-relative.ts: a module of its own, or its chunk would come with
// these), which no public page shows. tests/unit/format-dates.test.ts holds them to date-fns' patterns.

export type DateInput = Date | string | number;

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

type DatePart = 'month' | 'day' | 'year' | 'hour' | 'minute' | 'dayPeriod';

let partsFormat: Intl.DateTimeFormat | null = null;

/** The date's parts in the local time zone, as date-fns' 'MMM', 'd', 'yyyy', 'h', 'mm' and 'a'. */
function partsOf(date: Date): Record<DatePart, string> {
  partsFormat ??= new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  const parts = { month: '', day: '', year: '', hour: '', minute: '', dayPeriod: '' };
  for (const part of partsFormat.formatToParts(date)) {
    if (part.type in parts) parts[part.type as DatePart] = part.value;
  }
  // 'yyyy' pads: the year 33 is '0033'.
  parts.year = parts.year.padStart(4, '0');
  return parts;
}

function dateText(parts: Record<DatePart, string>, withYear: boolean): string {
  return withYear ? `${parts.month} ${parts.day}, ${parts.year}` : `${parts.month} ${parts.day}`;
}

function timeText(parts: Record<DatePart, string>): string {
  return `${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** e.g. 'Mar 4, 2025 at 3:05 PM' */
export function formatDateTime(value: DateInput): string {
  const parts = partsOf(toDate(value));
  return `${dateText(parts, true)} at ${timeText(parts)}`;
}

/** e.g. 'Mar 4, 3:05 PM' */
export function formatShort(value: DateInput): string {
  const parts = partsOf(toDate(value));
  return `${dateText(parts, false)}, ${timeText(parts)}`;
}

/** formatDateTime's pattern in date-fns' terms (format-in-zone.ts formats in a named zone with it). */
export const DATE_TIME = "MMM d, yyyy 'at' h:mm a";

/** e.g. 'Mar 4, 2025' (an instant shown by its day only) */
export function formatDate(value: DateInput): string {
  return dateText(partsOf(toDate(value)), true);
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
  return hhmm ? formatDateTime(date) : formatDate(date);
}

/** A file's size: '512 bytes', '12 KB', '3.4 MB' (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return bytes === 1 ? '1 byte' : `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
