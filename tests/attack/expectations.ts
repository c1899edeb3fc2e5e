// The authorization matrix's expectation table: for every GraphQL operation (keyed by its name in
// schema.graphql) and every route of the Fastify router (keyed "METHOD /path"), what each caller
// gets. authorization-matrix.test.ts walks the schema and the router and FAILS for an operation or a
// route that has no entry here: add one when you add an operation or a route.
//
// Outcomes: 'ok' (answered; a write may change the database), 'unchanged' (answered, and the
// database is exactly as before: a no-op for this caller), or the refusal's code (and then the
// database must be exactly as before too). The codes are those docs/API.md names.
import { sql } from 'drizzle-orm';
import { databaseId, toGlobalId } from '../../server/src/graphql/relay.js';
import { newCertificateCode } from '../../server/src/modules/certificates/certificates.service.js';
import type { TestServer } from '../helpers/server.js';
import { ROLES, type Principal, type Principals, type Role } from './support.js';

export type Outcome = 'ok' | 'unchanged' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'INVALID_RESET_TOKEN' | 'BAD_REQUEST' | 'BAD_USER_INPUT';
export type Expectation = Record<Role, Outcome>;

export interface Cell {
  server: TestServer;
  p: Principals;
  role: Role;
  caller: Principal;
  fx: Fixture;
}

export interface Fixture {
  /** A public and a non-public council meeting. */
  publicMeetingId: string;
  privateMeetingId: string;
  /** A volunteer position of clubOwner's club. */
  positionId: string;
  /** A pending application (global id) of member's to a live position of clubOwner's club. */
  applicationId: string;
  /** A pending content report (global id) of the bystander's about a club nobody of the matrix owns. */
  reportId: string;
  /** A content removal (global id of the ModerationAction) whose club is still removed. */
  actionId: string;
}

export interface GraphqlEntry {
  expect: Expectation;
  /** The operation's variables for this cell (may prepare rows first: not counted as a change). */
  vars?: (cell: Cell) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Puts back what an allowed call changed that later cells rely on. */
  restore?: (cell: Cell, allowed: boolean) => Promise<void>;
  /** An audited read: the tables an allowed call of this query must write (and the only ones it
   *  may). Any other query changes nothing. */
  writes?: string[];
}

export interface RouteEntry {
  expect: Expectation;
  /** Covered by another part of the suite (the GraphQL transport): the reason. */
  coveredBy?: string;
  path?: (cell: Cell) => Promise<string> | string;
  body?: (cell: Cell) => Promise<unknown> | unknown;
  /** Sent as multipart/form-data with one part `file` instead of a JSON body. */
  multipart?: (cell: Cell) => Promise<{ name: string; bytes: Uint8Array }> | { name: string; bytes: Uint8Array };
  restore?: (cell: Cell, allowed: boolean) => Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Shorthands.

const all = (outcome: Outcome): Expectation => Object.fromEntries(ROLES.map((r) => [r, outcome])) as Expectation;
const PUBLIC = all('ok');
const PUBLIC_READ = all('unchanged');
/** Any signed-in caller; anonymous is UNAUTHENTICATED. */
const SIGNED_IN: Expectation = { ...all('ok'), anonymous: 'UNAUTHENTICATED' };
const SIGNED_IN_READ: Expectation = { ...all('unchanged'), anonymous: 'UNAUTHENTICATED' };
/** Only these roles; other signed-in callers get `otherwise`; anonymous is UNAUTHENTICATED. */
function only(roles: Role[], otherwise: Outcome, allowed: Outcome = 'ok'): Expectation {
  return Object.fromEntries(ROLES.map((r) => [r, roles.includes(r) ? allowed : r === 'anonymous' ? 'UNAUTHENTICATED' : otherwise])) as Expectation;
}
const COUNCIL_ADMINS: Role[] = ['councilAdmin', 'platformAdmin'];
const CLUB_OWNERS: Role[] = ['clubOwner', 'otherClubOwner'];
/** The administration area: the platform administrator only; everyone else is FORBIDDEN. */
const PLATFORM_ADMIN = only(['platformAdmin'], 'FORBIDDEN');
const PLATFORM_ADMIN_READ = only(['platformAdmin'], 'FORBIDDEN', 'unchanged');

// ---------------------------------------------------------------------------------------------
// Helpers that prepare targets.

const db = (cell: Cell) => cell.server.clubroom.database.db;

/** A push device of the member principal's (its global id). */
async function memberPushDevice(cell: Cell): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`
      insert into push_subscriptions (user_id, endpoint, p256dh, auth, label)
      values (${cell.p.member.userId}, ${`https://93.184.216.34/push/${Math.random().toString(36).slice(2)}`}, ${`B${'A'.repeat(86)}`}, ${'A'.repeat(22)}, 'Matrix device') returning id`),
  );
  return toGlobalId('PushDevice', String(row!.id));
}

/** The matrix's callers message the bystander: a block from a cell must not outlive it. */
async function unblockBystander(cell: Cell): Promise<void> {
  await db(cell).execute(sql`delete from member_blocks where blocked_id = ${cell.p.bystander.userId}`);
}

/** The path of the bystander's calendar feed (a new secret each time): the secret is the authority. */
async function bystanderFeedPath(cell: Cell): Promise<string> {
  const feed = await cell.server.clubroom.services.calendar.rotate({ userId: cell.p.bystander.userId! } as Parameters<typeof cell.server.clubroom.services.calendar.rotate>[0]);
  return new URL(feed.url).pathname;
}

/** The 'Add to calendar' path of a new event of clubOwner's (approved) club. */
async function clubEventFilePath(cell: Cell): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`
      insert into club_sessions (club_id, kind, title, starts_at, ends_at)
      values (${cell.p.clubOwner.userId}, 'event', 'Matrix open day', now() + interval '3 days', now() + interval '3 days 2 hours') returning id`),
  );
  return `/clubs/${cell.p.clubOwner.clubId}/sessions/${toGlobalId('ClubSession', String(row!.id))}.ics`;
}

/** Approved volunteer hours of `userId` at a new position of clubOwner's club (March 2026), so a
 *  certificate can be asked for; answers the hours row's id. */
export async function approvedHours(cell: Cell, userId: string): Promise<string> {
  const [position] = rows(
    await db(cell).execute(sql`insert into club_volunteer_positions (club_id, title, description)
      values (${cell.p.clubOwner.userId}, 'Matrix steward', 'Stewarding for the matrix.') returning id`),
  );
  const [application] = rows(
    await db(cell).execute(sql`insert into volunteer_applications (position_id, volunteer_id, club_id, status, message)
      values (${position!.id}, ${userId}, ${cell.p.clubOwner.userId}, 'accepted', 'I would love to help out on Saturday mornings.') returning id`),
  );
  const [hours] = rows(
    await db(cell).execute(sql`insert into volunteer_hours (volunteer_id, club_id, position_id, application_id, source, work_date, minutes, status)
      values (${userId}, ${cell.p.clubOwner.userId}, ${position!.id}, ${application!.id}, 'claim', '2026-03-14', 90, 'approved') returning id`),
  );
  return hours!.id as string;
}

/** A certificate of the member's over those hours (its PDF not made); answers its database id. */
export async function memberCertificate(cell: Cell): Promise<string> {
  const hoursId = await approvedHours(cell, cell.p.member.userId!);
  const code = newCertificateCode();
  const facts = { name: 'Matrix Member', from: '2026-03-01', to: '2026-03-31', issuedOn: '2026-04-01', allClubs: true, clubs: [], totalMinutes: 90 };
  const [certificate] = rows(
    await db(cell).execute(sql`insert into volunteer_certificates (code, volunteer_id, from_date, to_date, facts, total_minutes)
      values (${code}, ${cell.p.member.userId}, '2026-03-01', '2026-03-31', ${JSON.stringify(facts)}::jsonb, 90) returning id`),
  );
  await db(cell).execute(sql`insert into certificate_hours (certificate_id, hours_id) values (${certificate!.id}, ${hoursId})`);
  return certificate!.id as string;
}

/** A calendar feed made by an allowed cell goes, so the next cell's createCalendarFeed is a first one. */
async function dropCalendarFeed(cell: Cell): Promise<void> {
  if (cell.caller.userId) await db(cell).execute(sql`delete from calendar_feeds where user_id = ${cell.caller.userId}`);
}

/** A one-click unsubscribe link's token: the bystander's report-outcome emails. */
async function unsubscribeToken(cell: Cell): Promise<string> {
  const url = await cell.server.clubroom.services.notificationPreferences.unsubscribeUrl(cell.p.bystander.userId!, 'report_outcome');
  return new URL(url).searchParams.get('token')!;
}

/** A one-tap answer link (Going) of a session reminder: the bystander's, who follows the club
 *  owner principal's club, for a new event of it. */
async function answerLinkToken(cell: Cell): Promise<string> {
  const sessionId = databaseId(await ownerEvent(cell), 'ClubSession')!;
  await db(cell).execute(sql`insert into club_follows (club_id, user_id) values (${cell.p.clubOwner.userId}, ${cell.p.bystander.userId}) on conflict do nothing`);
  const url = await cell.server.clubroom.services.sessionReminders.answerUrl(cell.p.bystander.userId!, { id: sessionId, startsAt: new Date(Date.now() + 72 * 3_600_000) }, 'going');
  return new URL(url).searchParams.get('token')!;
}

const inHours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const matrixEventInput = () => ({ title: 'Matrix event', description: 'An event the matrix adds.', place: 'Matrix park', startsAt: inHours(72), endsAt: inHours(74), capacity: 10 });

/** A new event of the club owner principal's club (its global id). */
async function ownerEvent(cell: Cell): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`insert into club_sessions (club_id, kind, title, starts_at, ends_at) values (${cell.p.clubOwner.userId}, 'event', 'Matrix event', now() + interval '3 days', now() + interval '3 days 2 hours') returning id`),
  );
  return toGlobalId('ClubSession', String(row!.id));
}

function rows(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
}

async function gqlData(caller: Principal, query: string, variables: Record<string, unknown>): Promise<any> {
  const answer = await caller.client.gql(query, variables);
  if (answer.errors?.length) throw new Error(`preparing a cell failed: ${query}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** A new message from `from` to `to`; answers its global id. */
async function message(from: Principal, to: Principal): Promise<string> {
  const data = await gqlData(from, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { message } } }', {
    i: { recipientId: to.memberId, subject: 'Matrix message', content: 'A message the authorization matrix sends.' },
  });
  if (!data.sendMessage.message) throw new Error(`preparing a cell failed: sendMessage: ${JSON.stringify(data.sendMessage.userErrors)}`);
  return data.sendMessage.message.id;
}

/** A new council meeting; answers its database id (REST paths take it; GraphQL takes meetingGid). */
async function newMeeting(cell: Cell, isPublic = true): Promise<string> {
  const data = await gqlData(cell.p.platformAdmin, 'mutation($i: CreateCouncilMeetingInput!) { createCouncilMeeting(input: $i) { meeting { id } userErrors { message } } }', {
    i: { title: 'Matrix meeting', meetingDate: '2026-05-05', isPublic },
  });
  if (!data.createCouncilMeeting.meeting) throw new Error(`preparing a cell failed: createCouncilMeeting: ${JSON.stringify(data.createCouncilMeeting.userErrors)}`);
  return databaseId(data.createCouncilMeeting.meeting.id, 'CouncilMeeting')!;
}

/** A council meeting's global id from its database id. */
const meetingGid = (uuid: string) => toGlobalId('CouncilMeeting', uuid);

async function newPosition(cell: Cell): Promise<string> {
  const data = await gqlData(cell.p.clubOwner, 'mutation($i: CreateVolunteerPositionInput!) { createVolunteerPosition(input: $i) { position { id } } }', {
    i: { title: 'Matrix role', description: 'A position the authorization matrix creates.' },
  });
  return data.createVolunteerPosition.position.id;
}

/** A fresh refresh token of the bystander (a new session). */
async function refreshToken(cell: Cell): Promise<string> {
  const { ApiClient } = await import('../helpers/client.js');
  const client = new ApiClient(cell.server.url);
  const answer = await client.signIn(cell.p.bystander.email!, cell.p.bystander.password);
  if (!answer.body?.success) throw new Error(`bystander sign-in failed: ${JSON.stringify(answer.body)}`);
  return answer.body.data.session.refresh_token;
}

/** Removes a club that an allowed saveClubProfile created for a caller who had none. */
async function dropCreatedClub(cell: Cell) {
  if (cell.caller.clubName || !cell.caller.userId) return;
  await db(cell).execute(sql`delete from clubs where id = ${cell.caller.userId}`);
}

const profileInput = (cell: Cell) => ({
  name: cell.caller.clubName ?? 'Matrix Made Club',
  category: 'Football',
  description: 'A profile saved by the authorization matrix.',
  contactEmail: 'matrix@example.com',
});

/** changePassword's new password in the matrix; its restore puts the caller's own back. */
const MATRIX_PASSWORD = 'Matr1x!Changed-pw';
const CHANGE_PASSWORD = 'mutation($i: ChangePasswordInput!) { changePassword(input: $i) { passwordChanged } }';

const renewAfterSignOut = async (cell: Cell, allowed: boolean) => {
  if (allowed) await cell.caller.renew();
};

/** A new club application (its owner's account and the pending club row), inserted directly;
 *  answers its database id (REST takes it; GraphQL takes clubGid). */
async function newApplication(cell: Cell, status: 'pending' | 'approved' = 'pending'): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const [user] = rows(
    await db(cell).execute(sql`insert into users (email, full_name, password_hash) values (${`matrix.app.${tag}@example.com`}, 'Matrix Applicant', 'not-a-hash') returning id`),
  );
  await db(cell).execute(sql`insert into clubs (id, name, contact_email, application_status, category, city, description)
    values (${user!.id as string}, ${`Matrix Application ${tag}`}, ${`matrix.app.${tag}@example.com`}, ${status}, 'Football', 'Leeds', 'An application the authorization matrix reviews.')`);
  return user!.id as string;
}

const clubGid = (uuid: string) => toGlobalId('Club', uuid);

/** A finished bulk approval the platform administrator started; answers its global id. */
async function newBulkApproval(cell: Cell): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`insert into admin_bulk_approvals (admin_id, club_ids, status, processed, finished_at)
      values (${cell.p.platformAdmin.userId}, array[${await newApplication(cell)}]::uuid[], 'completed', 1, now()) returning id`),
  );
  return toGlobalId('BulkApproval', row!.id as string);
}

/** Waits for the bulk approvals an allowed call started (they run after the answer). */
const settleBulk = async (cell: Cell) => {
  await cell.server.clubroom.services.adminApprovals.settle();
};

// ---- volunteers ----

/** A 1×1 PNG: what the profile image cells upload. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Callers given a volunteer profile for a cell (removed again by its restore). */
const preparedProfiles = new Set<string>();

/** Gives the caller a volunteer profile for the cell when it may have one (a signed-in caller
 *  without a club) and has none; club owners stay without (they may not have one). */
async function prepareProfile(cell: Cell): Promise<void> {
  const id = cell.caller.userId;
  if (!id || cell.caller.clubName) return;
  const inserted = rows(
    await db(cell).execute(sql`insert into volunteer_profiles (user_id, first_name, last_name, email) values (${id}, 'Matrix', 'Volunteer', 'matrix.volunteer@example.com')
      on conflict (user_id) do nothing returning user_id`),
  );
  if (inserted.length) preparedProfiles.add(id);
}

/** Removes a profile prepareProfile made (and the image file a cell stored for it). */
async function dropPreparedProfile(cell: Cell): Promise<void> {
  const id = cell.caller.userId;
  if (!id || !preparedProfiles.delete(id)) return;
  const [row] = rows(await db(cell).execute(sql`select profile_image_url from volunteer_profiles where user_id = ${id}`));
  if (row?.profile_image_url) await cell.server.clubroom.services.profileImages.remove({ userId: id } as never);
  await db(cell).execute(sql`delete from volunteer_profiles where user_id = ${id}`);
}

/** The caller's profile before saveVolunteerProfile (null: none), to put back afterwards. */
const profilesBefore = new Map<string, unknown>();

async function rememberProfile(cell: Cell): Promise<void> {
  const id = cell.caller.userId;
  if (!id) return;
  const [row] = rows(await db(cell).execute(sql`select to_jsonb(p) as row from volunteer_profiles p where user_id = ${id}`));
  profilesBefore.set(id, row?.row ?? null);
}

async function putProfileBack(cell: Cell): Promise<void> {
  const id = cell.caller.userId;
  if (!id || !profilesBefore.has(id)) return;
  const before = profilesBefore.get(id);
  profilesBefore.delete(id);
  await db(cell).execute(sql`delete from volunteer_profiles where user_id = ${id}`);
  if (!before) return;
  const columns = sql.raw('user_id, first_name, last_name, email, location, skills, skill_keys, availability, bio, profile_image_url, created_at, updated_at');
  await db(cell).execute(sql`insert into volunteer_profiles (${columns}) select ${columns} from jsonb_populate_record(null::volunteer_profiles, ${JSON.stringify(before)}::jsonb)`);
}

/** A stored profile image of the bystander's (made once per server): its address. */
const storedImages = new WeakMap<object, string>();

async function storedImage(cell: Cell): Promise<string> {
  const known = storedImages.get(cell.server);
  if (known) return known;
  const bystander = cell.p.bystander;
  await db(cell).execute(sql`insert into volunteer_profiles (user_id, first_name, last_name, email) values (${bystander.userId}, 'Bea', 'Bystander', ${bystander.email})
    on conflict (user_id) do nothing`);
  const viewer = { userId: bystander.userId!, sessionId: bystander.userId!, email: bystander.email!, role: 'volunteer', isPlatformAdmin: false, isCouncilAdmin: false } as const;
  const url = await cell.server.clubroom.services.profileImages.store(viewer, 'matrix.png', PNG);
  storedImages.set(cell.server, url);
  return url;
}

// ---- opportunities and applications ----

/** A new live, active position of clubOwner's (approved) club, inserted directly; answers its
 *  database id. Each cell gets its own, so one caller's application never blocks the next. */
async function newOpenPosition(cell: Pick<Cell, 'server' | 'p'>): Promise<string> {
  const [row] = rows(
    await db(cell as Cell).execute(sql`insert into club_volunteer_positions (club_id, title, description, is_live, required_skills, skill_keys)
      values (${cell.p.clubOwner.userId}, 'Matrix opportunity', 'An opportunity the authorization matrix applies to.', true, array['Coaching'], array['coaching']) returning id`),
  );
  return row!.id as string;
}

/** A new pending application of member's (given a profile once) to a new open position of
 *  clubOwner's club, with its first history event, inserted directly; answers its global id. */
async function newVolunteerApplication(cell: Pick<Cell, 'server' | 'p'>): Promise<string> {
  const member = cell.p.member;
  await db(cell as Cell).execute(sql`insert into volunteer_profiles (user_id, first_name, last_name, email) values (${member.userId}, 'Mia', 'Member', ${member.email})
    on conflict (user_id) do nothing`);
  const positionId = await newOpenPosition(cell);
  const [row] = rows(
    await db(cell as Cell).execute(sql`insert into volunteer_applications (position_id, volunteer_id, club_id, message)
      values (${positionId}, ${member.userId}, ${cell.p.clubOwner.userId}, 'An application the authorization matrix made.') returning id`),
  );
  await db(cell as Cell).execute(sql`insert into volunteer_application_events (application_id, status, actor_id) values (${row!.id as string}, 'pending', ${member.userId})`);
  return toGlobalId('VolunteerApplication', row!.id as string);
}

// ---- volunteer hours (issue 30 §3) ----

/** member accepted to a new open position of clubOwner's club (inserted directly); answers the
 *  application's and the position's database ids. */
export async function newAcceptedApplication(cell: Pick<Cell, 'server' | 'p'>): Promise<{ applicationId: string; positionId: string }> {
  const applicationId = databaseId(await newVolunteerApplication(cell), 'VolunteerApplication')!;
  await db(cell as Cell).execute(sql`update volunteer_applications set status = 'accepted', applied_at = now() - interval '2 days' where id = ${applicationId}`);
  const [row] = rows(await db(cell as Cell).execute(sql`select position_id from volunteer_applications where id = ${applicationId}`));
  return { applicationId, positionId: row!.position_id as string };
}

/** Hours of member's at clubOwner's club in `status` (a claim of yesterday), inserted directly;
 *  answers their global id. */
export async function newHours(cell: Pick<Cell, 'server' | 'p'>, status: 'pending' | 'approved' = 'pending'): Promise<string> {
  const { applicationId, positionId } = await newAcceptedApplication(cell);
  const [row] = rows(
    await db(cell as Cell).execute(sql`insert into volunteer_hours (volunteer_id, club_id, position_id, application_id, source, work_date, minutes, status)
      values (${cell.p.member.userId}, ${cell.p.clubOwner.userId}, ${positionId}, ${applicationId}, 'claim', current_date - 1, 60, ${status}) returning id`),
  );
  return toGlobalId('VolunteerHours', row!.id as string);
}

/** member's accepted place on an ended shift of clubOwner's club, inserted directly; answers its
 *  global id. */
export async function newEndedPlace(cell: Pick<Cell, 'server' | 'p'>): Promise<string> {
  const { applicationId, positionId } = await newAcceptedApplication(cell);
  const [shift] = rows(
    await db(cell as Cell).execute(sql`insert into position_shifts (position_id, club_id, starts_at, ends_at, places)
      values (${positionId}, ${cell.p.clubOwner.userId}, now() - interval '5 hours', now() - interval '2 hours', 3) returning id`),
  );
  const [place] = rows(
    await db(cell as Cell).execute(sql`insert into shift_signups (shift_id, application_id, position_id, volunteer_id, club_id, status)
      values (${shift!.id as string}, ${applicationId}, ${positionId}, ${cell.p.member.userId}, ${cell.p.clubOwner.userId}, 'accepted') returning id`),
  );
  return toGlobalId('ShiftSignup', place!.id as string);
}

/** The club owner's hours mutations: clubOwner decides; the other club finds nothing of its own
 *  (NOT_FOUND); a caller without a club is FORBIDDEN. */
const CLUB_OWNER_HOURS: Expectation = { ...only(['clubOwner'], 'FORBIDDEN'), otherClubOwner: 'NOT_FOUND' };

const positionGid = (uuid: string) => toGlobalId('VolunteerPosition', uuid);

/** An application of member to a position of clubOwner's club, offered a place for a day (its uuid
 *  and the offer's deadline). */
async function offeredApplication(cell: Cell): Promise<{ id: string; until: Date }> {
  const id = databaseId(await newVolunteerApplication(cell), 'VolunteerApplication')!;
  const until = new Date(Math.floor(Date.now() / 1000) * 1000 + 86_400_000);
  await db(cell).execute(sql`update volunteer_applications set status = 'offered', queued_at = now(), offer_expires_at = ${until.toISOString()}::timestamptz where id = ${id}`);
  return { id, until };
}

/** A live position of clubOwner's with a shift in three days (and a second one a day later). */
async function shiftPosition(cell: Cell): Promise<{ positionId: string; shiftIds: [string, string] }> {
  const positionId = await newOpenPosition(cell);
  const made = rows(
    await db(cell).execute(sql`insert into position_shifts (position_id, club_id, starts_at, ends_at, places)
      values (${positionId}, ${cell.p.clubOwner.userId}, now() + interval '3 days', now() + interval '3 days 2 hours', 2),
             (${positionId}, ${cell.p.clubOwner.userId}, now() + interval '4 days', now() + interval '4 days 2 hours', 2) returning id, starts_at`),
  ).sort((x, y) => String(x.starts_at).localeCompare(String(y.starts_at)));
  return { positionId, shiftIds: [made[0]!.id as string, made[1]!.id as string] };
}

/** A sign-up of `role` (given a profile) to a shift, with its application; answers the sign-up's uuid. */
async function signup(cell: Cell, role: 'member' | 'otherMember', shiftId: string, positionId: string, status: string, offered = false): Promise<string> {
  const who = cell.p[role];
  await db(cell).execute(sql`insert into volunteer_profiles (user_id, first_name, last_name, email) values (${who.userId}, 'Matrix', 'Volunteer', ${who.email}) on conflict (user_id) do nothing`);
  const [app] = rows(
    await db(cell).execute(sql`insert into volunteer_applications (position_id, volunteer_id, club_id, message, status)
      values (${positionId}, ${who.userId}, ${cell.p.clubOwner.userId}, 'A shift application the matrix made.', ${status === 'accepted' ? 'accepted' : 'pending'}) returning id`),
  );
  const [row] = rows(
    await db(cell).execute(sql`insert into shift_signups (shift_id, application_id, position_id, volunteer_id, club_id, status, queued_at, offer_expires_at)
      values (${shiftId}, ${app!.id as string}, ${positionId}, ${who.userId}, ${cell.p.clubOwner.userId}, ${status}, ${offered ? sql`now()` : null}, ${offered ? sql`now() + interval '1 day'` : null}) returning id`),
  );
  return row!.id as string;
}

/** A swap proposed by member (shift 1) to otherMember (shift 2), both accepted. */
async function proposedSwap(cell: Cell): Promise<string> {
  const { positionId, shiftIds } = await shiftPosition(cell);
  const mine = await signup(cell, 'member', shiftIds[0], positionId, 'accepted');
  const theirs = await signup(cell, 'otherMember', shiftIds[1], positionId, 'accepted');
  const [row] = rows(await db(cell).execute(sql`insert into shift_swaps (position_id, from_signup_id, to_signup_id, proposed_by) values (${positionId}, ${mine}, ${theirs}, ${cell.p.member.userId}) returning id`));
  return toGlobalId('ShiftSwap', row!.id as string);
}

async function offerLinkToken(cell: Cell): Promise<string> {
  const offer = await offeredApplication(cell);
  const url = await cell.server.clubroom.services.volunteerOffers.offerUrl(cell.p.member.userId!, 'application', offer.id, 'accept', offer.until);
  return new URL(url).searchParams.get('token')!;
}

// ---- accounts and moderation (issue 13) ----

/** A new account (no club, no profile), inserted directly, with this status; answers its Member
 *  global id. Each cell acts on its own, so a suspension or a grant never touches a caller. */
async function newAccount(cell: Pick<Cell, 'server'>, status: 'active' | 'suspended' = 'active'): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 10);
  const [user] = rows(
    await db(cell as Cell).execute(sql`insert into users (email, full_name, password_hash, status, status_reason, status_changed_at)
      values (${`matrix.account.${tag}@example.com`}, 'Matrix Account', 'not-a-hash', ${status}, ${status === 'active' ? null : 'Suspended by the matrix'}, ${status === 'active' ? null : sql`now()`}) returning id`),
  );
  return toGlobalId('Member', user!.id as string);
}

/** A new pending report (database id) of the bystander's about a new approved club that nobody of
 *  the matrix owns, inserted directly (the API allows 20 reports an hour). */
async function newReportRow(cell: Pick<Cell, 'server' | 'p'>): Promise<string> {
  const clubId = await newApplication(cell as Cell, 'approved');
  const [row] = rows(
    await db(cell as Cell).execute(sql`insert into content_reports (reporter_id, target_type, target_id, target_owner_id, target_label, target_excerpt, reason, details)
      values (${cell.p.bystander.userId}, 'club', ${clubId}, ${clubId}, 'Matrix reported club', 'An application the authorization matrix reviews.', 'spam', 'Reported by the matrix')
      returning id`),
  );
  return row!.id as string;
}

/** A new pending report's global id. */
async function newReport(cell: Pick<Cell, 'server' | 'p'>): Promise<string> {
  return toGlobalId('ContentReport', await newReportRow(cell));
}

/** A content removal: a new approved club, removed, with its report resolved and the action row
 *  of the platform administrator's; answers the action's global id. */
async function newRemoval(cell: Pick<Cell, 'server' | 'p'>): Promise<string> {
  const reportId = await newReportRow(cell);
  const [report] = rows(await db(cell as Cell).execute(sql`update content_reports set status = 'resolved', reviewed_at = now(), reviewed_by = ${cell.p.platformAdmin.userId}, closed_at = now()
      where id = ${reportId} returning target_id`));
  const clubId = report!.target_id as string;
  await db(cell as Cell).execute(sql`update clubs set removed_at = now() where id = ${clubId}`);
  const [action] = rows(
    await db(cell as Cell).execute(sql`insert into moderation_actions (report_id, action_type, target_type, target_id, target_label, target_user_id, admin_id, admin_name, note)
      values (${reportId}, 'content_removal', 'club', ${clubId}, 'Matrix reported club', ${clubId}, ${cell.p.platformAdmin.userId}, 'Platform Administrator', 'Removed by the matrix') returning id`),
  );
  return toGlobalId('ModerationAction', action!.id as string);
}

/** A new announcement of clubOwner's club, sent to the member (a receipt, not read); answers its
 *  global id. Inserted directly, two days old: posting is limited to 5 per club a day, and the
 *  club's own postAnnouncement cell must not meet the limit. */
export async function newAnnouncement(cell: Pick<Cell, 'server' | 'p'>): Promise<string> {
  const [row] = rows(
    await db(cell as Cell).execute(sql`insert into club_announcements (club_id, author_id, title, body, created_at)
      values (${cell.p.clubOwner.userId}, ${cell.p.clubOwner.userId}, 'Matrix announcement', 'An announcement the authorization matrix reads.', now() - interval '2 days') returning id`),
  );
  await db(cell as Cell).execute(sql`insert into announcement_receipts (announcement_id, user_id) values (${row!.id as string}, ${cell.p.member.userId})`);
  return toGlobalId('Announcement', row!.id as string);
}

// ---- safeguarding checks (issue 30 §5) ----

/** A new offered check kind (its global id). */
async function newCheckKind(cell: Pick<Cell, 'server'>): Promise<string> {
  const [row] = rows(await db(cell as Cell).execute(sql`insert into check_kinds (name) values (${`Matrix check ${Math.random().toString(36).slice(2, 10)}`}) returning id`));
  return toGlobalId('CheckKind', row!.id as string);
}

/** A new check of member's (who applied to clubOwner's club: the fixture's application), of a new
 *  kind, expiring in two years; answers its global id. */
async function memberCheck(cell: Pick<Cell, 'server' | 'p'>): Promise<string> {
  const kindId = databaseId(await newCheckKind(cell), 'CheckKind');
  const [row] = rows(
    await db(cell as Cell).execute(sql`insert into volunteer_checks (volunteer_id, kind_id, issued_on, expires_on)
      values (${cell.p.member.userId}, ${kindId}, current_date - 100, current_date + 730) returning id`),
  );
  return toGlobalId('VolunteerCheck', row!.id as string);
}

/** Removes the checks a cell recorded for its caller (and their reminders). */
async function dropRecordedChecks(cell: Cell): Promise<void> {
  if (!cell.caller.userId) return;
  await db(cell).execute(sql`delete from jobs where key in (select 'check-expiry:' || id from volunteer_checks where volunteer_id = ${cell.caller.userId})`);
  await db(cell).execute(sql`delete from volunteer_checks where volunteer_id = ${cell.caller.userId}`);
  await dropPreparedProfile(cell);
}

// ---------------------------------------------------------------------------------------------
// GraphQL operations.

export const GRAPHQL: Record<string, GraphqlEntry> = {
  // ---- queries: public ----
  me: { expect: PUBLIC_READ },
  clubs: { expect: PUBLIC_READ, vars: () => ({ first: 5 }) },
  clubSports: { expect: PUBLIC_READ },
  sportCategories: { expect: PUBLIC_READ },
  councilMeetingStats: { expect: PUBLIC_READ },
  councilMeetingYears: { expect: PUBLIC_READ },
  councilMeetings: { expect: PUBLIC_READ },
  publicCouncilMeetings: { expect: PUBLIC_READ },
  club: {
    // An unapproved club: its owner and platform administrators see it; everyone else gets null
    // (a nullable lookup, not an error), so every caller reads it unchanged.
    expect: PUBLIC_READ,
    vars: async (cell) => {
      await db(cell).execute(sql`update clubs set application_status = 'pending' where id = ${cell.p.clubOwner.userId}`);
      return { id: cell.p.clubOwner.clubId };
    },
    restore: async (cell) => {
      await db(cell).execute(sql`update clubs set application_status = 'approved' where id = ${cell.p.clubOwner.userId}`);
    },
  },
  // Whether a club was listed and then removed: the same answer (false here, a listed club) for
  // every caller.
  clubRemoved: { expect: PUBLIC_READ, vars: (cell) => ({ id: cell.p.clubOwner.clubId }) },
  councilMeeting: {
    // A non-public meeting: council administrators see it; everyone else gets null (a nullable
    // lookup, not an error), so every caller reads it unchanged.
    expect: PUBLIC_READ,
    vars: (cell) => ({ id: meetingGid(cell.fx.privateMeetingId) }),
  },
  // ---- queries: signed in ----
  conversation: { expect: SIGNED_IN_READ, vars: (cell) => ({ partnerId: cell.p.bystander.memberId, last: 10 }) },
  conversationCounts: { expect: SIGNED_IN_READ },
  conversations: { expect: SIGNED_IN_READ, vars: () => ({ filter: 'ALL', first: 5 }) },
  inbox: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  sentMessages: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  messageRecipients: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  notifications: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  unreadMessageCount: { expect: SIGNED_IN_READ },
  unreadNotificationCount: { expect: SIGNED_IN_READ },
  // The caller's own notification settings: there is no user id to aim at someone else's.
  notificationSettings: { expect: SIGNED_IN_READ },
  blockedMembers: { expect: SIGNED_IN_READ },
  myFollowedClubs: { expect: SIGNED_IN_READ },
  // The caller's own calendar feed (whether there is one; never its address).
  myCalendarFeed: { expect: SIGNED_IN_READ },
  pushDevices: { expect: SIGNED_IN_READ },
  myDataExports: { expect: SIGNED_IN_READ },
  // The server's VAPID public key: public by nature.
  pushPublicKey: { expect: PUBLIC_READ },
  // A one-click unsubscribe link's page: the signed link is the authority, whoever holds it.
  // Certificates (issue 30 §4): the caller's own list and the clubs of their hours; the public
  // verification of a code (what a certificate states; a code of the wrong shape says so).
  myVolunteerCertificates: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  myCertificateClubs: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  certificateVerification: { expect: PUBLIC_READ, vars: async (cell) => ({ code: rows(await db(cell).execute(sql`select code from volunteer_certificates where id = ${await memberCertificate(cell)}`))[0]!.code }) },
  // A one-tap answer link's page: shows what the link would do and changes nothing.
  sessionAnswerLink: { expect: PUBLIC_READ, vars: async (cell) => ({ token: await answerLinkToken(cell) }) },
  placeOfferLink: { expect: PUBLIC_READ, vars: async (cell) => ({ token: await offerLinkToken(cell) }) },
  unsubscribeLink: { expect: PUBLIC_READ, vars: async (cell) => ({ token: await unsubscribeToken(cell) }) },
  member: { expect: SIGNED_IN_READ, vars: (cell) => ({ id: cell.p.bystander.memberId }) },
  // Any object by global id: anyone may ask; what the caller may not see is null (checked in
  // tests/api/conventions.test.ts and each domain's node tests), never an error.
  node: { expect: PUBLIC_READ, vars: (cell) => ({ id: cell.p.bystander.memberId }) },
  // A report and a moderation action among them: null for everyone but the platform administrator.
  nodes: { expect: PUBLIC_READ, vars: (cell) => ({ ids: [cell.p.bystander.memberId, meetingGid(cell.fx.publicMeetingId), cell.fx.reportId, cell.fx.actionId] }) },
  // Find Volunteers: owners of approved clubs (both matrix clubs are approved) and platform
  // administrators; anyone else signed in is FORBIDDEN 'Only approved clubs can search for volunteers.'
  volunteers: { expect: only([...CLUB_OWNERS, 'platformAdmin'], 'FORBIDDEN', 'unchanged'), vars: () => ({ first: 5 }) },
  // Opportunities: the browser and its skills are public; one opportunity by id is a nullable
  // lookup (the fixture's position is hidden: its owner and administrators see it, others get null).
  opportunities: { expect: PUBLIC_READ, vars: () => ({ first: 5 }) },
  opportunity: { expect: PUBLIC_READ, vars: (cell) => ({ id: cell.fx.positionId }) },
  opportunitySkills: { expect: PUBLIC_READ },
  // The caller's own applications and stats: any signed-in caller (an empty list without any).
  myVolunteerApplications: { expect: SIGNED_IN_READ, vars: () => ({ first: 5, sort: 'STATUS' }) },
  myShiftSwaps: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  myVolunteerApplicationStats: { expect: SIGNED_IN_READ },
  // member's application: member, clubOwner (its club) and the platform administrator see it;
  // anyone else signed in gets null (a nullable lookup, not an error).
  volunteerApplication: { expect: SIGNED_IN_READ, vars: (cell) => ({ id: cell.fx.applicationId }) },
  // Safeguarding checks: the kinds offered and the caller's own checks, any signed-in caller.
  checkKinds: { expect: SIGNED_IN_READ },
  myVolunteerChecks: { expect: SIGNED_IN_READ },
  // An audited read: the checks of member (who applied to clubOwner's club) for that club's owner
  // and administrators, each view written to the check's audit; null (unchanged) for anyone else.
  applicantChecks: {
    expect: { ...SIGNED_IN_READ, clubOwner: 'ok', platformAdmin: 'ok' },
    writes: ['volunteer_check_events'],
    vars: async (cell) => {
      await memberCheck(cell);
      return { applicationId: cell.fx.applicationId };
    },
  },
  // ---- queries: volunteer hours (issue 30 §3) ----
  myVolunteerHours: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  myVolunteerHoursSummary: { expect: SIGNED_IN_READ },
  myHoursPositions: { expect: SIGNED_IN_READ, vars: () => ({ first: 5 }) },
  // The club's side: its owners; a caller without a club is FORBIDDEN.
  clubVolunteerHours: { expect: only(CLUB_OWNERS, 'FORBIDDEN', 'unchanged'), vars: () => ({ first: 5 }) },
  clubVolunteerHoursSummary: { expect: only(CLUB_OWNERS, 'FORBIDDEN', 'unchanged') },
  clubShiftsAwaitingAttendance: { expect: only(CLUB_OWNERS, 'FORBIDDEN', 'unchanged'), vars: () => ({ first: 5 }) },
  // ---- queries: platform administrators ----
  adminCheckKinds: { expect: PLATFORM_ADMIN_READ },
  councilAdmins: { expect: only(['platformAdmin'], 'FORBIDDEN', 'unchanged') },
  adminPlatformStats: { expect: PLATFORM_ADMIN_READ },
  clubApplicationCounts: { expect: PLATFORM_ADMIN_READ },
  clubApplications: { expect: PLATFORM_ADMIN_READ, vars: () => ({ filter: { status: 'ALL' }, first: 5 }) },
  // An audited read: the administrator's view of a pending application is written to the audit
  // trail; everyone else is refused before anything is read or written.
  clubApplication: { expect: PLATFORM_ADMIN, writes: ['admin_actions'], vars: async (cell) => ({ id: clubGid(await newApplication(cell)) }) },
  adminActions: { expect: PLATFORM_ADMIN_READ, vars: () => ({ first: 5 }) },
  adminActivity: { expect: PLATFORM_ADMIN_READ, vars: () => ({ from: '2020-01-01' }) },
  clubApplicationStatistics: { expect: PLATFORM_ADMIN_READ, vars: () => ({ from: '2020-01-01', to: '2030-12-31' }) },
  bulkApproval: { expect: PLATFORM_ADMIN_READ, vars: async (cell) => ({ id: await newBulkApproval(cell) }) },
  // Users, moderation and analytics (issue 13): the platform administrator only. A report is seen
  // by its reporter through reportContent's payload and node, never through the admin lookup.
  adminUsers: { expect: PLATFORM_ADMIN_READ, vars: () => ({ first: 5, filter: 'ALL', search: 'matrix' }) },
  adminUserStats: { expect: PLATFORM_ADMIN_READ },
  contentReports: { expect: PLATFORM_ADMIN_READ, vars: () => ({ first: 5, status: 'PENDING' }) },
  contentReport: { expect: PLATFORM_ADMIN_READ, vars: (cell) => ({ id: cell.fx.reportId }) },
  moderationActions: { expect: PLATFORM_ADMIN_READ, vars: () => ({ first: 5 }) },
  moderationStats: { expect: PLATFORM_ADMIN_READ },
  adminAnalytics: { expect: PLATFORM_ADMIN_READ, vars: () => ({ weeks: 4 }) },

  // ---- mutations: accounts ----
  signUp: {
    expect: PUBLIC,
    vars: () => ({ input: { email: `matrix.${Math.random().toString(36).slice(2)}@example.com`, password: 'Str0ng!Passw0rd', fullName: 'Matrix Signup' } }),
  },
  signIn: { expect: PUBLIC, vars: (cell) => ({ input: { email: cell.p.bystander.email, password: cell.p.bystander.password } }) },
  refreshSession: { expect: PUBLIC, vars: async (cell) => ({ input: { refreshToken: await refreshToken(cell) } }) },
  signOut: { expect: SIGNED_IN, restore: renewAfterSignOut },
  requestPasswordReset: { expect: PUBLIC, vars: (cell) => ({ input: { email: cell.p.bystander.email } }) },
  resetPassword: { expect: all('INVALID_RESET_TOKEN'), vars: () => ({ input: { token: 'f'.repeat(64), password: 'N3w!Passw0rd-x' } }) },
  reportNotFound: { expect: PUBLIC_READ, vars: () => ({ input: { path: '/no/such/page' } }) },
  // The caller's own account only: there is no user id to aim at someone else's.
  updateMyProfile: { expect: SIGNED_IN, vars: () => ({ input: { fullName: 'Matrix Renamed' } }) },
  updateNotificationPreferences: { expect: SIGNED_IN, vars: () => ({ input: { changes: [{ kind: 'REPORT_OUTCOME', channel: 'EMAIL', enabled: true }] } }) },
  updateNotificationDelivery: {
    expect: SIGNED_IN,
    vars: () => ({ input: { emailCadence: 'DAILY', quietHoursStart: '22:00', quietHoursEnd: '07:00', timeZone: 'Europe/London', digestHour: 8, pushPreviews: false } }),
  },
  // The caller's own devices: a public push endpoint (an address literal, so no DNS is asked).
  registerPushDevice: {
    expect: SIGNED_IN,
    vars: () => ({ input: { endpoint: `https://93.184.216.34/push/${Math.random().toString(36).slice(2)}`, p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22), label: 'Matrix phone' } }),
  },
  // A device of the member's: the member removes it; for anyone else it names nothing (NOT_FOUND).
  removePushDevice: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await memberPushDevice(cell) } }) },
  // The caller's own archive (builds in the background: the job table is compared by count).
  requestDataExport: { expect: SIGNED_IN, restore: async (cell) => void (await db(cell).execute(sql`delete from data_exports where user_id = ${cell.caller.userId}`)) },
  // A certificate of the caller's own approved hours (made for the cell); its PDF is made in the
  // background (the job table is compared by count), and the certificate goes after the cell, so
  // its job finds nothing to do.
  requestVolunteerCertificate: {
    expect: SIGNED_IN,
    vars: async (cell) => {
      if (cell.caller.userId) await approvedHours(cell, cell.caller.userId);
      return { input: { fromDate: '2026-03-01', toDate: '2026-03-31' } };
    },
    restore: async (cell) => {
      if (cell.caller.userId) await db(cell).execute(sql`delete from volunteer_certificates where volunteer_id = ${cell.caller.userId}`);
    },
  },
  // Deleting the caller's own account: the matrix's callers must live on, so every signed-in
  // caller sends an empty password (refused by its rule before anything is read or counted: the
  // database stays as it was); anonymous callers are refused first. The deletion itself:
  // tests/api/account-deletion.test.ts.
  deleteMyAccount: { expect: { ...all('BAD_USER_INPUT'), anonymous: 'UNAUTHENTICATED' }, vars: () => ({ input: { password: '' } }) },
  // The caller's own blocks of the bystander (any signed-in caller may block any member).
  blockMember: { expect: SIGNED_IN, vars: (cell) => ({ input: { memberId: cell.p.bystander.memberId } }), restore: unblockBystander },
  unblockMember: { expect: SIGNED_IN, vars: (cell) => ({ input: { memberId: cell.p.bystander.memberId } }) },
  // The link names its member (the bystander) and kind: whoever holds it turns that email off.
  // A one-tap answer link's confirmation: the signed link is the authority, whoever holds it.
  answerSessionByLink: { expect: PUBLIC, vars: async (cell) => ({ input: { token: await answerLinkToken(cell) } }) },
  answerPlaceOfferByLink: { expect: PUBLIC, vars: async (cell) => ({ input: { token: await offerLinkToken(cell) } }) },
  unsubscribe: { expect: PUBLIC, vars: async (cell) => ({ input: { token: await unsubscribeToken(cell) } }) },
  // Any member may follow an approved club but their own (the club owner's own is refused); the
  // follow is the caller's own and is taken back after the cell.
  followClub: {
    expect: { ...all('ok'), anonymous: 'UNAUTHENTICATED', clubOwner: 'BAD_USER_INPUT' },
    vars: (cell) => ({ input: { clubId: cell.p.clubOwner.clubId } }),
    restore: async (cell) => void (await db(cell).execute(sql`delete from club_follows where user_id = ${cell.caller.userId}`)),
  },
  unfollowClub: { expect: SIGNED_IN, vars: (cell) => ({ input: { clubId: cell.p.clubOwner.clubId } }) },
  // Any member may mute a club they can see (an approved one); the mute is the caller's own.
  setClubMuted: { expect: SIGNED_IN, vars: (cell) => ({ input: { clubId: cell.p.clubOwner.clubId, muted: true } }) },
  changePassword: {
    // Ends the caller's OTHER sessions; the one making the call stays, so no renew is needed.
    expect: SIGNED_IN,
    vars: (cell) => ({ input: { currentPassword: cell.caller.password || 'Str0ng!Passw0rd', newPassword: MATRIX_PASSWORD } }),
    restore: async (cell, allowed) => {
      if (!allowed) return;
      await gqlData(cell.caller, CHANGE_PASSWORD, { i: { currentPassword: MATRIX_PASSWORD, newPassword: cell.caller.password } });
    },
  },
  // ---- mutations: clubs ----
  saveClubProfile: { expect: SIGNED_IN, vars: (cell) => ({ input: profileInput(cell) }), restore: dropCreatedClub },
  saveMeetingTimes: { expect: only(CLUB_OWNERS, 'FORBIDDEN'), vars: () => ({ input: { times: [{ dayOfWeek: 2, startTime: '18:00', endTime: '19:30' }] } }) },
  createVolunteerPosition: { expect: only(CLUB_OWNERS, 'FORBIDDEN'), vars: () => ({ input: { title: 'Matrix role', description: 'A role the matrix adds to a club.' } }) },
  updateVolunteerPosition: {
    expect: only(['clubOwner'], 'FORBIDDEN'),
    vars: (cell) => ({ input: { id: cell.fx.positionId, title: 'Matrix role (edited)', description: 'Edited by the authorization matrix.' } }),
  },
  setVolunteerPositionLive: { expect: only(['clubOwner'], 'FORBIDDEN'), vars: (cell) => ({ input: { id: cell.fx.positionId, isLive: Math.random() < 0.5 } }) },
  deleteVolunteerPosition: { expect: only(['clubOwner'], 'FORBIDDEN'), vars: async (cell) => ({ input: { id: await newPosition(cell) } }) },
  updateClubSettings: {
    expect: only(CLUB_OWNERS, 'FORBIDDEN'),
    vars: (cell) => ({ input: { contactEmail: cell.caller.email ?? 'matrix@example.com', ownerName: 'Matrix Owner', notifyApplicationsByEmail: true, notifyWithdrawalsByEmail: true } }),
  },
  // ---- safeguarding checks (issue 30 §5) ----
  // The caller's own check on their volunteer profile (a caller without a club gets a profile for
  // the cell); club accounts have no volunteer profile, a rule of the account.
  recordVolunteerCheck: {
    expect: { ...SIGNED_IN, clubOwner: 'BAD_USER_INPUT', otherClubOwner: 'BAD_USER_INPUT' },
    vars: async (cell) => {
      await prepareProfile(cell);
      return { input: { kindId: await newCheckKind(cell), issuedOn: '2024-01-01', expiresOn: '2030-01-01' } };
    },
    restore: dropRecordedChecks,
  },
  // A check of member's: member changes or deletes it; for anyone else it names nothing.
  changeVolunteerCheck: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { checkId: await memberCheck(cell), issuedOn: '2024-02-02', expiresOn: '2029-02-02' } }) },
  deleteVolunteerCheck: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { checkId: await memberCheck(cell) } }) },
  // member applied to clubOwner's club: its owner verifies; another club's owner finds nothing;
  // callers without a club are FORBIDDEN ('Only a club's owner can verify checks.').
  verifyVolunteerCheck: {
    expect: { ...only(['clubOwner'], 'FORBIDDEN'), otherClubOwner: 'NOT_FOUND' },
    vars: async (cell) => ({ input: { checkId: await memberCheck(cell), verified: true } }),
  },
  // ---- sessions and events (issue 29): the owner changes their club's; followers answer ----
  createClubEvent: { expect: only(CLUB_OWNERS, 'FORBIDDEN'), vars: () => ({ input: matrixEventInput() }) },
  updateClubEvent: { expect: only(['clubOwner', 'platformAdmin'], 'FORBIDDEN'), vars: async (cell) => ({ input: { sessionId: await ownerEvent(cell), ...matrixEventInput() } }) },
  cancelSession: { expect: only(['clubOwner', 'platformAdmin'], 'FORBIDDEN'), vars: async (cell) => ({ input: { sessionId: await ownerEvent(cell), reason: 'Cancelled by the matrix' } }) },
  moveSession: {
    expect: only(['clubOwner', 'platformAdmin'], 'FORBIDDEN'),
    vars: async (cell) => ({ input: { sessionId: await ownerEvent(cell), startsAt: inHours(100), endsAt: inHours(101), place: 'Matrix hall' } }),
  },
  updateClubSessionSettings: {
    expect: only(CLUB_OWNERS, 'FORBIDDEN'),
    vars: () => ({ input: { attendingByDefault: true, reminderOffsetsMinutes: [120] } }),
    restore: async (cell) => void (await db(cell).execute(sql`update clubs set attending_by_default = false, reminder_offsets_minutes = '{2880,120}' where id = ${cell.caller.userId ?? null}`)),
  },
  // A follower's answer: the club owner follows no club of their own (a user error).
  answerSession: {
    expect: { ...all('ok'), anonymous: 'UNAUTHENTICATED', clubOwner: 'BAD_USER_INPUT' },
    vars: async (cell) => {
      const sessionId = await ownerEvent(cell);
      if (cell.caller.userId && cell.role !== 'clubOwner') {
        await db(cell).execute(sql`insert into club_follows (club_id, user_id) values (${cell.p.clubOwner.userId}, ${cell.caller.userId}) on conflict do nothing`);
      }
      return { input: { sessionId, answer: 'GOING' } };
    },
  },
  // The caller's own club's announcement (both matrix clubs are approved); a caller without a
  // club is FORBIDDEN. Taken back after the cell, so the daily limit never comes into it.
  postAnnouncement: {
    expect: only(CLUB_OWNERS, 'FORBIDDEN'),
    vars: () => ({ input: { title: 'Matrix announcement', body: 'Posted by the authorization matrix.' } }),
    restore: async (cell) => void (await db(cell).execute(sql`delete from club_announcements where club_id = ${cell.caller.userId ?? null}::uuid`)),
  },
  // An announcement of clubOwner's club sent to the member: anyone may open it (it is public with
  // its club); only the member's receipt changes.
  markAnnouncementRead: { expect: { ...SIGNED_IN_READ, member: 'ok' }, vars: async (cell) => ({ input: { announcementId: await newAnnouncement(cell) } }) },
  // ---- volunteers ----
  signUpVolunteer: {
    expect: PUBLIC,
    vars: () => ({
      input: { email: `matrix.volunteer.${Math.random().toString(36).slice(2)}@example.com`, password: 'Str0ng!Passw0rd', firstName: 'Matrix', lastName: 'Volunteer' },
    }),
  },
  // Anyone signed in keeps their own profile; a club account may not have one (a rule of the
  // account: the userError 'Club accounts cannot create a volunteer profile.').
  saveVolunteerProfile: {
    expect: { ...SIGNED_IN, clubOwner: 'BAD_USER_INPUT', otherClubOwner: 'BAD_USER_INPUT' },
    vars: async (cell) => {
      await rememberProfile(cell);
      return { input: { firstName: 'Matrix', lastName: 'Saved', email: 'matrix.saved@example.com', skills: ['Coaching'], availability: ['Flexible'] } };
    },
    restore: putProfileBack,
  },
  // ---- mutations: opportunities and applications ----
  // A caller without a club applies (given a profile for the cell) to a new open position of
  // clubOwner's club; club accounts have no profile (and clubOwner's is its own club's): a rule of
  // the account, BAD_USER_INPUT.
  applyToOpportunity: {
    expect: { ...SIGNED_IN, clubOwner: 'BAD_USER_INPUT', otherClubOwner: 'BAD_USER_INPUT' },
    vars: async (cell) => {
      await prepareProfile(cell);
      return { input: { positionId: positionGid(await newOpenPosition(cell)), message: 'The authorization matrix would like to help.' } };
    },
    restore: dropPreparedProfile,
  },
  // member's own pending application: only member may withdraw it; for anyone else it names
  // nothing they may touch (NOT_FOUND).
  withdrawVolunteerApplication: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await newVolunteerApplication(cell) } }) },
  // An application to clubOwner's club: only its owner decides; anyone else: NOT_FOUND.
  acceptVolunteerApplication: { expect: only(['clubOwner'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await newVolunteerApplication(cell), note: 'Welcome aboard' } }) },
  rejectVolunteerApplication: { expect: only(['clubOwner'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await newVolunteerApplication(cell), note: 'Not this time' } }) },
  waitlistVolunteerApplication: { expect: only(['clubOwner'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await newVolunteerApplication(cell), note: 'Next in line' } }) },
  // Shifts of clubOwner's positions: only its owner adds, changes, cancels and decides; another
  // club (or none) is FORBIDDEN on the position or shift, NOT_FOUND on a sign-up.
  addPositionShifts: {
    expect: only(['clubOwner'], 'FORBIDDEN'),
    vars: async (cell) => ({ input: { positionId: positionGid(await newOpenPosition(cell)), startsAt: inHours(72), endsAt: inHours(74), places: 2 } }),
  },
  updatePositionShift: { expect: only(['clubOwner'], 'FORBIDDEN'), vars: async (cell) => ({ input: { id: toGlobalId('PositionShift', (await shiftPosition(cell)).shiftIds[0]), places: 3 } }) },
  cancelPositionShift: { expect: only(['clubOwner'], 'FORBIDDEN'), vars: async (cell) => ({ input: { id: toGlobalId('PositionShift', (await shiftPosition(cell)).shiftIds[0]), reason: 'Matrix says no' } }) },
  decideShiftSignup: {
    expect: only(['clubOwner'], 'NOT_FOUND'),
    vars: async (cell) => {
      const { positionId, shiftIds } = await shiftPosition(cell);
      return { input: { id: toGlobalId('ShiftSignup', await signup(cell, 'member', shiftIds[0], positionId, 'requested')), decision: 'ACCEPT' } };
    },
  },
  // member's own shift sign-ups: only member drops or answers them; anyone else: NOT_FOUND.
  withdrawShiftSignup: {
    expect: only(['member'], 'NOT_FOUND'),
    vars: async (cell) => {
      const { positionId, shiftIds } = await shiftPosition(cell);
      return { input: { id: toGlobalId('ShiftSignup', await signup(cell, 'member', shiftIds[0], positionId, 'requested')) } };
    },
  },
  answerShiftOffer: {
    expect: only(['member'], 'NOT_FOUND'),
    vars: async (cell) => {
      const { positionId, shiftIds } = await shiftPosition(cell);
      return { input: { id: toGlobalId('ShiftSignup', await signup(cell, 'member', shiftIds[0], positionId, 'offered', true)), answer: 'DECLINE' } };
    },
  },
  proposeShiftSwap: {
    expect: only(['member'], 'NOT_FOUND'),
    vars: async (cell) => {
      const { positionId, shiftIds } = await shiftPosition(cell);
      const mine = await signup(cell, 'member', shiftIds[0], positionId, 'accepted');
      const theirs = await signup(cell, 'otherMember', shiftIds[1], positionId, 'accepted');
      return { input: { signupId: toGlobalId('ShiftSignup', mine), withSignupId: toGlobalId('ShiftSignup', theirs) } };
    },
  },
  // The asked volunteer (otherMember) answers; the proposer (member) withdraws; anyone else: NOT_FOUND.
  answerShiftSwap: { expect: only(['otherMember'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await proposedSwap(cell), answer: 'DECLINE' } }) },
  cancelShiftSwap: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await proposedSwap(cell) } }) },
  // A place offered to member: only member answers it; anyone else: NOT_FOUND.
  answerPlaceOffer: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: toGlobalId('VolunteerApplication', (await offeredApplication(cell)).id), answer: 'ACCEPT' } }) },
  // A position of clubOwner's club: its owner marks it filled; another club (or no club) FORBIDDEN.
  setOpportunityStatus: { expect: only(['clubOwner'], 'FORBIDDEN'), vars: async (cell) => ({ input: { id: positionGid(await newOpenPosition(cell)), status: 'FILLED' } }) },
  // ---- mutations: volunteer hours (issue 30 §3) ----
  // member, accepted to a new position of clubOwner's club, claims an hour of yesterday; anyone
  // else was never accepted to it (a user error, nothing written).
  claimVolunteerHours: {
    expect: { ...only(['member'], 'BAD_USER_INPUT'), member: 'ok' },
    vars: async (cell) => {
      const { positionId } = await newAcceptedApplication(cell);
      const [row] = rows(await db(cell).execute(sql`select ((now() at time zone ${cell.server.config.councilTimeZone})::date - 1)::text as day`));
      return { input: { positionId: positionGid(positionId), workDate: row!.day as string, hours: 1, note: 'Matrix hours' } };
    },
  },
  approveVolunteerHours: { expect: CLUB_OWNER_HOURS, vars: async (cell) => ({ input: { ids: [await newHours(cell)] } }) },
  declineVolunteerHours: { expect: CLUB_OWNER_HOURS, vars: async (cell) => ({ input: { ids: [await newHours(cell)], reason: 'Not on the rota' } }) },
  revokeVolunteerHours: { expect: CLUB_OWNER_HOURS, vars: async (cell) => ({ input: { ids: [await newHours(cell, 'approved')], reason: 'Approved by mistake' } }) },
  markShiftAttendance: { expect: CLUB_OWNER_HOURS, vars: async (cell) => ({ input: { ids: [await newEndedPlace(cell)], attendance: 'ATTENDED' } }) },
  // A signed address of the caller's club's hours: nothing is written.
  exportClubVolunteerHours: { expect: only(CLUB_OWNERS, 'FORBIDDEN', 'unchanged'), vars: () => ({ input: { format: 'CSV' } }) },
  // ---- mutations: messages and notifications ----
  sendMessage: {
    expect: SIGNED_IN,
    vars: (cell) => ({ input: { recipientId: cell.p.bystander.memberId, subject: 'Matrix subject', content: 'Sent by the authorization matrix.' } }),
  },
  deleteMessage: {
    // A message from member to otherMember: the sender deletes it; the recipient may not
    // (FORBIDDEN); anyone else is not party to it (NOT_FOUND).
    expect: { ...only(['member'], 'NOT_FOUND'), otherMember: 'FORBIDDEN' },
    vars: async (cell) => ({ input: { id: await message(cell.p.member, cell.p.otherMember) } }),
  },
  markMessagesRead: {
    // An unread message to member: only member's call changes anything.
    expect: only(['member'], 'unchanged'),
    vars: async (cell) => ({ input: { ids: [await message(cell.p.otherMember, cell.p.member)] } }),
  },
  markConversationRead: {
    expect: only(['member'], 'unchanged'),
    vars: async (cell) => {
      await message(cell.p.otherMember, cell.p.member);
      return { input: { partnerId: cell.p.otherMember.memberId } };
    },
  },
  markNotificationRead: {
    expect: only(['member'], 'NOT_FOUND'),
    vars: async (cell) => {
      const id = await message(cell.p.otherMember, cell.p.member);
      const [row] = rows(await db(cell).execute(sql`select id from notifications where message_id = ${databaseId(id, 'Message')}`));
      if (!row) throw new Error('no notification for the message');
      return { input: { id: toGlobalId('Notification', row.id as string) } };
    },
  },
  markAllNotificationsRead: {
    expect: SIGNED_IN,
    vars: async (cell) => {
      if (cell.caller.userId) await message(cell.p.bystander, cell.caller);
      return {};
    },
  },
  // ---- mutations: the sports council ----
  createCouncilMeeting: { expect: only(COUNCIL_ADMINS, 'FORBIDDEN'), vars: () => ({ input: { title: 'Matrix created', meetingDate: '2026-06-06' } }) },
  updateCouncilMeeting: {
    expect: only(COUNCIL_ADMINS, 'FORBIDDEN'),
    vars: (cell) => ({ input: { id: meetingGid(cell.fx.publicMeetingId), title: `Matrix edited ${Math.random()}` } }),
  },
  deleteCouncilMeeting: { expect: only(COUNCIL_ADMINS, 'FORBIDDEN'), vars: async (cell) => ({ input: { id: meetingGid(await newMeeting(cell)) } }) },
  grantCouncilAdmin: {
    expect: only(['platformAdmin'], 'FORBIDDEN'),
    vars: (cell) => ({ input: { email: cell.p.bystander.email } }),
    restore: async (cell) => {
      await db(cell).execute(sql`delete from council_admins where lower(email) = lower(${cell.p.bystander.email})`);
    },
  },
  revokeCouncilAdmin: {
    expect: only(['platformAdmin'], 'FORBIDDEN'),
    vars: async (cell) => {
      await gqlData(cell.p.platformAdmin, 'mutation($e: String!) { grantCouncilAdmin(input: { email: $e }) { councilAdmin { email } } }', { e: cell.p.bystander.email });
      return { input: { email: cell.p.bystander.email } };
    },
    restore: async (cell) => {
      await db(cell).execute(sql`delete from council_admins where lower(email) = lower(${cell.p.bystander.email})`);
    },
  },

  // ---- mutations: the administration area (each on an application made for the cell) ----
  approveClubApplication: {
    expect: PLATFORM_ADMIN,
    vars: async (cell) => ({ input: { clubId: clubGid(await newApplication(cell)), adminNotes: 'Approved by the matrix' } }),
  },
  rejectClubApplication: {
    expect: PLATFORM_ADMIN,
    vars: async (cell) => ({ input: { clubId: clubGid(await newApplication(cell)), rejectionReason: 'Rejected by the matrix' } }),
  },
  startBulkApproval: {
    expect: PLATFORM_ADMIN,
    vars: async (cell) => ({ input: { clubIds: [clubGid(await newApplication(cell)), clubGid(await newApplication(cell))], adminNotes: 'Bulk by the matrix' } }),
    restore: settleBulk,
  },
  setClubVerified: {
    expect: PLATFORM_ADMIN,
    vars: async (cell) => ({ input: { clubId: clubGid(await newApplication(cell, 'approved')), verified: true } }),
  },
  exportClubApplications: { expect: PLATFORM_ADMIN, vars: () => ({ input: { format: 'CSV', status: 'ALL' } }) },
  exportAdminActions: { expect: PLATFORM_ADMIN, vars: () => ({ input: { format: 'CSV' } }) },
  exportClubApplicationStatistics: { expect: PLATFORM_ADMIN, vars: () => ({ input: { format: 'JSON' } }) },

  // ---- mutations: safeguarding check kinds (each on a kind made for the cell) ----
  createCheckKind: { expect: PLATFORM_ADMIN, vars: () => ({ input: { name: `Matrix kind ${Math.random().toString(36).slice(2, 10)}`, description: 'Added by the matrix.' } }) },
  updateCheckKind: {
    expect: PLATFORM_ADMIN,
    vars: async (cell) => ({ input: { checkKindId: await newCheckKind(cell), name: `Matrix renamed ${Math.random().toString(36).slice(2, 10)}` } }),
  },
  setCheckKindRetired: { expect: PLATFORM_ADMIN, vars: async (cell) => ({ input: { checkKindId: await newCheckKind(cell), retired: true } }) },

  // ---- mutations: users (each on an account made for the cell, never a caller's) ----
  suspendUser: {
    expect: PLATFORM_ADMIN,
    vars: async (cell) => ({ input: { userId: await newAccount(cell), reason: 'Suspended by the matrix', until: new Date(Date.now() + 7 * 86_400_000).toISOString() } }),
  },
  banUser: { expect: PLATFORM_ADMIN, vars: async (cell) => ({ input: { userId: await newAccount(cell), reason: 'Banned by the matrix' } }) },
  reinstateUser: { expect: PLATFORM_ADMIN, vars: async (cell) => ({ input: { userId: await newAccount(cell, 'suspended'), note: 'Reinstated by the matrix' } }) },
  setPlatformAdmin: { expect: PLATFORM_ADMIN, vars: async (cell) => ({ input: { userId: await newAccount(cell), isPlatformAdmin: true } }) },
  // ---- mutations: moderation ----
  // Any signed-in member reports an approved club (a new one per cell: one open report per
  // reporter and item) that none of the callers owns.
  reportContent: {
    expect: SIGNED_IN,
    vars: async (cell) => ({ input: { targetType: 'CLUB', targetId: clubGid(await newApplication(cell, 'approved')), reason: 'MISLEADING', details: 'Reported by the matrix' } }),
  },
  markReportReviewed: { expect: PLATFORM_ADMIN, vars: async (cell) => ({ input: { reportId: await newReport(cell) } }) },
  takeModerationAction: { expect: PLATFORM_ADMIN, vars: async (cell) => ({ input: { reportId: await newReport(cell), action: 'DISMISSAL', note: 'Dismissed by the matrix' } }) },
  restoreContent: { expect: PLATFORM_ADMIN, vars: async (cell) => ({ input: { actionId: await newRemoval(cell) } }) },

  // ---- subscriptions (graphql-ws): each only about the caller ----
  unreadMessageCount_subscription: { expect: SIGNED_IN_READ },
  unreadNotificationCount_subscription: { expect: SIGNED_IN_READ },
  messageReceived: { expect: SIGNED_IN_READ },
  messageRead: { expect: SIGNED_IN_READ },
  messageDeleted: { expect: SIGNED_IN_READ },
  notificationAdded: { expect: SIGNED_IN_READ },
  notificationSettingsChanged: { expect: SIGNED_IN_READ },
  sessionRevoked: { expect: SIGNED_IN_READ },
  // The Moderation tab's live counts: platform administrators only.
  moderationStatsChanged: { expect: PLATFORM_ADMIN_READ },
  // A session's page, live: whoever may see it. The owner's Sessions tab, live: the owner and
  // platform administrators.
  sessionChanged: { expect: PUBLIC_READ, vars: async (cell) => ({ sessionId: await ownerEvent(cell) }) },
  clubSessionsChanged: { expect: only(['clubOwner', 'platformAdmin'], 'FORBIDDEN', 'unchanged'), vars: (cell) => ({ clubId: cell.p.clubOwner.clubId }) },

  // ---- personal API tokens: each caller's own, from a signed-in session ----
  apiTokens: { expect: SIGNED_IN_READ },
  // ---- the caller's calendar feed address: their own, from a signed-in session ----
  createCalendarFeed: { expect: SIGNED_IN, restore: dropCalendarFeed },
  rotateCalendarFeed: { expect: SIGNED_IN, restore: dropCalendarFeed },
  createApiToken: { expect: SIGNED_IN, vars: () => ({ input: { name: 'Matrix token', scopes: ['READ'] } }) },
  revokeApiToken: {
    // A token of member's: member revokes it; for anyone else it names nothing (NOT_FOUND).
    expect: only(['member'], 'NOT_FOUND'),
    vars: async (cell) => {
      const data = await gqlData(cell.p.member, 'mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { token { id } } }', { i: { name: 'Matrix revoke', scopes: ['READ'] } });
      return { input: { id: data.createApiToken.token.id } };
    },
  },

  // ---- webhooks (issue 31): each caller's own endpoints; the event kinds for the form ----
  webhookEndpoints: { expect: SIGNED_IN_READ },
  webhookEventKinds: { expect: SIGNED_IN_READ },
  // A member endpoint: anyone signed in (club and platform endpoints: tests/api/webhooks.test.ts).
  createWebhookEndpoint: {
    expect: SIGNED_IN,
    vars: async (cell) => {
      // At most 10 endpoints an owner: the caller's earlier cells' go first.
      if (cell.caller.userId) await cell.server.clubroom.database.db.execute(sql`delete from webhook_endpoints where user_id = ${cell.caller.userId}`);
      return { input: { kind: 'MEMBER', url: 'https://93.184.216.34/matrix', eventKinds: ['message.received'], description: 'Matrix endpoint' } };
    },
  },
  // An endpoint (or a delivery) of member's: member acts on it; for anyone else it names nothing.
  updateWebhookEndpoint: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await memberEndpoint(cell), description: 'Changed by the matrix' } }) },
  deleteWebhookEndpoint: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await memberEndpoint(cell) } }) },
  rotateWebhookSecret: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await memberEndpoint(cell) } }) },
  enableWebhookEndpoint: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await memberEndpoint(cell, { disabled: true }) } }) },
  redeliverWebhook: { expect: only(['member'], 'NOT_FOUND'), vars: async (cell) => ({ input: { id: await memberDelivery(cell) } }) },
  replayWebhookDeliveries: {
    expect: only(['member'], 'NOT_FOUND'),
    vars: async (cell) => ({ input: { endpointId: await memberEndpoint(cell), since: new Date(Date.now() - 3_600_000).toISOString() } }),
  },
};

/** A new webhook endpoint of member's (their earlier ones deleted: at most 10); answers its global id. */
async function memberEndpoint(cell: Cell, opts: { disabled?: boolean } = {}): Promise<string> {
  const db = cell.server.clubroom.database.db;
  await db.execute(sql`delete from webhook_endpoints where user_id = ${cell.p.member.userId}`);
  const data = await gqlData(cell.p.member, 'mutation($i: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $i) { endpoint { id } userErrors { message } } }', {
    i: { kind: 'MEMBER', url: 'https://93.184.216.34/matrix', eventKinds: ['message.received'] },
  });
  const id = data.createWebhookEndpoint.endpoint.id as string;
  if (opts.disabled) await db.execute(sql`update webhook_endpoints set status = 'disabled', disabled_reason = 'Disabled by the matrix', disabled_at = now() where id = ${databaseId(id, 'WebhookEndpoint')}`);
  return id;
}

/** A finished delivery of a new endpoint of member's; answers its global id. */
async function memberDelivery(cell: Cell): Promise<string> {
  const db = cell.server.clubroom.database.db;
  const endpointId = databaseId(await memberEndpoint(cell), 'WebhookEndpoint')!;
  // Finished, so the instance's worker (which would try 93.184.216.34) leaves it alone.
  const rows = (await db.execute(sql`
    with e as (insert into webhook_events (kind, audience, data) values ('message.received', '{}'::jsonb, '{}'::jsonb) returning id, seq)
    insert into webhook_deliveries (event_id, endpoint_id, seq, status, attempts, completed_at)
    select e.id, ${endpointId}, e.seq, 'delivered', 1, now() from e returning id`)) as unknown;
  const [row] = (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<{ id: string }>;
  return toGlobalId('WebhookDelivery', row!.id);
}

/** The table key of an operation: a subscription named like a query gets `_subscription`. */
export function graphqlKey(kind: string, name: string, queryNames: Set<string>): string {
  return kind === 'subscription' && queryNames.has(name) ? `${name}_subscription` : name;
}

// ---------------------------------------------------------------------------------------------
// Routes.

const meetingBody = () => ({ title: 'Matrix REST meeting', meeting_date: '2026-07-07' });

export const ROUTES: Record<string, RouteEntry> = {
  'GET /health': { expect: PUBLIC_READ },
  // The integrator's references: the SDL and docs/API.md.
  'GET /schema.graphql': { expect: PUBLIC_READ },
  'HEAD /schema.graphql': { expect: PUBLIC_READ },
  'GET /docs/api': { expect: PUBLIC_READ },
  'HEAD /docs/api': { expect: PUBLIC_READ },
  'HEAD /health': { expect: PUBLIC_READ },
  'GET /graphql': { expect: PUBLIC_READ },
  // What search engines read (issue 27): robots.txt and the sitemap of the public pages.
  'GET /robots.txt': { expect: PUBLIC_READ },
  'HEAD /robots.txt': { expect: PUBLIC_READ },
  'GET /sitemap.xml': { expect: PUBLIC_READ },
  'HEAD /sitemap.xml': { expect: PUBLIC_READ },
  'GET /sitemap-:page.xml': { expect: PUBLIC_READ, path: () => '/sitemap-1.xml' },
  'HEAD /sitemap-:page.xml': { expect: PUBLIC_READ, path: () => '/sitemap-1.xml' },
  // Apollo's CSRF prevention: HEAD and a bare preflight carry no operation and no allowed
  // content type, so everyone gets the same 400 (there is no cross-origin client to serve).
  'HEAD /graphql': { expect: all('BAD_REQUEST') },
  'OPTIONS /graphql': { expect: all('BAD_REQUEST') },
  // A data archive's download: the signed link is the authority (a bad one is 404 for everyone).
  'GET /api/me/data-export': { expect: all('NOT_FOUND'), path: () => '/api/me/data-export?token=not-a-token' },
  'HEAD /api/me/data-export': { expect: all('NOT_FOUND'), path: () => '/api/me/data-export?token=not-a-token' },
  // A certificate's PDF: the signed link is the authority (a bad one is 404 for everyone; no HEAD).
  'GET /api/me/certificates/download': { expect: all('NOT_FOUND'), path: () => '/api/me/certificates/download?token=not-a-token' },
  // RFC 8058 one-click unsubscribe: the mail client's POST, with no sign-in; the link is the authority.
  'POST /unsubscribe': { expect: PUBLIC, path: async (cell) => `/unsubscribe?token=${await unsubscribeToken(cell)}`, body: () => 'List-Unsubscribe=One-Click' },
  'POST /graphql': { expect: PUBLIC, coveredBy: 'the GraphQL operations of the matrix (every operation goes through POST /graphql)' },
  'GET /api/auth/csrf': { expect: PUBLIC_READ },
  'HEAD /api/auth/csrf': { expect: PUBLIC_READ },
  'POST /api/auth/signup': {
    expect: PUBLIC,
    body: () => ({ email: `matrix.${Math.random().toString(36).slice(2)}@example.com`, password: 'Str0ng!Passw0rd', metadata: { full_name: 'Matrix REST' } }),
  },
  'POST /api/auth/signin': { expect: PUBLIC, body: (cell) => ({ email: cell.p.bystander.email, password: cell.p.bystander.password }) },
  'POST /api/auth/signout': { expect: SIGNED_IN, restore: renewAfterSignOut },
  'POST /api/auth/refresh': { expect: PUBLIC, body: async (cell) => ({ refresh_token: await refreshToken(cell) }) },
  'POST /api/auth/reset-password': { expect: PUBLIC, body: (cell) => ({ email: cell.p.bystander.email }) },
  'POST /api/auth/reset-password/confirm': { expect: all('INVALID_RESET_TOKEN'), body: () => ({ token: 'e'.repeat(64), password: 'N3w!Passw0rd-y' }) },
  'GET /api/auth/user': { expect: SIGNED_IN_READ },
  'HEAD /api/auth/user': { expect: SIGNED_IN_READ },
  'GET /api/sports-council/meetings': { expect: PUBLIC_READ },
  'HEAD /api/sports-council/meetings': { expect: PUBLIC_READ },
  'POST /api/sports-council/meetings': { expect: only(COUNCIL_ADMINS, 'FORBIDDEN'), body: meetingBody },
  'PUT /api/sports-council/meetings/:id': {
    expect: only(COUNCIL_ADMINS, 'FORBIDDEN'),
    path: (cell) => `/api/sports-council/meetings/${cell.fx.publicMeetingId}`,
    body: () => ({ title: `Matrix REST edit ${Math.random()}` }),
  },
  'DELETE /api/sports-council/meetings/:id': { expect: only(COUNCIL_ADMINS, 'FORBIDDEN'), path: async (cell) => `/api/sports-council/meetings/${await newMeeting(cell)}` },
  'GET /api/sports-council/meetings/:id.ics': {
    expect: { ...all('NOT_FOUND'), councilAdmin: 'unchanged', platformAdmin: 'unchanged' },
    path: (cell) => `/api/sports-council/meetings/${cell.fx.privateMeetingId}.ics`,
  },
  'HEAD /api/sports-council/meetings/:id.ics': {
    expect: { ...all('NOT_FOUND'), councilAdmin: 'unchanged', platformAdmin: 'unchanged' },
    path: (cell) => `/api/sports-council/meetings/${cell.fx.privateMeetingId}.ics`,
  },
  'GET /api/sports-council/meetings.ics': { expect: PUBLIC_READ },
  'HEAD /api/sports-council/meetings.ics': { expect: PUBLIC_READ },
  // A member's calendar feed: the secret in the path is the authority (calendar apps send no
  // credentials), whoever holds it; reading it changes nothing. (Unknown and replaced secrets:
  // tests/api/calendar-feed.test.ts.)
  'GET /calendar/:secret.ics': { expect: PUBLIC_READ, path: bystanderFeedPath },
  'HEAD /calendar/:secret.ics': { expect: PUBLIC_READ, path: bystanderFeedPath },
  // A session's 'Add to calendar' file: public for a listed club.
  'GET /clubs/:clubId/sessions/:sessionId.ics': { expect: PUBLIC_READ, path: clubEventFilePath },
  'HEAD /clubs/:clubId/sessions/:sessionId.ics': { expect: PUBLIC_READ, path: clubEventFilePath },
  'GET /api/sports-council/check-admin': { expect: PUBLIC_READ },
  'HEAD /api/sports-council/check-admin': { expect: PUBLIC_READ },
  'GET /api/sports-council/stats': { expect: PUBLIC_READ },
  'HEAD /api/sports-council/stats': { expect: PUBLIC_READ },
  // ---- the administration area (platform administrators only) ----
  // Whether the caller is an administrator: anyone may ask (false unless one).
  'GET /api/admin/check-role': { expect: PUBLIC_READ },
  'HEAD /api/admin/check-role': { expect: PUBLIC_READ },
  'GET /api/admin/platform-stats': { expect: PLATFORM_ADMIN_READ },
  'HEAD /api/admin/platform-stats': { expect: PLATFORM_ADMIN_READ },
  'GET /api/admin/club-applications/stats': { expect: PLATFORM_ADMIN_READ },
  'HEAD /api/admin/club-applications/stats': { expect: PLATFORM_ADMIN_READ },
  'GET /admin/club-applications': { expect: PLATFORM_ADMIN_READ, path: () => '/admin/club-applications?status=all&limit=5' },
  'HEAD /admin/club-applications': { expect: PLATFORM_ADMIN_READ },
  // An audited read: the administrator's view is written to the audit trail.
  'GET /admin/club-applications/:id': { expect: PLATFORM_ADMIN, path: async (cell) => `/admin/club-applications/${await newApplication(cell)}` },
  'GET /admin/club-applications/:id/history': { expect: PLATFORM_ADMIN_READ, path: async (cell) => `/admin/club-applications/${await newApplication(cell)}/history` },
  'HEAD /admin/club-applications/:id/history': { expect: PLATFORM_ADMIN_READ, path: async (cell) => `/admin/club-applications/${await newApplication(cell)}/history` },
  'POST /admin/club-applications/approve': { expect: PLATFORM_ADMIN, body: async (cell) => ({ club_id: await newApplication(cell), admin_notes: 'Approved over REST by the matrix' }) },
  'POST /admin/club-applications/reject': { expect: PLATFORM_ADMIN, body: async (cell) => ({ club_id: await newApplication(cell), rejection_reason: 'Rejected over REST by the matrix' }) },
  'POST /admin/club-applications/bulk-approve': { expect: PLATFORM_ADMIN, body: async (cell) => ({ clubIds: [await newApplication(cell), await newApplication(cell)] }) },
  // ---- volunteers: the profile image (a caller without a club gets a profile for the cell; club
  // accounts have none, so their upload is refused as a rule of the account) ----
  'POST /api/volunteer/profile-image': {
    expect: { ...SIGNED_IN, clubOwner: 'BAD_USER_INPUT', otherClubOwner: 'BAD_USER_INPUT' },
    path: async (cell) => {
      await prepareProfile(cell);
      return '/api/volunteer/profile-image';
    },
    multipart: () => ({ name: 'matrix.png', bytes: PNG }),
    restore: dropPreparedProfile,
  },
  'DELETE /api/volunteer/profile-image': {
    expect: { ...SIGNED_IN, clubOwner: 'BAD_USER_INPUT', otherClubOwner: 'BAD_USER_INPUT' },
    path: async (cell) => {
      await prepareProfile(cell);
      return '/api/volunteer/profile-image';
    },
    restore: dropPreparedProfile,
  },
  // Stored images are public (their names are unguessable UUIDs): reading one changes nothing.
  'GET /uploads/:file': { expect: PUBLIC_READ, path: storedImage },
  'HEAD /uploads/:file': { expect: PUBLIC_READ, path: storedImage },
  // An export's download address: the signed token in it is the credential (a browser follows the
  // link without its bearer token), so whoever holds a live one downloads the file; reading it
  // changes nothing. (Forged and expired addresses: tests/api of the exports.)
  // A club's hours export: the signed address is the authority, as the admin exports'.
  'GET /api/hours/exports/*': {
    expect: PUBLIC_READ,
    path: async (cell) => {
      const data = await gqlData(cell.p.clubOwner, 'mutation($i: ExportClubVolunteerHoursInput!) { exportClubVolunteerHours(input: $i) { file { downloadUrl } userErrors { message } } }', {
        i: { format: 'CSV' },
      });
      if (!data.exportClubVolunteerHours.file) throw new Error(`preparing a cell failed: exportClubVolunteerHours: ${JSON.stringify(data.exportClubVolunteerHours.userErrors)}`);
      return data.exportClubVolunteerHours.file.downloadUrl as string;
    },
  },
  'GET /api/admin/exports/*': {
    expect: PUBLIC_READ,
    path: async (cell) => {
      const data = await gqlData(cell.p.platformAdmin, 'mutation($i: ExportClubApplicationsInput!) { exportClubApplications(input: $i) { file { downloadUrl } userErrors { message } } }', {
        i: { format: 'CSV', status: 'ALL' },
      });
      if (!data.exportClubApplications.file) throw new Error(`preparing a cell failed: exportClubApplications: ${JSON.stringify(data.exportClubApplications.userErrors)}`);
      return data.exportClubApplications.file.downloadUrl as string;
    },
  },
};

export { newMeeting, newPosition, newVolunteerApplication, newOpenPosition, newAccount, newReport, newRemoval };
