// The iCalendar feeds (RFC 5545): the public subscription feed and one meeting's 'Add to calendar'
// file. Parsed with ical.js, plus the essentials checked on the raw text: CRLF only, lines of at
// most 75 octets, VERSION and PRODID, UID / DTSTAMP / DTSTART / SUMMARY on every event, UTC times
// matching the London wall time, all-day dates, cancellations with a growing SEQUENCE, and no
// non-public meeting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  createMeetingOk,
  eventLines,
  fetchIcs,
  meetingGid,
  parseIcs,
  prop,
  propValue,
  unescapeText,
  unfoldedLines,
  updateMeetingOk,
  type MeetingJson,
} from '../helpers/council.js';
import { adminClient, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

const FEED = '/api/sports-council/meetings.ics';

let server: TestServer;
let admin: ApiClient;
let member: Member;
let summer: MeetingJson;
let winter: MeetingJson;
let allDay: MeetingJson;
let hidden: MeetingJson;
let long: MeetingJson;

beforeAll(async () => {
  server = await startServer({ councilTimeZone: 'Europe/London', rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  admin = await adminClient(server.url);
  member = await newMember(server.url);
  summer = await createMeetingOk(admin, {
    title: 'Summer General Meeting',
    meeting_date: '2026-07-01',
    meeting_time: '19:00',
    location: 'Town Hall, Room 2',
    agenda: '<p>Welcome; apologies</p><ul><li>Budget</li><li>Pitches</li></ul>',
  });
  winter = await createMeetingOk(admin, { title: 'Winter Meeting', meeting_date: '2026-12-01', meeting_time: '19:00', location: 'Library' });
  allDay = await createMeetingOk(admin, { title: 'All-day Open Day', meeting_date: '2026-09-12' });
  hidden = await createMeetingOk(admin, { title: 'Closed Session', meeting_date: '2026-07-02', meeting_time: '10:00', is_public: false });
  long = await createMeetingOk(admin, {
    title: `Très longue réunion — ${'é'.repeat(60)} ✓ ${'word '.repeat(20)}`.trim().slice(0, 200),
    meeting_date: '2026-10-10',
    meeting_time: '12:30',
    location: `Salle des fêtes ${'ü'.repeat(50)}`,
  });
});
afterAll(async () => {
  await server?.close();
});

/** RFC 5545 essentials on raw text: CRLF only, folded lines of at most 75 octets, the calendar
 *  properties, and UID, DTSTAMP, DTSTART, SUMMARY in every VEVENT. */
function expectWellFormed(text: string) {
  // Line endings: every LF is preceded by CR, no bare CR, and the text ends with CRLF.
  expect(text).not.toMatch(/[^\r]\n/);
  expect(text).not.toMatch(/\r(?!\n)/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8'), `line too long: ${line}`).toBeLessThanOrEqual(75);

  const lines = unfoldedLines(text);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  expect(lines).toContain('VERSION:2.0');
  expect(prop(lines, 'PRODID')).toBeDefined();

  const { calendar, events } = parseIcs(text);
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
  for (const event of events) {
    for (const name of ['uid', 'dtstamp', 'dtstart', 'summary']) expect(event.getFirstProperty(name), `VEVENT without ${name}`).toBeTruthy();
  }
  // UIDs are unique in a feed.
  const uids = events.map((e) => String(e.getFirstPropertyValue('uid')));
  expect(new Set(uids).size).toBe(uids.length);
  return { lines, calendar, events };
}

function eventOf(text: string, id: string): string[] {
  const lines = eventLines(text, id);
  if (!lines) throw new Error(`no VEVENT for ${id}`);
  return lines;
}

describe('GET /api/sports-council/meetings.ics (the feed)', () => {
  it('answers text/calendar that ical.js parses and that meets the RFC 5545 essentials', async () => {
    const answer = await fetchIcs(server.url, FEED);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
    const { events } = expectWellFormed(answer.text);
    expect(events).toHaveLength(4);
  });

  it('ends its last content line (END:VCALENDAR) with CRLF, as RFC 5545 3.1 requires of every content line', async () => {
    for (const path of [FEED, `/api/sports-council/meetings/${summer.id}.ics`]) {
      const { text } = await fetchIcs(server.url, path);
      expect(JSON.stringify(text.slice(-15))).toBe(JSON.stringify('END:VCALENDAR\r\n'));
    }
  });

  it("carries the title, location and a URL to the meeting's page; DTSTART in UTC matches 19:00 BST", async () => {
    const { text } = await fetchIcs(server.url, FEED);
    const lines = eventOf(text, summer.id);
    expect(unescapeText(propValue(lines, 'SUMMARY')!)).toBe('Summer General Meeting');
    expect(unescapeText(propValue(lines, 'LOCATION')!)).toBe('Town Hall, Room 2');
    expect(propValue(lines, 'URL')).toBe(`http://clubroom.test/sports-council/meetings/${meetingGid(summer.id)}`);
    expect(prop(lines, 'DTSTART')).toBe('DTSTART:20260701T180000Z');
    expect(propValue(lines, 'UID')).toMatch(new RegExp(`^${summer.id}@`));
    expect(propValue(lines, 'DTSTAMP')).toMatch(/^\d{8}T\d{6}Z$/);
    // The spec records no end time: a timed meeting is given two hours.
    expect(prop(lines, 'DTEND')).toBe('DTEND:20260701T200000Z');

    const event = parseIcs(text).events.find((e) => String(e.getFirstPropertyValue('uid')).startsWith(summer.id))!;
    const start = event.getFirstPropertyValue('dtstart') as unknown as { toJSDate(): Date };
    expect(start.toJSDate().toISOString()).toBe('2026-07-01T18:00:00.000Z');
    expect(event.getFirstPropertyValue('summary')).toBe('Summer General Meeting');
    expect(event.getFirstPropertyValue('location')).toBe('Town Hall, Room 2');
    const description = String(event.getFirstPropertyValue('description') ?? '');
    expect(description).not.toMatch(/<[a-z/]/i);
    expect(description).toContain('Budget');
  });

  it('in winter London is UTC: 19:00 on 2026-12-01 is 20261201T190000Z', async () => {
    const { text } = await fetchIcs(server.url, FEED);
    expect(prop(eventOf(text, winter.id), 'DTSTART')).toBe('DTSTART:20261201T190000Z');
  });

  it('a meeting without a time is an all-day event: DTSTART;VALUE=DATE', async () => {
    const { text } = await fetchIcs(server.url, FEED);
    const lines = eventOf(text, allDay.id);
    expect(prop(lines, 'DTSTART')).toBe('DTSTART;VALUE=DATE:20260912');
    expect(prop(lines, 'DTEND')).toBe('DTEND;VALUE=DATE:20260913');
    const event = parseIcs(text).events.find((e) => String(e.getFirstPropertyValue('uid')).startsWith(allDay.id))!;
    expect((event.getFirstPropertyValue('dtstart') as unknown as { isDate: boolean }).isDate).toBe(true);
  });

  it('a non-public meeting is absent from the feed, even for an administrator', async () => {
    const anonymousFeed = await fetchIcs(server.url, FEED);
    expect(eventLines(anonymousFeed.text, hidden.id)).toBeNull();
    expect(anonymousFeed.text).not.toContain('Closed Session');
    const adminFeed = await fetchIcs(server.url, FEED, { authorization: `Bearer ${admin.accessToken}` });
    expect(adminFeed.text).not.toContain(hidden.id);
  });

  it('long and non-ASCII text is folded to 75 octets without splitting a character and round-trips', async () => {
    const { text, bytes } = await fetchIcs(server.url, FEED);
    expect(text).not.toContain('\uFFFD');
    const event = parseIcs(text).events.find((e) => String(e.getFirstPropertyValue('uid')).startsWith(long.id))!;
    expect(event.getFirstPropertyValue('summary')).toBe(long.title);
    expect(event.getFirstPropertyValue('location')).toBe(long.location);
    // Split the raw bytes (not the decoded text) at CRLF: every physical line is at most 75 octets
    // and decodes as UTF-8 on its own (a strict decoder throws when a fold splits a character).
    const strict = new TextDecoder('utf-8', { fatal: true });
    const physical: Buffer[] = [];
    let start = 0;
    for (let i = 0; i < bytes.length - 1; i++) {
      if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
        physical.push(bytes.subarray(start, i));
        start = i + 2;
        i++;
      }
    }
    expect(start).toBe(bytes.length);
    const folded = physical.filter((line) => line[0] === 0x20);
    expect(folded.length).toBeGreaterThan(0);
    for (const line of physical) {
      expect(line.length, line.toString('utf8')).toBeLessThanOrEqual(75);
      expect(() => strict.decode(line), line.toString('hex')).not.toThrow();
    }
  });

  it('a cancelled meeting stays with STATUS:CANCELLED and a SEQUENCE greater than before', async () => {
    const meeting = await createMeetingOk(admin, { title: 'Will be cancelled', meeting_date: '2026-11-11', meeting_time: '18:00' });
    const before = eventOf((await fetchIcs(server.url, FEED)).text, meeting.id);
    const sequenceBefore = Number(propValue(before, 'SEQUENCE') ?? 0);
    expect(propValue(before, 'STATUS') ?? 'CONFIRMED').not.toBe('CANCELLED');

    await updateMeetingOk(admin, meeting.id, { status: 'cancelled' });
    const after = await fetchIcs(server.url, FEED);
    expectWellFormed(after.text);
    const lines = eventOf(after.text, meeting.id);
    expect(propValue(lines, 'STATUS')).toBe('CANCELLED');
    expect(Number(propValue(lines, 'SEQUENCE'))).toBeGreaterThan(sequenceBefore);
    expect(propValue(lines, 'UID')).toBe(propValue(before, 'UID'));
    expect(unescapeText(propValue(lines, 'SUMMARY')!)).toContain('Will be cancelled');
  });

  it('every change raises the SEQUENCE', async () => {
    const meeting = await createMeetingOk(admin, { title: 'Moves', meeting_date: '2026-11-12', meeting_time: '18:00' });
    const seq = async () => Number(propValue(eventOf((await fetchIcs(server.url, FEED)).text, meeting.id), 'SEQUENCE') ?? 0);
    const s0 = await seq();
    await updateMeetingOk(admin, meeting.id, { meeting_time: '19:00' });
    const s1 = await seq();
    await updateMeetingOk(admin, meeting.id, { location: 'Elsewhere' });
    const s2 = await seq();
    expect(s1).toBeGreaterThan(s0);
    expect(s2).toBeGreaterThan(s1);
    expect(prop(eventOf((await fetchIcs(server.url, FEED)).text, meeting.id), 'DTSTART')).toBe('DTSTART:20261112T190000Z');
  });
});

describe('GET /api/sports-council/meetings/{id}.ics (one meeting)', () => {
  it('answers an attachment with an .ics file name and one VEVENT', async () => {
    const answer = await fetchIcs(server.url, `/api/sports-council/meetings/${summer.id}.ics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment;\s*filename="[^"/\\]+\.ics"$/);
    const { events } = expectWellFormed(answer.text);
    expect(events).toHaveLength(1);
    expect(String(events[0]!.getFirstPropertyValue('uid'))).toMatch(new RegExp(`^${summer.id}@`));
    expect(prop(eventOf(answer.text, summer.id), 'DTSTART')).toBe('DTSTART:20260701T180000Z');
  });

  it('a non-public meeting answers 404 for anonymous callers and plain members', async () => {
    const anonymous = await fetchIcs(server.url, `/api/sports-council/meetings/${hidden.id}.ics`);
    expect(anonymous.status).toBe(404);
    expect(anonymous.text).not.toContain('Closed Session');
    const byMember = await fetchIcs(server.url, `/api/sports-council/meetings/${hidden.id}.ics`, { authorization: `Bearer ${member.client.accessToken}` });
    expect(byMember.status).toBe(404);
  });

  it('an administrator can download a non-public meeting', async () => {
    const answer = await fetchIcs(server.url, `/api/sports-council/meetings/${hidden.id}.ics`, { authorization: `Bearer ${admin.accessToken}` });
    expect(answer.status).toBe(200);
    expect(parseIcs(answer.text).events).toHaveLength(1);
  });

  it('an unknown id answers 404', async () => {
    const answer = await fetchIcs(server.url, '/api/sports-council/meetings/00000000-0000-4000-8000-000000000000.ics');
    expect(answer.status).toBe(404);
  });
});
