// Helpers for the sports council tests: the specification's wording (written here, not imported
// from the server), GraphQL documents, REST writes through an administrator, direct database
// reads, calendar dates relative to today in the council's zone, and iCalendar parsing.
import { count, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { councilAdmins, councilMeetings } from '../../server/src/db/schema/index.js';
import type { Clubroom } from '../../server/src/app/clubroom.js';
import type { ApiClient, RestAnswer } from './client.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { connectionOf, dbOf, gqlOk, mutateOk, nodesOf } from './messages.js';

type HasDb = { clubroom: Clubroom };

// ---------------------------------------------------------------------------------------------
// The specification's words.

export const COUNCIL_TEXT = {
  titleRequired: 'Title is required',
  titleMax: 'Title must be less than 200 characters',
  dateRequired: 'Meeting date is required',
  onlyAdmins: 'Only sports council administrators can manage meetings.',
  meetingNotFound: 'Meeting not found',
  noSuchAccount: 'No account uses this email address.',
} as const;

export const COUNCIL_ZONE = 'Europe/London';

// ---------------------------------------------------------------------------------------------
// GraphQL documents.

export const MEETING_FIELDS = 'id title meetingDate meetingTime location agenda minutes status isPublic calendarUrl url createdAt updatedAt';
const PAGE_VARS = '$first: Int, $after: String, $last: Int, $before: String';
const PAGE_ARGS = 'first: $first, after: $after, last: $last, before: $before';
const PAYLOAD_ERRORS = 'userErrors { field code message }';
export const PUBLIC_MEETINGS = `query Public($year: Int, ${PAGE_VARS}) { publicCouncilMeetings(year: $year) {
  today upcoming(${PAGE_ARGS}) ${connectionOf(MEETING_FIELDS)} past(${PAGE_ARGS}) ${connectionOf(MEETING_FIELDS)} } }`;
/** One tab's list alone, for paging it: each list's cursors are its own. */
export const PUBLIC_UPCOMING = `query PublicUpcoming($year: Int, ${PAGE_VARS}) { publicCouncilMeetings(year: $year) { upcoming(${PAGE_ARGS}) ${connectionOf(MEETING_FIELDS)} } }`;
export const PUBLIC_PAST = `query PublicPast($year: Int, ${PAGE_VARS}) { publicCouncilMeetings(year: $year) { past(${PAGE_ARGS}) ${connectionOf(MEETING_FIELDS)} } }`;
export const MEETING_YEARS = '{ councilMeetingYears }';
export const MEETING = `query Meeting($id: ID!) { councilMeeting(id: $id) { ${MEETING_FIELDS} } }`;
export const MEETINGS = `query Meetings($status: MeetingStatus, $year: Int, ${PAGE_VARS}) { councilMeetings(status: $status, year: $year, ${PAGE_ARGS}) ${connectionOf(MEETING_FIELDS)} }`;
/** Whether the caller administers the council: `me.isCouncilAdmin` (false when signed out). */
export const IS_COUNCIL_ADMIN = '{ me { id isCouncilAdmin } }';
export const CREATE = `mutation Create($input: CreateCouncilMeetingInput!) { createCouncilMeeting(input: $input) { meeting { ${MEETING_FIELDS} } ${PAYLOAD_ERRORS} } }`;
export const UPDATE = `mutation Update($input: UpdateCouncilMeetingInput!) { updateCouncilMeeting(input: $input) { meeting { ${MEETING_FIELDS} } ${PAYLOAD_ERRORS} } }`;
export const DELETE = `mutation Delete($input: DeleteCouncilMeetingInput!) { deleteCouncilMeeting(input: $input) { deletedMeetingId ${PAYLOAD_ERRORS} } }`;
export const ADMIN_FIELDS = 'email fullName grantedAt member { id name email }';
export const GRANT = `mutation Grant($email: String!) { grantCouncilAdmin(input: { email: $email }) { councilAdmin { ${ADMIN_FIELDS} } ${PAYLOAD_ERRORS} } }`;
export const REVOKE = `mutation Revoke($email: String!) { revokeCouncilAdmin(input: { email: $email }) { revoked ${PAYLOAD_ERRORS} } }`;
export const ADMINS = `query Admins(${PAGE_VARS}) { councilAdmins(${PAGE_ARGS}) ${connectionOf(ADMIN_FIELDS)} }`;

/** A meeting's global id from its database id (REST answers database ids). */
export const meetingGid = (uuid: string) => toGlobalId('CouncilMeeting', uuid);

/** Whether the caller is a council administrator, over GraphQL. */
export async function isCouncilAdminGql(client: ApiClient): Promise<boolean> {
  return (await gqlOk<{ me: { isCouncilAdmin: boolean } | null }>(client, IS_COUNCIL_ADMIN)).me?.isCouncilAdmin ?? false;
}

// ---------------------------------------------------------------------------------------------
// Meetings in the REST shape.

export interface MeetingJson {
  id: string;
  title: string;
  meeting_date: string;
  meeting_time: string | null;
  location: string | null;
  agenda: string;
  minutes: string;
  status: 'upcoming' | 'completed' | 'cancelled';
  is_public: boolean;
  created_at: string;
  updated_at: string;
}

export function createMeeting(client: ApiClient, body: Record<string, unknown>): Promise<RestAnswer<MeetingJson>> {
  return client.rest('POST', '/api/sports-council/meetings', body);
}

/** Creates through REST and insists it succeeded. */
export async function createMeetingOk(client: ApiClient, body: Partial<Omit<MeetingJson, 'status'>> & { status?: string } & Record<string, unknown> = {}): Promise<MeetingJson> {
  const answer = await createMeeting(client, { title: 'Council meeting', meeting_date: '2026-03-10', ...body });
  if (answer.status !== 201 || !answer.body.success) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export async function updateMeetingOk(client: ApiClient, id: string, body: Record<string, unknown>): Promise<MeetingJson> {
  const answer = await client.rest<MeetingJson>('PUT', `/api/sports-council/meetings/${id}`, body);
  if (answer.status !== 200 || !answer.body.success) throw new Error(`update failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export async function listMeetings(client: ApiClient, query = ''): Promise<MeetingJson[]> {
  const answer = await client.rest<MeetingJson[]>('GET', `/api/sports-council/meetings${query}`);
  if (answer.status !== 200 || !answer.body.success) throw new Error(`list failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export async function checkAdmin(client: ApiClient): Promise<boolean> {
  const answer = await client.rest<{ is_admin: boolean }>('GET', '/api/sports-council/check-admin');
  if (answer.status !== 200 || !answer.body.success) throw new Error(`check-admin failed: ${answer.status}`);
  return answer.body.data.is_admin;
}

export interface CouncilAdminView {
  email: string;
  fullName: string | null;
  grantedAt: string;
  member: { id: string; name: string; email: string | null } | null;
}

export async function grantOk(platformAdmin: ApiClient, email: string): Promise<CouncilAdminView> {
  return (await mutateOk<{ councilAdmin: CouncilAdminView }>(platformAdmin, GRANT, { email }, 'grantCouncilAdmin')).councilAdmin;
}

export async function revokeOk(platformAdmin: ApiClient, email: string): Promise<boolean> {
  return (await mutateOk<{ revoked: boolean }>(platformAdmin, REVOKE, { email }, 'revokeCouncilAdmin')).revoked;
}

/** Every council administrator grant, all pages. */
export async function allCouncilAdmins(platformAdmin: ApiClient): Promise<CouncilAdminView[]> {
  const all: CouncilAdminView[] = [];
  let after: string | null = null;
  for (;;) {
    const page: any = (await gqlOk(platformAdmin, ADMINS, { first: 100, after })).councilAdmins;
    all.push(...nodesOf<CouncilAdminView>(page));
    if (!page.pageInfo.hasNextPage) return all;
    after = page.pageInfo.endCursor;
  }
}

// ---------------------------------------------------------------------------------------------
// Direct database reads.

export async function meetingRow(server: HasDb, id: string) {
  const [row] = await dbOf(server).select().from(councilMeetings).where(eq(councilMeetings.id, id));
  return row ?? null;
}

export function allMeetingRows(server: HasDb) {
  return dbOf(server).select().from(councilMeetings).orderBy(councilMeetings.id);
}

export async function countMeetings(server: HasDb): Promise<number> {
  const [row] = await dbOf(server).select({ n: count() }).from(councilMeetings);
  return Number(row?.n ?? 0);
}

export function councilAdminRows(server: HasDb) {
  return dbOf(server).select().from(councilAdmins);
}

// ---------------------------------------------------------------------------------------------
// Calendar dates (YYYY-MM-DD) relative to today in the council's zone.

export function todayInZone(timeZone = COUNCIL_ZONE, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// iCalendar.

export async function fetchIcs(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const res = await fetch(baseUrl + path, { headers });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, text: bytes.toString('utf8'), bytes };
}

/** Parses with ical.js (throws on malformed input); answers the VCALENDAR and its VEVENTs. */
export function parseIcs(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent') };
}

/** The content lines, unfolded (RFC 5545 3.1), split on CRLF. */
export function unfoldedLines(text: string): string[] {
  return text.replace(/\r\n[ \t]/g, '').split('\r\n').filter((l) => l !== '');
}

/** The unfolded lines of the VEVENT whose UID starts with the meeting id. */
export function eventLines(text: string, meetingId: string): string[] | null {
  const lines = unfoldedLines(text);
  let current: string[] | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT') {
      if (current?.some((l) => l.startsWith(`UID:${meetingId}`))) return current;
      current = null;
    } else current?.push(line);
  }
  return null;
}

/** The first property line of `name` (with or without parameters) in some unfolded lines. */
export function prop(lines: string[], name: string): string | undefined {
  return lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
}

/** The value part of a property line (after the first unquoted colon). */
export function propValue(lines: string[], name: string): string | undefined {
  const line = prop(lines, name);
  if (line === undefined) return undefined;
  return line.slice(line.indexOf(':') + 1);
}

/** Undoes the TEXT escaping of RFC 5545 3.3.11. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}
