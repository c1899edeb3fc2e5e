// Helpers for the administration tests: the specification's wording (written here on the test
// side, not imported from the server), GraphQL documents of the admin operations, applications made
// through the real sign-up (and profile save), administrators (the bootstrap one and more made with
// SQL), and direct database reads of what was stored (audit rows, outbox mail, notifications,
// rate-limit rows) and direct writes of dates for the date tests.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { adminActions, clubs, mailOutbox, notifications, rateLimits, users } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { ApiClient, newMember, type GqlAnswer } from './client.js';
import { saveProfileOk, validProfile } from './clubs.js';
import { adminClient, dbOf, gqlOk, type Connection, type Member, type UserErrorView } from './messages.js';
import type { TestServer } from './server.js';

type HasServer = Pick<TestServer, 'clubroom' | 'url'>;

// ---------------------------------------------------------------------------------------------
// The specification's words (administration.md sections 5, 6 and 8; issue 11).

export const ADMIN_TEXT = {
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin permissions required',
  rateLimited: 'Admin action rate limit exceeded',
  invalidClubId: 'Invalid club ID format',
  applicationNotFound: 'Application not found',
  notPending: 'Only pending applications can be approved or rejected. This application has already been reviewed.',
  notApproved: 'Only approved clubs can be verified.',
  rejectionRequired: 'Rejection reason is required',
  rejectionTooLong: 'Rejection reason must be less than 1000 characters',
  notesTooLong: 'Admin notes must be less than 1000 characters',
  noneSelected: 'No applications selected for bulk approval',
  tooManySelected: 'Cannot approve more than 50 applications at once',
  approvedDetail: 'Application approved',
  rejectedDetail: (reason: string) => `Application rejected: ${reason}`,
  adminScope: 'This API token lacks the admin scope.',
} as const;

// ---------------------------------------------------------------------------------------------
// GraphQL documents.

const USER_ERRORS = 'userErrors { field code message }';
const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';
export const APPLICATION_FIELDS = `id name description location city sportTypes websiteUrl contactEmail contactPhone
  applicationStatus verified adminNotes reviewedAt createdAt updatedAt`;
export const ACTION_FIELDS = 'id actionType targetType targetName details adminName adminEmail ipAddress createdAt admin { id } club { id }';
export const BULK_FIELDS = 'id status total processed succeeded { id name applicationStatus } failures { reference club { id } clubName message } createdAt finishedAt';

export const APPROVE = `mutation Approve($input: ApproveClubApplicationInput!) { approveClubApplication(input: $input) { club { ${APPLICATION_FIELDS} } ${USER_ERRORS} } }`;
export const REJECT = `mutation Reject($input: RejectClubApplicationInput!) { rejectClubApplication(input: $input) { club { ${APPLICATION_FIELDS} } ${USER_ERRORS} } }`;
export const START_BULK = `mutation Bulk($input: StartBulkApprovalInput!) { startBulkApproval(input: $input) { bulkApproval { ${BULK_FIELDS} } ${USER_ERRORS} } }`;
export const BULK_APPROVAL = `query BulkApproval($id: ID!) { bulkApproval(id: $id) { ${BULK_FIELDS} } }`;
export const SET_VERIFIED = `mutation Verify($input: SetClubVerifiedInput!) { setClubVerified(input: $input) { club { ${APPLICATION_FIELDS} } ${USER_ERRORS} } }`;
export const APPLICATION = `query Application($id: ID!) { clubApplication(id: $id) { ${APPLICATION_FIELDS} } }`;
export const APPLICATIONS = `query Applications($filter: ClubApplicationFilterInput, $sort: ClubApplicationSortInput, $offset: Int,
  $first: Int, $after: String, $last: Int, $before: String) {
  clubApplications(filter: $filter, sort: $sort, offset: $offset, first: $first, after: $after, last: $last, before: $before) {
    totalCount ${PAGE_INFO} edges { cursor node { ${APPLICATION_FIELDS} } }
  }
}`;
export const COUNTS = '{ clubApplicationCounts { pending approved rejected total } }';
export const PLATFORM_STATS = '{ adminPlatformStats { totalClubs verifiedClubs totalVolunteers totalOpportunities totalApplications activeUsers pendingApplications pendingVerifications } }';
export const ADMIN_ACTIONS = `query Actions($filter: AdminActionFilterInput, $offset: Int, $first: Int, $after: String, $last: Int, $before: String) {
  adminActions(filter: $filter, offset: $offset, first: $first, after: $after, last: $last, before: $before) {
    totalCount ${PAGE_INFO} edges { cursor node { ${ACTION_FIELDS} } }
  }
}`;
export const ACTIVITY_FIELDS = 'adminName adminEmail totalActions approvalsCount rejectionsCount bulkOperationsCount lastActivityAt averageProcessingTimeHours admin { id }';
export const ADMIN_ACTIVITY = `query Activity($from: Date, $to: Date, $adminId: ID) {
  adminActivity(from: $from, to: $to, adminId: $adminId, first: 100) { totalCount nodes { ${ACTIVITY_FIELDS} } }
}`;
export const STATISTICS = `query Statistics($from: Date, $to: Date) {
  clubApplicationStatistics(from: $from, to: $to) {
    totalApplications approvedApplications pendingApplications rejectedApplications approvalRate averageProcessingTimeHours
    topRejectionReasons { reason count }
    applicationsByMonth { month total approved pending rejected }
    applicationsByLocation { location count }
  }
}`;

// ---------------------------------------------------------------------------------------------
// Answer shapes.

export interface ApplicationView {
  id: string;
  name: string;
  description: string | null;
  location: string | null;
  city: string | null;
  sportTypes: string[];
  websiteUrl: string | null;
  contactEmail: string;
  contactPhone: string | null;
  applicationStatus: 'PENDING' | 'APPROVED' | 'REJECTED';
  verified: boolean;
  adminNotes: string | null;
  reviewedAt: string | null;
  createdAt: string;
  updatedAt: string | null;
}

export interface ActionView {
  id: string;
  actionType: string;
  targetType: string;
  targetName: string;
  details: string;
  adminName: string;
  adminEmail: string;
  ipAddress: string | null;
  createdAt: string;
  admin: { id: string } | null;
  club: { id: string } | null;
}

export interface BulkView {
  id: string;
  status: 'RUNNING' | 'COMPLETED';
  total: number;
  processed: number;
  succeeded: Array<{ id: string; name: string; applicationStatus: string }>;
  failures: Array<{ reference: string; club: { id: string } | null; clubName: string | null; message: string }>;
  createdAt: string;
  finishedAt: string | null;
}

export interface ActivityView {
  adminName: string;
  adminEmail: string;
  totalActions: number;
  approvalsCount: number;
  rejectionsCount: number;
  bulkOperationsCount: number;
  lastActivityAt: string | null;
  averageProcessingTimeHours: number | null;
  admin: { id: string } | null;
}

export interface StatisticsView {
  totalApplications: number;
  approvedApplications: number;
  pendingApplications: number;
  rejectedApplications: number;
  approvalRate: number;
  averageProcessingTimeHours: number | null;
  topRejectionReasons: Array<{ reason: string; count: number }>;
  applicationsByMonth: Array<{ month: string; total: number; approved: number; pending: number; rejected: number }>;
  applicationsByLocation: Array<{ location: string; count: number }>;
}

type Payload<K extends string, R extends string, T> = { [key in K]: { userErrors: UserErrorView[] } & { [r in R]: T | null } };

// ---------------------------------------------------------------------------------------------
// People: applications (club owners) and administrators.

export interface Application extends Member {
  /** The club's global id (what the admin operations take). */
  clubId: string;
  /** The club's database id (its owner's user id). */
  uuid: string;
  name: string;
}

export interface ApplicationOptions {
  name?: string;
  fullName?: string;
  /** Fields of the club profile to save after sign-up (over a valid profile); false to save none
   *  (the application is then only what the registration gave: name and contact email). */
  profile?: Record<string, unknown> | false;
  /** Stored submission time (set with SQL after sign-up). */
  createdAt?: Date;
}

let counter = 0;
const uniqueClubName = () => `Applicant Club ${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A club application made the way a club makes one: sign-up with a club name, then (unless
 *  `profile: false`) the club profile saved by its owner. Pending. */
export async function newApplication(server: HasServer, opts: ApplicationOptions = {}): Promise<Application> {
  const name = opts.name ?? uniqueClubName();
  const member = await newMember(server.url, { clubName: name, fullName: opts.fullName ?? `Owner of ${name}` });
  if (opts.profile !== false) await saveProfileOk(member.client, validProfile({ name, contactEmail: member.email, ...opts.profile }));
  if (opts.createdAt) await setCreatedAt(server, member.user.id, opts.createdAt);
  return { ...member, clubId: toGlobalId('Club', member.user.id), uuid: member.user.id, name };
}

/** `n` applications (a few sign-ups at a time); `opts(i)` gives each its options. */
export async function newApplications(server: HasServer, n: number, opts: (i: number) => ApplicationOptions = () => ({})): Promise<Application[]> {
  const out: Application[] = [];
  for (let start = 0; start < n; start += 5) {
    const batch = Array.from({ length: Math.min(5, n - start) }, (_, k) => newApplication(server, opts(start + k)));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/** Another platform administrator: a member made one with SQL (there is no operation for it). */
export async function newAdmin(server: HasServer, fullName = 'Second Admin'): Promise<Member> {
  const member = await newMember(server.url, { fullName });
  await dbOf(server).update(users).set({ isPlatformAdmin: true }).where(eq(users.id, member.user.id));
  return member;
}

/** The bootstrap administrator, signed in, with their user row. */
export async function bootstrapAdmin(server: HasServer): Promise<{ client: ApiClient; id: string; email: string; name: string }> {
  const client = await adminClient(server.url);
  const [row] = await dbOf(server).select().from(users).where(eq(users.isPlatformAdmin, true)).orderBy(asc(users.createdAt)).limit(1);
  return { client, id: row!.id, email: row!.email, name: row!.fullName };
}

// ---------------------------------------------------------------------------------------------
// Calls.

export function approve(client: ApiClient, clubId: string, adminNotes?: string | null): Promise<GqlAnswer<Payload<'approveClubApplication', 'club', ApplicationView>>> {
  return client.gql(APPROVE, { input: { clubId, ...(adminNotes === undefined ? {} : { adminNotes }) } });
}

export function reject(client: ApiClient, clubId: string, rejectionReason: string): Promise<GqlAnswer<Payload<'rejectClubApplication', 'club', ApplicationView>>> {
  return client.gql(REJECT, { input: { clubId, rejectionReason } });
}

export function startBulk(client: ApiClient, clubIds: string[], adminNotes?: string | null): Promise<GqlAnswer<Payload<'startBulkApproval', 'bulkApproval', BulkView>>> {
  return client.gql(START_BULK, { input: { clubIds, ...(adminNotes === undefined ? {} : { adminNotes }) } });
}

export function setVerified(client: ApiClient, clubId: string, verified: boolean): Promise<GqlAnswer<Payload<'setClubVerified', 'club', ApplicationView>>> {
  return client.gql(SET_VERIFIED, { input: { clubId, verified } });
}

/** The payload of a mutation that must have succeeded (no errors, no user errors). */
export function okPayload<T>(answer: GqlAnswer, field: string): T {
  if (answer.errors?.length) throw new Error(`${field} failed: ${JSON.stringify(answer.errors)}`);
  const payload = answer.data?.[field];
  if (payload?.userErrors?.length) throw new Error(`${field} refused: ${JSON.stringify(payload.userErrors)}`);
  return payload;
}

export async function approveOk(client: ApiClient, clubId: string, adminNotes?: string | null): Promise<ApplicationView> {
  return okPayload<{ club: ApplicationView }>(await approve(client, clubId, adminNotes), 'approveClubApplication').club;
}

export async function rejectOk(client: ApiClient, clubId: string, reason: string): Promise<ApplicationView> {
  return okPayload<{ club: ApplicationView }>(await reject(client, clubId, reason), 'rejectClubApplication').club;
}

export async function startBulkOk(client: ApiClient, clubIds: string[], adminNotes?: string | null): Promise<BulkView> {
  return okPayload<{ bulkApproval: BulkView }>(await startBulk(client, clubIds, adminNotes), 'startBulkApproval').bulkApproval;
}

export async function bulkApproval(client: ApiClient, id: string): Promise<BulkView | null> {
  return (await gqlOk<{ bulkApproval: BulkView | null }>(client, BULK_APPROVAL, { id })).bulkApproval;
}

export async function viewApplication(client: ApiClient, id: string): Promise<ApplicationView | null> {
  return (await gqlOk<{ clubApplication: ApplicationView | null }>(client, APPLICATION, { id })).clubApplication;
}

export async function applications(client: ApiClient, vars: Record<string, unknown> = {}): Promise<Connection<ApplicationView>> {
  return (await gqlOk<{ clubApplications: Connection<ApplicationView> }>(client, APPLICATIONS, vars)).clubApplications;
}

export async function actions(client: ApiClient, vars: Record<string, unknown> = {}): Promise<Connection<ActionView>> {
  return (await gqlOk<{ adminActions: Connection<ActionView> }>(client, ADMIN_ACTIONS, vars)).adminActions;
}

export async function counts(client: ApiClient): Promise<{ pending: number; approved: number; rejected: number; total: number }> {
  return (await gqlOk(client, COUNTS)).clubApplicationCounts;
}

export async function platformStats(client: ApiClient): Promise<Record<string, number>> {
  return (await gqlOk(client, PLATFORM_STATS)).adminPlatformStats;
}

export async function activity(client: ApiClient, vars: { from?: string | null; to?: string | null; adminId?: string | null } = {}): Promise<ActivityView[]> {
  return (await gqlOk<{ adminActivity: { nodes: ActivityView[] } }>(client, ADMIN_ACTIVITY, vars)).adminActivity.nodes;
}

export async function statistics(client: ApiClient, vars: { from?: string | null; to?: string | null } = {}): Promise<StatisticsView> {
  return (await gqlOk<{ clubApplicationStatistics: StatisticsView }>(client, STATISTICS, vars)).clubApplicationStatistics;
}

/** Waits until every bulk approval the server is working through has finished. */
export function settle(server: HasServer): Promise<void> {
  return server.clubroom.services.adminApprovals.settle();
}

// ---------------------------------------------------------------------------------------------
// Direct database reads and writes.

export const memberGid = (userId: string) => toGlobalId('Member', userId);

/** The audit rows about one club (or all of them), oldest first. */
export function auditRows(server: HasServer, where: { targetId?: string; adminId?: string } = {}) {
  const conditions = [where.targetId ? eq(adminActions.targetId, where.targetId) : undefined, where.adminId ? eq(adminActions.adminId, where.adminId) : undefined];
  return dbOf(server)
    .select()
    .from(adminActions)
    .where(and(...conditions))
    .orderBy(asc(adminActions.createdAt), asc(adminActions.id));
}

export async function auditCount(server: HasServer): Promise<number> {
  const [row] = await dbOf(server).select({ n: sql<number>`count(*)::int` }).from(adminActions);
  return row!.n;
}

/** Mail queued in the outbox to one address, oldest first. */
export function outboxTo(server: HasServer, email: string) {
  return dbOf(server).select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt));
}

export function notificationRows(server: HasServer, userId: string) {
  return dbOf(server).select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.createdAt));
}

export async function clubRowOf(server: HasServer, uuid: string) {
  const [row] = await dbOf(server).select().from(clubs).where(eq(clubs.id, uuid));
  return row ?? null;
}

/** The rate-limit rows of one admin action (the store every instance shares). */
export function adminRateLimitRows(server: HasServer, action: string) {
  return dbOf(server)
    .select()
    .from(rateLimits)
    .where(like(rateLimits.key, `admin_${action}%`));
}

/** Forgets every admin action counted so far (tests that make many calls start afresh). */
export async function clearAdminRateLimits(server: HasServer): Promise<void> {
  await dbOf(server).delete(rateLimits).where(like(rateLimits.key, 'admin_%'));
}

export async function setCreatedAt(server: HasServer, uuid: string, at: Date): Promise<void> {
  await dbOf(server).update(clubs).set({ createdAt: at }).where(eq(clubs.id, uuid));
}

/** Stores a decision directly (for report tests that need controlled times). */
export async function setDecision(server: HasServer, uuid: string, d: { status: 'pending' | 'approved' | 'rejected'; reviewedAt?: Date | null; adminNotes?: string | null; createdAt?: Date }): Promise<void> {
  await dbOf(server)
    .update(clubs)
    .set({
      applicationStatus: d.status,
      ...(d.reviewedAt !== undefined ? { reviewedAt: d.reviewedAt } : {}),
      ...(d.adminNotes !== undefined ? { adminNotes: d.adminNotes } : {}),
      ...(d.createdAt ? { createdAt: d.createdAt } : {}),
    })
    .where(eq(clubs.id, uuid));
}

/** Moves audit rows of a club to a given time (for date filters and activity periods). */
export async function setAuditTime(server: HasServer, where: { targetId?: string; id?: string }, at: Date): Promise<void> {
  await dbOf(server)
    .update(adminActions)
    .set({ createdAt: at })
    .where(where.id ? eq(adminActions.id, where.id) : eq(adminActions.targetId, where.targetId!));
}

/** A UTC day 'YYYY-MM-DD'. */
export const day = (d: Date) => d.toISOString().slice(0, 10);
