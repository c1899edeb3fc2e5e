// The approved clubs' volunteer search (`volunteers`): who may search, the filters (words, location,
// skill), newest first with keyset paging and totalCount, never the email, never the caller,
// only active accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import { newClubOwner } from '../helpers/clubs.js';
import { adminClient, adminId, setUserStatus, startCountingServer } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import {
  createVolunteer,
  insertVolunteerProfiles,
  saveVolunteerProfileOk,
  searchVolunteers,
  validVolunteerProfile,
  VOLUNTEER_TEXT,
  volunteerProfileGlobalId,
  type VolunteerProfileView,
} from '../helpers/volunteers.js';

let server: TestServer;
let club: ApiClient;
/** Account ids of the inserted profiles, oldest first. */
let ids: string[];

beforeAll(async () => {
  server = await startServer();
  ids = await insertVolunteerProfiles(server, [
    { firstName: 'Alice', lastName: 'Archer', location: 'North London', skills: ['Coaching', 'First Aid'], bio: 'Football coach for ten years.' },
    { firstName: 'Bob', lastName: 'Baker', location: 'Leeds', skills: ['Fundraising'], bio: 'Organised many charity runs.' },
    { firstName: 'Carla', lastName: 'Cole', location: 'london bridge', skills: ['first aid'], bio: 'Nurse and swimmer.' },
    { firstName: 'Dev', lastName: 'Dutta', location: 'Manchester', skills: ['Coaching'], bio: 'Cricket umpire.' },
    { firstName: 'Ema', lastName: 'Evans', location: '100% Bristol_', skills: ['Photography'], bio: 'Takes match photos.' },
  ]);
  club = (await newClubOwner(server, { status: 'approved' })).client;
});
afterAll(async () => {
  await server?.close();
});

async function search(client: ApiClient, vars: Record<string, unknown> = {}) {
  const answer = await searchVolunteers(client, vars);
  expect(answer.errors).toBeUndefined();
  return answer.data.volunteers;
}

const names = (page: { edges: Array<{ node: VolunteerProfileView }> }) => page.edges.map((e) => e.node.firstName);

describe('who may search', () => {
  it('the owner of an approved club: every active profile, newest first, no email', async () => {
    const page = await search(club);
    expect(names(page)).toEqual(['Ema', 'Dev', 'Carla', 'Bob', 'Alice']);
    expect(page.totalCount).toBe(5);
    for (const edge of page.edges) expect(edge.node.email).toBeNull();
    expect(page.edges[0]!.node).toMatchObject({ id: volunteerProfileGlobalId(ids[4]!), fullName: 'Ema Evans', skills: ['Photography'] });
  });

  it('a platform administrator', async () => {
    const admin = await adminClient(server.url);
    const page = await search(admin);
    expect(page.totalCount).toBe(5);
  });

  it.each(['pending', 'rejected'] as const)("the owner of a %s club: FORBIDDEN 'Only approved clubs can search for volunteers.'", async (status) => {
    const owner = await newClubOwner(server, { status });
    const answer = await searchVolunteers(owner.client);
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]).toMatchObject({ message: VOLUNTEER_TEXT.searchForbidden, extensions: { code: 'FORBIDDEN' } });
  });

  it('an anonymous caller: UNAUTHENTICATED', async () => {
    const answer = await searchVolunteers(new ApiClient(server.url));
    expect(answer.errors?.[0]).toMatchObject({ message: VOLUNTEER_TEXT.authenticationRequired, extensions: { code: 'UNAUTHENTICATED' } });
  });

});

describe('filters', () => {
  it('search: every word begins a word of the name, location or bio', async () => {
    expect(names(await search(club, { search: 'ali' }))).toEqual(['Alice']);
    expect(names(await search(club, { search: 'lon' }))).toEqual(['Carla', 'Alice']);
    expect(names(await search(club, { search: 'coach foot' }))).toEqual(['Alice']);
    expect(names(await search(club, { search: 'CHARITY' }))).toEqual(['Bob']);
    expect(names(await search(club, { search: 'nobody-here' }))).toEqual([]);
    expect((await search(club, { search: '  ' })).totalCount).toBe(5);
  });

  it('location: contained in any letter case, wildcards taken literally', async () => {
    expect(names(await search(club, { location: 'LONDON' }))).toEqual(['Carla', 'Alice']);
    expect(names(await search(club, { location: 'don b' }))).toEqual(['Carla']);
    expect(names(await search(club, { location: '%' }))).toEqual(['Ema']);
    expect(names(await search(club, { location: '_' }))).toEqual(['Ema']);
  });

  it('skill: one skill matched exactly in any letter case', async () => {
    expect(names(await search(club, { skill: 'FIRST AID' }))).toEqual(['Carla', 'Alice']);
    expect(names(await search(club, { skill: 'first' }))).toEqual([]);
    expect(names(await search(club, { skill: ' coaching ' }))).toEqual(['Dev', 'Alice']);
  });

  it('combines the filters, and totalCount counts the matches over all pages', async () => {
    const page = await search(club, { search: 'coach', location: 'london', skill: 'coaching' });
    expect(names(page)).toEqual(['Alice']);
    expect(page.totalCount).toBe(1);
  });

  it('refuses a search, location or skill that is too long', async () => {
    for (const [vars, message] of [
      [{ search: 's'.repeat(101) }, 'Search must be at most 100 characters'],
      [{ location: 'l'.repeat(101) }, VOLUNTEER_TEXT.locationMax],
      [{ skill: 'k'.repeat(41) }, VOLUNTEER_TEXT.skillMax],
    ] as const) {
      const answer = await searchVolunteers(club, vars);
      expect(answer.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    }
  });
});

describe('paging', () => {
  it('pages forwards and backwards with cursors, 20 a page by default', async () => {
    const first = await search(club, { first: 2 });
    expect(names(first)).toEqual(['Ema', 'Dev']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await search(club, { first: 2, after: first.pageInfo.endCursor });
    expect(names(second)).toEqual(['Carla', 'Bob']);
    const third = await search(club, { first: 2, after: second.pageInfo.endCursor });
    expect(names(third)).toEqual(['Alice']);
    expect(third.pageInfo.hasNextPage).toBe(false);
    const back = await search(club, { last: 2, before: third.pageInfo.startCursor });
    expect(names(back)).toEqual(['Carla', 'Bob']);
    expect(back.pageInfo.hasPreviousPage).toBe(true);
  });

  it('gives 20 a page unless first or last says', async () => {
    const many = await insertVolunteerProfiles(
      server,
      Array.from({ length: 21 }, (_, i) => ({ firstName: `Many${i}`, location: 'Pagetown' })),
    );
    const page = await search(club, { location: 'pagetown' });
    expect(page.edges).toHaveLength(20);
    expect(page.totalCount).toBe(21);
    expect(page.edges[0]!.node.id).toBe(volunteerProfileGlobalId(many[20]!));
    const rest = await search(club, { location: 'pagetown', after: page.pageInfo.endCursor });
    expect(names(rest)).toEqual(['Many0']);
  });

  it("refuses another list's cursor", async () => {
    const answer = await searchVolunteers(club, { after: Buffer.from(JSON.stringify(['clubs', 'a', 'b'])).toString('base64url') });
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('who is listed', () => {
  it('never the caller themself, and only active accounts', async () => {
    const admin = await adminClient(server.url);
    await saveVolunteerProfileOk(admin, validVolunteerProfile({ firstName: 'Adminvolunteer', location: 'Selftown' }));
    expect(names(await search(admin, { location: 'selftown' }))).toEqual([]);
    expect(names(await search(club, { location: 'selftown' }))).toEqual(['Adminvolunteer']);
    expect(await adminId(server)).toBeTruthy();

    const suspended = await createVolunteer(server, { firstName: 'Suspendedperson', location: 'Gonetown' });
    expect(names(await search(club, { location: 'gonetown' }))).toEqual(['Suspendedperson']);
    await setUserStatus(server, suspended.user.id, 'suspended');
    expect(names(await search(club, { location: 'gonetown' }))).toEqual([]);
  });
});

describe('statements', () => {
  it('reads a page in as many statements whatever its size (the accounts through one batch)', async () => {
    const counting = await startCountingServer();
    try {
      await insertVolunteerProfiles(counting, Array.from({ length: 30 }, (_, i) => ({ firstName: `Count${i}`, location: 'Countville' })));
      const owner = await newClubOwner(counting, { status: 'approved' });
      const query = 'query($first: Int) { volunteers(location: "countville", first: $first) { totalCount nodes { id fullName email skills member { id name } } } }';
      const statementsFor = async (first: number) => {
        counting.statements.length = 0;
        const answer = await owner.client.gql(query, { first });
        expect(answer.errors).toBeUndefined();
        expect(answer.data.volunteers.nodes).toHaveLength(first);
        return counting.statements.length;
      };
      const small = await statementsFor(2);
      expect(await statementsFor(25)).toBe(small);
      expect(small).toBeLessThanOrEqual(5);
    } finally {
      await counting.close();
    }
  });
});

// Last: these make accounts with profiles, which the lists above would otherwise find.
describe('who may not search', () => {
  it('a volunteer or a plain member: FORBIDDEN with the same message', async () => {
    for (const client of [(await createVolunteer(server)).client, (await newMember(server.url)).client]) {
      const answer = await searchVolunteers(client);
      expect(answer.errors?.[0]).toMatchObject({ message: VOLUNTEER_TEXT.searchForbidden, extensions: { code: 'FORBIDDEN' } });
    }
  });

  it('is refused before the arguments are looked at (a forbidden caller learns nothing from a bad cursor)', async () => {
    const volunteer = await createVolunteer(server);
    const answer = await searchVolunteers(volunteer.client, { after: 'bogus' });
    expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
