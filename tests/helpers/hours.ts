// Helpers for the volunteer hours tests (issue 30 §3): the issue's wording (written here on the test
// side, not imported from the server), GraphQL documents, and direct inserts of shifts and places
// (the shifts module is built elsewhere; its rows are what attendance reads).
import { sql } from 'drizzle-orm';
import type { Clubroom } from '../../server/src/app/clubroom.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import type { ApiClient, GqlAnswer } from './client.js';
import { dbOf } from './messages.js';

type HasDb = { clubroom: Clubroom };

export const HOURS_TEXT = {
  notAccepted: 'You can only claim hours for a position you were accepted to.',
  dateInFuture: 'You cannot claim hours for a date in the future.',
  dateBeforeApplication: 'You cannot claim hours for a date before you applied to this position.',
  dayOver: (date: string, already: string) => `You already have ${already} hours recorded on ${date}; a day holds at most 24 hours.`,
  hoursPositive: 'Hours must be more than 0',
  hoursMax: 'Hours must be at most 24',
  hoursStep: 'Hours can be given to the minute at most (e.g. 1.25)',
  noteMax: 'Note must be at most 500 characters',
  reasonRequired: 'Please give a reason',
  hoursNotFound: 'Hours not found',
  onlyPending: 'Only pending hours can be approved or declined.',
  onlyApproved: 'Only approved hours can be revoked.',
  signupNotFound: 'Shift place not found',
  signupNotAccepted: 'Only volunteers accepted for the shift can be marked attended or absent.',
  shiftNotEnded: 'Attendance can be confirmed only after the shift has ended.',
  shiftCancelled: 'This shift was cancelled.',
  item: (n: number, message: string) => `Item ${n}: ${message}`,
  noClub: 'Only club owners can manage volunteer hours.',
  linkInvalid: 'This download link is not valid. Please export again.',
} as const;

const USER_ERRORS = 'userErrors { field code message }';
export const HOURS_FIELDS = 'id source status workDate minutes note reason decidedAt createdAt positionTitle clubName volunteerName';

export const CLAIM = `mutation Claim($input: ClaimVolunteerHoursInput!) { claimVolunteerHours(input: $input) { hours { ${HOURS_FIELDS} } ${USER_ERRORS} } }`;
export const APPROVE = `mutation Approve($input: ApproveVolunteerHoursInput!) { approveVolunteerHours(input: $input) { hours { ${HOURS_FIELDS} } ${USER_ERRORS} } }`;
export const DECLINE = `mutation Decline($input: DeclineVolunteerHoursInput!) { declineVolunteerHours(input: $input) { hours { ${HOURS_FIELDS} } ${USER_ERRORS} } }`;
export const REVOKE = `mutation Revoke($input: RevokeVolunteerHoursInput!) { revokeVolunteerHours(input: $input) { hours { ${HOURS_FIELDS} } ${USER_ERRORS} } }`;
export const ATTENDANCE = `mutation Attendance($input: MarkShiftAttendanceInput!) { markShiftAttendance(input: $input) { signups { id attendance volunteer { name } shift { startsAt endsAt position { title } } } userErrors { field code message } } }`;
export const EXPORT = `mutation Export($input: ExportClubVolunteerHoursInput!) { exportClubVolunteerHours(input: $input) { file { downloadUrl filename expiresAt } ${USER_ERRORS} } }`;
export const MY_HOURS = `query MyHours($status: VolunteerHoursStatus, $first: Int) { myVolunteerHours(status: $status, first: $first) { totalCount edges { node { ${HOURS_FIELDS} } } } }`;
export const MY_SUMMARY = '{ myVolunteerHoursSummary { totalMinutes totalHours byClub { club { id } clubName minutes hours } byMonth { month minutes hours } } }';
export const MY_POSITIONS = '{ myHoursPositions { totalCount nodes { position { id } positionTitle clubName appliedOn } } }';
export const CLUB_HOURS = `query ClubHours($status: VolunteerHoursStatus, $first: Int) { clubVolunteerHours(status: $status, first: $first) { totalCount edges { node { ${HOURS_FIELDS} } } } }`;
export const CLUB_SUMMARY = '{ clubVolunteerHoursSummary { totalMinutes totalHours byVolunteer { volunteer { id } volunteerName minutes hours } byPosition { position { id } positionTitle minutes hours } } }';
export const AWAITING = '{ clubShiftsAwaitingAttendance(first: 100) { totalCount nodes { id attendance volunteer { name } shift { startsAt endsAt position { title } } } } }';
export const HOURS_NODE = `query Node($id: ID!) { node(id: $id) { id ... on VolunteerHours { status minutes } } }`;

export interface HoursView {
  id: string;
  source: 'SHIFT' | 'CLAIM';
  status: 'PENDING' | 'APPROVED' | 'DECLINED' | 'REVOKED';
  workDate: string;
  minutes: number;
  note: string;
  reason: string | null;
  decidedAt: string | null;
  createdAt: string;
  positionTitle: string;
  clubName: string;
  volunteerName: string;
}

export const claim = (client: ApiClient, input: Record<string, unknown>, token?: string): Promise<GqlAnswer> => client.gql(CLAIM, { input }, token ? { token } : undefined);
export const approve = (client: ApiClient, ids: string[], token?: string): Promise<GqlAnswer> => client.gql(APPROVE, { input: { ids } }, token ? { token } : undefined);
export const decline = (client: ApiClient, ids: string[], reason: string): Promise<GqlAnswer> => client.gql(DECLINE, { input: { ids, reason } });
export const revoke = (client: ApiClient, ids: string[], reason: string): Promise<GqlAnswer> => client.gql(REVOKE, { input: { ids, reason } });
export const markAttendance = (client: ApiClient, ids: string[], attendance: 'ATTENDED' | 'ABSENT'): Promise<GqlAnswer> => client.gql(ATTENDANCE, { input: { ids, attendance } });

/** A shift place's global id (its ShiftSignup). */
export const signupGlobalId = (uuid: string) => toGlobalId('ShiftSignup', uuid);
export const hoursGlobalId = (uuid: string) => toGlobalId('VolunteerHours', uuid);

const rows = <T>(result: unknown): T[] => (Array.isArray(result) ? result : ((result as { rows: T[] }).rows ?? [])) as T[];

/** A day `offset` days from today on `zone`'s wall clock, YYYY-MM-DD (as the database computes it). */
export async function dayIn(server: HasDb, zone: string, offset = 0): Promise<string> {
  const [row] = rows<{ day: string }>(await dbOf(server).execute(sql`select ((now() at time zone ${zone})::date + ${offset}::int)::text as day`));
  return row!.day;
}

/** A shift of a position inserted directly; answers its id. */
export async function insertShift(server: HasDb, spec: { positionId: string; clubId: string; startsAt: Date; endsAt: Date; cancelled?: boolean }): Promise<string> {
  const [row] = rows<{ id: string }>(
    await dbOf(server).execute(sql`insert into position_shifts (position_id, club_id, starts_at, ends_at, places, cancelled_at)
      values (${spec.positionId}, ${spec.clubId}, ${spec.startsAt.toISOString()}::timestamptz, ${spec.endsAt.toISOString()}::timestamptz, 5, ${spec.cancelled ? sql`now()` : sql`null`}) returning id`),
  );
  return row!.id;
}

/** A volunteer's place on a shift inserted directly ('accepted' unless said); answers its id. */
export async function insertSignup(
  server: HasDb,
  spec: { shiftId: string; applicationId: string; positionId: string; volunteerId: string; clubId: string; status?: string },
): Promise<string> {
  const [row] = rows<{ id: string }>(
    await dbOf(server).execute(sql`insert into shift_signups (shift_id, application_id, position_id, volunteer_id, club_id, status)
      values (${spec.shiftId}, ${spec.applicationId}, ${spec.positionId}, ${spec.volunteerId}, ${spec.clubId}, ${spec.status ?? 'accepted'}) returning id`),
  );
  return row!.id;
}

export async function hoursRows(server: HasDb, volunteerId: string) {
  return rows<{ id: string; status: string; minutes: number; work_date: string; source: string; reason: string | null; shift_signup_id: string | null; note: string }>(
    await dbOf(server).execute(sql`select id, status, minutes, work_date::text as work_date, source, reason, shift_signup_id, note from volunteer_hours where volunteer_id = ${volunteerId} order by created_at, id`),
  );
}

export async function hoursEvents(server: HasDb, hoursId: string) {
  return rows<{ action: string; actor_id: string | null; reason: string | null }>(
    await dbOf(server).execute(sql`select action, actor_id, reason from volunteer_hours_events where hours_id = ${hoursId} order by created_at, id`),
  );
}

export async function kindNotifications(server: HasDb, userId: string, kind: string) {
  return rows<{ title: string; description: string; action_url: string | null }>(
    await dbOf(server).execute(sql`select title, description, action_url from notifications where user_id = ${userId} and kind = ${kind} order by created_at, id`),
  );
}

/** Everything the hours tables hold, for 'nothing changed' checks. */
export async function hoursSnapshot(server: HasDb): Promise<string> {
  const [row] = rows<{ snap: string }>(
    await dbOf(server).execute(sql`select json_build_object(
      'hours', (select coalesce(json_agg(h order by h.id), '[]') from volunteer_hours h),
      'events', (select count(*) from volunteer_hours_events),
      'signups', (select coalesce(json_agg(json_build_object('id', s.id, 'a', s.attendance, 'at', s.attendance_at) order by s.id), '[]') from shift_signups s),
      'notifications', (select count(*) from notifications))::text as snap`),
  );
  return row!.snap;
}
