// The Users tab's reads (issue 13 contract section 1): adminUsers by tab and search, newest first,
// paged both ways with totalCount; the stat cards; Member.activity counts (one statement for a
// page of members). Over a fresh database whose accounts are all made here. The 'Volunteers' tab
// and card are the one count of volunteers (issue 25, item 19): a volunteer profile, the account
// active, the profile not hidden by a moderator.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubs, clubVolunteerPositions, contentReports, sessions, users, volunteerApplications, volunteerProfiles } from '../../server/src/db/schema/index.js';
import { bootstrapAdmin } from '../helpers/admin.js';
import { dbOf, insertMessages, insertUsers, onlyError } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { ACTIVITY_FIELDS, ADMIN_USERS, adminUsers, adminUserStats, memberDetail, memberGid } from '../helpers/admin-users.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
/** Database ids by name, newest account first (after the administrator, who is oldest). */
const ids: Record<string, string> = {};
const NAMES = ['Alice Volunteer', 'Bob Volunteer', 'Carol Coach', 'Dave Director', 'Eve Suspended', 'Frank Banned', 'Percent 100% Sure'] as const;

beforeAll(async () => {
  server = await startServer();
  admin = await bootstrapAdmin(server);
  const db = dbOf(server);
  const made = await insertUsers(server, [...NAMES]);
  // Oldest first in NAMES order: Alice is the oldest member, 'Percent' the newest. Alice joined a
  // month ago (not new this week).
  for (const [i, id] of made.entries()) {
    ids[NAMES[i]!] = id;
    await db.update(users).set({ createdAt: new Date(Date.now() - (i === 0 ? 30 * 86_400_000 : (NAMES.length - i) * 60_000)) }).where(eq(users.id, id));
  }
  await db.update(users).set({ createdAt: new Date(Date.now() - 60 * 86_400_000) }).where(eq(users.id, admin.id));
  await db.insert(clubs).values([
    { id: ids['Carol Coach']!, name: 'Carol Cricket Club', contactEmail: 'carol@example.com' },
    { id: ids['Dave Director']!, name: 'Dave Diving Club', contactEmail: 'dave@example.com', applicationStatus: 'approved' },
  ]);
  await db.update(users).set({ status: 'suspended', statusReason: 'Spam' }).where(eq(users.id, ids['Eve Suspended']!));
  await db.update(users).set({ status: 'banned', statusReason: 'Abuse' }).where(eq(users.id, ids['Frank Banned']!));
  // Volunteer profiles: Alice's (the one volunteer), Bob's (hidden by a moderator) and Eve's (her
  // account suspended). 'Percent 100% Sure' and Frank have none: members without a club or profile.
  await db.insert(volunteerProfiles).values([
    { userId: ids['Alice Volunteer']!, firstName: 'Alice', lastName: 'Volunteer', email: 'alice@example.com' },
    { userId: ids['Bob Volunteer']!, firstName: 'Bob', lastName: 'Volunteer', email: 'bob@example.com', removedAt: new Date() },
    { userId: ids['Eve Suspended']!, firstName: 'Eve', lastName: 'Suspended', email: 'eve@example.com' },
  ]);
});
afterAll(async () => {
  await server?.close();
});

const names = (connection: { edges: Array<{ node: { name: string } }> }) => connection.edges.map((e) => e.node.name);

describe('adminUsers', () => {
  it('lists every account newest first, by tab', async () => {
    const all = await adminUsers(admin.client);
    expect(names(all)).toEqual(['Percent 100% Sure', 'Frank Banned', 'Eve Suspended', 'Dave Diving Club', 'Carol Cricket Club', 'Bob Volunteer', 'Alice Volunteer', 'Platform Administrator']);
    expect(all.totalCount).toBe(8);
    const volunteers = await adminUsers(admin.client, { filter: 'VOLUNTEERS' });
    expect(names(volunteers)).toEqual(['Alice Volunteer']);
    expect(volunteers.totalCount).toBe(1);
    const clubAccounts = await adminUsers(admin.client, { filter: 'CLUBS' });
    expect(names(clubAccounts)).toEqual(['Dave Diving Club', 'Carol Cricket Club']);
    expect(clubAccounts.edges[1]!.node).toMatchObject({ kind: 'CLUB', role: 'CLUB_ADMIN', fullName: 'Carol Coach', club: { name: 'Carol Cricket Club' } });
    const suspended = await adminUsers(admin.client, { filter: 'SUSPENDED' });
    expect(suspended.edges.map((e) => [e.node.name, e.node.status, e.node.statusReason])).toEqual([
      ['Frank Banned', 'BANNED', 'Abuse'],
      ['Eve Suspended', 'SUSPENDED', 'Spam'],
    ]);
    expect(suspended.totalCount).toBe(2);
  });

  it('searches name, email and club name, case-insensitively, with % and _ taken literally; refuses a search over 100 characters', async () => {
    expect(names(await adminUsers(admin.client, { search: 'CAROL' }))).toEqual(['Carol Cricket Club']);
    // A club account is found by the club's name it is listed under (the owner is 'Dave Director').
    expect(names(await adminUsers(admin.client, { search: 'diving' }))).toEqual(['Dave Diving Club']);
    const [row] = await dbOf(server).select({ email: users.email }).from(users).where(eq(users.id, ids['Bob Volunteer']!));
    const bob = await adminUsers(admin.client, { search: row!.email.slice(0, 20).toUpperCase() });
    expect(names(bob)).toEqual(['Bob Volunteer']);
    expect(names(await adminUsers(admin.client, { search: '100%' }))).toEqual(['Percent 100% Sure']);
    expect(names(await adminUsers(admin.client, { search: 'd_v' }))).toEqual([]);
    expect((await adminUsers(admin.client, { search: 'volunteer' })).totalCount).toBe(2);
    const both = await adminUsers(admin.client, { search: 'volunteer', filter: 'VOLUNTEERS' });
    expect(names(both)).toEqual(['Alice Volunteer']);
    const refused = await admin.client.gql(ADMIN_USERS, { search: 'x'.repeat(101) });
    expect(onlyError(refused)).toMatchObject({ message: 'Search must be at most 100 characters', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('pages forwards and backwards by keyset, totalCount over all pages', async () => {
    const first = await adminUsers(admin.client, { first: 3 });
    expect(names(first)).toEqual(['Percent 100% Sure', 'Frank Banned', 'Eve Suspended']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await adminUsers(admin.client, { first: 3, after: first.pageInfo.endCursor });
    expect(names(second)).toEqual(['Dave Diving Club', 'Carol Cricket Club', 'Bob Volunteer']);
    const third = await adminUsers(admin.client, { first: 3, after: second.pageInfo.endCursor });
    expect(names(third)).toEqual(['Alice Volunteer', 'Platform Administrator']);
    expect(third.pageInfo.hasNextPage).toBe(false);
    expect(third.totalCount).toBe(8);
    const back = await adminUsers(admin.client, { last: 2, before: second.pageInfo.startCursor });
    expect(names(back)).toEqual(['Frank Banned', 'Eve Suspended']);
    expect(back.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const bad = await admin.client.gql(ADMIN_USERS, { after: 'bm90LWEtY3Vyc29y' });
    expect(onlyError(bad).message).toBe('Invalid cursor: pass a cursor this list gave you.');
  });
});

describe('adminUserStats', () => {
  it('counts every card', async () => {
    expect(await adminUserStats(admin.client)).toEqual({ total: 8, volunteers: 1, clubs: 2, administrators: 1, suspended: 1, banned: 1, newThisWeek: 6 });
  });
});

// Issue 25, item 19: the Users tab's 'Volunteers' card counted accounts without a club (any status,
// with or without a profile) while the panel's header counted active, visible volunteer profiles:
// two volunteer counts on one screen. Now the card, its tab and the header are the one count.
describe('one count of volunteers', () => {
  it("the Volunteers card is the header's Total Volunteers and the Volunteers tab lists exactly those accounts", async () => {
    const card = (await adminUserStats(admin.client)).volunteers;
    const header = await admin.client.gql<{ adminPlatformStats: { totalVolunteers: number } }>('query { adminPlatformStats { totalVolunteers } }');
    expect(header.errors).toBeUndefined();
    const tab = await adminUsers(admin.client, { filter: 'VOLUNTEERS', first: 50 });
    // Alice only: not Bob (profile hidden), Eve (suspended, with a profile), the club owners, or the
    // members without a profile.
    expect({ card, header: header.data.adminPlatformStats.totalVolunteers, tab: tab.totalCount, listed: names(tab) }).toEqual({
      card: 1,
      header: 1,
      tab: 1,
      listed: ['Alice Volunteer'],
    });
    // A member without a club and without a profile is still an account under All; a suspended
    // volunteer is under Suspended.
    expect(names(await adminUsers(admin.client, { filter: 'ALL', first: 50 }))).toContain('Percent 100% Sure');
    expect(names(await adminUsers(admin.client, { filter: 'SUSPENDED', first: 50 }))).toContain('Eve Suspended');
  });

  it('describes the card and the tab with the one definition', async () => {
    const answer = await admin.client.gql<{ s: { fields: { name: string; description: string }[] }; f: { enumValues: { name: string; description: string }[] }; p: { fields: { name: string; description: string }[] } }>(
      'query { s: __type(name: "AdminUserStats") { fields { name description } } f: __type(name: "AdminUserFilter") { enumValues { name description } } p: __type(name: "PlatformStats") { fields { name description } } }',
    );
    expect(answer.errors).toBeUndefined();
    const definition = answer.data.p.fields.find((f) => f.name === 'totalVolunteers')?.description;
    expect(definition).toMatch(/active.*not suspended or banned.*moderator has not hidden/);
    expect(answer.data.s.fields.find((f) => f.name === 'volunteers')?.description).toBe(definition);
    expect(answer.data.f.enumValues.find((v) => v.name === 'VOLUNTEERS')?.description).toContain(definition);
  });
});

describe('Member.activity', () => {
  it('counts messages, applications, reports and open sessions, with the last activity', async () => {
    const db = dbOf(server);
    const [alice, bob, carol] = [ids['Alice Volunteer']!, ids['Bob Volunteer']!, ids['Carol Coach']!];
    await insertMessages(server, [
      { senderId: alice, recipientId: bob },
      { senderId: alice, recipientId: bob },
      { senderId: bob, recipientId: alice },
    ]);
    const [position] = await db.insert(clubVolunteerPositions).values({ clubId: carol, title: 'Scorer', description: 'Keeps the score' }).returning();
    await db.insert(volunteerApplications).values({ positionId: position!.id, volunteerId: alice, clubId: carol });
    await db.insert(contentReports).values([
      { reporterId: alice, targetType: 'message', targetId: alice, targetOwnerId: bob, targetLabel: 'Hi', reason: 'spam' },
      { reporterId: carol, targetType: 'profile', targetId: bob, targetOwnerId: bob, targetLabel: 'Bob', reason: 'other' },
    ]);
    const lastActive = new Date('2026-11-20T10:00:00.000Z');
    const later = new Date(Date.now() + 86_400_000);
    await db.insert(sessions).values([
      { userId: alice, refreshTokenHash: `a1-${alice}`, idleExpiresAt: later, expiresAt: later, createdAt: new Date('2026-11-01T00:00:00Z'), lastRefreshedAt: lastActive },
      { userId: alice, refreshTokenHash: `a2-${alice}`, idleExpiresAt: later, expiresAt: later, createdAt: new Date('2026-10-01T00:00:00Z'), lastRefreshedAt: new Date('2026-10-01T00:00:00Z') },
      { userId: alice, refreshTokenHash: `a3-${alice}`, idleExpiresAt: later, expiresAt: later, revokedAt: new Date(), createdAt: new Date('2026-09-01T00:00:00Z'), lastRefreshedAt: new Date('2026-09-01T00:00:00Z') },
    ]);
    expect((await memberDetail(admin.client, alice))!.activity).toEqual({
      messagesSent: 2,
      messagesReceived: 1,
      applications: 1,
      reportsMade: 1,
      reportsAgainst: 0,
      activeSessions: 2,
      lastActiveAt: lastActive.toISOString(),
    });
    expect((await memberDetail(admin.client, bob))!.activity).toEqual({
      messagesSent: 1,
      messagesReceived: 2,
      applications: 0,
      reportsMade: 0,
      reportsAgainst: 2,
      activeSessions: 0,
      lastActiveAt: null,
    });
    // A page of members asks for every member's activity at once.
    const page = await admin.client.gql(`{ adminUsers(first: 50) { nodes { id activity { ${ACTIVITY_FIELDS} } } } }`);
    expect(page.errors).toBeUndefined();
    const byId = new Map(page.data.adminUsers.nodes.map((n: { id: string; activity: unknown }) => [n.id, n.activity]));
    expect(byId.get(memberGid(alice))).toMatchObject({ messagesSent: 2, activeSessions: 2 });
    expect(byId.get(memberGid(admin.id))).toMatchObject({ activeSessions: 1 });
  });
});
