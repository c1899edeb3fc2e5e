// Helpers for the moderation tests (issue 13 contract, section 2): the contract's wording (written
// here on the test side, not imported from the server), GraphQL documents, calls, a cast of members
// with one item of each kind to report, and direct database reads of what was stored.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { adminActions, clubs, clubVolunteerPositions, contentReports, messages, moderationActions, notifications, users, volunteerProfiles } from '../../server/src/db/schema/index.js';
import { fromGlobalId, toGlobalId } from '../../server/src/graphql/relay.js';
import { newMember, type ApiClient, type GqlAnswer } from './client.js';
import { dbOf, gqlOk, sendOk, type Member, type UserErrorView } from './messages.js';
import { clubWithOpportunity } from './opportunities.js';
import type { TestServer } from './server.js';
import { createVolunteer, type Volunteer } from './volunteers.js';

type HasServer = Pick<TestServer, 'clubroom' | 'url'>;

export const MODERATION_TEXT = {
  detailsTooLong: 'Details must be less than 1000 characters',
  targetNotFound: 'The reported item was not found.',
  ownContent: 'You cannot report your own content.',
  duplicate: 'You have already reported this. Our moderators are reviewing it.',
  rateLimited: 'You have sent too many reports. Please try again later.',
  reportClosed: 'This report has already been closed.',
  restorationNotAnAction: 'Choose warning, content removal, account suspension or dismissal.',
  warningRequired: 'Warning message is required',
  reasonRequired: 'Reason is required',
  notRemoved: 'This content is not removed.',
  warningSubject: 'Warning from the Clubroom moderators',
  warningBody: (note: string, label: string) => `${note}\n\nThis warning concerns: ${label}`,
  removedTitle: 'Content removed',
  removedBody: (kind: string, label: string) => `Your ${kind} "${label}" was removed by a moderator.`,
  reviewedTitle: 'Report reviewed',
  actionTaken: (label: string) => `Thank you. We reviewed your report about "${label}" and took action.`,
  noBreach: (label: string) => `We reviewed your report about "${label}" and found no breach of our guidelines.`,
  adminRequired: 'Admin permissions required',
  authenticationRequired: 'Authentication required',
  untilPast: 'Suspension end must be in the future',
  selfSuspend: 'You cannot suspend your own account.',
} as const;

// ---------------------------------------------------------------------------------------------
// GraphQL documents.

const USER_ERRORS = 'userErrors { field code message }';
const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';
export const REPORT_FIELDS = `id targetType targetId targetLabel targetExcerpt reason details status createdAt reviewedAt closedAt
  reporter { id } targetOwner { id } reviewedBy { id } targetRemoved openReportsOnTarget`;
export const ACTION_FIELDS = 'id actionType targetType targetId targetLabel adminName note createdAt canRestore targetUser { id } admin { id } report { id status }';
export const STATS_FIELDS = 'totalReports pending reviewed resolved dismissed actionsTaken removedItems';

export const REPORT_CONTENT = `mutation Report($input: ReportContentInput!) { reportContent(input: $input) { report { ${REPORT_FIELDS} } ${USER_ERRORS} } }`;
export const MARK_REVIEWED = `mutation Reviewed($input: MarkReportReviewedInput!) { markReportReviewed(input: $input) { report { ${REPORT_FIELDS} } ${USER_ERRORS} } }`;
export const TAKE_ACTION = `mutation Act($input: TakeModerationActionInput!) {
  takeModerationAction(input: $input) { report { ${REPORT_FIELDS} actions { ${ACTION_FIELDS} } } action { ${ACTION_FIELDS} } ${USER_ERRORS} }
}`;
export const RESTORE_CONTENT = `mutation Restore($input: RestoreContentInput!) { restoreContent(input: $input) { action { ${ACTION_FIELDS} } ${USER_ERRORS} } }`;
export const CONTENT_REPORTS = `query Reports($status: ReportStatus, $targetType: ReportTargetType, $first: Int, $after: String, $last: Int, $before: String) {
  contentReports(status: $status, targetType: $targetType, first: $first, after: $after, last: $last, before: $before) { totalCount ${PAGE_INFO} nodes { ${REPORT_FIELDS} } }
}`;
export const CONTENT_REPORT = `query Report($id: ID!) { contentReport(id: $id) { ${REPORT_FIELDS} actions { ${ACTION_FIELDS} } } }`;
export const REPORT_NODE = `query ReportNode($id: ID!) { node(id: $id) { id ... on ContentReport { status targetLabel targetOwner { id } openReportsOnTarget actions { id } } } }`;
export const MODERATION_ACTIONS = `query Actions($first: Int, $after: String) { moderationActions(first: $first, after: $after) { totalCount ${PAGE_INFO} nodes { ${ACTION_FIELDS} } } }`;
export const MODERATION_STATS = `{ moderationStats { ${STATS_FIELDS} } }`;
export const STATS_CHANGED = `subscription { moderationStatsChanged { ${STATS_FIELDS} } }`;

// ---------------------------------------------------------------------------------------------
// Answer shapes and calls.

export type TargetType = 'MESSAGE' | 'PROFILE' | 'OPPORTUNITY' | 'CLUB';
export type ActionType = 'WARNING' | 'CONTENT_REMOVAL' | 'ACCOUNT_SUSPENSION' | 'DISMISSAL' | 'CONTENT_RESTORATION';

export interface ReportView {
  id: string;
  targetType: TargetType;
  targetId: string;
  targetLabel: string;
  targetExcerpt: string;
  reason: string;
  details: string;
  status: 'PENDING' | 'REVIEWED' | 'RESOLVED' | 'DISMISSED';
  createdAt: string;
  reviewedAt: string | null;
  closedAt: string | null;
  reporter: { id: string } | null;
  targetOwner: { id: string } | null;
  reviewedBy: { id: string } | null;
  targetRemoved: boolean;
  openReportsOnTarget: number;
  actions?: ActionView[];
}

export interface ActionView {
  id: string;
  actionType: ActionType;
  targetType: TargetType;
  targetId: string;
  targetLabel: string;
  adminName: string;
  note: string;
  createdAt: string;
  canRestore: boolean;
  targetUser: { id: string } | null;
  admin: { id: string } | null;
  report: { id: string; status: string } | null;
}

export type StatsView = Record<'totalReports' | 'pending' | 'reviewed' | 'resolved' | 'dismissed' | 'actionsTaken' | 'removedItems', number>;

export function report(client: ApiClient, targetType: TargetType, targetId: string, over: { reason?: string; details?: string | null } = {}): Promise<GqlAnswer> {
  return client.gql(REPORT_CONTENT, { input: { targetType, targetId, reason: over.reason ?? 'SPAM', details: over.details } });
}

/** A payload that must have succeeded; answers its `result` field. */
export function okResult<T>(answer: GqlAnswer, field: string, result: string): T {
  if (answer.errors?.length) throw new Error(`${field} failed: ${JSON.stringify(answer.errors)}`);
  const payload = answer.data[field];
  if (payload.userErrors.length) throw new Error(`${field} refused: ${JSON.stringify(payload.userErrors)}`);
  return payload[result] as T;
}

export async function reportOk(client: ApiClient, targetType: TargetType, targetId: string, over: { reason?: string; details?: string | null } = {}): Promise<ReportView> {
  return okResult(await report(client, targetType, targetId, over), 'reportContent', 'report');
}

export function takeAction(client: ApiClient, reportId: string, action: ActionType, over: { note?: string | null; suspendUntil?: string | null } = {}): Promise<GqlAnswer> {
  return client.gql(TAKE_ACTION, { input: { reportId, action, ...over } });
}

export async function takeActionOk(client: ApiClient, reportId: string, action: ActionType, over: { note?: string | null; suspendUntil?: string | null } = {}) {
  const answer = await takeAction(client, reportId, action, over);
  return { report: okResult<ReportView>(answer, 'takeModerationAction', 'report'), action: okResult<ActionView>(answer, 'takeModerationAction', 'action') };
}

export const restore = (client: ApiClient, actionId: string) => client.gql(RESTORE_CONTENT, { input: { actionId } });
export const markReviewed = (client: ApiClient, reportId: string) => client.gql(MARK_REVIEWED, { input: { reportId } });

export async function moderationStats(client: ApiClient): Promise<StatsView> {
  return (await gqlOk(client, MODERATION_STATS)).moderationStats;
}

/** The one user error of a refused payload. */
export function refusedWith(answer: GqlAnswer, field: string): UserErrorView {
  if (answer.errors?.length) throw new Error(`expected a user error, got ${JSON.stringify(answer.errors)}`);
  const errors = answer.data[field].userErrors as UserErrorView[];
  if (errors.length === 0) throw new Error(`${field} was not refused: ${JSON.stringify(answer.data[field])}`);
  return errors[0]!;
}

export const uuidOf = (globalId: string) => fromGlobalId(globalId)!.id;

// ---------------------------------------------------------------------------------------------
// A cast: a volunteer, an approved club with a live position, a message from the club to the
// volunteer, and a second volunteer.

export interface Cast {
  volunteer: Volunteer;
  other: Volunteer;
  club: Member & { clubId: string; clubUuid: string; positionId: string };
  /** A member without a club or profile. */
  member: Member;
  /** The club's message to the volunteer (global id). */
  messageId: string;
  /** What each kind's target id is, and its owner's user id. */
  targets: Record<TargetType, { id: string; ownerId: string; label: string }>;
}

export async function newCast(server: HasServer, tag: string): Promise<Cast> {
  const volunteer = await createVolunteer(server, { firstName: 'Vera', lastName: `Volunteer ${tag}`, bio: `I coach juniors (${tag}).` });
  const other = await createVolunteer(server, { firstName: 'Otto', lastName: `Other ${tag}` });
  const club = await clubWithOpportunity(server, { clubName: `Moderated Club ${tag}`, position: { title: `Coach ${tag}`, description: `Coach the under 12s (${tag}).` } });
  const member = await newMember(server.url, { fullName: `Plain Member ${tag}` });
  const message = await sendOk(club, volunteer.user.id, { subject: `Hello ${tag}`, content: `Rude words (${tag})` });
  return {
    volunteer,
    other,
    club,
    member,
    messageId: message.id,
    targets: {
      MESSAGE: { id: message.id, ownerId: club.user.id, label: `Hello ${tag}` },
      PROFILE: { id: volunteer.memberId, ownerId: volunteer.user.id, label: `Vera Volunteer ${tag}` },
      OPPORTUNITY: { id: club.positionId, ownerId: club.user.id, label: `Coach ${tag}` },
      CLUB: { id: club.clubId, ownerId: club.user.id, label: `Moderated Club ${tag}` },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Direct database reads and writes.

export function reportRow(server: HasServer, globalId: string) {
  return dbOf(server).select().from(contentReports).where(eq(contentReports.id, uuidOf(globalId))).then((rows) => rows[0] ?? null);
}

export function actionRowsOf(server: HasServer, reportGlobalId: string) {
  return dbOf(server).select().from(moderationActions).where(eq(moderationActions.reportId, uuidOf(reportGlobalId)));
}

/** Audit entries about a report (target_id = the report) or a user. */
export function auditRowsFor(server: HasServer, targetUuid: string) {
  return dbOf(server).select().from(adminActions).where(eq(adminActions.targetId, targetUuid)).orderBy(asc(adminActions.createdAt));
}

export function systemNotificationsOf(server: HasServer, userId: string) {
  return dbOf(server)
    .select({ title: notifications.title, description: notifications.description, type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'system')));
}

export async function userStatus(server: HasServer, userId: string) {
  const [row] = await dbOf(server).select({ status: users.status, reason: users.statusReason, until: users.suspendedUntil }).from(users).where(eq(users.id, userId));
  return row!;
}

/** removed_at of each kind's item. */
export async function removedAtOf(server: HasServer, type: TargetType, globalId: string): Promise<Date | null> {
  const id = uuidOf(globalId);
  const db = dbOf(server);
  const [row] =
    type === 'MESSAGE'
      ? await db.select({ at: messages.removedAt }).from(messages).where(eq(messages.id, id))
      : type === 'OPPORTUNITY'
        ? await db.select({ at: clubVolunteerPositions.removedAt }).from(clubVolunteerPositions).where(eq(clubVolunteerPositions.id, id))
        : type === 'CLUB'
          ? await db.select({ at: clubs.removedAt }).from(clubs).where(eq(clubs.id, id))
          : await db.select({ at: volunteerProfiles.removedAt }).from(volunteerProfiles).where(eq(volunteerProfiles.userId, id));
  return row?.at ?? null;
}

/** Sets removed_at of each kind's item directly. */
export async function setRemovedAt(server: HasServer, type: TargetType, globalId: string, at: Date | null): Promise<void> {
  const id = uuidOf(globalId);
  const db = dbOf(server);
  if (type === 'MESSAGE') await db.update(messages).set({ removedAt: at }).where(eq(messages.id, id));
  else if (type === 'OPPORTUNITY') await db.update(clubVolunteerPositions).set({ removedAt: at }).where(eq(clubVolunteerPositions.id, id));
  else if (type === 'CLUB') await db.update(clubs).set({ removedAt: at }).where(eq(clubs.id, id));
  else await db.update(volunteerProfiles).set({ removedAt: at }).where(eq(volunteerProfiles.userId, id));
}

/** Messages directly to `recipientId` from `senderId` (for the hourly limit); answers global ids. */
export async function insertMessagesTo(server: HasServer, senderId: string, recipientId: string, n: number): Promise<string[]> {
  const rows = await dbOf(server)
    .insert(messages)
    .values(Array.from({ length: n }, (_, i) => ({ senderId, recipientId, subject: `Bulk ${i}`, content: `Bulk message ${i}` })))
    .returning({ id: messages.id });
  return rows.map((r) => toGlobalId('Message', r.id));
}

export function reportsByIds(server: HasServer, ids: string[]) {
  return dbOf(server).select().from(contentReports).where(inArray(contentReports.id, ids.map(uuidOf)));
}
