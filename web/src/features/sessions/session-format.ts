// How a session's date and time read, on its club's clock (a visitor in another zone sees the
// club's own times, as the meeting times are).

const formatter = (timeZone: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-GB', { timeZone, ...options });

/** 'Tue 3 Dec, 19:00–20:30' (the end's date too when it ends on another day). */
export function sessionWhen(startsAt: string, endsAt: string, timeZone: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  const day = formatter(timeZone, { weekday: 'short', day: 'numeric', month: 'short' });
  const time = formatter(timeZone, { hour: '2-digit', minute: '2-digit', hour12: false });
  const sameDay = day.format(start) === day.format(end);
  return sameDay ? `${day.format(start)}, ${time.format(start)}–${time.format(end)}` : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}

/** Whether the session starts within the next 7 days ("This week"). */
export function isThisWeek(startsAt: string, now = Date.now()): boolean {
  return new Date(startsAt).getTime() < now + 7 * 86_400_000;
}

export const SESSION_TEXTS = {
  thisWeek: 'This week',
  upcoming: 'Upcoming',
  nothingThisWeek: 'Nothing planned in the next 7 days.',
  nothingUpcoming: 'No sessions or events planned yet.',
  cancelled: 'Cancelled',
  moved: 'Moved',
  event: 'Event',
  going: (n: number) => `${n} going`,
  placesLeft: (n: number) => (n === 0 ? 'Full: waiting list' : `${n} ${n === 1 ? 'place' : 'places'} left`),
  youreGoing: 'You’re going',
  youCant: 'You can’t make it',
  youreWaiting: 'On the waiting list',
} as const;

/** What the member's own answer says on a list item; null when they have not answered. */
export function myAnswerText(answer: { answer: string; byDefault: boolean } | null | undefined): string | null {
  if (!answer) return null;
  if (answer.answer === 'GOING') return SESSION_TEXTS.youreGoing;
  if (answer.answer === 'CANT') return SESSION_TEXTS.youCant;
  return SESSION_TEXTS.youreWaiting;
}
