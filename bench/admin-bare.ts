// The admin benchmarks' baseline: node:http + postgres.js (a pool of 10, like Clubroom's) + jose,
// with nothing else. GET /admin?scenario=N with the administrator's bearer token: it verifies the
// token as the server does (HS256, issuer, the session statement and its checks, a platform
// administrator), then runs the scenario's statements recorded from Clubroom by
// bench/admin-statements.ts (passed in BARE_ADMIN_STATEMENTS as JSON, one entry per scenario of
// bench/admin-lib.ts), one after the other as the server does, and answers the JSON shape and data
// of the GraphQL answer ({"data": …}, with the same __typename fields). Prints `{ "url", "pid" }`
// once listening.
//
// Like drizzle, it sends each statement unprepared (postgres.js `unsafe` without `prepare`) and
// reads the rows of drizzle's select builder as arrays (`.values()`), as drizzle's postgres.js
// driver does; adminPlatformStats (a raw `db.execute` in the server) as objects.
import postgres from 'postgres';
import { ADMIN_DATABASE_URL, scenarios, type Scenario, type ScenarioStatements, type Statement } from './admin-lib.js';
import { dataOrError, namedRows, serveBare, sessionCheck, type Row } from './bare-server.js';

const list = scenarios();
const recorded = JSON.parse(process.env.BARE_ADMIN_STATEMENTS ?? '[]') as ScenarioStatements[];
if (recorded.length !== list.length) throw new Error('BARE_ADMIN_STATEMENTS: one entry per scenario expected');

const sql = postgres(ADMIN_DATABASE_URL, { max: 10, onnotice: () => {} });
const authenticate = await sessionCheck(sql);

/** Rows read as arrays, named by the first column of each name (a later duplicate, such as a sort
 *  key `created_at::text`, does not overwrite the table's column). */
const rowsOf = (s: Statement) => namedRows(sql, s.sql, s.params);
/** Rows as arrays, by position (the statistics' unnamed aggregates). */
const arraysOf = async (s: Statement) => (await sql.unsafe(s.sql, s.params as postgres.ParameterOrJSON<never>[]).values()) as unknown[][];

const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`, 'utf8').toString('base64url');
const iso = (d: unknown) => (d == null ? null : (d as Date).toISOString());
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v == null ? null : Number(v));

/** The server's authenticate(): the token, then its session row, of a platform administrator. */
const isAdmin = async (authorization: string | undefined, session: Statement) => (await authenticate(authorization, session))?.is_platform_admin === true;

const answers: Record<Scenario['kind'], (s: Scenario, statements: Statement[]) => Promise<unknown>> = {
  async applications(s, [page, count]) {
    const rows = await rowsOf(page!);
    const [total] = await arraysOf(count!);
    const first = s.variables.first as number;
    return {
      clubApplications: {
        nodes: rows.slice(0, first).map((c) => ({
          id: globalId('Club', c.id as string),
          name: c.name,
          contactEmail: c.contact_email,
          contactPhone: c.contact_phone,
          location: c.city ?? c.address,
          applicationStatus: (c.application_status as string).toUpperCase(),
          createdAt: iso(c.created_at),
          __typename: 'Club',
        })),
        totalCount: num(total![0]),
        __typename: 'ClubConnection',
      },
    };
  },
  async audit(s, [page, count]) {
    const rows = await rowsOf(page!);
    const [total] = await arraysOf(count!);
    const first = s.variables.first as number;
    return {
      adminActions: {
        nodes: rows.slice(0, first).map((a) => ({
          id: globalId('AdminAction', a.id as string),
          actionType: (a.action_type as string).toUpperCase(),
          targetType: a.target_type,
          targetName: a.target_name,
          details: a.details,
          adminName: a.admin_name,
          adminEmail: a.admin_email,
          ipAddress: a.ip_address,
          createdAt: iso(a.created_at),
          __typename: 'AdminAction',
        })),
        totalCount: num(total![0]),
        __typename: 'AdminActionConnection',
      },
    };
  },
  async statistics(_s, [totalsStatement, reasonsStatement, monthsStatement, locationsStatement]) {
    const [totals] = await arraysOf(totalsStatement!);
    const reasons = await arraysOf(reasonsStatement!);
    const months = await arraysOf(monthsStatement!);
    const locations = await arraysOf(locationsStatement!);
    const [total, approved, pending, rejected, avgHours] = totals!;
    const decided = num(approved) + num(rejected);
    return {
      clubApplicationStatistics: {
        totalApplications: num(total),
        approvedApplications: num(approved),
        pendingApplications: num(pending),
        rejectedApplications: num(rejected),
        approvalRate: decided === 0 ? 0 : num(approved) / decided,
        averageProcessingTimeHours: numOrNull(avgHours),
        topRejectionReasons: reasons.map(([reason, count]) => ({ reason, count: num(count), __typename: 'RejectionReasonCount' })),
        applicationsByMonth: months
          .reverse()
          .map(([month, t, a, p, r]) => ({ month, total: num(t), approved: num(a), pending: num(p), rejected: num(r), __typename: 'ApplicationsByMonth' })),
        applicationsByLocation: locations.map(([location, count]) => ({ location, count: num(count), __typename: 'ApplicationsByLocation' })),
        __typename: 'ClubApplicationStatistics',
      },
    };
  },
  async activity(_s, [statement]) {
    const rows = await arraysOf(statement!);
    return {
      adminActivity: {
        nodes: rows.slice(0, 100).map(([, name, email, total, approvals, rejections, bulk, last, avg]) => ({
          adminName: name,
          adminEmail: email,
          totalActions: num(total),
          approvalsCount: num(approvals),
          rejectionsCount: num(rejections),
          bulkOperationsCount: num(bulk),
          lastActivityAt: last == null ? null : new Date(last as string).toISOString(),
          averageProcessingTimeHours: numOrNull(avg),
          __typename: 'AdminActivityMetrics',
        })),
        totalCount: rows.length,
        __typename: 'AdminActivityMetricsConnection',
      },
    };
  },
  async counts(_s, [statement]) {
    const by = Object.fromEntries((await arraysOf(statement!)).map(([status, n]) => [status as string, num(n)]));
    const [pending, approved, rejected] = [by.pending ?? 0, by.approved ?? 0, by.rejected ?? 0];
    return { clubApplicationCounts: { pending, approved, rejected, total: pending + approved + rejected, __typename: 'ClubApplicationCounts' } };
  },
  async platformStats(_s, [statement]) {
    const [row] = await sql.unsafe<Row[]>(statement!.sql, statement!.params as postgres.ParameterOrJSON<never>[]);
    const n = (k: string) => num(row?.[k] ?? 0);
    return {
      adminPlatformStats: {
        totalClubs: n('total_clubs'),
        verifiedClubs: n('verified_clubs'),
        totalVolunteers: n('total_volunteers'),
        totalOpportunities: n('total_opportunities'),
        pendingApplications: n('pending_applications'),
        pendingVerifications: n('pending_verifications'),
        __typename: 'PlatformStats',
      },
    };
  },
};

serveBare(sql, async (url, req) => {
  const i = Number(url.searchParams.get('scenario'));
  const scenario = list[i];
  const statements = recorded[i];
  if (url.pathname !== '/admin' || !scenario || !statements) return [404, { error: 'not found' }];
  if (!(await isAdmin(req.headers.authorization, statements.session).catch(() => false))) return [401, { error: 'Admin permissions required' }];
  return dataOrError(answers[scenario.kind](scenario, statements.statements));
});
