// iCalendar (RFC 5545) of a member's calendar feed and of one session's 'Add to calendar' file,
// built with ical-generator as the council's files are (modules/council/council.ics.ts). Times are
// UTC instants (a session is stored as one); every event links to its page; a cancelled session
// stays, STATUS:CANCELLED with the reason, so a subscribed calendar strikes it out rather than
// keeping a stale copy. The member's answer is the event's ATTENDEE PARTSTAT and a word after the
// title, for the calendar apps that show no attendees.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, ICalEventTransparency, type ICalCalendar, type ICalEventData } from 'ical-generator';
import { toGlobalId } from '../../graphql/relay.js';
import { richTextToPlain } from '../../lib/sanitize.js';
import { ANSWER_LABELS, sessionPath, type CalendarAnswer } from './calendar.rules.js';

/** A dated session or event as the feed needs it (one row of CalendarService's statement). */
export interface FeedSession {
  id: string;
  clubId: string;
  kind: 'session' | 'event';
  title: string | null;
  description: string | null;
  place: string | null;
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
  cancelReason: string | null;
  sequence: number;
  createdAt: Date;
  updatedAt: Date;
  clubName: string;
  attendingByDefault: boolean;
  /** The member's answer; null when none (for the single-event file: always null). */
  answer: CalendarAnswer | null;
  answeredAt: Date | null;
}

/** Whose feed it is (the ATTENDEE of each event). */
export interface FeedMember {
  name: string;
  email: string;
}

export interface CalendarIcsOptions {
  appUrl: string;
}

export const FEED_NAME = 'Clubroom: my clubs';

/** The session's page with the global ids of its club and itself (the club page's form). */
export function sessionUrl(appUrl: string, session: Pick<FeedSession, 'id' | 'clubId'>): string {
  return `${appUrl}${sessionPath(toGlobalId('Club', session.clubId), toGlobalId('ClubSession', session.id))}`;
}

/** A training session is named by its club; an event by its own title. */
export function sessionTitle(session: Pick<FeedSession, 'kind' | 'title' | 'clubName'>): string {
  if (session.kind === 'event') return session.title?.trim() || `${session.clubName} event`;
  return `${session.clubName} training`;
}

/** The member's answer, counting a club's "attending by default" for its training sessions. */
export function effectiveAnswer(session: Pick<FeedSession, 'kind' | 'answer' | 'attendingByDefault'>): CalendarAnswer | null {
  if (session.answer) return session.answer;
  return session.kind === 'session' && session.attendingByDefault ? 'going' : null;
}

const PARTSTAT: Record<CalendarAnswer, ICalAttendeeStatus> = {
  going: ICalAttendeeStatus.ACCEPTED,
  cant: ICalAttendeeStatus.DECLINED,
  waiting: ICalAttendeeStatus.TENTATIVE,
};

function description(session: FeedSession, answer: CalendarAnswer | null, url: string, withAnswer: boolean): string {
  const parts: string[] = [];
  if (session.cancelledAt) parts.push(session.cancelReason ? `Cancelled: ${session.cancelReason}` : 'This session has been cancelled.');
  if (withAnswer) parts.push(answer ? `Your answer: ${ANSWER_LABELS[answer]}.` : 'You have not answered yet.');
  if (session.description) parts.push(richTextToPlain(session.description));
  parts.push(`Details and your answer: ${url}`);
  return parts.join('\n\n');
}

/** One session as an event. With a member, their answer is in it; without (the public file), not. */
export function sessionEvent(session: FeedSession, opts: CalendarIcsOptions, member: FeedMember | null): ICalEventData {
  const url = sessionUrl(opts.appUrl, session);
  const answer = member ? effectiveAnswer(session) : null;
  const cancelled = session.cancelledAt !== null;
  let summary = sessionTitle(session);
  if (cancelled) summary = `Cancelled: ${summary}`;
  else if (answer) summary = `${summary} (${ANSWER_LABELS[answer]})`;
  // An answer changes the member's copy of the event: its stamp follows the later of the two.
  const changed = session.answeredAt && session.answeredAt > session.updatedAt ? session.answeredAt : session.updatedAt;
  return {
    id: `session-${session.id}@${new URL(opts.appUrl).hostname}`,
    start: session.startsAt,
    end: session.endsAt,
    summary,
    location: session.place ?? null,
    description: description(session, answer, url, member !== null),
    url,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // A session the member cannot make does not block their time.
    transparency: answer === 'cant' || cancelled ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
    sequence: session.sequence,
    stamp: changed,
    lastModified: changed,
    created: session.createdAt,
    attendees: member
      ? [{ name: member.name, email: member.email, role: ICalAttendeeRole.REQ, rsvp: false, status: answer ? PARTSTAT[answer] : ICalAttendeeStatus.NEEDSACTION }]
      : [],
  };
}

function calendar(opts: CalendarIcsOptions, name: string, refreshSeconds: number | null): ICalCalendar {
  return ical({
    name,
    prodId: { company: 'Clubroom', product: 'Club sessions', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: null,
    url: `${opts.appUrl}/my-clubs`,
    ttl: refreshSeconds,
  });
}

const NON_ASCII = /[^\x00-\x7f]/;

/** How many octets UTF-8 takes for the UTF-16 unit `code` (a high surrogate: its pair's 4). */
const octets = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code >= 0xd800 && code <= 0xdbff ? 4 : 3);

/**
 * Folds content lines as RFC 5545 3.1 asks (at most 75 octets, continuation lines start with a
 * space), exactly as ical-generator's foldLines does, which makes a TextEncoder per character: 0.5 s
 * for a feed of 770 events, the whole of its cost. Lines of short ASCII pass untouched.
 */
export function foldLines(text: string): string {
  return text
    .split('\r\n')
    .map((line) => {
      if (line.length <= 74 && !NON_ASCII.test(line)) return line;
      // ASCII: one octet a character, so pieces of 74 characters.
      if (!NON_ASCII.test(line)) {
        const pieces: string[] = [];
        for (let i = 0; i < line.length; i += 74) pieces.push(line.slice(i, i + 74));
        return pieces.join('\r\n ');
      }
      let out = '';
      let n = 0;
      for (let i = 0; i < line.length; i++) {
        const a = octets(line.charCodeAt(i));
        const ch = a === 4 ? line.slice(i, ++i + 1) : line[i]!;
        n += a;
        if (n > 74) {
          out += '\r\n ';
          n = a;
        }
        out += ch;
      }
      return out;
    })
    .join('\r\n');
}

/** The calendar with its events; every content line, the last included, ends with CRLF (RFC 5545).
 *  The calendar's own lines come from ical-generator (folded); the events' lines, unfolded from
 *  ICalEvent.toString(), are folded here. */
function render(cal: ICalCalendar, events: ICalEventData[]): string {
  const head = cal.toString();
  const end = head.lastIndexOf('END:VCALENDAR');
  let body = '';
  for (const data of events) body += cal.createEvent(data).toString();
  return `${head.slice(0, end)}${foldLines(body)}END:VCALENDAR\r\n`;
}

/** The member's feed: their followed clubs' sessions and events, then the council's meetings. */
export function memberFeed(sessions: FeedSession[], councilMeetings: ICalEventData[], member: FeedMember, opts: CalendarIcsOptions): string {
  return render(calendar(opts, FEED_NAME, 60 * 60), [...sessions.map((session) => sessionEvent(session, opts, member)), ...councilMeetings]);
}

/** One session's 'Add to calendar' file (no answer: anyone may download it). */
export function sessionFile(session: FeedSession, opts: CalendarIcsOptions): string {
  return render(calendar(opts, sessionTitle(session), null), [sessionEvent(session, opts, null)]);
}

/** A file name for the download: the title's letters and digits and the day. */
export function sessionFileName(session: FeedSession): string {
  const base = sessionTitle(session).toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'session';
  return `${base}-${session.startsAt.toISOString().slice(0, 10)}.ics`;
}
