// When a club's weekly meeting times happen, as dated sessions: pure functions of the meeting
// times, the club's time zone and a window. A session keeps its wall-clock time across a
// daylight-saving change (Tuesday 19:00 is 19:00 on both sides of it; only its UTC instant moves).
import { TZDate } from '@date-fns/tz';

/** A weekly meeting time: ISO day (1 = Monday … 7 = Sunday) and 'HH:MM' on the club's clock. */
export interface WeeklySlot {
  dayOfWeek: number;
  startTime: string;
  endTime: string;
}

/** One dated session of a weekly slot. */
export interface Occurrence {
  /** Which weekly slot it comes from: the same slot on another date has the same key. */
  slotKey: string;
  /** Its date on the club's wall clock, 'YYYY-MM-DD'. */
  localDate: string;
  startsAt: Date;
  endsAt: Date;
}

export const slotKey = (slot: WeeklySlot) => `${slot.dayOfWeek}-${slot.startTime}-${slot.endTime}`;

const two = (n: number) => String(n).padStart(2, '0');

/** The instant of `time` ('HH:MM') on the local date y-m-d in `timeZone`. */
function at(y: number, m: number, d: number, time: string, timeZone: string): Date {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDate(y, m, d, hours, minutes, 0, 0, timeZone).getTime());
}

/** Every session of `slots` that starts in [from, to), in start order (then slot). */
export function occurrences(slots: readonly WeeklySlot[], timeZone: string, from: Date, to: Date): Occurrence[] {
  if (slots.length === 0 || to <= from) return [];
  const first = new TZDate(from.getTime(), timeZone);
  const found: Occurrence[] = [];
  // Local dates from the one `from` falls on to the one `to` falls on (a day more than enough).
  const days = Math.ceil((to.getTime() - from.getTime()) / 86_400_000) + 1;
  for (let i = 0; i <= days; i++) {
    const day = new TZDate(first.getFullYear(), first.getMonth(), first.getDate() + i, 12, 0, 0, 0, timeZone);
    const isoDay = day.getDay() === 0 ? 7 : day.getDay();
    const localDate = `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
    for (const slot of slots) {
      if (slot.dayOfWeek !== isoDay) continue;
      const startsAt = at(day.getFullYear(), day.getMonth(), day.getDate(), slot.startTime, timeZone);
      if (startsAt < from || startsAt >= to) continue;
      found.push({ slotKey: slotKey(slot), localDate, startsAt, endsAt: at(day.getFullYear(), day.getMonth(), day.getDate(), slot.endTime, timeZone) });
    }
  }
  return found.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.slotKey.localeCompare(b.slotKey));
}

/** The first instant after `after` when the wall clock of `timeZone` reads `time` ('HH:MM'). */
export function nextLocalTime(after: Date, time: string, timeZone: string): Date {
  const local = new TZDate(after.getTime(), timeZone);
  for (let days = 0; days <= 2; days++) {
    const candidate = at(local.getFullYear(), local.getMonth(), local.getDate() + days, time, timeZone);
    if (candidate > after) return candidate;
  }
  throw new Error('no such time within two days');
}

/** A session's start as members read it in a notification: 'Tue 3 Dec, 19:00' on the club's clock. */
export function formatWhen(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hour12: false }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}`;
}
