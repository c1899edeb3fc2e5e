// How a shift's date and time read, on its club's clock (a volunteer in another zone sees the
// club's own times, as sessions do). Intl only: the pages that show shifts carry no zone library.

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
