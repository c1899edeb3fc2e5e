// Helpers for the Users tab's tests (issue 13 contract section 1): the contract's wording (written
// here on the test side, not imported from the server), the GraphQL documents of adminUsers,
// adminUserStats, suspendUser, banUser, reinstateUser and setPlatformAdmin, calls that must
// succeed, and direct reads of what was stored (the users row, sessions, audit rows, outbox mail).
import { and, asc, eq, isNull } from 'drizzle-orm';
import { adminActions, mailOutbox, sessions, users } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import type { ApiClient, GqlAnswer } from './client.js';
import { dbOf, gqlOk, type Connection, type UserErrorView } from './messages.js';
import type { TestServer } from './server.js';

type HasServer = Pick<TestServer, 'clubroom' | 'url'>;

export const USERS_TEXT = {
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be less than 1000 characters',
  untilPast: 'Suspension end must be in the future',
  noteTooLong: 'Note must be less than 1000 characters',
  userNotFound: 'User not found',
  selfSuspend: 'You cannot suspend your own account.',
  selfBan: 'You cannot ban your own account.',
  selfRole: 'You cannot change your own administrator role.',
  lastAdmin: 'The last platform administrator cannot be suspended, banned or lose the administrator role.',
  banned: 'This account is banned. Reinstate it first.',
  alreadyActive: 'This account is already active.',
  sameRole: 'This account already has that role.',
  suspendedUntil: (until: string, reason: string) => `This account has been suspended until ${until}. Reason: ${reason}`,
  suspended: (reason: string) => `This account has been suspended. Reason: ${reason}`,
  bannedSignIn: (reason: string) => `This account has been banned. Reason: ${reason}`,
  auditSuspendedUntil: (until: string, reason: string) => `Suspended until ${until}: ${reason}`,
  auditSuspended: (reason: string) => `Suspended: ${reason}`,
  auditBanned: (reason: string) => `Banned: ${reason}`,
  auditReinstated: 'Reinstated',
  auditReinstatedNote: (note: string) => `Reinstated: ${note}`,
  auditGranted: 'Administrator role granted',
  auditRevoked: 'Administrator role revoked',
  auditSuspensionEnded: 'Suspension ended',
  reinstatedSubject: 'Your Clubroom account has been reinstated',
  adminRequired: 'Admin permissions required',
  authenticationRequired: 'Authentication required',
} as const;

// ---------------------------------------------------------------------------------------------
// GraphQL documents.

const USER_ERRORS = 'userErrors { field code message }';
const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';
export const ADMIN_MEMBER_FIELDS = 'id name email fullName role kind status statusReason suspendedUntil statusChangedAt createdAt club { id name }';
export const ACTIVITY_FIELDS = 'messagesSent messagesReceived applications reportsMade reportsAgainst activeSessions lastActiveAt';

export const ADMIN_USERS = `query AdminUsers($first: Int, $after: String, $last: Int, $before: String, $search: String, $filter: AdminUserFilter) {
  adminUsers(first: $first, after: $after, last: $last, before: $before, search: $search, filter: $filter) {
    totalCount ${PAGE_INFO} edges { cursor node { ${ADMIN_MEMBER_FIELDS} } }
  }
}`;
export const ADMIN_USER_STATS = '{ adminUserStats { total volunteers clubs administrators suspended banned newThisWeek } }';
export const MEMBER_DETAIL = `query Member($id: ID!) { member(id: $id) { ${ADMIN_MEMBER_FIELDS} activity { ${ACTIVITY_FIELDS} } } }`;
export const SUSPEND_USER = `mutation SuspendUser($input: SuspendUserInput!) { suspendUser(input: $input) { member { ${ADMIN_MEMBER_FIELDS} } ${USER_ERRORS} } }`;
export const BAN_USER = `mutation BanUser($input: BanUserInput!) { banUser(input: $input) { member { ${ADMIN_MEMBER_FIELDS} } ${USER_ERRORS} } }`;
export const REINSTATE_USER = `mutation ReinstateUser($input: ReinstateUserInput!) { reinstateUser(input: $input) { member { ${ADMIN_MEMBER_FIELDS} } ${USER_ERRORS} } }`;
export const SET_PLATFORM_ADMIN = `mutation SetPlatformAdmin($input: SetPlatformAdminInput!) { setPlatformAdmin(input: $input) { member { ${ADMIN_MEMBER_FIELDS} } ${USER_ERRORS} } }`;
export const SIGN_IN = `mutation SignIn($input: SignInInput!) { signIn(input: $input) { session { accessToken } ${USER_ERRORS} } }`;
export const REVOKED = 'subscription { sessionRevoked { reason } }';

// ---------------------------------------------------------------------------------------------
// Answer shapes.

export interface AdminMemberView {
  id: string;
  name: string;
  email: string | null;
  fullName: string | null;
  role: 'VOLUNTEER' | 'CLUB_ADMIN' | 'PLATFORM_ADMIN' | null;
  kind: 'VOLUNTEER' | 'CLUB';
  status: 'ACTIVE' | 'SUSPENDED' | 'BANNED' | null;
  statusReason: string | null;
  suspendedUntil: string | null;
  statusChangedAt: string | null;
  createdAt: string;
  club: { id: string; name: string } | null;
}

export interface ActivityView {
  messagesSent: number;
  messagesReceived: number;
  applications: number;
  reportsMade: number;
  reportsAgainst: number;
  activeSessions: number;
  lastActiveAt: string | null;
}

export type UserPayload = { member: AdminMemberView | null; userErrors: UserErrorView[] };

// ---------------------------------------------------------------------------------------------
// Calls. `userId` is a database id or a Member global id.

export const memberGid = (userId: string) => (/^[0-9a-f-]{36}$/.test(userId) ? toGlobalId('Member', userId) : userId);

async function userMutation(client: ApiClient, query: string, field: string, input: Record<string, unknown>): Promise<{ answer: GqlAnswer; payload: UserPayload | null }> {
  const answer = await client.gql(query, { input: { ...input, userId: memberGid(String(input.userId)) } });
  return { answer, payload: (answer.data?.[field] as UserPayload | undefined) ?? null };
}

export const suspendUser = (client: ApiClient, userId: string, reason: string, until?: string | null) =>
  userMutation(client, SUSPEND_USER, 'suspendUser', { userId, reason, ...(until === undefined ? {} : { until }) });
export const banUser = (client: ApiClient, userId: string, reason: string) => userMutation(client, BAN_USER, 'banUser', { userId, reason });
export const reinstateUser = (client: ApiClient, userId: string, note?: string | null) =>
  userMutation(client, REINSTATE_USER, 'reinstateUser', { userId, ...(note === undefined ? {} : { note }) });
export const setPlatformAdmin = (client: ApiClient, userId: string, isPlatformAdmin: boolean) =>
  userMutation(client, SET_PLATFORM_ADMIN, 'setPlatformAdmin', { userId, isPlatformAdmin });

/** The member of a user mutation that must have succeeded. */
export function memberOk(result: { answer: GqlAnswer; payload: UserPayload | null }): AdminMemberView {
  if (result.answer.errors?.length) throw new Error(`failed: ${JSON.stringify(result.answer.errors)}`);
  if (!result.payload || result.payload.userErrors.length) throw new Error(`refused: ${JSON.stringify(result.payload?.userErrors)}`);
  return result.payload.member!;
}

/** The one user error of a refused user mutation (and no member). */
export function refusal(result: { answer: GqlAnswer; payload: UserPayload | null }): UserErrorView {
  if (result.answer.errors?.length) throw new Error(`failed: ${JSON.stringify(result.answer.errors)}`);
  if (result.payload?.member) throw new Error('expected a refusal, got a member');
  const errors = result.payload?.userErrors ?? [];
  if (errors.length !== 1) throw new Error(`expected one user error, got ${JSON.stringify(errors)}`);
  return errors[0]!;
}

export async function suspendOk(client: ApiClient, userId: string, reason: string, until?: string | null) {
  return memberOk(await suspendUser(client, userId, reason, until));
}

export async function banOk(client: ApiClient, userId: string, reason: string) {
  return memberOk(await banUser(client, userId, reason));
}

export async function reinstateOk(client: ApiClient, userId: string, note?: string | null) {
  return memberOk(await reinstateUser(client, userId, note));
}

export async function setPlatformAdminOk(client: ApiClient, userId: string, isPlatformAdmin: boolean) {
  return memberOk(await setPlatformAdmin(client, userId, isPlatformAdmin));
}

export async function adminUsers(client: ApiClient, vars: Record<string, unknown> = {}): Promise<Connection<AdminMemberView>> {
  return (await gqlOk<{ adminUsers: Connection<AdminMemberView> }>(client, ADMIN_USERS, vars)).adminUsers;
}

export async function adminUserStats(client: ApiClient): Promise<Record<string, number>> {
  return (await gqlOk(client, ADMIN_USER_STATS)).adminUserStats;
}

export async function memberDetail(client: ApiClient, userId: string): Promise<(AdminMemberView & { activity: ActivityView | null }) | null> {
  return (await gqlOk(client, MEMBER_DETAIL, { id: memberGid(userId) })).member;
}

// ---------------------------------------------------------------------------------------------
// Direct database reads and writes.

export async function userRow(server: HasServer, userId: string) {
  const [row] = await dbOf(server).select().from(users).where(eq(users.id, userId));
  return row!;
}

export async function openSessionCount(server: HasServer, userId: string): Promise<number> {
  const rows = await dbOf(server)
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return rows.length;
}

/** The audit rows about one account, oldest first. */
export function userAuditRows(server: HasServer, userId: string) {
  return dbOf(server)
    .select()
    .from(adminActions)
    .where(and(eq(adminActions.targetType, 'user'), eq(adminActions.targetId, userId)))
    .orderBy(asc(adminActions.createdAt), asc(adminActions.id));
}

/** Mail queued to one address with this subject, oldest first. */
export async function outboxWith(server: HasServer, email: string, subject: string) {
  const rows = await dbOf(server).select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.createdAt));
  return rows.filter((r) => r.subject === subject);
}

/** Moves a suspension's end into the past (as if its time had come). */
export async function expireSuspension(server: HasServer, userId: string): Promise<void> {
  await dbOf(server).update(users).set({ suspendedUntil: new Date(Date.now() - 60_000) }).where(eq(users.id, userId));
}

/** An instant `days` from now, whole minutes, as the API takes it. */
export function inDays(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
}
