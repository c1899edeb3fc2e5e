// The authorization matrix's table for objects fetched by id and for admin-only fields (issue 25):
// every `Node` type of schema.graphql through `node(id:)` and `nodes(ids:)`, and every field marked
// @AdminOnly() in the resolvers (server/src/graphql/access.ts), × every caller — the seven roles and
// API tokens with each scope set. authorization-matrix.test.ts FAILS for a Node type or an admin-only
// field that is not listed here: add it to NODES or ADMIN_FIELDS below.
//
// A token's rights are its owner's narrowed to its scopes (docs/API.md, 'API tokens'): an
// administrator's token with `read` only reads what its owner reads as a member — no admin-only
// object, no admin-only field — while `read` + `admin` reads what the administrator does.
import { sql } from 'drizzle-orm';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { FINE_READ_SCOPES, type FineReadScope, type Scope } from '../helpers/api-tokens.js';
import type { ReadScope } from '../../server/src/lib/shared/api-scopes.js';
import { memberCertificate, newHours, newRemoval, newReport, newVolunteerApplication, type Cell } from './expectations.js';
import { ROLES, type Role } from './support.js';

/** Callers that act through an API token: whose, and with which scopes. */
export const TOKEN_CALLERS = {
  adminReadToken: { owner: 'platformAdmin', scopes: ['READ'] },
  adminReadAdminToken: { owner: 'platformAdmin', scopes: ['READ', 'ADMIN'] },
  memberReadToken: { owner: 'member', scopes: ['READ'] },
  memberEveryScopeToken: { owner: 'member', scopes: ['READ', ...FINE_READ_SCOPES, 'MESSAGES_WRITE', 'PROFILE_WRITE', 'CLUB_WRITE', 'VOLUNTEER_WRITE', 'COUNCIL_WRITE', 'REPORTS_WRITE', 'WEBHOOKS_WRITE', 'ADMIN'] },
} as const satisfies Record<string, { owner: Role; scopes: Scope[] }>;
export type TokenCaller = keyof typeof TOKEN_CALLERS;
export type Caller = Role | TokenCaller;
export const CALLERS: Caller[] = [...ROLES, ...(Object.keys(TOKEN_CALLERS) as TokenCaller[])];

const SIGNED_IN: Caller[] = CALLERS.filter((c) => c !== 'anonymous');
/** The platform administrator's rights: its session, and its token with `admin`. */
const ADMINS: Caller[] = ['platformAdmin', 'adminReadAdminToken'];
/** The member's own rights: its session and its tokens (a token never has more than its owner). */
const MEMBER: Caller[] = ['member', 'memberReadToken', 'memberEveryScopeToken'];

const db = (cell: Cell) => cell.server.clubroom.database.db;
function rows(result: unknown): Array<Record<string, unknown>> {
  return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
}
const tag = () => Math.random().toString(36).slice(2, 10);

/** A webhook endpoint of the member's, inserted directly; answers its database id. */
async function webhookEndpoint(cell: Cell): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`insert into webhook_endpoints (user_id, kind, url, event_kinds, scopes, secret)
      values (${cell.p.member.userId}, 'member', 'https://93.184.216.34/matrix', array['message.received'], array['read'], 'whsec_bWF0cml4')
      returning id`),
  );
  return row!.id as string;
}

/** A new account nobody of the matrix is, inserted directly; answers its database id. */
async function account(cell: Cell, status: 'active' | 'suspended' = 'active'): Promise<string> {
  const t = tag();
  const [user] = rows(
    await db(cell).execute(sql`insert into users (email, full_name, password_hash, status, status_reason, status_changed_at, suspended_until)
      values (${`matrix.node.${t}@example.com`}, 'Matrix Node Account', 'not-a-hash', ${status},
        ${status === 'active' ? null : 'Suspended by the matrix'}, ${status === 'active' ? null : sql`now()`}, ${status === 'active' ? null : sql`now() + interval '30 days'`})
      returning id`),
  );
  return user!.id as string;
}

/** A club of a new account (nobody of the matrix owns it); answers its database id. */
async function club(cell: Cell, opts: { status: 'pending' | 'approved'; removed?: boolean }): Promise<string> {
  const id = await account(cell);
  await db(cell).execute(sql`insert into clubs (id, name, contact_email, application_status, category, city, description, admin_notes, profile_saved_at, removed_at)
    values (${id}, ${`Matrix Node Club ${tag()}`}, ${`matrix.club.${tag()}@example.com`}, ${opts.status}, 'Football', 'Leeds', 'A club the node matrix reads.',
      'Notes only administrators read', now(), ${opts.removed ? sql`now()` : null})`);
  return id;
}

/** An event of `clubId` three days ahead; answers its database id. */
async function clubEvent(cell: Cell, clubId: string): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`insert into club_sessions (club_id, kind, title, starts_at, ends_at) values (${clubId}, 'event', 'Matrix node event', now() + interval '3 days', now() + interval '3 days 2 hours') returning id`),
  );
  return row!.id as string;
}

/** An announcement of `clubId`, with one receipt (read) of a new account; answers its database id.
 *  Two days old: it never counts towards the club's daily limit of posts. */
async function announcement(cell: Cell, clubId: string, removed = false): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`insert into club_announcements (club_id, author_id, title, body, removed_at, created_at)
      values (${clubId}, ${clubId}, 'Matrix node announcement', 'An announcement the node matrix reads.', ${removed ? sql`now()` : null}, now() - interval '2 days') returning id`),
  );
  await db(cell).execute(sql`insert into announcement_receipts (announcement_id, user_id, read_at) values (${row!.id as string}, ${await account(cell)}, now())`);
  return row!.id as string;
}

/** A volunteer position of `clubId`; answers its database id. */
async function position(cell: Cell, clubId: string, opts: { live: boolean; removed?: boolean }): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`insert into club_volunteer_positions (club_id, title, description, is_live, required_skills, skill_keys, removed_at)
      values (${clubId}, 'Matrix node role', 'A position the node matrix reads.', ${opts.live}, array['Coaching'], array['coaching'], ${opts.removed ? sql`now()` : null}) returning id`),
  );
  return row!.id as string;
}

/** A volunteer profile of a new account; answers the account's database id. */
async function profile(cell: Cell, removed = false): Promise<string> {
  const id = await account(cell);
  await db(cell).execute(sql`insert into volunteer_profiles (user_id, first_name, last_name, email, removed_at)
    values (${id}, 'Vera', 'Volunteer', ${`matrix.profile.${tag()}@example.com`}, ${removed ? sql`now()` : null})`);
  return id;
}

/** A pending application of `volunteerId` (who has a profile) to `positionId` of `clubId`. */
async function application(cell: Cell, volunteerId: string, positionId: string, clubId: string): Promise<string> {
  const [row] = rows(
    await db(cell).execute(sql`insert into volunteer_applications (position_id, volunteer_id, club_id, message)
      values (${positionId}, ${volunteerId}, ${clubId}, 'An application the node matrix reads.') returning id`),
  );
  await db(cell).execute(sql`insert into volunteer_application_events (application_id, status, actor_id) values (${row!.id as string}, 'pending', ${volunteerId})`);
  return row!.id as string;
}

/** A shift (in three days) of a new position of `clubId`, live or hidden; answers its uuid. */
async function shift(cell: Cell, clubId: string, live: boolean): Promise<string> {
  const positionId = await position(cell, clubId, { live });
  const [row] = rows(
    await db(cell).execute(sql`insert into position_shifts (position_id, club_id, starts_at, ends_at, places) values (${positionId}, ${clubId}, now() + interval '3 days', now() + interval '3 days 2 hours', 2) returning id`),
  );
  return row!.id as string;
}

/** The member's requested sign-up to a shift of the club owner's; answers its uuid. */
async function shiftSignup(cell: Cell, volunteer = cell.p.member.userId!): Promise<string> {
  const shiftId = await shift(cell, cell.p.clubOwner.userId!, true);
  const [s] = rows(await db(cell).execute(sql`select position_id from position_shifts where id = ${shiftId}`));
  const applicationId = await application(cell, volunteer, s!.position_id as string, cell.p.clubOwner.userId!);
  const [row] = rows(
    await db(cell).execute(sql`insert into shift_signups (shift_id, application_id, position_id, volunteer_id, club_id, status)
      values (${shiftId}, ${applicationId}, ${s!.position_id as string}, ${volunteer}, ${cell.p.clubOwner.userId}, 'accepted') returning id`),
  );
  return row!.id as string;
}

/** A swap the member proposes to another volunteer (an account of no caller). */
async function shiftSwap(cell: Cell): Promise<string> {
  const mine = await shiftSignup(cell);
  const theirs = await shiftSignup(cell, await profile(cell));
  const [p] = rows(await db(cell).execute(sql`select position_id from shift_signups where id = ${mine}`));
  const [row] = rows(
    await db(cell).execute(sql`insert into shift_swaps (position_id, from_signup_id, to_signup_id, proposed_by) values (${p!.position_id as string}, ${mine}, ${theirs}, ${cell.p.member.userId}) returning id`),
  );
  return row!.id as string;
}

async function gqlData(cell: Cell, role: Role, query: string, variables: Record<string, unknown> = {}): Promise<any> {
  const answer = await cell.p[role].client.gql(query, variables);
  if (answer.errors?.length) throw new Error(`preparing the node matrix failed: ${query}: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

/** A message from one caller to another; answers its global id. */
async function message(cell: Cell, from: Role, to: 'bystander' | Role): Promise<string> {
  const data = await gqlData(cell, from, 'mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { message } } }', {
    i: { recipientId: cell.p[to].memberId, subject: 'Node matrix message', content: 'A message the node matrix reads.' },
  });
  if (!data.sendMessage.message) throw new Error(`preparing the node matrix failed: sendMessage: ${JSON.stringify(data.sendMessage.userErrors)}`);
  return data.sendMessage.message.id;
}

/** A check kind (retired or not); answers its database id. */
async function checkKind(cell: Cell, retired = false): Promise<string> {
  const [row] = rows(await db(cell).execute(sql`insert into check_kinds (name, retired_at) values (${`Matrix node check ${tag()}`}, ${retired ? sql`now()` : null}) returning id`));
  return row!.id as string;
}

export interface NodeCase {
  /** What the object is, for messages. */
  what: string;
  /** Its global id (may create it). */
  id: (cell: Cell) => Promise<string>;
  /** The callers that get it from node/nodes; everyone else gets null. */
  sees: Caller[];
}

/** Every Node type of schema.graphql, with one or more objects of it and who sees each. */
export const NODES: Record<string, NodeCase[]> = {
  AdminAction: [
    {
      what: "an audit entry of the administrator's",
      id: async (cell) => {
        const [row] = rows(
          await db(cell).execute(sql`insert into admin_actions (action_type, target_type, target_id, target_name, admin_id, admin_name, admin_email)
            values ('approve', 'club_application', ${await club(cell, { status: 'approved' })}, 'Matrix Node Club', ${cell.p.platformAdmin.userId}, 'Platform Administrator', ${cell.p.platformAdmin.email}) returning id`),
        );
        return toGlobalId('AdminAction', row!.id as string);
      },
      sees: ADMINS,
    },
  ],
  CheckKind: [
    { what: 'a check kind offered', id: async (cell) => toGlobalId('CheckKind', await checkKind(cell)), sees: CALLERS },
    { what: 'a retired check kind', id: async (cell) => toGlobalId('CheckKind', await checkKind(cell, true)), sees: ADMINS },
  ],
  VolunteerCheck: [
    {
      what: "the member's safeguarding check (clubs and administrators read checks through applicantChecks, audited)",
      id: async (cell) => {
        const [row] = rows(
          await db(cell).execute(sql`insert into volunteer_checks (volunteer_id, kind_id, issued_on, expires_on)
            values (${cell.p.member.userId}, ${await checkKind(cell)}, current_date - 10, current_date + 700) returning id`),
        );
        return toGlobalId('VolunteerCheck', row!.id as string);
      },
      sees: MEMBER,
    },
  ],
  Announcement: [
    {
      what: "an announcement of the club owner's approved club",
      id: async (cell) => toGlobalId('Announcement', await announcement(cell, cell.p.clubOwner.userId!)),
      sees: CALLERS,
    },
    { what: 'an announcement a moderator removed', id: async (cell) => toGlobalId('Announcement', await announcement(cell, await club(cell, { status: 'approved' }), true)), sees: ADMINS },
    { what: "an announcement of a club that is not approved (now)", id: async (cell) => toGlobalId('Announcement', await announcement(cell, await club(cell, { status: 'pending' }))), sees: ADMINS },
  ],
  ApiToken: [
    {
      what: "the member's API token (its own sessions only: a token never reads tokens)",
      id: async (cell) => (await gqlData(cell, 'member', '{ apiTokens(first: 1) { nodes { id } } }')).apiTokens.nodes[0].id,
      sees: ['member'],
    },
  ],
  WebhookEndpoint: [
    {
      what: "the member's webhook endpoint (its owner's sessions and tokens only)",
      id: async (cell) => toGlobalId('WebhookEndpoint', await webhookEndpoint(cell)),
      sees: MEMBER,
    },
  ],
  WebhookDelivery: [
    {
      what: "a delivery of the member's webhook endpoint",
      id: async (cell) => {
        const endpointId = await webhookEndpoint(cell);
        const [row] = rows(
          await db(cell).execute(sql`
            with e as (insert into webhook_events (kind, audience, data) values ('message.received', '{}'::jsonb, '{}'::jsonb) returning id, seq)
            insert into webhook_deliveries (event_id, endpoint_id, seq, status, attempts, completed_at)
            select e.id, ${endpointId}, e.seq, 'delivered', 1, now() from e returning id`),
        );
        return toGlobalId('WebhookDelivery', row!.id as string);
      },
      sees: MEMBER,
    },
  ],
  BulkApproval: [
    {
      what: "a finished bulk approval of the administrator's",
      id: async (cell) => {
        const clubId = await club(cell, { status: 'approved' });
        const [row] = rows(
          await db(cell).execute(sql`insert into admin_bulk_approvals (admin_id, club_ids, status, processed, finished_at)
            values (${cell.p.platformAdmin.userId}, array[${clubId}]::uuid[], 'completed', 1, now()) returning id`),
        );
        return toGlobalId('BulkApproval', row!.id as string);
      },
      sees: ADMINS,
    },
  ],
  Club: [
    { what: 'a pending club application', id: async (cell) => toGlobalId('Club', await club(cell, { status: 'pending' })), sees: ADMINS },
    { what: 'an approved club', id: async (cell) => cell.p.clubOwner.clubId!, sees: CALLERS },
    { what: 'a club a moderator removed', id: async (cell) => toGlobalId('Club', await club(cell, { status: 'approved', removed: true })), sees: ADMINS },
  ],
  ContentReport: [{ what: "the bystander's pending report", id: (cell) => newReport(cell), sees: ADMINS }],
  CouncilMeeting: [
    {
      what: 'a public council meeting',
      id: async (cell) =>
        (await gqlData(cell, 'platformAdmin', 'mutation { createCouncilMeeting(input: { title: "Node matrix public", meetingDate: "2026-06-06", isPublic: true }) { meeting { id } } }'))
          .createCouncilMeeting.meeting.id,
      sees: CALLERS,
    },
    {
      // Council administration reads with `read`: the administrator's account administers the
      // council (implicitly), whatever the token's scopes; writing needs council:write.
      what: 'a non-public council meeting',
      id: async (cell) =>
        (await gqlData(cell, 'platformAdmin', 'mutation { createCouncilMeeting(input: { title: "Node matrix closed", meetingDate: "2026-06-06", isPublic: false }) { meeting { id } } }'))
          .createCouncilMeeting.meeting.id,
      sees: ['councilAdmin', 'platformAdmin', 'adminReadToken', 'adminReadAdminToken'],
    },
  ],
  ClubSession: [
    { what: 'an event of an approved club', id: async (cell) => toGlobalId('ClubSession', await clubEvent(cell, await club(cell, { status: 'approved' }))), sees: CALLERS },
    { what: 'an event of a pending club', id: async (cell) => toGlobalId('ClubSession', await clubEvent(cell, await club(cell, { status: 'pending' }))), sees: ADMINS },
  ],
  Member: [{ what: 'the bystander', id: async (cell) => cell.p.bystander.memberId!, sees: SIGNED_IN }],
  Message: [{ what: "a message of the member's to the bystander", id: (cell) => message(cell, 'member', 'bystander'), sees: MEMBER }],
  ModerationAction: [{ what: 'a content removal', id: (cell) => newRemoval(cell), sees: ADMINS }],
  Notification: [
    {
      what: "the member's notification of a message",
      id: async (cell) => {
        await message(cell, 'otherMember', 'member');
        return (await gqlData(cell, 'member', '{ notifications(first: 1) { nodes { id } } }')).notifications.nodes[0].id;
      },
      sees: MEMBER,
    },
  ],
  DataExport: [
    {
      what: "a data archive of the member's",
      id: async (cell) => {
        const rows = await cell.server.clubroom.database.db.execute(sql`insert into data_exports (user_id) values (${cell.p.member.userId}) returning id`);
        const row = (Array.isArray(rows) ? rows : (rows as unknown as { rows: unknown[] }).rows)[0] as { id: string };
        return toGlobalId('DataExport', row.id);
      },
      sees: MEMBER,
    },
  ],
  VolunteerCertificate: [{ what: "a certificate of the member's approved hours", id: async (cell) => toGlobalId('VolunteerCertificate', await memberCertificate(cell)), sees: MEMBER }],
  PushDevice: [
    {
      what: "a push device of the member's",
      id: async (cell) => {
        const rows = await cell.server.clubroom.database.db.execute(
          sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, label) values (${cell.p.member.userId}, ${`https://93.184.216.34/push/${Math.random().toString(36).slice(2)}`}, ${`B${'A'.repeat(86)}`}, ${'A'.repeat(22)}, 'Node device') returning id`,
        );
        const row = (Array.isArray(rows) ? rows : (rows as unknown as { rows: unknown[] }).rows)[0] as { id: string };
        return toGlobalId('PushDevice', row.id);
      },
      sees: MEMBER,
    },
  ],
  VolunteerApplication: [
    { what: "the member's application to the club owner's position", id: (cell) => newVolunteerApplication(cell), sees: [...MEMBER, 'clubOwner', ...ADMINS] },
  ],
  PositionShift: [
    { what: "a shift of a live position of the club owner's", id: async (cell) => toGlobalId('PositionShift', await shift(cell, cell.p.clubOwner.userId!, true)), sees: CALLERS },
    { what: "a shift of a hidden position of the club owner's", id: async (cell) => toGlobalId('PositionShift', await shift(cell, cell.p.clubOwner.userId!, false)), sees: ['clubOwner', ...ADMINS] },
  ],
  ShiftSignup: [
    {
      what: "the member's sign-up to a shift of the club owner's",
      id: async (cell) => toGlobalId('ShiftSignup', await shiftSignup(cell)),
      sees: [...MEMBER, 'clubOwner', ...ADMINS],
    },
  ],
  ShiftSwap: [
    {
      what: "a swap the member proposed to another volunteer (nobody of the matrix) on the club owner's position",
      id: async (cell) => toGlobalId('ShiftSwap', await shiftSwap(cell)),
      sees: [...MEMBER, 'clubOwner', ...ADMINS],
    },
  ],
  VolunteerHours: [{ what: "the member's pending hours at the club owner's club", id: (cell) => newHours(cell), sees: [...MEMBER, 'clubOwner', ...ADMINS] }],
  VolunteerPosition: [
    {
      what: "a hidden (not live) position of the club owner's",
      id: async (cell) => toGlobalId('VolunteerPosition', await position(cell, cell.p.clubOwner.userId!, { live: false })),
      sees: ['clubOwner', ...ADMINS],
    },
    {
      what: 'a live position of an approved club',
      id: async (cell) => toGlobalId('VolunteerPosition', await position(cell, cell.p.clubOwner.userId!, { live: true })),
      sees: CALLERS,
    },
  ],
  VolunteerProfile: [
    {
      // Owners of approved clubs see volunteers' profiles; an administrator's token without
      // `admin` is its owner as a member (no club): it does not.
      what: 'a volunteer profile of an account nobody of the matrix is',
      id: async (cell) => toGlobalId('VolunteerProfile', await profile(cell)),
      sees: ['clubOwner', 'otherClubOwner', ...ADMINS],
    },
  ],
};

/** The objects the admin-only fields are read on: owned by no caller of the matrix, so only the
 *  platform administrator's rights show the fields. Keyed by name; ADMIN_FIELDS say which. */
export const FIELD_TARGETS: Record<string, (cell: Cell) => Promise<string>> = {
  suspendedMember: async (cell) => toGlobalId('Member', await account(cell, 'suspended')),
  approvedClub: async (cell) => toGlobalId('Club', await club(cell, { status: 'approved' })),
  removedClub: async (cell) => toGlobalId('Club', await club(cell, { status: 'approved', removed: true })),
  positionWithApplication: async (cell) => {
    const clubId = await club(cell, { status: 'approved' });
    const positionId = await position(cell, clubId, { live: true });
    await application(cell, await profile(cell), positionId, clubId);
    return toGlobalId('VolunteerPosition', positionId);
  },
  clubWithFollower: async (cell) => {
    const clubId = await club(cell, { status: 'approved' });
    await db(cell).execute(sql`insert into club_follows (club_id, user_id) values (${clubId}, ${await account(cell)})`);
    return toGlobalId('Club', clubId);
  },
  sessionWithAnswer: async (cell) => {
    const clubId = await club(cell, { status: 'approved' });
    const sessionId = await clubEvent(cell, clubId);
    const fan = await account(cell);
    await db(cell).execute(sql`insert into club_follows (club_id, user_id) values (${clubId}, ${fan})`);
    await db(cell).execute(sql`insert into session_answers (session_id, user_id, answer) values (${sessionId}, ${fan}, 'going')`);
    return toGlobalId('ClubSession', sessionId);
  },
  shiftWithSignup: async (cell) => {
    const clubId = await club(cell, { status: 'approved' });
    const positionId = await position(cell, clubId, { live: true });
    const volunteer = await profile(cell);
    const applicationId = await application(cell, volunteer, positionId, clubId);
    const [row] = rows(
      await db(cell).execute(sql`insert into position_shifts (position_id, club_id, starts_at, ends_at, places) values (${positionId}, ${clubId}, now() + interval '3 days', now() + interval '3 days 2 hours', 2) returning id`),
    );
    await db(cell).execute(sql`insert into shift_signups (shift_id, application_id, position_id, volunteer_id, club_id) values (${row!.id as string}, ${applicationId}, ${positionId}, ${volunteer}, ${clubId})`);
    return toGlobalId('PositionShift', row!.id as string);
  },
  // Owned by no caller of the matrix: only the administrator's rights see its counts.
  readAnnouncement: async (cell) => toGlobalId('Announcement', await announcement(cell, await club(cell, { status: 'approved' }))),
  removedAnnouncement: async (cell) => toGlobalId('Announcement', await announcement(cell, await club(cell, { status: 'approved' }), true)),
  removedPosition: async (cell) => toGlobalId('VolunteerPosition', await position(cell, await club(cell, { status: 'approved' }), { live: true, removed: true })),
  clubWithHiddenPosition: async (cell) => {
    const clubId = await club(cell, { status: 'approved' });
    await position(cell, clubId, { live: false });
    return toGlobalId('Club', clubId);
  },
  profile: async (cell) => toGlobalId('VolunteerProfile', await profile(cell)),
  removedProfile: async (cell) => toGlobalId('VolunteerProfile', await profile(cell, true)),
  pendingReport: (cell) => newReport(cell),
  decidedReport: async (cell) => {
    const action = await newRemoval(cell);
    const data = await gqlData(cell, 'platformAdmin', 'query($id: ID!) { node(id: $id) { ... on ModerationAction { report { id } } } }', { id: action });
    return data.node.report.id;
  },
};

export interface AdminField {
  /** FIELD_TARGETS key of the object it is read on (one where an administrator sees a value). */
  on: keyof typeof FIELD_TARGETS;
  /** The selection below an object field. */
  select?: string;
  /** Its arguments, when only some of them ask for what administrators see. */
  args?: string;
}

/** Every field marked @AdminOnly(): only the platform administrator's rights (its session, its
 *  token with `admin`) see it on an object the caller does not own; everyone else gets null, an
 *  empty list, 0. */
export const ADMIN_FIELDS: Record<string, AdminField> = {
  'Member.fullName': { on: 'suspendedMember' },
  'Member.email': { on: 'suspendedMember' },
  'Member.role': { on: 'suspendedMember' },
  'Member.isCouncilAdmin': { on: 'suspendedMember' },
  'Member.status': { on: 'suspendedMember' },
  'Member.statusReason': { on: 'suspendedMember' },
  'Member.suspendedUntil': { on: 'suspendedMember' },
  'Member.statusChangedAt': { on: 'suspendedMember' },
  'Member.hasVolunteerProfile': { on: 'suspendedMember' },
  'Member.activity': { on: 'suspendedMember', select: 'activeSessions applications' },
  'Club.adminNotes': { on: 'approvedClub' },
  'Club.profileSaved': { on: 'approvedClub' },
  'Club.notifyApplicationsByEmail': { on: 'approvedClub' },
  'Club.notifyWithdrawalsByEmail': { on: 'approvedClub' },
  'Club.updatedAt': { on: 'approvedClub' },
  'Club.removedAt': { on: 'removedClub' },
  // The hidden positions: only with includeHidden, for the owner and administrators.
  'Club.positions': { on: 'clubWithHiddenPosition', args: 'includeHidden: true', select: 'totalCount' },
  // Who follows a club: its owner and administrators (anyone sees followerCount).
  'Club.followers': { on: 'clubWithFollower', select: 'totalCount' },
  // A session's head count and who answered: its club's owner and administrators.
  'ClubSession.headCount': { on: 'sessionWithAnswer', select: 'going' },
  'ClubSession.attendees': { on: 'sessionWithAnswer', args: 'answer: GOING', select: 'totalCount' },
  // An announcement's reach: its club's owner and administrators.
  'Announcement.deliveredCount': { on: 'readAnnouncement' },
  'Announcement.readCount': { on: 'readAnnouncement' },
  'Announcement.removedAt': { on: 'removedAnnouncement' },
  'VolunteerPosition.applications': { on: 'positionWithApplication', select: 'totalCount' },
  // A shift's sign-ups: its club's owner and administrators.
  'PositionShift.signups': { on: 'shiftWithSignup', select: 'totalCount' },
  'VolunteerPosition.applicationCounts': { on: 'positionWithApplication', select: 'total pending' },
  'VolunteerPosition.removedAt': { on: 'removedPosition' },
  'VolunteerProfile.email': { on: 'profile' },
  'VolunteerProfile.removedAt': { on: 'removedProfile' },
  'ContentReport.targetOwner': { on: 'decidedReport', select: 'id' },
  'ContentReport.reviewedBy': { on: 'decidedReport', select: 'id' },
  'ContentReport.actions': { on: 'decidedReport', select: 'id' },
  'ContentReport.openReportsOnTarget': { on: 'pendingReport' },
};

/** Callers that see the admin-only fields of an object they do not own. */
export const SEES_ADMIN_FIELDS: Caller[] = ADMINS;

/** What a hidden field answers: null, an empty list, 0, or an empty connection. */
export function isHidden(value: unknown): boolean {
  if (value === null || value === undefined || value === 0) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object' && 'totalCount' in (value as object)) return (value as { totalCount: number }).totalCount === 0;
  return false;
}

/** Field resolvers that read an administrator's right (a source scan of the resolvers finds them)
 *  but are not admin-only fields: they answer an object under that object's own visibility rule,
 *  which NODES checks through node/nodes. Anything else that reads the right must be @AdminOnly(). */
export const OBJECT_VISIBILITY_FIELDS: Record<string, string> = {
  'Member.volunteerProfile': 'the VolunteerProfile rule (NODES.VolunteerProfile)',
};

/**
 * Issue 31 §2: the read scope an API token needs to fetch each Node type by id (registerNodeType in
 * the resolvers). authorization-matrix.test.ts fetches every object of NODES with a token holding
 * each fine read scope alone (a member's; the administrator's with `admin` besides): it must see
 * exactly what its owner's `read` token sees (FINE_READ_EQUIVALENT) of the types of its scope, and
 * null for the rest — the answer for an object the owner may not see.
 */
export const NODE_READ_SCOPES: Record<string, ReadScope> = {
  AdminAction: 'read:admin',
  Announcement: 'read:public',
  ApiToken: 'read:profile',
  BulkApproval: 'read:admin',
  CheckKind: 'read:public',
  Club: 'read:public',
  ClubSession: 'read:public',
  ContentReport: 'read:admin',
  CouncilMeeting: 'read:public',
  DataExport: 'read:profile',
  Member: 'read:public',
  Message: 'read:messages',
  ModerationAction: 'read:admin',
  Notification: 'read:messages',
  PositionShift: 'read:public',
  PushDevice: 'read:profile',
  ShiftSignup: 'read:volunteering',
  ShiftSwap: 'read:volunteering',
  VolunteerApplication: 'read:volunteering',
  VolunteerCertificate: 'read:volunteering',
  VolunteerCheck: 'read:volunteering',
  VolunteerHours: 'read:volunteering',
  VolunteerPosition: 'read:public',
  VolunteerProfile: 'read:volunteering',
  WebhookDelivery: 'read:profile',
  WebhookEndpoint: 'read:profile',
};

/** The fine read scope tokens of the matrix: whose, which extra scope, and the caller of NODES
 *  whose rights they narrow (the owner's token with the whole `read`). */
export const FINE_READ_OWNERS = [
  { owner: 'member', extra: [] as Scope[], equivalent: 'memberReadToken' },
  { owner: 'platformAdmin', extra: ['ADMIN'] as Scope[], equivalent: 'adminReadAdminToken' },
] as const satisfies ReadonlyArray<{ owner: Role; extra: Scope[]; equivalent: TokenCaller }>;
export type { FineReadScope };
