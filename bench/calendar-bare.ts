// The bare baseline of bench/calendar-feed.ts: node:http + postgres.js answering a member's calendar
// feed at GET /calendar/<secret>.ics with the statements Clubroom sent for it (recorded in
// process: the secret's hash looked up, then the followed clubs' sessions with the member's answers
// and the public council meetings, concurrently) and the iCalendar text written by hand (escaped,
// folded at 75 octets, CRLF), with the same events, titles, answers, links and SEQUENCE as
// Clubroom's, and an ETag of the body. The recorded statements keep their parameters (the window's
// bounds as recorded) but the member's: that comes from the secret's row. Prepared, as the server's.
//
// Started by bench/calendar-feed.ts with BENCH_DATABASE_URL and CALENDAR_PLAN (a JSON file,
// CalendarPlan).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TZDate } from '@date-fns/tz';
import postgres from 'postgres';
import type { BareStatement } from './bare-generic.js';

export interface CalendarPlan {
  appUrl: string;
  timeZone: string;
  /** The secret's row (parameter 0 is the secret's SHA-256, hex). */
  owner: BareStatement;
  /** The sessions (the member's id is parameter `userParam`, wherever it recurs). */
  sessions: BareStatement;
  recordedUserId: string;
  council: BareStatement;
}

type Row = Record<string, unknown>;
const plan = JSON.parse(readFileSync(process.env.CALENDAR_PLAN!, 'utf8')) as CalendarPlan;
const sql = postgres(process.env.BENCH_DATABASE_URL!, { max: 10, onnotice: () => {} });
const host = new URL(plan.appUrl).hostname;
const LABELS: Record<string, string> = { going: 'Going', cant: "Can't make it", waiting: 'Waiting list' };
const PARTSTAT: Record<string, string> = { going: 'ACCEPTED', cant: 'DECLINED', waiting: 'TENTATIVE' };

const run = async (s: BareStatement, params: unknown[]): Promise<Row[]> => (await sql.unsafe(s.sql, params as postgres.ParameterOrJSON<never>[], { prepare: true })) as unknown as Row[];
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64url');
const esc = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
const utc = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const plain = (html: string) => html.replace(/<[^>]*>/g, '').trim();
/** A date column: postgres.js reads it as midnight UTC. */
const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/** A content line folded at 75 octets (RFC 5545 3.1). */
function line(out: string[], text: string): void {
  if (Buffer.byteLength(text) <= 75) {
    out.push(text);
    return;
  }
  let rest = text;
  let first = true;
  while (rest.length > 0) {
    let take = Math.min(rest.length, first ? 75 : 74);
    while (Buffer.byteLength(rest.slice(0, take)) > (first ? 75 : 74)) take--;
    out.push((first ? '' : ' ') + rest.slice(0, take));
    rest = rest.slice(take);
    first = false;
  }
}

function sessionEvent(out: string[], s: Row, member: Row): void {
  const id = String(s.id);
  const url = `${plan.appUrl}/clubs/${gid('Club', String(s.club_id))}/sessions/${gid('ClubSession', id)}`;
  const answer = (s.answer as string | null) ?? (s.kind === 'session' && s.attending_by_default ? 'going' : null);
  const cancelled = s.cancelled_at !== null;
  const title = s.kind === 'event' ? String(s.title ?? '').trim() || `${s.name} event` : `${s.name} training`;
  const summary = cancelled ? `Cancelled: ${title}` : answer ? `${title} (${LABELS[answer]})` : title;
  const parts: string[] = [];
  if (cancelled) parts.push(s.cancel_reason ? `Cancelled: ${s.cancel_reason}` : 'This session has been cancelled.');
  parts.push(answer ? `Your answer: ${LABELS[answer]}.` : 'You have not answered yet.');
  if (s.description) parts.push(plain(String(s.description)));
  parts.push(`Details and your answer: ${url}`);
  const updated = new Date(s.updated_at as string);
  const answered = s.answered_at ? new Date(s.answered_at as string) : null;
  const stamp = utc(answered && answered > updated ? answered : updated);
  out.push('BEGIN:VEVENT');
  line(out, `UID:session-${id}@${host}`);
  line(out, `SEQUENCE:${s.sequence}`);
  out.push(`DTSTAMP:${stamp}`, `DTSTART:${utc(new Date(s.starts_at as string))}`, `DTEND:${utc(new Date(s.ends_at as string))}`);
  line(out, `SUMMARY:${esc(summary)}`);
  if (s.place) line(out, `LOCATION:${esc(String(s.place))}`);
  line(out, `DESCRIPTION:${esc(parts.join('\n\n'))}`);
  line(out, `URL;VALUE=URI:${url}`);
  out.push(`STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`, `TRANSP:${answer === 'cant' || cancelled ? 'TRANSPARENT' : 'OPAQUE'}`);
  line(out, `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=${answer ? PARTSTAT[answer] : 'NEEDS-ACTION'};RSVP=FALSE;CN="${member.full_name}":MAILTO:${member.email}`);
  out.push(`CREATED:${utc(new Date(s.created_at as string))}`, `LAST-MODIFIED:${stamp}`, 'END:VEVENT');
}

function meetingEvent(out: string[], m: Row): void {
  const id = String(m.id);
  const url = `${plan.appUrl}/sports-council/meetings/${gid('CouncilMeeting', id)}`;
  const [y, mo, d] = day(m.meeting_date).split('-').map(Number) as [number, number, number];
  out.push('BEGIN:VEVENT');
  line(out, `UID:${id}@${host}`);
  line(out, `SEQUENCE:${m.revision}`);
  out.push(`DTSTAMP:${utc(new Date(m.updated_at as string))}`);
  if (m.meeting_time) {
    const [h, mi] = String(m.meeting_time).split(':').map(Number) as [number, number];
    const start = new Date(new TZDate(y, mo - 1, d, h, mi, plan.timeZone).getTime());
    out.push(`DTSTART:${utc(start)}`, `DTEND:${utc(new Date(start.getTime() + 120 * 60_000))}`);
  } else {
    const date = (n: number) => new Date(Date.UTC(y, mo - 1, d + n)).toISOString().slice(0, 10).replace(/-/g, '');
    out.push(`DTSTART;VALUE=DATE:${date(0)}`, `DTEND;VALUE=DATE:${date(1)}`);
  }
  const cancelled = m.status === 'cancelled';
  line(out, `SUMMARY:${esc(cancelled ? `Cancelled: ${m.title}` : String(m.title))}`);
  if (m.location) line(out, `LOCATION:${esc(String(m.location))}`);
  const parts = [cancelled ? 'This meeting has been cancelled.' : '', m.agenda ? `Agenda:\n${plain(String(m.agenda))}` : '', `Details: ${url}`].filter(Boolean);
  line(out, `DESCRIPTION:${esc(parts.join('\n\n'))}`);
  line(out, `URL;VALUE=URI:${url}`);
  out.push(`STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT');
}

async function feed(secret: string): Promise<{ etag: string; body: string } | null> {
  if (!/^[0-9a-f]{64}$/.test(secret)) return null;
  const [member] = await run(plan.owner, [createHash('sha256').update(secret).digest('hex'), ...plan.owner.params.slice(1)]);
  if (!member) return null;
  const userId = String(member.user_id ?? member.id);
  const [sessions, meetings] = await Promise.all([
    run(plan.sessions, plan.sessions.params.map((p) => (p === plan.recordedUserId ? userId : p))),
    run(plan.council, plan.council.params),
  ]);
  const [first, last] = plan.sessions.params.filter((p): p is string => typeof p === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(p)).map((p) => p.slice(0, 10));
  const out = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Clubroom//Club sessions//EN', 'METHOD:PUBLISH', 'NAME:Clubroom: my clubs', 'X-WR-CALNAME:Clubroom: my clubs', 'REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H'];
  for (const s of sessions) sessionEvent(out, s, member);
  for (const m of meetings) if (day(m.meeting_date) >= first! && day(m.meeting_date) <= last!) meetingEvent(out, m);
  out.push('END:VCALENDAR', '');
  const body = out.join('\r\n');
  return { etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`, body };
}

const server = createServer(async (req, res) => {
  const secret = /^\/calendar\/([^/]+)\.ics$/.exec(new URL(req.url ?? '/', 'http://bare').pathname)?.[1];
  try {
    const answer = secret ? await feed(secret) : null;
    if (!answer) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"data":null,"error":"Not found","code":"NOT_FOUND"}');
    if (req.headers['if-none-match'] === answer.etag) return void res.writeHead(304, { etag: answer.etag }).end();
    res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag: answer.etag, 'cache-control': 'private, max-age=300', 'content-length': Buffer.byteLength(answer.body) }).end(answer.body);
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid: process.pid })));
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => void sql.end({ timeout: 5 }).then(() => process.exit(0)));
    server.closeAllConnections();
  });
}
