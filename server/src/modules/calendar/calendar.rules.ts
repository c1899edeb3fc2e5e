// A member's calendar feed and a session's 'Add to calendar' file (issue 29 §6). Shared with the
// web: the paths of the files and the words the feed and the page use.

/** How far back the feed reaches: last month's sessions stay in a subscribed calendar. */
export const FEED_DAYS_BACK = 30;

/** The secret in a feed's address: 32 random bytes as hex. */
export const FEED_SECRET_PATTERN = /^[0-9a-f]{64}$/;

/** A session's or event's own page: `/clubs/{club id}/sessions/{session id}` (global ids, as the
 *  club page's address has). */
export function sessionPath(clubId: string, sessionId: string): string {
  return `/clubs/${encodeURIComponent(clubId)}/sessions/${encodeURIComponent(sessionId)}`;
}

/** A session's or event's 'Add to calendar' file (one event, text/calendar). */
export function sessionCalendarPath(clubId: string, sessionId: string): string {
  return `${sessionPath(clubId, sessionId)}.ics`;
}

/** The feed's address for calendar apps that subscribe by the webcal: scheme. */
export function webcalUrlOf(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/** What the member said, as the feed shows it after the title. */
export const ANSWER_LABELS = {
  going: 'Going',
  cant: "Can't make it",
  waiting: 'Waiting list',
} as const;

export type CalendarAnswer = keyof typeof ANSWER_LABELS;

export const CALENDAR_MESSAGES = {
  alreadyCreated: 'You already have a calendar link. For your safety it is shown only once: get a new link if you need it again (the old one then stops working).',
} as const;
