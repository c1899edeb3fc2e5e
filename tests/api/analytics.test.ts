// The Analytics tab (issue 13, contract section 4): adminAnalytics(weeks) computed from the
// database. Accounts, clubs, positions, applications, messages and reports are written with SQL at
// known times relative to now, so every figure is known exactly: the totals, the verification
// rate, the weeks (oldest first, zero-filled, the current Monday last), the popular sports, the
// recent activity (newest first); the weeks bound; non-admins refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, clubVolunteerPositions, contentReports, users, volunteerApplications, volunteerProfiles } from '../../server/src/db/schema/index.js';
import { eq } from 'drizzle-orm';
import { ApiClient, newMember } from '../helpers/client.js';
import { adminClient, adminId, dbOf, insertMessages, insertUsers, onlyError } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

const ANALYTICS = `query Analytics($weeks: Int) {
  adminAnalytics(weeks: $weeks) {
    totals { members volunteers clubs approvedClubs verifiedClubs opportunities applications messages openReports }
    verificationRate
    engagement { weekStart messages applications signUps }
    popularSports { sport clubs opportunities }
    recentActivity { kind title occurredAt member { id } }
  }
}`;

interface Analytics {
  totals: Record<string, number>;
  verificationRate: number;
  engagement: { weekStart: string; messages: number; applications: number; signUps: number }[];
  popularSports: { sport: string; clubs: number; opportunities: number }[];
  recentActivity: { kind: string; title: string; occurredAt: string; member: { id: string } | null }[];
}

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** The Monday (UTC) of the week `at` is in, as YYYY-MM-DD. */
function mondayOf(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

let server: TestServer;
let admin: ApiClient;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);
/** When each seeded account, message and application was made (the expected weeks are computed
 *  from these, so the test holds whichever day of the week it runs). */
const seeded = { signUps: [] as Date[], messages: [] as Date[], applications: [] as Date[] };
function expectedIn(weekStart: string) {
  const inWeek = (times: Date[]) => times.filter((t) => mondayOf(t) === weekStart).length;
  return { messages: inWeek(seeded.messages), applications: inWeek(seeded.applications), signUps: inWeek(seeded.signUps) };
}

async function analytics(client: ApiClient, weeks?: number) {
  return client.gql<{ adminAnalytics: Analytics }>(ANALYTICS, weeks === undefined ? {} : { weeks });
}
async function analyticsOk(weeks?: number): Promise<Analytics> {
  const answer = await analytics(admin, weeks);
  expect(answer.errors).toBeUndefined();
  return answer.data.adminAnalytics;
}

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server.url);
  const db = dbOf(server);
  const adminUser = await adminId(server);
  // The bootstrap admin (4 minutes ago) and five more accounts: two minutes ago, one week, three
  // weeks and 20 weeks ago.
  const [owner1, owner2, owner3, vol1, vol2] = await insertUsers(server, ['Owner One', 'Owner Two', 'Owner Three', 'Vera Volunteer', 'Victor Volunteer']);
  const userTimes: [string, Date][] = [
    [owner1!, ago(20 * WEEK)],
    [owner2!, ago(3 * WEEK)],
    [owner3!, ago(WEEK)],
    [vol1!, ago(2 * 60_000)],
    [vol2!, ago(60_000)],
  ];
  userTimes.push([adminUser, ago(4 * 60_000)]);
  for (const [id, at] of userTimes) await db.update(users).set({ createdAt: at }).where(eq(users.id, id));
  seeded.signUps.push(...userTimes.map(([, at]) => at));
  // Clubs: two approved Football (one verified), one approved Tennis, none pending; plus a removed
  // approved Tennis club that counts nowhere.
  await db.insert(clubs).values([
    { id: owner1!, name: 'Riverside Football', contactEmail: 'a@example.com', category: 'Football', applicationStatus: 'approved', verified: true, createdAt: ago(20 * WEEK) },
    { id: owner2!, name: 'Hilltop Football', contactEmail: 'b@example.com', category: 'Football', applicationStatus: 'approved', verified: false, createdAt: ago(3 * WEEK) },
    { id: owner3!, name: 'Lakeside Tennis', contactEmail: 'c@example.com', category: 'Tennis', applicationStatus: 'pending', createdAt: ago(WEEK) },
  ]);
  const [removedOwner] = await insertUsers(server, ['Removed Owner']);
  await db.update(users).set({ createdAt: ago(30 * WEEK) }).where(eq(users.id, removedOwner!));
  seeded.signUps.push(ago(30 * WEEK));
  await db.insert(clubs).values({ id: removedOwner!, name: 'Gone Tennis', contactEmail: 'd@example.com', category: 'Tennis', applicationStatus: 'approved', createdAt: ago(30 * WEEK), removedAt: ago(DAY) });
  // Positions: Riverside has two live ones and a draft; Hilltop one live; the pending club one live
  // (not an opportunity: its club is not approved).
  const positions = await db
    .insert(clubVolunteerPositions)
    .values([
      { clubId: owner1!, title: 'Coach', description: 'Coach the juniors', isLive: true, createdAt: ago(10 * WEEK) },
      { clubId: owner1!, title: 'Treasurer', description: 'Keep the books', isLive: true, createdAt: ago(3 * DAY + 3 * WEEK) },
      { clubId: owner1!, title: 'Draft role', description: 'Not yet', isLive: false, createdAt: ago(9 * WEEK) },
      { clubId: owner2!, title: 'Groundskeeper', description: 'Mow the pitch', isLive: true, createdAt: ago(2 * WEEK) },
      { clubId: owner3!, title: 'Umpire', description: 'Umpire matches', isLive: true, createdAt: ago(WEEK) },
    ])
    .returning({ id: clubVolunteerPositions.id, title: clubVolunteerPositions.title });
  const coach = positions.find((p) => p.title === 'Coach')!.id;
  const grounds = positions.find((p) => p.title === 'Groundskeeper')!.id;
  await db.insert(volunteerProfiles).values([
    { userId: vol1!, firstName: 'Vera', lastName: 'Volunteer', email: 'vera@example.com' },
    { userId: vol2!, firstName: 'Victor', lastName: 'Volunteer', email: 'victor@example.com' },
  ]);
  // Applications: a week ago, and 30 seconds ago.
  const applied = [
    { positionId: coach, volunteerId: vol1!, clubId: owner1!, appliedAt: ago(WEEK) },
    { positionId: grounds, volunteerId: vol2!, clubId: owner2!, appliedAt: ago(30_000) },
  ];
  await db.insert(volunteerApplications).values(applied);
  seeded.applications.push(...applied.map((a) => a.appliedAt));
  // Messages: three in the last minutes, one three weeks ago, one 40 weeks ago.
  const sent = [
    { senderId: vol1!, recipientId: owner1!, createdAt: ago(3 * 60_000) },
    { senderId: owner1!, recipientId: vol1!, createdAt: ago(90_000) },
    { senderId: vol2!, recipientId: owner2!, createdAt: ago(45_000) },
    { senderId: vol2!, recipientId: owner2!, createdAt: ago(3 * WEEK) },
    { senderId: vol1!, recipientId: adminUser, createdAt: ago(40 * WEEK) },
  ];
  await insertMessages(server, sent);
  seeded.messages.push(...sent.map((m) => m.createdAt));
  // Reports: one pending (the newest event of all), one reviewed, one dismissed.
  await db.insert(contentReports).values([
    { reporterId: vol1!, targetType: 'club', targetId: owner2!, targetOwnerId: owner2!, targetLabel: 'Hilltop Football', reason: 'spam', createdAt: ago(10_000) },
    { reporterId: vol2!, targetType: 'club', targetId: owner1!, targetOwnerId: owner1!, targetLabel: 'Riverside Football', reason: 'spam', status: 'reviewed', createdAt: ago(5 * WEEK) },
    { reporterId: vol2!, targetType: 'club', targetId: owner2!, targetOwnerId: owner2!, targetLabel: 'Hilltop Football', reason: 'other', status: 'dismissed', createdAt: ago(6 * WEEK) },
  ]);
});
afterAll(async () => {
  await server?.close();
});

describe('adminAnalytics', () => {
  it('counts the platform: members, volunteers, clubs, opportunities, applications, messages, open reports', async () => {
    const a = await analyticsOk();
    expect(a.totals).toEqual({
      members: 7, // the admin, five accounts and the removed club's owner
      volunteers: 2,
      clubs: 3, // the removed club is not counted
      approvedClubs: 2,
      verifiedClubs: 1,
      opportunities: 3, // live positions of approved clubs: Coach, Treasurer, Groundskeeper
      applications: 2,
      messages: 5,
      openReports: 2,
    });
    expect(a.verificationRate).toBe(0.5);
  });

  it('gives 12 weeks by default, oldest first, zero-filled, the current Monday last', async () => {
    const a = await analyticsOk();
    const thisMonday = mondayOf(new Date());
    const expectedWeeks = Array.from({ length: 12 }, (_, i) => mondayOf(new Date(Date.parse(`${thisMonday}T12:00:00Z`) - (11 - i) * WEEK)));
    expect(a.engagement.map((w) => w.weekStart)).toEqual(expectedWeeks);
    expect(a.engagement).toEqual(expectedWeeks.map((weekStart) => ({ weekStart, ...expectedIn(weekStart) })));
    // Something fell in the last four weeks, and nothing older than the first week is counted
    // (the 20- and 30-week-old accounts, the 40-week-old message).
    expect(a.engagement.reduce((n, w) => n + w.signUps, 0)).toBe(5);
    expect(a.engagement.reduce((n, w) => n + w.messages, 0)).toBe(4);
    expect(a.engagement.reduce((n, w) => n + w.applications, 0)).toBe(2);
    expect(a.engagement.filter((w) => w.messages + w.applications + w.signUps === 0).length).toBeGreaterThanOrEqual(7);
  });

  it('reaches further back with more weeks, and one week is the current one', async () => {
    const year = await analyticsOk(52);
    expect(year.engagement).toHaveLength(52);
    expect(year.engagement.at(-1)!.weekStart).toBe(mondayOf(new Date()));
    expect(year.engagement.reduce((n, w) => n + w.signUps, 0)).toBe(7);
    expect(year.engagement.reduce((n, w) => n + w.messages, 0)).toBe(5);
    for (const w of year.engagement) expect(w).toEqual({ weekStart: w.weekStart, ...expectedIn(w.weekStart) });
    const one = await analyticsOk(1);
    const thisMonday = mondayOf(new Date());
    expect(one.engagement).toEqual([{ weekStart: thisMonday, ...expectedIn(thisMonday) }]);
  });

  it('lists the sports of approved clubs with the most clubs first, with their open positions', async () => {
    const a = await analyticsOk();
    expect(a.popularSports).toEqual([{ sport: 'Football', clubs: 2, opportunities: 3 }]);
  });

  it('lists the 10 most recent events newest first, each with its member', async () => {
    const a = await analyticsOk();
    expect(a.recentActivity).toHaveLength(10);
    const times = a.recentActivity.map((e) => Date.parse(e.occurredAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(a.recentActivity.slice(0, 5).map((e) => [e.kind, e.title])).toEqual([
      ['REPORT', 'A club was reported: Hilltop Football'],
      ['APPLICATION', 'Victor Volunteer applied for Groundskeeper'],
      ['SIGN_UP', 'Victor Volunteer joined Clubroom'],
      ['SIGN_UP', 'Vera Volunteer joined Clubroom'],
      ['SIGN_UP', 'Platform Administrator joined Clubroom'],
    ]);
    const kinds = new Set(a.recentActivity.map((e) => e.kind));
    expect(kinds).toEqual(new Set(['REPORT', 'APPLICATION', 'SIGN_UP', 'CLUB_REGISTERED', 'OPPORTUNITY_POSTED']));
    expect(a.recentActivity.find((e) => e.kind === 'CLUB_REGISTERED')!.title).toBe('Lakeside Tennis registered');
    expect(a.recentActivity.find((e) => e.kind === 'OPPORTUNITY_POSTED')!.title).toBe('Hilltop Football posted Groundskeeper');
    for (const e of a.recentActivity) expect(e.member?.id).toEqual(expect.any(String));
  });

  it.each([0, 53, -1])('refuses %i weeks', async (weeks) => {
    const error = onlyError(await analytics(admin, weeks));
    expect(error.message).toBe('Weeks must be between 1 and 52');
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('is for platform administrators only', async () => {
    const member = await newMember(server.url);
    const refused = onlyError(await analytics(member.client));
    expect(refused.message).toBe('Admin permissions required');
    const anonymous = onlyError(await analytics(new ApiClient(server.url)));
    expect(anonymous.message).toBe('Authentication required');
  });
});

// Issue 25, item 19: the admin panel showed 7 volunteers on its header card and 8 on the Analytics
// tab, because each counted its own way. One definition now (volunteer-count.service.ts): a volunteer
// profile whose account is active and that no moderator has hidden.
describe('one count of volunteers', () => {
  const BOTH = 'query { adminPlatformStats { totalVolunteers } adminAnalytics { totals { volunteers } } }';

  it('counts the same volunteers on the panel and in analytics: no suspended, banned or hidden profile', async () => {
    const db = dbOf(server);
    const [active, suspended, banned, hidden] = await insertUsers(server, ['Ada Active', 'Sid Suspended', 'Ben Banned', 'Hal Hidden']);
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended!));
    await db.update(users).set({ status: 'banned' }).where(eq(users.id, banned!));
    await db.insert(volunteerProfiles).values([
      { userId: active!, firstName: 'Ada', lastName: 'Active', email: 'ada@example.com' },
      { userId: suspended!, firstName: 'Sid', lastName: 'Suspended', email: 'sid@example.com' },
      { userId: banned!, firstName: 'Ben', lastName: 'Banned', email: 'ben@example.com' },
      { userId: hidden!, firstName: 'Hal', lastName: 'Hidden', email: 'hal@example.com', removedAt: new Date() },
    ]);
    const answer = await admin.gql<{ adminPlatformStats: { totalVolunteers: number }; adminAnalytics: { totals: { volunteers: number } } }>(BOTH);
    expect(answer.errors).toBeUndefined();
    // Vera and Victor from the setup, and Ada.
    expect(answer.data.adminAnalytics.totals.volunteers).toBe(3);
    expect(answer.data.adminPlatformStats.totalVolunteers).toBe(3);
  });

  it('describes both fields with the one definition', async () => {
    const answer = await admin.gql<{ a: { fields: { name: string; description: string }[] }; p: { fields: { name: string; description: string }[] } }>(
      'query { a: __type(name: "AnalyticsTotals") { fields { name description } } p: __type(name: "PlatformStats") { fields { name description } } }',
    );
    const analyticsField = answer.data.a.fields.find((f) => f.name === 'volunteers');
    const panelField = answer.data.p.fields.find((f) => f.name === 'totalVolunteers');
    expect(analyticsField?.description).toBe(panelField?.description);
    expect(panelField?.description).toMatch(/active.*not suspended or banned.*moderator has not hidden/);
  });
});
