// The clubs domain on the API's conventions (docs/API.md): the directory pages both ways without
// skipping or repeating a club while others are approved between reads; a club's positions are a
// connection; aliased mutations each answer their own payload; owner-only fields are null for
// everyone else; node(id) and Member.club see what club(id) sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  PAGE_INFO,
  POSITION_FIELDS,
  USER_ERRORS,
  clubGlobalId,
  createPositionOk,
  directory,
  insertClubs,
  myPositions,
  myPositionsPage,
  newClubOwner,
  onlyError,
  positionRows,
  setPositionLiveOk,
  validPosition,
  type ConnectionView,
  type PositionView,
} from '../helpers/clubs.js';
import { adminClient, gqlOk, setClubStatus } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let anonymous: ApiClient;
beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  anonymous = new ApiClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

/** `seen` is `all` with some items left out, in the same order and without repeats. */
function expectSubsequence(seen: string[], all: string[]) {
  expect(new Set(seen).size, `repeated: ${seen.join(', ')}`).toBe(seen.length);
  let at = 0;
  for (const item of seen) {
    const found = all.indexOf(item, at);
    expect(found, `${item} out of order in ${seen.join(', ')}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

describe('the directory while clubs are approved between reads', () => {
  const CITY = 'Churnford';
  const ORIGINAL = ['Alder Archers', 'birch bowlers', 'Cedar Cyclists', 'Damson Divers', 'elm Eagles', 'Fir Fencers', 'Gorse Golfers', 'Hazel Hurlers', 'Ivy Ice Club', 'Juniper Judo'];
  let inserted = 0;
  /** Approves a new club in the same city whose name sorts somewhere among the others. */
  async function approveAnother(): Promise<string> {
    inserted++;
    const name = `${['Aa', 'Cc', 'Ee', 'Gg', 'Ii', 'Zz'][inserted % 6]} Newcomer ${inserted}`;
    await insertClubs(server, [{ name, city: CITY }]);
    return name;
  }
  const all = async () => (await directory(anonymous, { search: CITY, first: 100 })).clubs.map((c) => c.name);

  beforeAll(async () => {
    await insertClubs(server, ORIGINAL.map((name) => ({ name, city: CITY })));
  });

  it('pages forward with first/after: every club there at the start once, in order, none repeated', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const page = await directory(anonymous, { search: CITY, first: 3, after });
      seen.push(...page.clubs.map((c) => c.name));
      await approveAnother();
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    for (const name of ORIGINAL) expect(seen).toContain(name);
    expectSubsequence(seen, await all());
  });

  it('pages backward with last/before: every club there at the start once, in order, none repeated', async () => {
    const before0 = await all();
    const seen: string[] = [];
    let before: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const page = await directory(anonymous, { search: CITY, last: 3, before });
      seen.unshift(...page.clubs.map((c) => c.name));
      await approveAnother();
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    for (const name of before0) expect(seen).toContain(name);
    expectSubsequence(seen, await all());
  });

  it('turns back from a forward page with its startCursor', async () => {
    const first = await directory(anonymous, { search: CITY, first: 4 });
    const second = await directory(anonymous, { search: CITY, first: 4, after: first.pageInfo.endCursor });
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    const back = await directory(anonymous, { search: CITY, last: 4, before: second.pageInfo.startCursor });
    expect(back.clubs.map((c) => c.name)).toEqual(first.clubs.map((c) => c.name));
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });
});

describe("a club's positions as a connection", () => {
  const PUBLIC_POSITIONS = `query($id: ID!, $first: Int, $after: String, $last: Int, $before: String, $includeHidden: Boolean) {
    club(id: $id) { positions(first: $first, after: $after, last: $last, before: $before, includeHidden: $includeHidden) {
      totalCount edges { cursor node { ${POSITION_FIELDS} } } ${PAGE_INFO}
    } }
  }`;
  let owner: Awaited<ReturnType<typeof newClubOwner>>;
  let created: PositionView[] = [];

  beforeAll(async () => {
    owner = await newClubOwner(server, { clubName: 'Paging Paddlers', status: 'approved' });
    created = [];
    for (let i = 1; i <= 7; i++) created.push(await createPositionOk(owner.client, validPosition({ title: `Role ${i}` })));
    // Live: roles 2, 4 and 6.
    for (const i of [1, 3, 5]) await setPositionLiveOk(owner.client, created[i]!.id, true);
  });

  it('pages the owner through every position, newest first, forward and backward', async () => {
    const newestFirst = [...created].reverse().map((p) => p.id);
    const forward: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: ConnectionView<PositionView> = (await myPositionsPage(owner.client, { first: 3, after }))!;
      expect(page.totalCount).toBe(7);
      forward.push(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(forward).toEqual(newestFirst);
    const backward: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 5; i++) {
      const page: ConnectionView<PositionView> = (await myPositionsPage(owner.client, { last: 3, before }))!;
      backward.unshift(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(backward).toEqual(newestFirst);
    expect((await myPositions(owner.client)).map((p) => p.id)).toEqual(newestFirst);
  });

  it('shows everyone else only the live positions, whatever includeHidden says', async () => {
    const stranger = await newMember(server.url);
    const live = [created[5]!, created[3]!, created[1]!].map((p) => p.id);
    for (const client of [anonymous, stranger.client]) {
      for (const includeHidden of [false, true]) {
        const { club } = await gqlOk<{ club: { positions: ConnectionView<PositionView> } }>(client, PUBLIC_POSITIONS, { id: owner.clubId, includeHidden });
        expect(club.positions.edges.map((e) => e.node.id)).toEqual(live);
        expect(club.positions.totalCount).toBe(3);
      }
    }
    const page = await gqlOk<{ club: { positions: ConnectionView<PositionView> } }>(anonymous, PUBLIC_POSITIONS, { id: owner.clubId, first: 2 });
    expect(page.club.positions.edges.map((e) => e.node.id)).toEqual(live.slice(0, 2));
    expect(page.club.positions.pageInfo.hasNextPage).toBe(true);
    const rest = await gqlOk<{ club: { positions: ConnectionView<PositionView> } }>(anonymous, PUBLIC_POSITIONS, { id: owner.clubId, first: 2, after: page.club.positions.pageInfo.endCursor });
    expect(rest.club.positions.edges.map((e) => e.node.id)).toEqual(live.slice(2));
  });

  it('shows a platform administrator the hidden positions too', async () => {
    const admin = await adminClient(server.url);
    const { club } = await gqlOk<{ club: { positions: ConnectionView<PositionView> } }>(admin, PUBLIC_POSITIONS, { id: owner.clubId, includeHidden: true });
    expect(club.positions.totalCount).toBe(7);
  });

  it('refuses a page size over 100 and a cursor of another list', async () => {
    expect(onlyError(await anonymous.gql(PUBLIC_POSITIONS, { id: owner.clubId, first: 101 })).extensions?.code).toBe('BAD_USER_INPUT');
    const clubsPage = await directory(anonymous, { first: 1 });
    expect(onlyError(await anonymous.gql(PUBLIC_POSITIONS, { id: owner.clubId, after: clubsPage.pageInfo.endCursor })).extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('answers node(id) for a position with the same visibility', async () => {
    const NODE = 'query($id: ID!) { node(id: $id) { id ... on VolunteerPosition { title club { id } } } }';
    const hidden = created[0]!;
    const live = created[1]!;
    const stranger = await newMember(server.url);
    expect(await gqlOk(anonymous, NODE, { id: live.id })).toEqual({ node: { id: live.id, title: 'Role 2', club: { id: owner.clubId } } });
    for (const client of [anonymous, stranger.client]) expect(await gqlOk(client, NODE, { id: hidden.id })).toEqual({ node: null });
    expect(await gqlOk(owner.client, NODE, { id: hidden.id })).toEqual({ node: { id: hidden.id, title: 'Role 1', club: { id: owner.clubId } } });
    // The live position of a club that is not approved is nobody else's business either.
    await setClubStatus(server, owner.user.id, 'pending');
    try {
      expect(await gqlOk(anonymous, NODE, { id: live.id })).toEqual({ node: null });
      expect((await gqlOk<{ node: unknown }>(owner.client, NODE, { id: live.id })).node).not.toBeNull();
    } finally {
      await setClubStatus(server, owner.user.id, 'approved');
    }
  });
});

describe('aliased mutations', () => {
  it('answers the first of two createVolunteerPosition and the second one’s userErrors, and keeps the first', async () => {
    const owner = await newClubOwner(server, { clubName: 'Alias Athletic' });
    const answer = await owner.client.gql(
      `mutation($good: CreateVolunteerPositionInput!, $bad: CreateVolunteerPositionInput!) {
        a: createVolunteerPosition(input: $good) { position { id title isLive } ${USER_ERRORS} }
        b: createVolunteerPosition(input: $bad) { position { id } ${USER_ERRORS} }
      }`,
      { good: validPosition({ title: 'First Helper' }), bad: validPosition({ title: 'X', description: 'short' }) },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.a).toMatchObject({ position: { title: 'First Helper', isLive: false }, userErrors: [] });
    expect(answer.data.b.position).toBeNull();
    expect(answer.data.b.userErrors).toEqual([
      { field: 'title', code: 'BAD_USER_INPUT', message: 'Title must be at least 2 characters' },
      { field: 'description', code: 'BAD_USER_INPUT', message: 'Description must be at least 10 characters' },
    ]);
    const rows = await positionRows(server, owner.user.id);
    expect(rows.map((r) => r.title)).toEqual(['First Helper']);
    expect((await myPositions(owner.client)).map((p) => p.id)).toEqual([answer.data.a.position.id]);
  });

  it('shows the meeting times each of two aliased saves stored', async () => {
    const owner = await newClubOwner(server, { clubName: 'Twice Timed', status: 'approved' });
    const answer = await owner.client.gql(
      `mutation($one: SaveMeetingTimesInput!, $two: SaveMeetingTimesInput!) {
        a: saveMeetingTimes(input: $one) { club { meetingTimes { dayOfWeek startTime endTime } } ${USER_ERRORS} }
        b: saveMeetingTimes(input: $two) { club { meetingTimes { dayOfWeek startTime endTime } } ${USER_ERRORS} }
      }`,
      { one: { times: [{ dayOfWeek: 1, startTime: '18:00', endTime: '19:00' }] }, two: { times: [{ dayOfWeek: 3, startTime: '09:00', endTime: '10:00' }] } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.a.club.meetingTimes).toEqual([{ dayOfWeek: 1, startTime: '18:00', endTime: '19:00' }]);
    expect(answer.data.b.club.meetingTimes).toEqual([{ dayOfWeek: 3, startTime: '09:00', endTime: '10:00' }]);
  });
});

describe('owner-only fields and relations', () => {
  const GUARDED = 'query($id: ID!) { club(id: $id) { id name profileSaved updatedAt owner { id name } } }';

  it('answers profileSaved and updatedAt to the owner and platform administrators, null to everyone else', async () => {
    const owner = await newClubOwner(server, { clubName: 'Guarded Gliders', status: 'approved' });
    const stranger = await newMember(server.url);
    const otherOwner = await newClubOwner(server, { clubName: 'Curious Cousins', status: 'approved' });
    for (const client of [anonymous, stranger.client, otherOwner.client]) {
      const { club } = await gqlOk(client, GUARDED, { id: owner.clubId });
      expect(club).toMatchObject({ id: owner.clubId, name: 'Guarded Gliders', profileSaved: null, updatedAt: null });
    }
    const admin = await adminClient(server.url);
    for (const client of [owner.client, admin]) {
      const { club } = await gqlOk(client, GUARDED, { id: owner.clubId });
      expect(club.profileSaved).toBe(true);
      expect(Date.parse(club.updatedAt)).not.toBeNaN();
    }
    await setClubStatus(server, otherOwner.user.id, 'rejected');
  });

  it('names the owner to signed-in callers only (members are not visible to anonymous callers)', async () => {
    const owner = await newClubOwner(server, { clubName: 'Owned Otters', status: 'approved' });
    const ownerMemberId = Buffer.from(`Member:${owner.user.id}`).toString('base64url');
    expect((await gqlOk(anonymous, GUARDED, { id: owner.clubId })).club.owner).toBeNull();
    const stranger = await newMember(server.url);
    expect((await gqlOk(stranger.client, GUARDED, { id: owner.clubId })).club.owner).toEqual({ id: ownerMemberId, name: 'Owned Otters' });
  });

  it("answers a member's club with the visibility of club(id)", async () => {
    const MEMBER_CLUB = 'query($id: ID!) { member(id: $id) { club { id name applicationStatus } } }';
    const pending = await newClubOwner(server, { clubName: 'Member Club Pending' });
    const memberId = Buffer.from(`Member:${pending.user.id}`).toString('base64url');
    const stranger = await newMember(server.url);
    expect(await gqlOk(stranger.client, MEMBER_CLUB, { id: memberId })).toEqual({ member: { club: null } });
    expect(await gqlOk(pending.client, MEMBER_CLUB, { id: memberId })).toEqual({
      member: { club: { id: pending.clubId, name: 'Member Club Pending', applicationStatus: 'PENDING' } },
    });
    expect(await gqlOk(pending.client, '{ me { club { id } } }')).toEqual({ me: { club: { id: pending.clubId } } });
    await setClubStatus(server, pending.user.id, 'approved');
    expect(await gqlOk(stranger.client, MEMBER_CLUB, { id: memberId })).toEqual({
      member: { club: { id: clubGlobalId(pending.user.id), name: 'Member Club Pending', applicationStatus: 'APPROVED' } },
    });
    // A volunteer has no club.
    expect(await gqlOk(stranger.client, '{ me { club { id } } }')).toEqual({ me: { club: null } });
    await setClubStatus(server, pending.user.id, 'rejected');
  });
});
