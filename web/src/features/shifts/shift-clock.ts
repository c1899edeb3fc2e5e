// A date and a time entered on the club's clock as an instant: a club owner whose device is in
// another zone still enters the club's own wall-clock times. Only the club's Add shift form needs
// it (and @date-fns/tz with it).
import { TZDate } from '@date-fns/tz';

/** A day (YYYY-MM-DD) and a time (HH:MM) on `timeZone`'s clock as an instant; null when either is
 *  not a valid value. `nextDay` moves it one day on (a shift ending after midnight). */
export function wallClockInstant(day: string, time: string, timeZone: string, nextDay = false): Date | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const at = new TZDate(Number(d[1]), Number(d[2]) - 1, Number(d[3]) + (nextDay ? 1 : 0), Number(t[1]), Number(t[2]), 0, 0, timeZone);
  return Number.isNaN(at.getTime()) ? null : new Date(at.getTime());
}
