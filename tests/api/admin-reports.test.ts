// The administrators' reports (administration.md sections 2, 3 and 9): the club application
// statistics (totals by status, approval rate, average processing hours from submission to
// decision, the 5 most given rejection reasons, applications by month 'YYYY-MM', the 10 towns with
// the most applications) over a period of submission days; and each administrator's activity
// (actions, approvals, rejections, bulk approvals, last activity, average processing time) over a
// period, most active first. Submission and review times are set with SQL so that every figure is
// known exactly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACTIVITY, STATISTICS, activity, approveOk, auditRows, bootstrapAdmin, memberGid, newAdmin, newApplication, newApplications, rejectOk, setAuditTime, setCreatedAt, setDecision, settle, startBulkOk, statistics, viewApplication, type Application } from '../helpers/admin.js';
import type { Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 1000, perIp: 10_000 } });
  admin = await bootstrapAdmin(server);
});
afterAll(async () => {
  await server?.close();
});

const HOUR = 3_600_000;

interface Fixture {
  city: string;
  createdAt: string;
  status: 'pending' | 'approved' | 'rejected';
  /** Hours from submission to the decision. */
  hours?: number;
  reason?: string;
}

// 18 applications in 2025: 5 approved, 10 rejected, 3 pending. Leeds is written three ways.
const FIXTURES: Fixture[] = [
  { city: 'Leeds', createdAt: '2025-01-10T09:00:00.000Z', status: 'approved', hours: 2 },
  { city: 'leeds', createdAt: '2025-01-15T09:00:00.000Z', status: 'rejected', hours: 4, reason: 'Incomplete application' },
  { city: 'York', createdAt: '2025-01-31T23:59:59.000Z', status: 'pending' },
  { city: 'York', createdAt: '2025-02-01T00:00:00.000Z', status: 'rejected', hours: 6, reason: 'Incomplete application' },
  { city: 'Bath', createdAt: '2025-02-10T12:00:00.000Z', status: 'rejected', hours: 8, reason: 'Outside our area' },
  { city: 'Hull', createdAt: '2025-02-11T12:00:00.000Z', status: 'approved', hours: 10 },
  { city: 'LEEDS', createdAt: '2025-02-28T12:00:00.000Z', status: 'approved', hours: 0.5 },
  { city: 'Hull', createdAt: '2025-03-01T00:00:00.000Z', status: 'rejected', hours: 1.5, reason: 'Duplicate registration' },
  { city: 'York', createdAt: '2025-03-02T00:00:00.000Z', status: 'approved', hours: 3 },
  { city: 'Bristol', createdAt: '2025-03-03T00:00:00.000Z', status: 'pending' },
  { city: 'Cardiff', createdAt: '2025-03-04T00:00:00.000Z', status: 'rejected', hours: 5, reason: 'Duplicate registration' },
  { city: 'Derby', createdAt: '2025-03-05T00:00:00.000Z', status: 'rejected', hours: 7, reason: 'Outside our area' },
  { city: 'Durham', createdAt: '2025-04-01T00:00:00.000Z', status: 'rejected', hours: 9, reason: 'Zebra reason' },
  { city: 'Exeter', createdAt: '2025-04-02T00:00:00.000Z', status: 'rejected', hours: 11, reason: 'Not a sports club' },
  { city: 'Oxford', createdAt: '2025-04-03T00:00:00.000Z', status: 'rejected', hours: 12, reason: 'Missing insurance' },
  { city: 'Preston', createdAt: '2025-04-04T00:00:00.000Z', status: 'rejected', hours: 13, reason: 'Incomplete application' },
  { city: 'Salford', createdAt: '2025-04-05T00:00:00.000Z', status: 'approved', hours: 14 },
  { city: 'Leeds', createdAt: '2025-04-30T23:59:59.000Z', status: 'pending' },
];

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

describe('clubApplicationStatistics', () => {
  beforeAll(async () => {
    const apps = await newApplications(server, FIXTURES.length, (i) => ({ profile: { city: FIXTURES[i]!.city } }));
    // Decided through the API, then given known submission and review times.
    for (const [i, f] of FIXTURES.entries()) {
      const a = apps[i]!;
      if (f.status === 'approved') await approveOk(admin.client, a.clubId);
      if (f.status === 'rejected') await rejectOk(admin.client, a.clubId, f.reason!);
      const createdAt = new Date(f.createdAt);
      await setDecision(server, a.uuid, { status: f.status, createdAt, reviewedAt: f.hours === undefined ? null : new Date(createdAt.getTime() + f.hours * HOUR) });
    }
  }, 180_000);

  it('counts the applications by status and gives the approval rate over decided ones (0 to 1)', async () => {
    const s = await statistics(admin.client);
    expect(s).toMatchObject({ totalApplications: 18, approvedApplications: 5, rejectedApplications: 10, pendingApplications: 3 });
    expect(s.approvalRate).toBeCloseTo(5 / 15, 10);
  });

  it('averages the hours from submission to decision over the decided applications', async () => {
    const s = await statistics(admin.client);
    const expected = mean(FIXTURES.filter((f) => f.hours !== undefined).map((f) => f.hours!));
    expect(s.averageProcessingTimeHours).toBeCloseTo(expected, 6);
  });

  it('lists the 5 most given rejection reasons, most given first (ties alphabetically)', async () => {
    expect((await statistics(admin.client)).topRejectionReasons).toEqual([
      { reason: 'Incomplete application', count: 3 },
      { reason: 'Duplicate registration', count: 2 },
      { reason: 'Outside our area', count: 2 },
      { reason: 'Missing insurance', count: 1 },
      { reason: 'Not a sports club', count: 1 },
    ]);
  });

  it("counts applications by month 'YYYY-MM' (UTC), oldest first, by status", async () => {
    expect((await statistics(admin.client)).applicationsByMonth).toEqual([
      { month: '2025-01', total: 3, approved: 1, pending: 1, rejected: 1 },
      { month: '2025-02', total: 4, approved: 2, pending: 0, rejected: 2 },
      { month: '2025-03', total: 5, approved: 1, pending: 1, rejected: 3 },
      { month: '2025-04', total: 6, approved: 1, pending: 1, rejected: 4 },
    ]);
  });

  it('lists the 10 towns with the most applications (whatever the letter case), most first', async () => {
    const locations = (await statistics(admin.client)).applicationsByLocation;
    expect(locations.map((l) => ({ location: l.location.toLowerCase(), count: l.count }))).toEqual([
      { location: 'leeds', count: 4 },
      { location: 'york', count: 3 },
      { location: 'hull', count: 2 },
      ...['bath', 'bristol', 'cardiff', 'derby', 'durham', 'exeter', 'oxford'].map((location) => ({ location, count: 1 })),
    ]);
  });

  it('covers only the applications submitted in the period (days inclusive)', async () => {
    const feb = await statistics(admin.client, { from: '2025-02-01', to: '2025-02-28' });
    const inFeb = FIXTURES.filter((f) => f.createdAt.startsWith('2025-02'));
    expect(feb).toMatchObject({ totalApplications: 4, approvedApplications: 2, rejectedApplications: 2, pendingApplications: 0 });
    expect(feb.approvalRate).toBeCloseTo(0.5, 10);
    expect(feb.averageProcessingTimeHours).toBeCloseTo(mean(inFeb.map((f) => f.hours!)), 6);
    expect(feb.applicationsByMonth).toEqual([{ month: '2025-02', total: 4, approved: 2, pending: 0, rejected: 2 }]);
    expect(feb.topRejectionReasons).toEqual([
      { reason: 'Incomplete application', count: 1 },
      { reason: 'Outside our area', count: 1 },
    ]);
    // The last second of January is January's; the first of February is February's.
    expect((await statistics(admin.client, { from: '2025-01-31', to: '2025-01-31' })).totalApplications).toBe(1);
    expect((await statistics(admin.client, { to: '2025-01-31' })).totalApplications).toBe(3);
    expect((await statistics(admin.client, { from: '2025-04-30' })).totalApplications).toBe(1);
  });

  it('answers zeros and empty lists for a period without applications', async () => {
    expect(await statistics(admin.client, { from: '2024-01-01', to: '2024-12-31' })).toEqual({
      totalApplications: 0,
      approvedApplications: 0,
      pendingApplications: 0,
      rejectedApplications: 0,
      approvalRate: 0,
      averageProcessingTimeHours: null,
      topRejectionReasons: [],
      applicationsByMonth: [],
      applicationsByLocation: [],
    });
  });

  it("refuses a period that ends before it starts: 'The start date must not be after the end date'", async () => {
    const answer = await admin.client.gql(STATISTICS, { from: '2025-03-01', to: '2025-02-01' });
    expect(answer.errors?.[0]).toMatchObject({ message: 'The start date must not be after the end date', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

// ---------------------------------------------------------------------------------------------

describe('adminActivity', () => {
  let b: Member;
  let c: Member;
  const ofAdmin = (rows: Awaited<ReturnType<typeof activity>>, id: string) => rows.find((r) => r.admin?.id === memberGid(id));

  /** An application submitted `hours` ago. */
  async function submittedAgo(hours: number): Promise<Application> {
    const a = await newApplication(server, { profile: false });
    await setCreatedAt(server, a.uuid, new Date(Date.now() - hours * HOUR));
    return a;
  }

  beforeAll(async () => {
    b = await newAdmin(server, 'Bella Busy');
    c = await newAdmin(server, 'Carl Calm');
    const [ten1, ten2, four, one1, one2] = [await submittedAgo(10), await submittedAgo(10), await submittedAgo(4), await submittedAgo(1), await submittedAgo(1)];
    await approveOk(b.client, ten1!.clubId);
    await approveOk(b.client, ten2!.clubId);
    await rejectOk(b.client, four!.clubId, 'Not a club');
    for (let i = 0; i < 3; i++) await viewApplication(b.client, four!.clubId);
    await startBulkOk(b.client, [one1!.clubId, one2!.clubId]);
    await settle(server);
    await viewApplication(c.client, ten1!.clubId);
  }, 120_000);

  it('counts each administrator’s actions, approvals, rejections and bulk approvals, most active first', async () => {
    const rows = await activity(admin.client);
    expect(rows.map((r) => r.adminEmail)).toEqual([admin.email, b.email, c.email]);
    expect(ofAdmin(rows, admin.id)).toMatchObject({ adminName: admin.name, totalActions: 15, approvalsCount: 5, rejectionsCount: 10, bulkOperationsCount: 0 });
    expect(ofAdmin(rows, b.user.id)).toMatchObject({ adminName: 'Bella Busy', adminEmail: b.email, totalActions: 8, approvalsCount: 2, rejectionsCount: 1, bulkOperationsCount: 2 });
    expect(ofAdmin(rows, c.user.id)).toMatchObject({ adminName: 'Carl Calm', totalActions: 1, approvalsCount: 0, rejectionsCount: 0, bulkOperationsCount: 0, averageProcessingTimeHours: null });
  });

  it('gives the latest activity of each administrator', async () => {
    const rows = await activity(admin.client);
    for (const who of [admin.id, b.user.id, c.user.id]) {
      const latest = (await auditRows(server, { adminId: who })).at(-1)!.createdAt;
      expect(Date.parse(ofAdmin(rows, who)!.lastActivityAt!)).toBe(latest.getTime());
    }
  });

  it('averages the hours from submission to their decision over the applications they decided', async () => {
    // Approved 10 h and 10 h after submission, rejected 4 h after, bulk-approved two 1 h after.
    const rows = await activity(admin.client);
    expect(ofAdmin(rows, b.user.id)!.averageProcessingTimeHours).toBeCloseTo((10 + 10 + 4 + 1 + 1) / 5, 1);
  });

  it('filters by administrator', async () => {
    const rows = await activity(admin.client, { adminId: memberGid(b.user.id) });
    expect(rows.map((r) => r.adminEmail)).toEqual([b.email]);
  });

  it('covers only the actions in the period (days inclusive)', async () => {
    // Move two of B's views and one rejection into June 2025.
    const bRows = await auditRows(server, { adminId: b.user.id });
    const views = bRows.filter((r) => r.actionType === 'view');
    const rejection = bRows.find((r) => r.actionType === 'reject')!;
    await setAuditTime(server, { id: views[0]!.id }, new Date('2025-06-01T00:00:00.000Z'));
    await setAuditTime(server, { id: views[1]!.id }, new Date('2025-06-15T12:00:00.000Z'));
    await setAuditTime(server, { id: rejection.id }, new Date('2025-06-30T23:59:59.000Z'));

    const june = await activity(admin.client, { from: '2025-06-01', to: '2025-06-30' });
    expect(june).toHaveLength(1);
    expect(june[0]).toMatchObject({ adminEmail: b.email, totalActions: 3, approvalsCount: 0, rejectionsCount: 1, bulkOperationsCount: 0, lastActivityAt: '2025-06-30T23:59:59.000Z' });
    expect((await activity(admin.client, { from: '2025-06-02', to: '2025-06-30' }))[0]!.totalActions).toBe(2);
    expect((await activity(admin.client, { from: '2025-06-01', to: '2025-06-29' }))[0]!.totalActions).toBe(2);
    expect(await activity(admin.client, { from: '2025-07-01', to: '2025-07-31' })).toEqual([]);
    // From a day on: everything after it (the moved entries are before today).
    const recent = await activity(admin.client, { from: new Date().toISOString().slice(0, 10) });
    expect(ofAdmin(recent, b.user.id)!.totalActions).toBe(5);
  });

  it("refuses a period that ends before it starts: 'The start date must not be after the end date'", async () => {
    const answer = await admin.client.gql(ADMIN_ACTIVITY, { from: '2025-06-02', to: '2025-06-01' });
    expect(answer.errors?.[0]).toMatchObject({ message: 'The start date must not be after the end date', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
