// Helpers for the opportunities and applications tests: the specification's and the contract's
// wording (written here on the test side, not imported from the server), GraphQL documents, calls,
// direct inserts of positions and applications (for paging and counting), and database reads.
import { and, asc, eq } from 'drizzle-orm';
import { clubs, clubVolunteerPositions, notificationPreferences, notifications, volunteerApplicationEvents, volunteerApplications } from '../../server/src/db/schema/index.js';
import type { Clubroom } from '../../server/src/app/clubroom.js';
import { fromGlobalId, toGlobalId } from '../../server/src/graphql/relay.js';
import type { ApiClient, GqlAnswer } from './client.js';
import { createPositionOk, newClubOwner, setPositionLiveOk, validPosition, type ClubProfileView } from './clubs.js';
import { dbOf, gqlOk, insertUsers, type Member } from './messages.js';

type HasDb = { clubroom: Clubroom };

// ---------------------------------------------------------------------------------------------
// The words (platform.md sections 4 and 8; the issue 12 contract).

export const OPPORTUNITY_TEXT = {
  notFound: 'Opportunity not found',
  notAccepting: 'This opportunity is no longer accepting applications.',
  ownClub: 'You cannot apply to your own club’s opportunity.',
  alreadyApplied: 'You have already applied to this opportunity.',
  profileRequired: 'Create your volunteer profile before applying.',
  messageMin: 'Message must be at least 10 characters',
  messageMax: 'Message must be at most 2000 characters',
  applicationNotFound: 'Application not found',
  onlyPendingWithdraw: 'Only an application that is pending, accepted, offered a place or on the waiting list can be withdrawn.',
  onlyPendingReview: 'Only pending applications, and ones on the waiting list, can be accepted or rejected.',
  onlyOpenReject: 'This application is already closed.',
  noteMax: 'Note must be at most 1000 characters',
  positionNotFound: 'Volunteer position not found',
  notYourPosition: "You can only change your own club's volunteer positions.",
  already: (status: string) => `The opportunity is already ${status}.`,
  newApplication: 'New volunteer application',
  withdrawn: 'Application withdrawn',
  accepted: 'Application accepted',
  rejected: 'Application not successful',
  removed: 'Opportunity removed',
  authenticationRequired: 'Authentication required',
} as const;

// ---------------------------------------------------------------------------------------------
// Documents.

const USER_ERRORS = 'userErrors { field code message }';
const PAGE_INFO = 'pageInfo { hasNextPage hasPreviousPage startCursor endCursor }';
const PAGE_VARS = '$first: Int, $after: String, $last: Int, $before: String';
const PAGE_ARGS = 'first: $first, after: $after, last: $last, before: $before';

export const OPPORTUNITY_FIELDS = `id title description timeCommitment location isLive status requiredSkills startDate isRecurring createdAt
  canApply club { id name category city }`;
export const APPLICATION_FIELDS = `id status message appliedAt updatedAt canWithdraw canReview
  position { id title requiredSkills status club { id name } } club { id name } volunteer { id name }
  volunteerProfile { id fullName email } history { status createdAt note actor { id name } }`;

export const OPPORTUNITIES = `query Opportunities($search: String, $skill: String, $sport: String, $location: String, ${PAGE_VARS}) {
  opportunities(search: $search, skill: $skill, sport: $sport, location: $location, ${PAGE_ARGS}) {
    totalCount ${PAGE_INFO} edges { cursor node { ${OPPORTUNITY_FIELDS} } }
  }
}`;
export const OPPORTUNITY = `query Opportunity($id: ID!) { opportunity(id: $id) { ${OPPORTUNITY_FIELDS} myApplication { id status } } }`;
export const OPPORTUNITY_SKILLS = '{ opportunitySkills }';
export const POSITION_APPLICATIONS = `query PositionApplications($id: ID!, $status: VolunteerApplicationStatus, ${PAGE_VARS}) {
  opportunity(id: $id) { id applicationCounts { total pending accepted rejected withdrawn }
    applications(status: $status, ${PAGE_ARGS}) { totalCount ${PAGE_INFO} edges { cursor node { id status message volunteer { id } } } } }
}`;
export const MY_APPLICATIONS = `query MyApplications($status: VolunteerApplicationStatus, $sort: VolunteerApplicationSort, ${PAGE_VARS}) {
  myVolunteerApplications(status: $status, sort: $sort, ${PAGE_ARGS}) { totalCount ${PAGE_INFO} edges { cursor node { ${APPLICATION_FIELDS} } } }
}`;
export const MY_STATS = '{ myVolunteerApplicationStats { total pending accepted rejected withdrawn } }';
export const APPLICATION = `query Application($id: ID!) { volunteerApplication(id: $id) { ${APPLICATION_FIELDS} } }`;
export const APPLICATION_NODE = `query ApplicationNode($id: ID!) { node(id: $id) { id ... on VolunteerApplication { status message } } }`;

export const APPLY = `mutation Apply($input: ApplyToOpportunityInput!) { applyToOpportunity(input: $input) { application { ${APPLICATION_FIELDS} } ${USER_ERRORS} } }`;
export const WITHDRAW = `mutation Withdraw($input: WithdrawVolunteerApplicationInput!) { withdrawVolunteerApplication(input: $input) { application { id status canWithdraw history { status } } ${USER_ERRORS} } }`;
export const ACCEPT = `mutation Accept($input: AcceptVolunteerApplicationInput!) { acceptVolunteerApplication(input: $input) { application { id status canReview history { status note actor { id } } } ${USER_ERRORS} } }`;
export const REJECT = `mutation Reject($input: RejectVolunteerApplicationInput!) { rejectVolunteerApplication(input: $input) { application { id status canReview history { status note actor { id } } } ${USER_ERRORS} } }`;
export const SET_STATUS = `mutation SetStatus($input: SetOpportunityStatusInput!) { setOpportunityStatus(input: $input) { position { id status canApply } ${USER_ERRORS} } }`;

export const NOTIFICATION_ADDED = 'subscription { notificationAdded { notification { id type title description actionUrl } } }';

// ---------------------------------------------------------------------------------------------
// Shapes.

export interface OpportunityView {
  id: string;
  title: string;
  description: string;
  timeCommitment: string;
  location: string;
  isLive: boolean;
  status: 'ACTIVE' | 'FILLED' | 'CANCELLED';
  requiredSkills: string[];
  startDate: string | null;
  isRecurring: boolean;
  createdAt: string;
  canApply: boolean;
  club: { id: string; name: string; category: string | null; city: string | null };
  myApplication?: { id: string; status: string } | null;
}

export interface ApplicationView {
  id: string;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED' | 'WITHDRAWN';
  message: string;
  appliedAt: string;
  updatedAt: string;
  canWithdraw: boolean;
  canReview: boolean;
  position: { id: string; title: string; requiredSkills: string[]; status: string; club: { id: string; name: string } };
  club: { id: string; name: string };
  volunteer: { id: string; name: string };
  volunteerProfile: { id: string; fullName: string; email: string | null } | null;
  history: Array<{ status: string; createdAt: string; note: string | null; actor: { id: string; name: string } | null }>;
}

export interface Page<T> {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  edges: Array<{ cursor: string; node: T }>;
}

export const nodes = <T>(page: Page<T>): T[] => page.edges.map((e) => e.node);

// ---------------------------------------------------------------------------------------------
// Calls.

export const GOOD_MESSAGE = 'I would love to help out on Saturday mornings.';

export function apply(client: ApiClient, positionId: string, over: Record<string, unknown> = {}): Promise<GqlAnswer> {
  return client.gql(APPLY, { input: { positionId, message: GOOD_MESSAGE, ...over } });
}

export async function applyOk(client: ApiClient, positionId: string, over: Record<string, unknown> = {}): Promise<ApplicationView> {
  return payload<ApplicationView>(await apply(client, positionId, over), 'applyToOpportunity', 'application');
}

export const withdraw = (client: ApiClient, id: string) => client.gql(WITHDRAW, { input: { id } });
export const accept = (client: ApiClient, id: string, note?: string | null) => client.gql(ACCEPT, { input: { id, note } });
export const reject = (client: ApiClient, id: string, note?: string | null) => client.gql(REJECT, { input: { id, note } });
export const setStatus = (client: ApiClient, id: string, status: string) => client.gql(SET_STATUS, { input: { id, status } });

/** The result field of a mutation that must have succeeded. */
export function payload<T>(answer: GqlAnswer, key: string, result: string): T {
  if (answer.errors?.length) throw new Error(`${key} failed: ${JSON.stringify(answer.errors)}`);
  const body = answer.data[key];
  if (body.userErrors.length) throw new Error(`${key} refused: ${JSON.stringify(body.userErrors)}`);
  return body[result] as T;
}

export async function opportunities(client: ApiClient, vars: Record<string, unknown> = {}): Promise<Page<OpportunityView>> {
  return (await gqlOk(client, OPPORTUNITIES, vars)).opportunities;
}

export async function opportunity(client: ApiClient, id: string): Promise<OpportunityView | null> {
  return (await gqlOk(client, OPPORTUNITY, { id })).opportunity;
}

export async function myApplications(client: ApiClient, vars: Record<string, unknown> = {}): Promise<Page<ApplicationView>> {
  return (await gqlOk(client, MY_APPLICATIONS, vars)).myVolunteerApplications;
}

export async function myStats(client: ApiClient): Promise<Record<string, number>> {
  return (await gqlOk(client, MY_STATS)).myVolunteerApplicationStats;
}

export async function application(client: ApiClient, id: string): Promise<ApplicationView | null> {
  return (await gqlOk(client, APPLICATION, { id })).volunteerApplication;
}

/** An approved club whose owner is signed in, with one live, active position (with `position`'s
 *  fields). */
export async function clubWithOpportunity(
  server: HasDb & { url: string },
  opts: { clubName?: string; position?: Record<string, unknown>; profile?: Record<string, unknown> } = {},
): Promise<Member & { club: ClubProfileView; clubId: string; clubUuid: string; positionId: string }> {
  const owner = await newClubOwner(server, { status: 'approved', clubName: opts.clubName, profile: opts.profile });
  const positionId = await liveOpportunity(owner.client, opts.position);
  return { ...owner, clubUuid: owner.user.id, positionId };
}

/** A new live position of the caller's club; answers its global id. */
export async function liveOpportunity(client: ApiClient, over: Record<string, unknown> = {}): Promise<string> {
  const position = await createPositionOk(client, validPosition({ requiredSkills: ['Coaching', 'First Aid'], ...over }));
  await setPositionLiveOk(client, position.id, true);
  return position.id;
}

export const applicationGlobalId = (uuid: string) => toGlobalId('VolunteerApplication', uuid);
export const positionGlobalId = (uuid: string) => toGlobalId('VolunteerPosition', uuid);
export function uuid(globalId: string): string {
  const parsed = fromGlobalId(globalId);
  if (!parsed) throw new Error(`not a global id: ${globalId}`);
  return parsed.id;
}

// ---------------------------------------------------------------------------------------------
// Direct database reads and writes.

export async function applicationRow(server: HasDb, id: string) {
  const [row] = await dbOf(server).select().from(volunteerApplications).where(eq(volunteerApplications.id, fromGlobalId(id)?.id ?? id));
  return row ?? null;
}

export async function applicationRows(server: HasDb, positionId: string) {
  return dbOf(server).select().from(volunteerApplications).where(eq(volunteerApplications.positionId, fromGlobalId(positionId)?.id ?? positionId));
}

export async function eventRows(server: HasDb, applicationId: string) {
  return dbOf(server)
    .select()
    .from(volunteerApplicationEvents)
    .where(eq(volunteerApplicationEvents.applicationId, fromGlobalId(applicationId)?.id ?? applicationId))
    .orderBy(asc(volunteerApplicationEvents.createdAt));
}

/** A user's APPLICATION notifications, oldest first. */
export async function applicationNotifications(server: HasDb, userId: string) {
  return dbOf(server)
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'application')))
    .orderBy(asc(notifications.createdAt));
}

/** The club owner's email choices for applications and withdrawals (their notification
 *  preferences, which the club settings' two switches set). */
export async function setClubMailSettings(server: HasDb, clubId: string, settings: { notifyApplicationsByEmail?: boolean; notifyWithdrawalsByEmail?: boolean }) {
  const kinds = [
    ['volunteer_application_received', settings.notifyApplicationsByEmail],
    ['volunteer_application_withdrawn', settings.notifyWithdrawalsByEmail],
  ] as const;
  for (const [kind, enabled] of kinds) {
    if (enabled === undefined) continue;
    await dbOf(server)
      .insert(notificationPreferences)
      .values({ userId: clubId, kind, channel: 'email', enabled })
      .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind, notificationPreferences.channel], set: { enabled } });
  }
}

/** A member's email choice for one kind as stored (undefined: the kind's default). */
export async function emailChoice(server: HasDb, userId: string, kind: string): Promise<boolean | undefined> {
  const [row] = await dbOf(server)
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind), eq(notificationPreferences.channel, 'email')));
  return row?.enabled;
}

export async function setPositionStatusRow(server: HasDb, positionId: string, status: 'active' | 'filled' | 'cancelled') {
  await dbOf(server).update(clubVolunteerPositions).set({ status }).where(eq(clubVolunteerPositions.id, fromGlobalId(positionId)?.id ?? positionId));
}

export interface PositionSpec {
  title?: string;
  description?: string;
  location?: string;
  timeCommitment?: string;
  requiredSkills?: string[];
  isLive?: boolean;
  status?: 'active' | 'filled' | 'cancelled';
  createdAt?: Date;
}

/** Inserts positions of one club directly (skill_keys as the service writes them); answers their
 *  global ids in the order given. */
export async function insertPositions(server: HasDb, clubId: string, specs: PositionSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  const base = Date.now() - specs.length * 1000;
  const rows = await dbOf(server)
    .insert(clubVolunteerPositions)
    .values(
      specs.map((s, i) => ({
        clubId,
        title: s.title ?? `Role ${i}`,
        description: s.description ?? 'A role that volunteers can apply for.',
        location: s.location ?? '',
        timeCommitment: s.timeCommitment ?? '',
        requiredSkills: s.requiredSkills ?? [],
        skillKeys: (s.requiredSkills ?? []).map((k) => k.trim().toLowerCase()),
        isLive: s.isLive ?? true,
        status: s.status ?? 'active',
        createdAt: s.createdAt ?? new Date(base + i * 1000),
      })),
    )
    .returning({ id: clubVolunteerPositions.id });
  return rows.map((r) => positionGlobalId(r.id));
}

/** Approved clubs inserted directly (owner accounts that never sign in). */
export async function insertApprovedClubs(server: HasDb, specs: Array<{ name: string; category?: string; city?: string | null }>): Promise<string[]> {
  const ids = await insertUsers(server, specs.map((s) => `Owner of ${s.name}`));
  await dbOf(server)
    .insert(clubs)
    .values(
      specs.map((s, i) => ({
        id: ids[i]!,
        name: s.name,
        contactEmail: `c${i}.${ids[i]!.slice(0, 8)}@example.com`,
        applicationStatus: 'approved' as const,
        category: s.category ?? 'Other',
        city: s.city ?? null,
        description: `${s.name} welcomes volunteers.`,
        profileSavedAt: new Date(),
      })),
    );
  return ids;
}

/** Applications inserted directly (for paging and counting): answers their global ids. */
export async function insertApplications(
  server: HasDb,
  rows: Array<{ positionId: string; volunteerId: string; clubId: string; status?: 'pending' | 'accepted' | 'rejected' | 'withdrawn'; appliedAt?: Date; message?: string }>,
): Promise<string[]> {
  if (rows.length === 0) return [];
  const inserted = await dbOf(server)
    .insert(volunteerApplications)
    .values(
      rows.map((r) => ({
        positionId: fromGlobalId(r.positionId)?.id ?? r.positionId,
        volunteerId: r.volunteerId,
        clubId: r.clubId,
        status: r.status ?? 'pending',
        message: r.message ?? GOOD_MESSAGE,
        appliedAt: r.appliedAt,
      })),
    )
    .returning({ id: volunteerApplications.id });
  return inserted.map((r) => applicationGlobalId(r.id));
}
