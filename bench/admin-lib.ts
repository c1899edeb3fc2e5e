// Shared by the administration area's read benchmarks (bench/admin-*.ts): their database, its
// sizes, the measured scenarios (each a GraphQL request as the admin panel's web client sends it:
// the operation documents of web/src/features/admin/*.graphql with the __typename fields Apollo
// Client adds, and the variables its hooks pass) and the shape of the recorded SQL.
//
// The admin benchmarks have their own database (default clubroom_bench_admin): 50,000 club
// applications and 1,000,000 audit entries would change the other benchmarks' plans.
import postgres from 'postgres';
import { periodRange } from '../server/src/modules/admin/admin.rules.js';

export const ADMIN_DATABASE_URL = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench_admin';
export const ADMIN_DATABASE = new URL(ADMIN_DATABASE_URL).pathname.slice(1);
export const connectAdmin = (max = 1, url = ADMIN_DATABASE_URL) => postgres(url, { max, onnotice: () => {} });

export const APPLICATIONS = 50_000;
export const ADMIN_ACTIONS = 1_000_000;
/** Member accounts besides the clubs' owners and the administrators (the platform's volunteers). */
export const MEMBERS = 20_000;
/** The five platform administrators; the first is bench/server.ts's ADMIN_EMAIL, so that the
 *  server's first-administrator bootstrap finds it and adds no sixth. */
export const ADMINS = [
  { email: 'admin@bench.clubroom.test', name: 'Priya Raman' },
  { email: 'admin2@bench.clubroom.test', name: 'Tom Fletcher' },
  { email: 'admin3@bench.clubroom.test', name: 'Grace Okoye' },
  { email: 'admin4@bench.clubroom.test', name: 'Daniel Novak' },
  { email: 'admin5@bench.clubroom.test', name: 'Hannah Brooks' },
] as const;
/** The administrator the benchmarks sign in as. */
export const BENCH_ADMIN = ADMINS[0];
/** Passed to the measured server: the access token is signed once and must outlive the run. */
export const LONG_SESSION_ENV = { ACCESS_TOKEN_TTL_SECONDS: '86400', SESSION_IDLE_TIMEOUT_MINUTES: '1440' };

/** Words the scenarios search for (see admin-generate.ts: about half the club names contain
 *  "Club"; "Rovers" is one of the football clubs' names). */
export const LIST_SEARCH = 'club';
export const LOCATION = 'Manchester';
export const AUDIT_SEARCH = 'Rovers';

// ---- the documents, as Apollo Client sends them (fragments kept, __typename added) -----------------

const LIST_ITEM = 'fragment Approvals_listItem on Club { id name contactEmail contactPhone location applicationStatus createdAt __typename }';
export const APPROVALS_LIST = `query ApprovalsList($filter: ClubApplicationFilterInput!, $sort: ClubApplicationSortInput!, $first: Int!, $offset: Int!) {
  clubApplications(filter: $filter, sort: $sort, first: $first, offset: $offset) { nodes { ...Approvals_listItem __typename } totalCount __typename }
}
${LIST_ITEM}`;

const AUDIT_ACTION = 'fragment AdminAudit_action on AdminAction { id actionType targetType targetName details adminName adminEmail ipAddress createdAt __typename }';
export const AUDIT_LOG = `query AdminAuditLog($filter: AdminActionFilterInput, $first: Int!, $offset: Int!) {
  adminActions(filter: $filter, first: $first, offset: $offset) { nodes { ...AdminAudit_action __typename } totalCount __typename }
}
${AUDIT_ACTION}`;

export const STATISTICS = `query AdminApplicationStatistics($from: Date, $to: Date) {
  clubApplicationStatistics(from: $from, to: $to) {
    totalApplications approvedApplications pendingApplications rejectedApplications approvalRate averageProcessingTimeHours
    topRejectionReasons { reason count __typename }
    applicationsByMonth { month total approved pending rejected __typename }
    applicationsByLocation { location count __typename }
    __typename
  }
}`;

export const ACTIVITY = `query AdminActivityReport($from: Date, $to: Date) {
  adminActivity(from: $from, to: $to, first: 100) {
    nodes { adminName adminEmail totalActions approvalsCount rejectionsCount bulkOperationsCount lastActivityAt averageProcessingTimeHours __typename }
    totalCount __typename
  }
}`;

export const COUNTS = 'query ApprovalsCounts { clubApplicationCounts { pending approved rejected total __typename } }';
export const PLATFORM_STATS =
  'query AdminPanelStats { adminPlatformStats { totalClubs verifiedClubs totalVolunteers totalOpportunities pendingApplications pendingVerifications __typename } }';

// ---- the scenarios ------------------------------------------------------------------------------------

export type ScenarioKind = 'applications' | 'audit' | 'statistics' | 'activity' | 'counts' | 'platformStats';
export interface Scenario {
  name: string;
  kind: ScenarioKind;
  query: string;
  variables: Record<string, unknown>;
}

/** How many statements each kind runs after the session check. */
export const STATEMENTS_PER_KIND: Record<ScenarioKind, number> = { applications: 2, audit: 2, statistics: 4, activity: 1, counts: 1, platformStats: 1 };

const day = (d: Date) => d.toISOString().slice(0, 10);
/** The days of the scenarios, relative to today like the generated data (3 years up to now). */
export function scenarioDays(now = new Date()) {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return {
    /** A quarter: the first day of the month six months ago to the last day of the month four months ago. */
    quarter: { from: day(new Date(Date.UTC(y, m - 6, 1))), to: day(new Date(Date.UTC(y, m - 3, 0))) },
    /** The audit's date filter: last month. */
    lastMonth: periodRange('last-month', now, false),
    /** The statistics report's current month (to its last day, as the Reports tab asks). */
    statisticsMonth: periodRange('current-month', now, true),
    /** The activity report's current month (to null, as the Reports tab asks). */
    activityMonth: periodRange('current-month', now, false),
  };
}

/** The list's variables as the web list sends them (list-variables.ts over DEFAULT_LIST_FILTERS):
 *  pending, every search field, newest first, 10 from 0; `change` overrides. */
function list(change: { filter?: Record<string, unknown>; sort?: { field: string; direction: string }; offset?: number }) {
  return {
    filter: { status: 'PENDING', search: null, searchFields: ['NAME', 'EMAIL', 'DESCRIPTION'], submittedFrom: null, submittedTo: null, location: null, ...change.filter },
    sort: change.sort ?? { field: 'CREATED_AT', direction: 'DESC' },
    first: 10,
    offset: change.offset ?? 0,
  };
}
/** The audit tab's variables (use-audit-log.ts): 25 a page. */
const audit = (filter: Record<string, unknown> = {}, offset = 0) => ({ filter: { actionType: null, from: null, to: null, search: null, ...filter }, first: 25, offset });

export function scenarios(now = new Date()): Scenario[] {
  const d = scenarioDays(now);
  const apps = (name: string, change: Parameters<typeof list>[0]): Scenario => ({ name, kind: 'applications', query: APPROVALS_LIST, variables: list(change) });
  const log = (name: string, filter?: Record<string, unknown>): Scenario => ({ name, kind: 'audit', query: AUDIT_LOG, variables: audit(filter) });
  return [
    apps('list: pending, newest (default)', {}),
    apps('list: status ALL', { filter: { status: 'ALL' } }),
    apps(`list: search "${LIST_SEARCH}" in name`, { filter: { search: LIST_SEARCH, searchFields: ['NAME'] } }),
    apps(`list: search "${LIST_SEARCH}" in all fields`, { filter: { search: LIST_SEARCH } }),
    apps(`list: submitted ${d.quarter.from}..${d.quarter.to}`, { filter: { submittedFrom: d.quarter.from, submittedTo: d.quarter.to } }),
    apps(`list: location "${LOCATION}"`, { filter: { location: LOCATION } }),
    apps('list: sort NAME ASC', { sort: { field: 'NAME', direction: 'ASC' } }),
    apps('list: sort LOCATION DESC', { sort: { field: 'LOCATION', direction: 'DESC' } }),
    apps('list: ALL, sort APPLICATION_STATUS ASC', { filter: { status: 'ALL' }, sort: { field: 'APPLICATION_STATUS', direction: 'ASC' } }),
    apps('list: page 50 (offset 490)', { offset: 490 }),
    log('audit: first page'),
    log('audit: actionType REJECT', { actionType: 'REJECT' }),
    log(`audit: ${d.lastMonth.from}..${d.lastMonth.to}`, { from: d.lastMonth.from, to: d.lastMonth.to }),
    log(`audit: search "${AUDIT_SEARCH}"`, { search: AUDIT_SEARCH }),
    { name: 'statistics: all time', kind: 'statistics', query: STATISTICS, variables: { from: null, to: null } },
    { name: 'statistics: current month', kind: 'statistics', query: STATISTICS, variables: d.statisticsMonth },
    { name: 'adminActivity: current month', kind: 'activity', query: ACTIVITY, variables: { from: d.activityMonth.from, to: null } },
    { name: 'clubApplicationCounts', kind: 'counts', query: COUNTS, variables: {} },
    { name: 'adminPlatformStats', kind: 'platformStats', query: PLATFORM_STATS, variables: {} },
  ];
}

/** The request body Clubroom receives for a scenario. */
export const scenarioBody = (s: Scenario) => JSON.stringify({ query: s.query, variables: s.variables });

/** One SQL statement as drizzle hands it to postgres.js. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** A scenario's statements in the order the server sends them: the session check (every
 *  authenticated request) and then the scenario's own. */
export interface ScenarioStatements {
  session: Statement;
  statements: Statement[];
}
