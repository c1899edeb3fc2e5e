// The administrators' lists and counters (administration.md sections 2, 3, 5 and 9): the club
// applications list with each filter (status, search over the chosen fields with % and _ taken
// literally, submission days, location, verification), each sort both ways, keyset pages both ways
// and numbered pages through offset; the audit trail with its filters, its search, 25 a page; and
// the counters and platform figures, which must equal what this file created.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../helpers/client.js';
import { createPositionOk, setPositionLiveOk, validPosition } from '../helpers/clubs.js';
import { gqlOk, setUserStatus, type Connection, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer } from '../helpers/volunteers.js';
import {
  APPLICATIONS,
  ADMIN_ACTIONS,
  actions,
  applications,
  approveOk,
  auditRows,
  bootstrapAdmin,
  counts,
  memberGid,
  newAdmin,
  newApplication,
  platformStats,
  rejectOk,
  setAuditTime,
  setCreatedAt,
  setVerified,
  viewApplication,
  type ActionView,
  type Application,
  type ApplicationView,
} from '../helpers/admin.js';

interface Spec {
  key: string;
  name: string;
  city?: string;
  description?: string;
  email?: string;
  /** false: registered only, no profile saved (no city, no description). */
  profile?: false;
  createdAt: string;
  status: 'pending' | 'approved' | 'rejected';
  verified?: boolean;
}

// Names start with distinct letters (mixed case) so that their case-insensitive order is plain;
// submission times are in another order, and two cities differ only in case.
const SPECS: Spec[] = [
  { key: 'alpha', name: 'alpha Athletics', city: 'Leeds', description: 'Running 100% for fun, every weekend.', createdAt: '2025-03-01T10:00:00.000Z', status: 'pending' },
  { key: 'bravo', name: 'Bravo Badminton', city: 'leeds', description: 'Shuttlecocks and smashes on Tuesdays.', createdAt: '2025-01-20T23:30:00.000Z', status: 'approved', verified: true },
  { key: 'charlie', name: 'charlie_chess', city: 'York', description: 'Chess club for thinkers of all ages.', createdAt: '2025-02-03T00:00:00.000Z', status: 'rejected' },
  { key: 'delta', name: 'Delta Divers', city: 'Bath', description: 'Diving lessons at the leisure centre.', email: 'delta.divers@swim.example.org', createdAt: '2025-01-05T12:00:00.000Z', status: 'pending' },
  { key: 'echo', name: 'Echo Eagles', city: 'Hull', description: 'Over 100 members play football here.', createdAt: '2025-04-10T08:00:00.000Z', status: 'approved' },
  { key: 'foxtrot', name: 'Foxtrot Fencing', city: 'York', description: 'Fencing for beginners and experts.', createdAt: '2025-02-14T09:00:00.000Z', status: 'approved' },
  { key: 'golf', name: 'golf Gophers', profile: false, createdAt: '2025-03-15T15:00:00.000Z', status: 'pending' },
  { key: 'hotel', name: 'Hotel Hockey', city: 'Bristol', description: 'Hockey on grass, all year round.', createdAt: '2025-04-02T11:00:00.000Z', status: 'rejected' },
];

let server: TestServer;
let admin: Awaited<ReturnType<typeof bootstrapAdmin>>;
let second: Member;
const apps = new Map<string, Application>();
const app = (key: string) => apps.get(key)!;
const specOf = (name: string) => SPECS.find((s) => s.name === name)!;

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 1000, perIp: 10_000 } });
  admin = await bootstrapAdmin(server);
  second = await newAdmin(server, 'Sam Second');
  await Promise.all(
    SPECS.map(async (s) => {
      const profile = s.profile === false ? false : { city: s.city, description: s.description, ...(s.email ? { contactEmail: s.email } : {}) };
      apps.set(s.key, await newApplication(server, { name: s.name, profile }));
    }),
  );
  // The decisions, through the API (in this order, for the audit tests).
  await approveOk(admin.client, app('bravo').clubId);
  await approveOk(admin.client, app('echo').clubId);
  await rejectOk(admin.client, app('charlie').clubId, 'Not a sports club at all');
  await rejectOk(admin.client, app('hotel').clubId, 'Duplicate 100% registration');
  expect((await setVerified(admin.client, app('bravo').clubId, true)).data.setClubVerified.userErrors).toEqual([]);
  await viewApplication(second.client, app('delta').clubId);
  await viewApplication(second.client, app('alpha').clubId);
  await approveOk(second.client, app('foxtrot').clubId);
  for (const s of SPECS) await setCreatedAt(server, app(s.key).uuid, new Date(s.createdAt));
}, 180_000);
afterAll(async () => {
  await server?.close();
});

const names = (c: Connection<ApplicationView>) => c.edges.map((e) => e.node.name);
const list = async (filter: Record<string, unknown>, extra: Record<string, unknown> = {}) => names(await applications(admin.client, { filter, first: 100, ...extra }));
const sortedNames = (specs: Spec[]) => specs.map((s) => s.name).sort();

// ---------------------------------------------------------------------------------------------

describe('clubApplications: filters', () => {
  it('by status: PENDING, APPROVED, REJECTED, and ALL (or no filter) for every application', async () => {
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const expected = SPECS.filter((s) => s.status === status);
      const page = await applications(admin.client, { filter: { status: status.toUpperCase() }, first: 100 });
      expect(names(page).sort(), status).toEqual(sortedNames(expected));
      expect(page.totalCount).toBe(expected.length);
      expect(page.edges.every((e) => e.node.applicationStatus === status.toUpperCase())).toBe(true);
    }
    expect((await list({ status: 'ALL' })).sort()).toEqual(sortedNames(SPECS));
    expect(names(await applications(admin.client, { first: 100 })).sort()).toEqual(sortedNames(SPECS));
  });

  it('search looks in name, email and description by default, case-insensitively', async () => {
    expect(await list({ search: 'ALPHA' })).toEqual(['alpha Athletics']);
    expect(await list({ search: 'SWIM.example' })).toEqual(['Delta Divers']);
    expect(await list({ search: 'shuttlecocks' })).toEqual(['Bravo Badminton']);
    expect(await list({ search: 'chess' })).toEqual(['charlie_chess']);
    // Blank is no search.
    expect((await list({ search: '   ' })).length).toBe(SPECS.length);
  });

  it('search looks only in the chosen searchFields', async () => {
    expect(await list({ search: 'running', searchFields: ['NAME'] })).toEqual([]);
    expect(await list({ search: 'running', searchFields: ['DESCRIPTION'] })).toEqual(['alpha Athletics']);
    expect(await list({ search: 'swim.example', searchFields: ['NAME', 'DESCRIPTION'] })).toEqual([]);
    expect(await list({ search: 'swim.example', searchFields: ['EMAIL'] })).toEqual(['Delta Divers']);
    expect(await list({ search: 'Divers', searchFields: ['EMAIL'] })).toEqual(['Delta Divers']);
    expect(await list({ search: 'Divers', searchFields: ['DESCRIPTION'] })).toEqual([]);
    // Empty is every field.
    expect(await list({ search: 'swim.example', searchFields: [] })).toEqual(['Delta Divers']);
  });

  it('takes % and _ in the search literally', async () => {
    // 'Over 100 members' contains 100 but not '100%'.
    expect(await list({ search: '100%' })).toEqual(['alpha Athletics']);
    expect((await list({ search: '100' })).sort()).toEqual(['Echo Eagles', 'alpha Athletics']);
    expect(await list({ search: '_' })).toEqual(['charlie_chess']);
    expect(await list({ search: '%' })).toEqual(['alpha Athletics']);
    expect(await list({ search: 'e_c' })).toEqual(['charlie_chess']);
  });

  it('refuses a search over 100 characters', async () => {
    const answer = await admin.client.gql(APPLICATIONS, { filter: { search: 'x'.repeat(101) } });
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('by submission days (UTC), both ends inclusive', async () => {
    expect((await list({ submittedFrom: '2025-01-20', submittedTo: '2025-02-03' })).sort()).toEqual(['Bravo Badminton', 'charlie_chess']);
    expect((await list({ submittedFrom: '2025-01-21', submittedTo: '2025-02-02' })).sort()).toEqual([]);
    expect((await list({ submittedTo: '2025-01-20' })).sort()).toEqual(['Bravo Badminton', 'Delta Divers']);
    expect((await list({ submittedFrom: '2025-04-02' })).sort()).toEqual(['Echo Eagles', 'Hotel Hockey']);
    expect((await list({ submittedFrom: '2025-04-03' })).sort()).toEqual(['Echo Eagles']);
  });

  it('by location: text the city contains, whatever the case', async () => {
    expect((await list({ location: 'LEEDS' })).sort()).toEqual(['Bravo Badminton', 'alpha Athletics']);
    expect((await list({ location: 'or' })).sort()).toEqual(['Foxtrot Fencing', 'charlie_chess']);
    expect(await list({ location: 'TOL' })).toEqual(['Hotel Hockey']);
    expect(await list({ location: 'Nowhere' })).toEqual([]);
  });

  it('by verification', async () => {
    expect(await list({ verified: true })).toEqual(['Bravo Badminton']);
    expect((await list({ verified: false })).sort()).toEqual(sortedNames(SPECS.filter((s) => !s.verified)));
    // The Clubs tab: approved and not yet verified.
    expect((await list({ status: 'APPROVED', verified: false })).sort()).toEqual(['Echo Eagles', 'Foxtrot Fencing']);
  });

  it('combines filters, and totalCount counts the filtered list over all pages', async () => {
    const page = await applications(admin.client, { filter: { status: 'PENDING', location: 'leeds', search: 'fun' }, first: 1 });
    expect(names(page)).toEqual(['alpha Athletics']);
    expect(page.totalCount).toBe(1);
    const all = await applications(admin.client, { filter: { status: 'ALL' }, first: 2 });
    expect(all.totalCount).toBe(SPECS.length);
    expect(all.edges).toHaveLength(2);
  });
});

// ---------------------------------------------------------------------------------------------

const STATUS_RANK = { approved: 0, pending: 1, rejected: 2 } as const;
const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The expected order of a sort, with the id as the final tie-break as the server does. */
function expectedOrder(field: string, direction: 'ASC' | 'DESC'): string[] {
  const key = (s: Spec): Array<string | number> => {
    const id = app(s.key).uuid;
    switch (field) {
      case 'NAME':
        return [s.name.toLowerCase(), id];
      case 'LOCATION':
        return [(s.city ?? '').toLowerCase(), id];
      case 'APPLICATION_STATUS':
        return [STATUS_RANK[s.status], s.createdAt, id];
      default:
        return [s.createdAt, id];
    }
  };
  const sorted = [...SPECS].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) {
      const c = cmp(ka[i]!, kb[i]!);
      if (c !== 0) return c;
    }
    return 0;
  });
  if (direction === 'DESC') sorted.reverse();
  return sorted.map((s) => s.name);
}

const SORTS = ['CREATED_AT', 'NAME', 'APPLICATION_STATUS', 'LOCATION'] as const;

describe('clubApplications: sorting and paging', () => {
  it('is newest submission first without a sort', async () => {
    expect(await list({ status: 'ALL' })).toEqual(expectedOrder('CREATED_AT', 'DESC'));
  });

  for (const field of SORTS) {
    for (const direction of ['ASC', 'DESC'] as const) {
      it(`sorts by ${field} ${direction}, and pages it forward and backward by cursors and by offset`, async () => {
        const expected = expectedOrder(field, direction);
        const vars = { filter: { status: 'ALL' }, sort: { field, direction } };
        expect(await list(vars.filter, { sort: vars.sort })).toEqual(expected);

        // Forward, 3 a page.
        const forward: string[] = [];
        let after: string | null = null;
        for (let pageNo = 0; ; pageNo++) {
          const page = await applications(admin.client, { ...vars, first: 3, after });
          forward.push(...names(page));
          expect(page.totalCount).toBe(SPECS.length);
          expect(page.pageInfo.hasPreviousPage).toBe(pageNo > 0);
          if (!page.pageInfo.hasNextPage) break;
          after = page.pageInfo.endCursor;
        }
        expect(forward).toEqual(expected);

        // Backward from the end, 3 a page.
        const backward: string[][] = [];
        let before: string | null = null;
        for (;;) {
          const page = await applications(admin.client, { ...vars, last: 3, before });
          backward.unshift(names(page));
          if (!page.pageInfo.hasPreviousPage) break;
          before = page.pageInfo.startCursor;
        }
        expect(backward.flat()).toEqual(expected);
        expect(backward.at(-1)).toEqual(expected.slice(-3));

        // Numbered pages: page N is offset (N - 1) * size.
        for (const pageNo of [1, 2, 3]) {
          const page = await applications(admin.client, { ...vars, first: 3, offset: (pageNo - 1) * 3 });
          expect(names(page), `page ${pageNo}`).toEqual(expected.slice((pageNo - 1) * 3, pageNo * 3));
          expect(page.pageInfo.hasPreviousPage).toBe(pageNo > 1);
          expect(page.pageInfo.hasNextPage).toBe(pageNo * 3 < expected.length);
          expect(page.totalCount).toBe(SPECS.length);
        }
        // The cursors of a numbered page continue from there.
        const second = await applications(admin.client, { ...vars, first: 3, offset: 3 });
        const next = await applications(admin.client, { ...vars, first: 3, after: second.pageInfo.endCursor });
        expect(names(next)).toEqual(expected.slice(6, 9));
        const prev = await applications(admin.client, { ...vars, last: 3, before: second.pageInfo.startCursor });
        expect(names(prev)).toEqual(expected.slice(0, 3));
      });
    }
  }

  it('refuses offset with a cursor or with last', async () => {
    const page = await applications(admin.client, { filter: { status: 'ALL' }, first: 2 });
    for (const vars of [{ offset: 2, first: 2, after: page.pageInfo.endCursor }, { offset: 2, last: 2 }, { offset: 2, first: 2, before: page.pageInfo.endCursor }]) {
      const answer = await admin.client.gql(APPLICATIONS, { filter: { status: 'ALL' }, ...vars });
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
      expect(answer.errors?.[0]?.message).toBe('Pass offset with first only, not with a cursor or last.');
    }
    const negative = await admin.client.gql(APPLICATIONS, { offset: -1, first: 2 });
    expect(negative.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("refuses a cursor of another sort: it is not this list's cursor", async () => {
    const byName = await applications(admin.client, { filter: { status: 'ALL' }, sort: { field: 'NAME', direction: 'ASC' }, first: 2 });
    const answer = await admin.client.gql(APPLICATIONS, { filter: { status: 'ALL' }, sort: { field: 'LOCATION', direction: 'ASC' }, first: 2, after: byName.pageInfo.endCursor });
    expect(answer.errors?.[0]?.message).toBe('Invalid cursor: pass a cursor this list gave you.');
  });
});

// ---------------------------------------------------------------------------------------------

describe('counters and platform figures', () => {
  it('clubApplicationCounts equals the applications created here', async () => {
    expect(await counts(admin.client)).toEqual({ pending: 3, approved: 3, rejected: 2, total: 8 });
  });

  it('adminPlatformStats equals what was created: clubs, verification, volunteers, opportunities, applications, users', async () => {
    // Volunteers: volunteer profiles of active accounts (a suspended one and an account without a
    // profile do not count).
    const volunteers = await Promise.all([
      createVolunteer(server, { firstName: 'Vic' }),
      createVolunteer(server, { firstName: 'Val' }),
      createVolunteer(server, { firstName: 'Sus' }),
    ]);
    await setUserStatus(server, volunteers[2]!.user.id, 'suspended');
    const noProfile = await newMember(server.url, { fullName: 'No Profile' });
    await setUserStatus(server, noProfile.user.id, 'suspended');
    // Opportunities: live, active positions of approved clubs only.
    const bravo = app('bravo');
    const live = await createPositionOk(bravo.client, validPosition({ title: 'Coach' }));
    await setPositionLiveOk(bravo.client, live.id, true);
    await createPositionOk(bravo.client, validPosition({ title: 'Hidden helper' }));
    const pendingLive = await createPositionOk(app('alpha').client, validPosition({ title: 'Pending club role' }));
    await setPositionLiveOk(app('alpha').client, pendingLive.id, true);
    // Applications: rows of volunteer applications (whatever their status).
    const applied = await gqlOk(volunteers[0]!.client, 'mutation A($input: ApplyToOpportunityInput!) { applyToOpportunity(input: $input) { application { id } userErrors { message } } }', {
      input: { positionId: live.id, message: 'I would love to help coach on Saturdays.' },
    });
    expect(applied.applyToOpportunity.userErrors).toEqual([]);

    expect(await platformStats(admin.client)).toEqual({
      totalClubs: 3,
      verifiedClubs: 1,
      pendingVerifications: 2,
      totalApplications: 1,
      pendingApplications: 3,
      totalVolunteers: 2,
      totalOpportunities: 1,
      // Two administrators, eight club owners, two active volunteers.
      activeUsers: 12,
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('adminActions: the audit trail', () => {
  // Set in the first test: two of the bootstrap administrator's entries moved to known days.
  const all = async (filter: Record<string, unknown> = {}) => (await actions(admin.client, { filter, first: 100 })).edges.map((e) => e.node);
  const describeRow = (a: ActionView) => `${a.actionType} ${a.targetName}`;

  it('lists every action, newest first, with who, from where and on what', async () => {
    const rows = await all();
    expect(rows).toHaveLength(8);
    expect(rows.map((r) => r.createdAt)).toEqual([...rows.map((r) => r.createdAt)].sort().reverse());
    const reject = rows.find((r) => r.actionType === 'REJECT' && r.targetName === 'Hotel Hockey')!;
    expect(reject).toMatchObject({
      targetType: 'club_application',
      details: 'Application rejected: Duplicate 100% registration',
      adminName: admin.name,
      adminEmail: admin.email,
      ipAddress: '127.0.0.1',
      admin: { id: memberGid(admin.id) },
      club: { id: app('hotel').clubId },
    });
    expect(rows.filter((r) => r.admin?.id === memberGid(second.user.id)).map(describeRow).sort()).toEqual(['APPROVE Foxtrot Fencing', 'VIEW Delta Divers', 'VIEW alpha Athletics']);
  });

  it('filters by action type', async () => {
    const byType = async (actionType: string) => (await all({ actionType })).map((r) => r.targetName).sort();
    expect(await byType('APPROVE')).toEqual(['Bravo Badminton', 'Echo Eagles', 'Foxtrot Fencing']);
    expect(await byType('REJECT')).toEqual(['Hotel Hockey', 'charlie_chess']);
    expect(await byType('VIEW')).toEqual(['Delta Divers', 'alpha Athletics']);
    expect(await byType('VERIFY')).toEqual(['Bravo Badminton']);
    expect(await byType('EXPORT')).toEqual([]);
    expect(await byType('BULK_APPROVE')).toEqual([]);
    const page = await actions(admin.client, { filter: { actionType: 'APPROVE' } });
    expect(page.totalCount).toBe(3);
  });

  it('filters by administrator', async () => {
    expect((await all({ adminId: memberGid(second.user.id) })).map(describeRow).sort()).toEqual(['APPROVE Foxtrot Fencing', 'VIEW Delta Divers', 'VIEW alpha Athletics']);
    expect(await all({ adminId: memberGid(admin.id) })).toHaveLength(5);
  });

  it("filters by club: one application's timeline, newest first", async () => {
    expect((await all({ clubId: app('bravo').clubId })).map((r) => r.actionType)).toEqual(['VERIFY', 'APPROVE']);
    expect((await all({ clubId: app('golf').clubId }))).toEqual([]);
  });

  it('filters by days (UTC), both ends inclusive', async () => {
    const [bravoApprove] = (await auditRows(server, { targetId: app('bravo').uuid })).filter((r) => r.actionType === 'approve');
    const [charlieReject] = await auditRows(server, { targetId: app('charlie').uuid });
    await setAuditTime(server, { id: bravoApprove!.id }, new Date('2025-05-01T00:00:00.000Z'));
    await setAuditTime(server, { id: charlieReject!.id }, new Date('2025-05-02T23:59:59.999Z'));
    expect((await all({ from: '2025-05-01', to: '2025-05-02' })).map(describeRow)).toEqual(['REJECT charlie_chess', 'APPROVE Bravo Badminton']);
    expect((await all({ to: '2025-05-01' })).map(describeRow)).toEqual(['APPROVE Bravo Badminton']);
    expect((await all({ from: '2025-05-02', to: '2025-05-02' })).map(describeRow)).toEqual(['REJECT charlie_chess']);
    expect(await all({ from: '2025-05-03' })).toHaveLength(6);
    expect((await all({ from: '2025-05-01', to: '2025-05-02', actionType: 'APPROVE' })).map(describeRow)).toEqual(['APPROVE Bravo Badminton']);
    const wrongWay = await admin.client.gql(ADMIN_ACTIONS, { filter: { from: '2025-05-02', to: '2025-05-01' } });
    expect(wrongWay.errors?.[0]).toMatchObject({ message: 'The start date must not be after the end date', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('really searches: target name, details, administrator name and email, case-insensitively, % literal', async () => {
    expect((await all({ search: 'echo' })).map(describeRow)).toEqual(['APPROVE Echo Eagles']);
    expect((await all({ search: 'NOT A SPORTS' })).map(describeRow)).toEqual(['REJECT charlie_chess']);
    expect((await all({ search: '100%' })).map(describeRow)).toEqual(['REJECT Hotel Hockey']);
    expect((await all({ search: '%' })).map(describeRow)).toEqual(['REJECT Hotel Hockey']);
    expect((await all({ search: 'sam second' })).map(describeRow).sort()).toEqual(['APPROVE Foxtrot Fencing', 'VIEW Delta Divers', 'VIEW alpha Athletics']);
    expect((await all({ search: second.email.toUpperCase() }))).toHaveLength(3);
    expect(await all({ search: 'nothing like this' })).toEqual([]);
    expect((await actions(admin.client, { filter: { search: 'sam second', actionType: 'VIEW' } })).totalCount).toBe(2);
  });

  it('pages 25 at a time by default, with offset for numbered pages and cursors either way', async () => {
    for (let i = 0; i < 30; i += 10) await Promise.all(Array.from({ length: 10 }, () => viewApplication(second.client, app('golf').clubId)));
    const total = 38;
    const first = await actions(admin.client);
    expect(first.edges).toHaveLength(25);
    expect(first.totalCount).toBe(total);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const page2 = await actions(admin.client, { offset: 25 });
    expect(page2.edges).toHaveLength(13);
    expect(page2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const byCursor = await actions(admin.client, { after: first.pageInfo.endCursor });
    expect(byCursor.edges.map((e) => e.node.id)).toEqual(page2.edges.map((e) => e.node.id));
    const ids = [...first.edges, ...page2.edges].map((e) => e.node.id);
    expect(new Set(ids).size).toBe(total);

    const back = await actions(admin.client, { last: 25, before: page2.pageInfo.startCursor });
    expect(back.edges.map((e) => e.node.id)).toEqual(first.edges.map((e) => e.node.id));
    const withAfter = await admin.client.gql(ADMIN_ACTIONS, { offset: 25, after: first.pageInfo.endCursor });
    expect(withAfter.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    // Filtered by the view's club: 30 views of golf, 25 then 5.
    const golf = await actions(admin.client, { filter: { clubId: app('golf').clubId }, offset: 25 });
    expect(golf.totalCount).toBe(30);
    expect(golf.edges).toHaveLength(5);
  });

  it("answers an adminId or clubId that is not a global id of that type as a bad input, never as someone's id", async () => {
    for (const filter of [{ clubId: app('bravo').uuid }, { clubId: memberGid(admin.id) }, { adminId: admin.id }, { adminId: app('bravo').clubId }]) {
      const answer = await admin.client.gql(ADMIN_ACTIONS, { filter });
      expect(answer.errors?.[0]?.extensions?.code, JSON.stringify(filter)).toBe('BAD_USER_INPUT');
    }
    const byClub = await admin.client.gql(ADMIN_ACTIONS, { filter: { clubId: 'garbage' } });
    expect(byClub.errors?.[0]?.message).toBe('Invalid club ID format');
  });

  it('refuses a cursor of the applications list', async () => {
    const page = await applications(admin.client, { first: 1 });
    const answer = await admin.client.gql(ADMIN_ACTIONS, { after: page.pageInfo.endCursor });
    expect(answer.errors?.[0]?.message).toBe('Invalid cursor: pass a cursor this list gave you.');
  });
});

// Kept last: it changes no data, it only reads as another caller.
describe('who sees the lists', () => {
  it('a club owner sees their own application through me, never the lists', async () => {
    const answer = await app('alpha').client.gql(APPLICATIONS, {});
    expect(answer.errors?.[0]).toMatchObject({ message: 'Admin permissions required', extensions: { code: 'FORBIDDEN' } });
    expect((await gqlOk(app('alpha').client, '{ me { club { name } } }')).me.club.name).toBe(specOf('alpha Athletics').name);
  });
});
