// The administration area's REST rows (../shared/spec/administration.md, section 7; issue 11
// 'API'): every row with its envelope and snake_case names, each refusal with the spec's message
// (and a refusal changes nothing), the list's query-string rules (invalid values ignored, the
// defaults), its pagination numbers, the security token on every POST, and the web app's /admin
// pages still served beside the /admin/club-applications paths.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { adminActions, clubs, users } from '../../server/src/db/schema/index.js';
import { loadConfig } from '../../server/src/config.js';
import { createClubroom, type Clubroom } from '../../server/src/app/clubroom.js';
import { ApiClient, newMember, type RestAnswer } from '../helpers/client.js';
import { insertClubs, type ClubSpec } from '../helpers/clubs.js';
import { adminClient, adminId, dbOf, type Member } from '../helpers/messages.js';
import { uniqueName } from '../helpers/pg.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, freshDatabase, startServer, type TestDatabase, type TestServer } from '../helpers/server.js';
import { applyOk, clubWithOpportunity } from '../helpers/opportunities.js';
import { createVolunteer } from '../helpers/volunteers.js';

// The specification's words (written here, not imported from the server).
const TEXT = {
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin permissions required',
  rateLimited: 'Admin action rate limit exceeded',
  invalidClubId: 'Invalid club ID format',
  notFound: 'Application not found',
  notPending: 'Only pending applications can be approved or rejected. This application has already been reviewed.',
  rejectionRequired: 'Rejection reason is required',
  rejectionTooLong: 'Rejection reason must be less than 1000 characters',
  notesTooLong: 'Admin notes must be less than 1000 characters',
  noneSelected: 'No applications selected for bulk approval',
  tooMany: 'Cannot approve more than 50 applications at once',
  csrfMissing: 'Security token missing. Please refresh the page.',
  csrfInvalid: 'Invalid security token. Please refresh the page.',
  sessionExpired: 'Your session has expired. Please log in again.',
  sessionInvalid: 'Your session is not valid. Please log in again.',
  approvedDetail: 'Application approved',
};

const LIST_ITEM_KEYS = ['application_status', 'contact_email', 'contact_phone', 'created_at', 'description', 'id', 'location', 'name'];
const DETAIL_KEYS = [
  'admin_notes',
  'application_status',
  'contact_email',
  'contact_phone',
  'created_at',
  'description',
  'id',
  'location',
  'name',
  'reviewed_at',
  'sport_types',
  'updated_at',
  'verified',
  'website_url',
];
const HISTORY_KEYS = ['action_type', 'admin_email', 'admin_id', 'admin_name', 'created_at', 'details', 'id', 'ip_address', 'target_id', 'target_name', 'target_type'];

let server: TestServer;
let admin: ApiClient;
let member: Member;
let owner: Member;
let anonymous: ApiClient;

beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server.url);
  member = await newMember(server.url, { fullName: 'Vera Volunteer' });
  owner = await newMember(server.url, { fullName: 'Olly Owner', clubName: 'Owner Owned FC' });
  anonymous = new ApiClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

// ---------------------------------------------------------------------------------------------
// Helpers.

const db = () => dbOf(server);

/** Pending applications (clubs) inserted directly; answers their ids in order. */
async function pendingClubs(specs: Array<Partial<ClubSpec> & { name: string }>): Promise<string[]> {
  return insertClubs(server, specs.map((s) => ({ status: 'pending', ...s })));
}

async function clubRow(id: string) {
  const [row] = await db().select().from(clubs).where(eq(clubs.id, id));
  return row;
}

async function auditOf(clubId: string) {
  return db().select().from(adminActions).where(eq(adminActions.targetId, clubId));
}

/** Every club and audit row, to check a refused call changed nothing. */
async function snapshot() {
  const clubRows = await db().execute(sql`select md5(coalesce(string_agg(c::text, '|' order by c.id), '')) as h from clubs c`);
  const actions = await db().execute(sql`select count(*)::text as n from admin_actions`);
  const bulk = await db().execute(sql`select count(*)::text as n from admin_bulk_approvals`);
  const first = (r: unknown) => (Array.isArray(r) ? r[0] : (r as { rows: unknown[] }).rows[0]);
  return JSON.stringify([first(clubRows), first(actions), first(bulk)]);
}

async function changesNothing(act: () => Promise<void>) {
  const before = await snapshot();
  await act();
  expect(await snapshot()).toBe(before);
}

function expectRefused(answer: RestAnswer, status: number, message: string, code?: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body).toMatchObject({ success: false, data: null, error: message });
  if (code) expect(answer.body.code).toBe(code);
}

function expectOk(answer: RestAnswer) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.success).toBe(true);
  expect(answer.body.error).toBeNull();
}

/** The three refusals every admin row shares: anonymous 401, a volunteer and a club owner 403. */
async function refusesNonAdmins(method: string, path: string, body?: unknown) {
  await changesNothing(async () => {
    expectRefused(await anonymous.rest(method, path, body), 401, TEXT.authenticationRequired, 'UNAUTHENTICATED');
    expectRefused(await member.client.rest(method, path, body), 403, TEXT.adminRequired, 'FORBIDDEN');
    expectRefused(await owner.client.rest(method, path, body), 403, TEXT.adminRequired, 'FORBIDDEN');
  });
}

/** The list's answer: the envelope plus the page numbers. */
type ListAnswer = Omit<RestAnswer, 'body'> & { body: RestAnswer['body'] & { count: number; page: number; limit: number; total_pages: number } };
const list = (query = '', client: ApiClient = admin) => client.rest('GET', `/admin/club-applications${query}`) as Promise<ListAnswer>;

// ---------------------------------------------------------------------------------------------

describe('GET /api/admin/check-role', () => {
  it('answers is_admin true for the platform administrator', async () => {
    const answer = await admin.rest('GET', '/api/admin/check-role');
    expectOk(answer);
    expect(answer.body.data).toEqual({ is_admin: true });
  });

  it('answers is_admin false, never an error, for everyone else (a volunteer, a club owner, anonymous); a refused token is 401', async () => {
    for (const client of [member.client, owner.client, anonymous]) {
      const answer = await client.rest('GET', '/api/admin/check-role');
      expectOk(answer);
      expect(answer.body.data).toEqual({ is_admin: false });
    }
    // A refused credential is refused on public routes too (issue 25, item 11).
    const forged = await anonymous.rest('GET', '/api/admin/check-role', undefined, { token: 'not.a.real-token' });
    expectRefused(forged, 401, TEXT.sessionInvalid, 'UNAUTHENTICATED');
  });
});

describe('GET /api/admin/platform-stats', () => {
  it('answers the six platform counters (and the two pending counts) in snake_case, matching the GraphQL figures', async () => {
    const answer = await admin.rest('GET', '/api/admin/platform-stats');
    expectOk(answer);
    const data = answer.body.data;
    expect(Object.keys(data).sort()).toEqual(
      ['active_users', 'pending_applications', 'pending_verifications', 'total_applications', 'total_clubs', 'total_opportunities', 'total_volunteers', 'verified_clubs'].sort(),
    );
    const gql = await admin.gql(
      '{ adminPlatformStats { totalClubs verifiedClubs totalVolunteers totalOpportunities totalApplications activeUsers pendingApplications pendingVerifications } }',
    );
    const s = gql.data.adminPlatformStats;
    expect(data).toEqual({
      total_clubs: s.totalClubs,
      verified_clubs: s.verifiedClubs,
      total_volunteers: s.totalVolunteers,
      total_opportunities: s.totalOpportunities,
      total_applications: s.totalApplications,
      active_users: s.activeUsers,
      pending_applications: s.pendingApplications,
      pending_verifications: s.pendingVerifications,
    });
  });

  it('counts a new club application in pending_applications, and a volunteer application in total_applications', async () => {
    const before = (await admin.rest('GET', '/api/admin/platform-stats')).body.data;
    await pendingClubs([{ name: `Stats Swimmers ${uniqueName('s')}` }]);
    const after = (await admin.rest('GET', '/api/admin/platform-stats')).body.data;
    expect(after.pending_applications).toBe(before.pending_applications + 1);
    expect(after.total_applications).toBe(before.total_applications);
    expect(after.total_clubs).toBe(before.total_clubs);

    // total_applications counts volunteer applications (platform.md section 3's platform stats).
    const club = await clubWithOpportunity(server, { clubName: `Stats Strikers ${uniqueName('s')}` });
    const volunteer = await createVolunteer(server);
    await applyOk(volunteer.client, club.positionId);
    const later = (await admin.rest('GET', '/api/admin/platform-stats')).body.data;
    expect(later.total_applications).toBe(after.total_applications + 1);
    expect(later.total_volunteers).toBe(after.total_volunteers + 1);
    expect(later.total_opportunities).toBe(after.total_opportunities + 1);
    expect(later.total_clubs).toBe(after.total_clubs + 1);
  });

  it("refuses anonymous callers (401 'Authentication required') and non-administrators (403 'Admin permissions required')", async () => {
    await refusesNonAdmins('GET', '/api/admin/platform-stats');
  });

  it("answers a refused bearer token with 401 and the token's reason", async () => {
    expectRefused(await anonymous.rest('GET', '/api/admin/platform-stats', undefined, { token: 'not.a.real-token' }), 401, TEXT.sessionInvalid, 'UNAUTHENTICATED');
  });
});

describe('GET /api/admin/club-applications/stats', () => {
  it('answers pending, approved, rejected and total as the database holds them', async () => {
    const answer = await admin.rest('GET', '/api/admin/club-applications/stats');
    expectOk(answer);
    const rows = await db().select({ status: clubs.applicationStatus, n: sql<number>`count(*)::int` }).from(clubs).groupBy(clubs.applicationStatus);
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    const expected = { pending: by.pending ?? 0, approved: by.approved ?? 0, rejected: by.rejected ?? 0 };
    expect(answer.body.data).toEqual({ ...expected, total: expected.pending + expected.approved + expected.rejected });
  });

  it('follows a new application and a decision', async () => {
    const before = (await admin.rest('GET', '/api/admin/club-applications/stats')).body.data;
    const [id] = await pendingClubs([{ name: `Counter Cyclists ${uniqueName('c')}` }]);
    const added = (await admin.rest('GET', '/api/admin/club-applications/stats')).body.data;
    expect(added).toEqual({ ...before, pending: before.pending + 1, total: before.total + 1 });
    expectOk(await admin.rest('POST', '/admin/club-applications/reject', { club_id: id, rejection_reason: 'Duplicate registration' }));
    const decided = (await admin.rest('GET', '/api/admin/club-applications/stats')).body.data;
    expect(decided).toEqual({ ...added, pending: added.pending - 1, rejected: added.rejected + 1 });
  });

  it('refuses non-administrators', async () => {
    await refusesNonAdmins('GET', '/api/admin/club-applications/stats');
  });
});

describe('GET /admin/club-applications', () => {
  // Seventeen applications whose names share a token (so the filters below see only them): twelve
  // pending submitted a day apart (newest first: P01 … P12), three approved, two rejected.
  const token = uniqueName('Lst').replace(/_/g, '');
  const days = (n: number) => new Date(Date.UTC(2025, 0, 1 + n, 12)).toISOString().slice(0, 10);
  let pending: string[];
  let approved: string[];
  let rejected: string[];

  beforeAll(async () => {
    const pad = (i: number) => String(i).padStart(2, '0');
    pending = await pendingClubs(
      Array.from({ length: 12 }, (_, i) => ({ name: `${token} P${pad(i + 1)}`, city: i % 2 === 0 ? 'Leeds' : 'York', description: `Pending club number ${i + 1}.` })),
    );
    approved = await insertClubs(server, [1, 2, 3].map((i) => ({ name: `${token} A${i}`, status: 'approved' as const, city: 'Hull' })));
    rejected = await insertClubs(server, [1, 2].map((i) => ({ name: `${token} R${i}`, status: 'rejected' as const, city: 'Hull' })));
    // P01 newest (2025-01-31) … P12 oldest (2025-01-20); the others older still.
    for (const [i, id] of pending.entries()) await db().update(clubs).set({ createdAt: new Date(`${days(30 - i)}T12:00:00Z`) }).where(eq(clubs.id, id));
    for (const [i, id] of [...approved, ...rejected].entries()) await db().update(clubs).set({ createdAt: new Date(`${days(5 + i)}T12:00:00Z`) }).where(eq(clubs.id, id));
    await db().update(clubs).set({ contactPhone: '0113 496 0000' }).where(eq(clubs.id, pending[0]!));
  });

  const mine = (extra = '') => list(`?search=${token}&search_fields=name${extra}`);
  const names = (answer: RestAnswer) => (answer.body.data as Array<{ name: string }>).map((c) => c.name.slice(token.length + 1));

  it('answers the envelope with data, count, page, limit and total_pages; pending, newest first, 10 a page by default', async () => {
    const answer = await mine();
    expectOk(answer);
    expect(answer.body).toMatchObject({ count: 12, page: 1, limit: 10, total_pages: 2 });
    expect(names(answer)).toEqual(['P01', 'P02', 'P03', 'P04', 'P05', 'P06', 'P07', 'P08', 'P09', 'P10']);
  });

  it('answers list items with the spec\'s snake_case fields only', async () => {
    const answer = await mine('&limit=1');
    const [item] = answer.body.data as Array<Record<string, unknown>>;
    expect(Object.keys(item!).sort()).toEqual(LIST_ITEM_KEYS);
    expect(item).toMatchObject({
      id: pending[0],
      name: `${token} P01`,
      contact_phone: '0113 496 0000',
      location: 'Leeds',
      description: 'Pending club number 1.',
      application_status: 'pending',
      created_at: '2025-01-31T12:00:00.000Z',
    });
    expect(item!.contact_email).toMatch(/@example\.com$/);
  });

  it('pages with limit and offset: page = floor(offset / limit) + 1, total_pages = ceil(count / limit)', async () => {
    const second = await mine('&offset=10');
    expect(second.body).toMatchObject({ count: 12, page: 2, limit: 10, total_pages: 2 });
    expect(names(second)).toEqual(['P11', 'P12']);
    const fives = await mine('&limit=5&offset=5');
    expect(fives.body).toMatchObject({ count: 12, page: 2, limit: 5, total_pages: 3 });
    expect(names(fives)).toEqual(['P06', 'P07', 'P08', 'P09', 'P10']);
    const between = await mine('&limit=5&offset=7');
    expect(between.body).toMatchObject({ page: 2, limit: 5 });
    expect(names(between)).toEqual(['P08', 'P09', 'P10', 'P11', 'P12']);
    const past = await mine('&offset=40');
    expect(past.body).toMatchObject({ data: [], count: 12, page: 5, limit: 10, total_pages: 2 });
  });

  it("takes status pending, approved, rejected and 'all'", async () => {
    expect((await mine('&status=all')).body).toMatchObject({ count: 17, total_pages: 2 });
    const ok = await mine('&status=approved');
    expect(ok.body.count).toBe(3);
    expect((ok.body.data as Array<{ application_status: string }>).every((c) => c.application_status === 'approved')).toBe(true);
    expect((await mine('&status=rejected')).body.count).toBe(2);
    expect((await mine('&status=pending')).body.count).toBe(12);
  });

  it('ignores invalid values and keeps the defaults', async () => {
    const defaults = names(await mine());
    for (const bad of [
      '&status=bogus',
      '&status=PENDING',
      '&limit=0',
      '&limit=abc',
      '&limit=1000',
      '&limit=-5',
      '&limit=2.5',
      '&offset=-1',
      '&offset=abc',
      '&offset=1e3',
      '&sort_by=password',
      '&sort_order=sideways',
      '&date_from=2025-02-30',
      '&date_to=yesterday',
      '&search_fields=secret',
      '&unknown=1',
    ]) {
      const answer = await mine(bad);
      expectOk(answer);
      expect(answer.body, bad).toMatchObject({ count: 12, page: 1, limit: 10, total_pages: 2 });
      expect(names(answer), bad).toEqual(defaults);
    }
  });

  it('without any query string lists the pending applications, newest first, 10 a page', async () => {
    const answer = await list();
    expectOk(answer);
    const allPending = await db().select({ n: sql<number>`count(*)::int` }).from(clubs).where(eq(clubs.applicationStatus, 'pending'));
    const count = Number(allPending[0]!.n);
    expect(answer.body).toMatchObject({ count, page: 1, limit: 10, total_pages: Math.ceil(count / 10) });
    const items = answer.body.data as Array<{ application_status: string; created_at: string }>;
    expect(items.length).toBe(Math.min(10, count));
    expect(items.every((c) => c.application_status === 'pending')).toBe(true);
    const times = items.map((c) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('sorts by name, location, status and submission, either way', async () => {
    expect(names(await mine('&sort_by=name&sort_order=asc&limit=3'))).toEqual(['P01', 'P02', 'P03']);
    expect(names(await mine('&sort_by=name&sort_order=desc&limit=3'))).toEqual(['P12', 'P11', 'P10']);
    expect(names(await mine('&sort_by=created_at&sort_order=asc&limit=3'))).toEqual(['P12', 'P11', 'P10']);
    const byLocation = await mine('&sort_by=location&sort_order=asc&limit=12');
    const cities = (byLocation.body.data as Array<{ location: string }>).map((c) => c.location);
    expect(cities).toEqual([...Array(6).fill('Leeds'), ...Array(6).fill('York')]);
    const byStatus = await mine('&status=all&sort_by=application_status&sort_order=asc&limit=17');
    const statuses = (byStatus.body.data as Array<{ application_status: string }>).map((c) => c.application_status);
    expect(statuses).toEqual([...Array(3).fill('approved'), ...Array(12).fill('pending'), ...Array(2).fill('rejected')]);
  });

  it('filters by submission dates (inclusive days), location and the search fields', async () => {
    const range = await mine(`&date_from=${days(25)}&date_to=${days(27)}`);
    expect(names(range)).toEqual(['P04', 'P05', 'P06']);
    const from = await mine(`&date_from=${days(29)}`);
    expect(names(from)).toEqual(['P01', 'P02']);
    const leeds = await mine('&location=leeds');
    expect(leeds.body.count).toBe(6);
    expect((leeds.body.data as Array<{ location: string }>).every((c) => c.location === 'Leeds')).toBe(true);
    // The description is searched (not displayed): only with description among the fields.
    const byDescription = await list(`?search=${encodeURIComponent('Pending club number 7.')}&search_fields=description`);
    expect(byDescription.body.count).toBe(1);
    expect(byDescription.body.data[0].id).toBe(pending[6]);
    const nameOnly = await list(`?search=${encodeURIComponent('Pending club number 7.')}&search_fields=name`);
    expect(nameOnly.body.count).toBe(0);
    const repeated = await list(`?search=${encodeURIComponent('Pending club number 7.')}&search_fields=name&search_fields=description`);
    expect(repeated.body.count).toBe(1);
  });

  it('answers count 0, page 1 and total_pages 0 when nothing matches', async () => {
    const answer = await list(`?search=${uniqueName('none')}`);
    expectOk(answer);
    expect(answer.body).toMatchObject({ data: [], count: 0, page: 1, limit: 10, total_pages: 0 });
  });

  it('refuses non-administrators, and is never cached', async () => {
    await refusesNonAdmins('GET', '/admin/club-applications');
    const answer = await mine();
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /admin/club-applications/{id}', () => {
  it('answers the club detail in snake_case and records the view in the audit trail', async () => {
    const [id] = await pendingClubs([{ name: `Detail Dolphins ${uniqueName('d')}`, city: 'Bath', category: 'Swimming', description: 'We swim early.' }]);
    await db().update(clubs).set({ website: 'https://dolphins.example.com', contactPhone: '01225 000000' }).where(eq(clubs.id, id!));
    const answer = await admin.rest('GET', `/admin/club-applications/${id}`);
    expectOk(answer);
    const club = answer.body.data.club;
    expect(Object.keys(answer.body.data)).toEqual(['club']);
    expect(Object.keys(club).sort()).toEqual(DETAIL_KEYS);
    const row = await clubRow(id!);
    expect(club).toEqual({
      id,
      name: row!.name,
      description: 'We swim early.',
      location: 'Bath',
      sport_types: ['Swimming'],
      website_url: 'https://dolphins.example.com',
      contact_email: row!.contactEmail,
      contact_phone: '01225 000000',
      application_status: 'pending',
      admin_notes: null,
      created_at: row!.createdAt.toISOString(),
      updated_at: row!.updatedAt.toISOString(),
      reviewed_at: null,
      verified: false,
    });
    const audit = await auditOf(id!);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actionType: 'view', targetType: 'club_application', targetName: row!.name, adminId: await adminId(server), adminEmail: ADMIN_EMAIL });
    expect(audit[0]!.ipAddress).toBeTruthy();
  });

  it("answers 400 'Invalid club ID format' for an id that is not a UUID, and 404 'Application not found' for an unknown one", async () => {
    await changesNothing(async () => {
      expectRefused(await admin.rest('GET', '/admin/club-applications/not-a-uuid'), 400, TEXT.invalidClubId, 'BAD_USER_INPUT');
      expectRefused(await admin.rest('GET', '/admin/club-applications/12345'), 400, TEXT.invalidClubId, 'BAD_USER_INPUT');
      expectRefused(await admin.rest('GET', `/admin/club-applications/${randomUUID()}`), 404, TEXT.notFound, 'NOT_FOUND');
    });
  });

  it('records no view for a HEAD request (there is no HEAD route: nobody was shown the application)', async () => {
    const [id] = await pendingClubs([{ name: `Headless Herons ${uniqueName('h')}` }]);
    const head = await fetch(`${server.url}/admin/club-applications/${id}`, { method: 'HEAD', headers: { authorization: `Bearer ${admin.accessToken}` } });
    expect(head.status).toBe(404);
    expect(await auditOf(id!)).toEqual([]);
  });

  it('refuses non-administrators before looking at the id, and records nothing', async () => {
    const [id] = await pendingClubs([{ name: `Private Pandas ${uniqueName('p')}` }]);
    await refusesNonAdmins('GET', `/admin/club-applications/${id}`);
    await refusesNonAdmins('GET', '/admin/club-applications/not-a-uuid');
    expect(await auditOf(id!)).toEqual([]);
  });
});

describe('GET /admin/club-applications/{id}/history', () => {
  it("lists the application's log entries, newest first, in snake_case", async () => {
    const [id, other] = await pendingClubs([{ name: `History Hawks ${uniqueName('h')}` }, { name: `Other Owls ${uniqueName('o')}` }]);
    expectOk(await admin.rest('GET', `/admin/club-applications/${id}`));
    expectOk(await admin.rest('GET', `/admin/club-applications/${other}`));
    expectOk(await admin.rest('POST', '/admin/club-applications/approve', { club_id: id, admin_notes: 'Looks good' }));
    const answer = await admin.rest('GET', `/admin/club-applications/${id}/history`);
    expectOk(answer);
    const entries = answer.body.data as Array<Record<string, unknown>>;
    expect(entries.map((e) => e.action_type)).toEqual(['approve', 'view']);
    expect(Object.keys(entries[0]!).sort()).toEqual(HISTORY_KEYS);
    const adminUser = await adminId(server);
    const [me] = await db().select({ name: users.fullName }).from(users).where(eq(users.id, adminUser));
    expect(entries[0]).toMatchObject({
      action_type: 'approve',
      target_type: 'club_application',
      target_id: id,
      details: `${TEXT.approvedDetail}: Looks good`,
      admin_id: adminUser,
      admin_name: me!.name,
      admin_email: ADMIN_EMAIL,
    });
    expect(typeof entries[0]!.ip_address).toBe('string');
    expect(Date.parse(entries[0]!.created_at as string)).toBeGreaterThanOrEqual(Date.parse(entries[1]!.created_at as string));
  });

  it('reads past one page of the trail (150 entries)', async () => {
    const [id] = await pendingClubs([{ name: `Busy Bees ${uniqueName('b')}` }]);
    const adminUser = await adminId(server);
    await db()
      .insert(adminActions)
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          actionType: 'view' as const,
          targetType: 'club_application',
          targetId: id!,
          targetName: 'Busy Bees',
          details: `View ${i}`,
          adminId: adminUser,
          adminName: 'Root',
          adminEmail: ADMIN_EMAIL,
          createdAt: new Date(Date.UTC(2025, 5, 1, 0, i)),
        })),
      );
    const answer = await admin.rest('GET', `/admin/club-applications/${id}/history`);
    expectOk(answer);
    const details = (answer.body.data as Array<{ details: string }>).map((e) => e.details);
    expect(details).toHaveLength(150);
    expect(details[0]).toBe('View 149');
    expect(details[149]).toBe('View 0');
  });

  it("answers an empty list for an id no application has, and 400 'Invalid club ID format' for a malformed one", async () => {
    const none = await admin.rest('GET', `/admin/club-applications/${randomUUID()}/history`);
    expectOk(none);
    expect(none.body.data).toEqual([]);
    expectRefused(await admin.rest('GET', '/admin/club-applications/abc/history'), 400, TEXT.invalidClubId, 'BAD_USER_INPUT');
  });

  it('refuses non-administrators', async () => {
    await refusesNonAdmins('GET', `/admin/club-applications/${randomUUID()}/history`);
    await refusesNonAdmins('GET', '/admin/club-applications/abc/history');
  });
});

describe('POST /admin/club-applications/approve', () => {
  it('approves a pending application with trimmed notes: the row, the audit entry and the answer', async () => {
    const [id] = await pendingClubs([{ name: `Approve Albatross ${uniqueName('a')}` }]);
    const answer = await admin.rest('POST', '/admin/club-applications/approve', { club_id: id, admin_notes: '  Welcome aboard  ' });
    expectOk(answer);
    expect(answer.body.data.club).toMatchObject({ id, application_status: 'approved', admin_notes: 'Welcome aboard' });
    expect(answer.body.data.club.reviewed_at).toBeTruthy();
    const row = await clubRow(id!);
    expect(row).toMatchObject({ applicationStatus: 'approved', adminNotes: 'Welcome aboard' });
    expect(row!.reviewedAt).toBeInstanceOf(Date);
    const audit = await auditOf(id!);
    expect(audit.map((a) => [a.actionType, a.details])).toEqual([['approve', `${TEXT.approvedDetail}: Welcome aboard`]]);
  });

  it("approves without notes: admin_notes null and the audit detail 'Application approved'", async () => {
    const [a, b] = await pendingClubs([{ name: `No Notes Newts ${uniqueName('n')}` }, { name: `Blank Notes Bats ${uniqueName('n')}` }]);
    expectOk(await admin.rest('POST', '/admin/club-applications/approve', { club_id: a }));
    expectOk(await admin.rest('POST', '/admin/club-applications/approve', { club_id: b, admin_notes: '   ' }));
    for (const id of [a!, b!]) {
      expect((await clubRow(id))!.adminNotes).toBeNull();
      expect((await auditOf(id)).map((x) => x.details)).toEqual([TEXT.approvedDetail]);
    }
  });

  it('refuses an application that is not pending (400) with the service message, changing nothing', async () => {
    const [id] = await pendingClubs([{ name: `Twice Tigers ${uniqueName('t')}` }]);
    expectOk(await admin.rest('POST', '/admin/club-applications/approve', { club_id: id }));
    await changesNothing(async () => {
      expectRefused(await admin.rest('POST', '/admin/club-applications/approve', { club_id: id }), 400, TEXT.notPending, 'BAD_USER_INPUT');
      expectRefused(await admin.rest('POST', '/admin/club-applications/reject', { club_id: id, rejection_reason: 'Too late' }), 400, TEXT.notPending, 'BAD_USER_INPUT');
    });
  });

  it("refuses a malformed id (400 'Invalid club ID format', field club_id), a missing one, and an unknown one (404)", async () => {
    await changesNothing(async () => {
      const bad = await admin.rest('POST', '/admin/club-applications/approve', { club_id: 'not-a-uuid' });
      expectRefused(bad, 400, TEXT.invalidClubId, 'BAD_USER_INPUT');
      expect(bad.body.fields).toHaveProperty('club_id', TEXT.invalidClubId);
      expectRefused(await admin.rest('POST', '/admin/club-applications/approve', {}), 400, TEXT.invalidClubId);
      expectRefused(await admin.rest('POST', '/admin/club-applications/approve', { club_id: 42 }), 400, TEXT.invalidClubId);
      expectRefused(await admin.rest('POST', '/admin/club-applications/approve', [1, 2]), 400, TEXT.invalidClubId);
      expectRefused(await admin.rest('POST', '/admin/club-applications/approve', { club_id: randomUUID() }), 404, TEXT.notFound, 'NOT_FOUND');
    });
  });

  it('takes notes under 1000 characters and refuses 1000', async () => {
    const [a, b] = await pendingClubs([{ name: `Long Notes Lions ${uniqueName('l')}` }, { name: `Longer Notes Lynx ${uniqueName('l')}` }]);
    await changesNothing(async () => {
      const tooLong = await admin.rest('POST', '/admin/club-applications/approve', { club_id: a, admin_notes: 'n'.repeat(1000) });
      expectRefused(tooLong, 400, TEXT.notesTooLong, 'BAD_USER_INPUT');
      expect(tooLong.body.fields).toHaveProperty('admin_notes', TEXT.notesTooLong);
    });
    expectOk(await admin.rest('POST', '/admin/club-applications/approve', { club_id: b, admin_notes: 'n'.repeat(999) }));
  });

  it('refuses non-administrators, changing nothing', async () => {
    const [id] = await pendingClubs([{ name: `Guarded Geese ${uniqueName('g')}` }]);
    await refusesNonAdmins('POST', '/admin/club-applications/approve', { club_id: id });
    expect((await clubRow(id!))!.applicationStatus).toBe('pending');
  });
});

describe('POST /admin/club-applications/reject', () => {
  it('rejects with the reason stored as admin notes and audited', async () => {
    const [id] = await pendingClubs([{ name: `Reject Rhinos ${uniqueName('r')}` }]);
    const answer = await admin.rest('POST', '/admin/club-applications/reject', { club_id: id, rejection_reason: '  Not a sports club  ' });
    expectOk(answer);
    expect(answer.body.data.club).toMatchObject({ id, application_status: 'rejected', admin_notes: 'Not a sports club' });
    expect(await clubRow(id!)).toMatchObject({ applicationStatus: 'rejected', adminNotes: 'Not a sports club' });
    expect((await auditOf(id!)).map((a) => [a.actionType, a.details])).toEqual([['reject', 'Application rejected: Not a sports club']]);
  });

  it("refuses a missing, blank or 1000-character reason with the spec's messages (field rejection_reason)", async () => {
    const [id] = await pendingClubs([{ name: `Reasonless Rams ${uniqueName('r')}` }]);
    await changesNothing(async () => {
      const missing = await admin.rest('POST', '/admin/club-applications/reject', { club_id: id });
      expectRefused(missing, 400, TEXT.rejectionRequired, 'BAD_USER_INPUT');
      expect(missing.body.fields).toHaveProperty('rejection_reason', TEXT.rejectionRequired);
      expectRefused(await admin.rest('POST', '/admin/club-applications/reject', { club_id: id, rejection_reason: '   ' }), 400, TEXT.rejectionRequired);
      expectRefused(await admin.rest('POST', '/admin/club-applications/reject', { club_id: id, rejection_reason: 'r'.repeat(1000) }), 400, TEXT.rejectionTooLong);
      expectRefused(await admin.rest('POST', '/admin/club-applications/reject', { club_id: 'nope', rejection_reason: 'Why' }), 400, TEXT.invalidClubId);
      expectRefused(await admin.rest('POST', '/admin/club-applications/reject', { club_id: randomUUID(), rejection_reason: 'Why' }), 404, TEXT.notFound);
    });
    expectOk(await admin.rest('POST', '/admin/club-applications/reject', { club_id: id, rejection_reason: 'r'.repeat(999) }));
  });

  it('refuses non-administrators, changing nothing', async () => {
    const [id] = await pendingClubs([{ name: `Guarded Gnus ${uniqueName('g')}` }]);
    await refusesNonAdmins('POST', '/admin/club-applications/reject', { club_id: id, rejection_reason: 'No' });
    expect((await clubRow(id!))!.applicationStatus).toBe('pending');
  });
});

describe('POST /admin/club-applications/bulk-approve', () => {
  it('approves each pending application and lists what failed and why; ids that are not UUIDs are dropped', async () => {
    const ids = await pendingClubs([1, 2, 3].map((i) => ({ name: `Bulk Badgers ${i} ${uniqueName('b')}` })));
    const [done] = await insertClubs(server, [{ name: `Bulk Already ${uniqueName('b')}`, status: 'approved' }]);
    const unknown = randomUUID();
    const answer = await admin.rest('POST', '/admin/club-applications/bulk-approve', { clubIds: [...ids, done, unknown, 'not-a-uuid', 7], adminNotes: 'Batch one' });
    expectOk(answer);
    expect(answer.body.data).toEqual({
      successful: ids,
      failed: [
        { id: done, error: TEXT.notPending },
        { id: unknown, error: TEXT.notFound },
      ],
    });
    for (const id of ids) {
      expect(await clubRow(id)).toMatchObject({ applicationStatus: 'approved', adminNotes: 'Batch one' });
      expect((await auditOf(id)).map((a) => a.actionType)).toEqual(['bulk_approve']);
    }
  });

  it("refuses no selection ('No applications selected for bulk approval') and more than 50 ('Cannot approve more than 50 applications at once')", async () => {
    await changesNothing(async () => {
      for (const body of [{ clubIds: [] }, {}, { clubIds: ['not-a-uuid', 'x'] }, { clubIds: null }]) {
        expectRefused(await admin.rest('POST', '/admin/club-applications/bulk-approve', body), 400, TEXT.noneSelected, 'BAD_USER_INPUT');
      }
      const many = Array.from({ length: 51 }, () => randomUUID());
      expectRefused(await admin.rest('POST', '/admin/club-applications/bulk-approve', { clubIds: many }), 400, TEXT.tooMany, 'BAD_USER_INPUT');
      const wrongType = await admin.rest('POST', '/admin/club-applications/bulk-approve', { clubIds: 'abc' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.success).toBe(false);
    });
  });

  it('approves exactly 50', async () => {
    const ids = await pendingClubs(Array.from({ length: 50 }, (_, i) => ({ name: `Fifty ${i} ${uniqueName('f')}` })));
    const answer = await admin.rest('POST', '/admin/club-applications/bulk-approve', { clubIds: ids });
    expectOk(answer);
    expect(answer.body.data.successful).toHaveLength(50);
    expect(answer.body.data.failed).toEqual([]);
  });

  it('refuses non-administrators, changing nothing', async () => {
    const [id] = await pendingClubs([{ name: `Guarded Gulls ${uniqueName('g')}` }]);
    await refusesNonAdmins('POST', '/admin/club-applications/bulk-approve', { clubIds: [id] });
    expect((await clubRow(id!))!.applicationStatus).toBe('pending');
  });
});

describe('the security token on every POST', () => {
  const posts = ['/admin/club-applications/approve', '/admin/club-applications/reject', '/admin/club-applications/bulk-approve'];

  it("refuses a POST without the token (403 'Security token missing. Please refresh the page.') and with a wrong one, changing nothing", async () => {
    const [id] = await pendingClubs([{ name: `Tokenless Toads ${uniqueName('t')}` }]);
    const bodies: Record<string, unknown> = {
      '/admin/club-applications/approve': { club_id: id },
      '/admin/club-applications/reject': { club_id: id, rejection_reason: 'No token' },
      '/admin/club-applications/bulk-approve': { clubIds: [id] },
    };
    await admin.fetchCsrf();
    await changesNothing(async () => {
      for (const path of posts) {
        expectRefused(await admin.rest('POST', path, bodies[path], { csrf: false }), 403, TEXT.csrfMissing, 'CSRF_MISSING');
        expectRefused(await admin.rest('POST', path, bodies[path], { headers: { 'x-csrf-token': 'f'.repeat(64) }, csrf: false }), 403, TEXT.csrfInvalid, 'CSRF_INVALID');
      }
    });
    expect((await clubRow(id!))!.applicationStatus).toBe('pending');
  });
});

describe('the per-minute limits', () => {
  it("answers 429 'Admin action rate limit exceeded' past 5 bulk approvals a minute, and the refusal changes nothing", async () => {
    // A second administrator, so the other tests' counts are untouched.
    const second = await newMember(server.url, { fullName: 'Second Admin' });
    await db().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, second.user.id));
    for (let i = 0; i < 5; i++) expectOk(await second.client.rest('POST', '/admin/club-applications/bulk-approve', { clubIds: [randomUUID()] }));
    const [id] = await pendingClubs([{ name: `Limited Llamas ${uniqueName('l')}` }]);
    await changesNothing(async () => {
      expectRefused(await second.client.rest('POST', '/admin/club-applications/bulk-approve', { clubIds: [id] }), 429, TEXT.rateLimited, 'RATE_LIMITED');
    });
    // The first administrator's own allowance is separate.
    expectOk(await admin.rest('POST', '/admin/club-applications/bulk-approve', { clubIds: [id] }));
    const jobs = await db().select({ n: sql<number>`count(*)::int` }).from(sql`admin_bulk_approvals`).where(sql`admin_id = ${second.user.id}`);
    expect(Number(jobs[0]!.n)).toBe(5);
  });
});

describe('the web app beside the REST paths', () => {
  let clubroom: Clubroom;
  let database: TestDatabase;
  let webDir: string;
  let base: string;
  const MARK = 'clubroom-spa-index-marker';
  const ASSET = `console.log(${JSON.stringify('clubroom '.repeat(200))});`;

  beforeAll(async () => {
    database = await freshDatabase();
    webDir = mkdtempSync(join(tmpdir(), 'clubroom-web-'));
    writeFileSync(join(webDir, 'index.html'), `<!doctype html><title>Clubroom</title><div id="root" data-mark="${MARK}"></div>`);
    // What the client build writes (vite.config.ts): an asset with its .br and .gz copies, and the
    // build manifest the benchmarks read, which is never served.
    mkdirSync(join(webDir, 'assets'));
    mkdirSync(join(webDir, '.vite'));
    writeFileSync(join(webDir, 'assets', 'app.js'), ASSET);
    writeFileSync(join(webDir, 'assets', 'app.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(webDir, 'assets', 'app.js.gz'), gzipSync(ASSET));
    writeFileSync(join(webDir, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/app.js"}}');
    const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SERVE_WEB: 'true',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      MAIL_POLL_INTERVAL_MS: '100',
      APP_URL: 'http://clubroom.test',
    });
    // No server renderer (a dist/ssr left by an earlier build would need a real index.html).
    clubroom = await createClubroom(config, { database: database.database, webDir, ssrDir: join(webDir, 'no-ssr') });
    await clubroom.app.listen({ port: 0, host: '127.0.0.1' });
    const address = clubroom.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    clubroom.app.log.level = 'silent';
  });
  afterAll(async () => {
    await clubroom?.close();
    await database?.drop();
    if (webDir) rmSync(webDir, { recursive: true, force: true });
  });

  it('serves the built assets compressed when the browser accepts it, and never the build manifest', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${base}/assets/app.js`, { headers: { 'accept-encoding': encoding } });
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(res.headers.get('content-type'), encoding).toMatch(/javascript/);
      // fetch decodes the body itself: it must be the asset, not the compressed bytes.
      expect(await res.text(), encoding).toBe(ASSET);
    }
    const plain = await fetch(`${base}/assets/app.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    // Named by their hash: kept for a year, never asked for again; the app's shell is asked for each time.
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/`)).headers.get('cache-control')).not.toMatch(/immutable|max-age=[1-9]/);
    expect(await plain.text()).toBe(ASSET);
    const manifest = await fetch(`${base}/.vite/manifest.json`);
    expect(await manifest.text()).not.toContain('assets/app.js');
  });

  it('serves the admin pages (/admin, /admin/dashboard, /admin/club-approvals[/{id}], /admin/clubs) as the web app', async () => {
    for (const path of ['/admin', '/admin/dashboard', '/admin/club-approvals', `/admin/club-approvals/${randomUUID()}`, '/admin/clubs', '/admin/club-approvals?status=all']) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await res.text(), path).toContain(MARK);
    }
  });

  it('answers /admin/club-applications (and its sub-paths) with JSON, never the web app', async () => {
    const signedIn = await adminClient(base);
    const listed = await signedIn.rest('GET', '/admin/club-applications?status=all');
    expectOk(listed);
    expect(listed.headers.get('content-type')).toMatch(/application\/json/);
    expect(listed.body).toMatchObject({ page: 1, limit: 10 });
    const visitor = new ApiClient(base);
    for (const path of ['/admin/club-applications', `/admin/club-applications/${randomUUID()}`, `/admin/club-applications/${randomUUID()}/history`]) {
      const res = await fetch(base + path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('content-type'), path).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ success: false, error: TEXT.authenticationRequired });
    }
    const unknown = await visitor.rest('GET', `/admin/club-applications/${randomUUID()}/history/more`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
    expect(unknown.body.success).toBe(false);
    const api = await fetch(`${base}/api/admin/check-role`);
    expect(await api.json()).toEqual({ success: true, data: { is_admin: false }, error: null });
  });
});

describe('answers are private', () => {
  it('marks every admin answer no-store', async () => {
    for (const path of ['/api/admin/check-role', '/api/admin/platform-stats', '/api/admin/club-applications/stats', '/admin/club-applications']) {
      const answer = await admin.rest('GET', path);
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
    }
    const [id] = await pendingClubs([{ name: `Private Pumas ${uniqueName('p')}` }]);
    expect((await admin.rest('GET', `/admin/club-applications/${id}`)).headers.get('cache-control')).toBe('no-store');
    const approved = await admin.rest('POST', '/admin/club-applications/approve', { club_id: id });
    expect(approved.headers.get('cache-control')).toBe('no-store');
    expect(await auditOf(id!)).toHaveLength(2);
    expect((await db().select().from(adminActions).where(and(eq(adminActions.targetId, id!), eq(adminActions.actionType, 'approve')))).length).toBe(1);
  });
});
