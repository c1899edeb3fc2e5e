// How a shift's date and time read, and how a date and times entered on the club's clock become
// instants (a club in another zone than the device still enters its own wall-clock times).
import { TZDate } from '@date-fns/tz';

const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone, ...options });

/** 'Tue 3 Dec 2026, 19:00–20:30' (the end's date too when it ends on another day). */
export function shiftWhen(shift: { startsAt: string; endsAt: string; timeZone: string }): string {
  const start = new Date(shift.startsAt);
  const end = new Date(shift.endsAt);
  const day = formatter(shift.timeZone, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = formatter(shift.timeZone, { hour: '2-digit', minute: '2-digit', hour12: false });
  return day.format(start) === day.format(end)
    ? `${day.format(start)}, ${time.format(start)}–${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}

/** An instant as the club's clock reads it: 'Tue 3 Dec, 19:00'. */
export function clockTime(value: string, timeZone: string): string {
  return formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(value));
}

/** Today on the club's clock (YYYY-MM-DD). */
export function todayIn(timeZone: string, now = new Date()): string {
  return formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).split('/').reverse().join('-');
}

/** A day (YYYY-MM-DD) and a time (HH:MM) on `timeZone`'s clock as an instant; null when either is
 *  not a valid value. `nextDay` moves it one day on (a shift ending after midnight). */
export function wallClockInstant(day: string, time: string, timeZone: string, nextDay = false): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const at = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]) + (nextDay ? 1 : 0), Number(t[1]), Number(t[2]), 0, 0, timeZone);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime());
}
