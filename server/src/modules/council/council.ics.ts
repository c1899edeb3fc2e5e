// iCalendar (RFC 5545) for council meetings, built with ical-generator: the public feed a calendar
// app subscribes to, and one meeting's 'Add to calendar' file. Times are the council's wall-clock
// times turned into UTC; a meeting without a time is an all-day event. A cancelled meeting stays,
// with STATUS:CANCELLED and a higher SEQUENCE, so subscribed calendars strike it out.
import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod, ICalEventStatus, type ICalCalendar, type ICalEventData } from 'ical-generator';
import type { CouncilMeetingRow } from '../../db/schema/index.js';
import { toGlobalId } from '../../graphql/relay.js';
import { richTextToPlain } from '../../lib/sanitize.js';

/** How long a timed meeting is assumed to last (the spec records no end time). */
export const MEETING_DURATION_MINUTES = 120;
export const CALENDAR_NAME = 'Sports Council Meetings';

export interface IcsOptions {
  appUrl: string;
  timeZone: string;
}

/** The meeting's own public page, as a path of the site: GraphQL's `CouncilMeeting.url`, the
 *  calendar feed's link for the event and the sitemap's entry. */
export function meetingPath(id: string): string {
  return `/sports-council/meetings/${toGlobalId('CouncilMeeting', id)}`;
}

/** The link to the meeting's page. */
export function meetingUrl(appUrl: string, id: string): string {
  return `${appUrl}${meetingPath(id)}`;
}

function when(meeting: CouncilMeetingRow, timeZone: string): { start: Date; end: Date; allDay: boolean } {
  const [year, month, day] = meeting.meetingDate.split('-').map(Number) as [number, number, number];
  if (!meeting.meetingTime) {
    return { start: new Date(Date.UTC(year, month - 1, day)), end: new Date(Date.UTC(year, month - 1, day + 1)), allDay: true };
  }
  const [hours, minutes] = meeting.meetingTime.split(':').map(Number) as [number, number];
  const start = new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime());
  return { start, end: new Date(start.getTime() + MEETING_DURATION_MINUTES * 60_000), allDay: false };
}

function description(meeting: CouncilMeetingRow, url: string): string {
  const parts: string[] = [];
  if (meeting.status === 'cancelled') parts.push('This meeting has been cancelled.');
  if (meeting.agenda) parts.push(`Agenda:\n${richTextToPlain(meeting.agenda)}`);
  if (meeting.minutes) parts.push(`Minutes:\n${richTextToPlain(meeting.minutes)}`);
  parts.push(`Details: ${url}`);
  return parts.join('\n\n');
}

function calendar(opts: IcsOptions, name: string): ICalCalendar {
  return ical({
    name,
    prodId: { company: 'Clubroom', product: 'Sports Council', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: null,
    url: `${opts.appUrl}/sports-council`,
    ttl: 60 * 60,
  });
}

/** One meeting as an event: the council's feed, its file and a member's calendar feed (issue 29)
 *  carry the same event, with the same UID. */
export function meetingEvent(meeting: CouncilMeetingRow, opts: IcsOptions): ICalEventData {
  const url = meetingUrl(opts.appUrl, meeting.id);
  const { start, end, allDay } = when(meeting, opts.timeZone);
  return {
    id: `${meeting.id}@${new URL(opts.appUrl).hostname}`,
    start,
    end,
    allDay,
    summary: meeting.status === 'cancelled' ? `Cancelled: ${meeting.title}` : meeting.title,
    location: meeting.location ?? null,
    description: description(meeting, url),
    url,
    status: meeting.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    sequence: meeting.revision,
    stamp: meeting.updatedAt,
    lastModified: meeting.updatedAt,
    created: meeting.createdAt,
  };
}

function addEvent(cal: ICalCalendar, meeting: CouncilMeetingRow, opts: IcsOptions): void {
  cal.createEvent(meetingEvent(meeting, opts));
}

/** RFC 5545 ends every content line, the last included, with CRLF (ical-generator omits the last). */
function text(cal: ICalCalendar): string {
  const body = cal.toString();
  return body.endsWith('\r\n') ? body : `${body}\r\n`;
}

/** The subscription feed of public meetings. */
export function meetingsFeed(meetings: CouncilMeetingRow[], opts: IcsOptions): string {
  const cal = calendar(opts, CALENDAR_NAME);
  for (const meeting of meetings) addEvent(cal, meeting, opts);
  return text(cal);
}

/** One meeting's 'Add to calendar' file. */
export function meetingFile(meeting: CouncilMeetingRow, opts: IcsOptions): string {
  const cal = calendar(opts, meeting.title);
  addEvent(cal, meeting, opts);
  return text(cal);
}

/** A file name for the download: the title's letters and digits. */
export function meetingFileName(meeting: CouncilMeetingRow): string {
  const base = meeting.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'meeting';
  return `${base}-${meeting.meetingDate}.ics`;
}
