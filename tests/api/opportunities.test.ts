// Opportunities (platform.md sections 2–4; the issue 12 contract): a club's volunteer positions as
// volunteers see them. Who sees which (live, active positions of approved clubs in the browser;
// filled and cancelled ones on their own page; hidden ones to their owner and to a volunteer who
// applied), the search, skill, sport and location filters, keyset paging both ways, the owner's
// status transitions with their messages, the new position fields, canApply and the club's view of
// a position's applications.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import { createPosition, createPositionOk, newClubOwner, positionRow, refusalOf, setPositionLiveOk, updatePosition, validPosition } from '../helpers/clubs.js';
import { adminClient, gqlOk, onlyError, setClubStatus } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';
import {
  OPPORTUNITY,
  OPPORTUNITY_SKILLS,
  OPPORTUNITY_TEXT as T,
  POSITION_APPLICATIONS,
  applyOk,
  clubWithOpportunity,
  insertApprovedClubs,
  insertPositions,
  liveOpportunity,
  nodes,
  opportunities,
  opportunity,
  payload,
  setStatus,
  withdraw,
  type OpportunityView,
} from '../helpers/opportunities.js';

let server: TestServer;
let visitor: ApiClient;

beforeAll(async () => {
  server = await startServer();
  visitor = new ApiClient(server.url);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const titles = (list: OpportunityView[]) => list.map((o) => o.title);

// ---------------------------------------------------------------------------------------------

describe('who sees an opportunity', () => {
  let owner: Awaited<ReturnType<typeof clubWithOpportunity>>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    owner = await clubWithOpportunity(server, { clubName: 'Visible Vipers', position: { title: 'Seen Live Role' } });
    const [live, hidden, filled, cancelled] = await insertPositions(server, owner.clubUuid, [
      { title: 'Seen Second Role' },
      { title: 'Seen Hidden Role', isLive: false },
      { title: 'Seen Filled Role', status: 'filled' },
      { title: 'Seen Cancelled Role', status: 'cancelled' },
    ]);
    const pendingClub = await newClubOwner(server, { clubName: 'Pending Pumas' });
    const rejectedClub = await newClubOwner(server, { clubName: 'Rejected Rams', status: 'rejected' });
    const pendingRole = await liveOpportunity(pendingClub.client, { title: 'Seen Pending Club Role' });
    const rejectedRole = await liveOpportunity(rejectedClub.client, { title: 'Seen Rejected Club Role' });
    ids = { live: live!, hidden: hidden!, filled: filled!, cancelled: cancelled!, pendingRole, rejectedRole, first: owner.positionId };
  });

  it('lists only live, active positions of approved clubs, newest first, to everyone', async () => {
    const page = await opportunities(visitor, { search: 'seen' });
    expect(titles(nodes(page))).toEqual(['Seen Live Role', 'Seen Second Role']);
    expect(page.totalCount).toBe(2);
    expect(nodes(page)[0]).toMatchObject({ status: 'ACTIVE', isLive: true, canApply: true, club: { name: 'Visible Vipers' } });
  });

  it('answers a filled or cancelled opportunity by id with its status (the page says so) and canApply false', async () => {
    expect(await opportunity(visitor, ids.filled!)).toMatchObject({ title: 'Seen Filled Role', status: 'FILLED', canApply: false });
    expect(await opportunity(visitor, ids.cancelled!)).toMatchObject({ title: 'Seen Cancelled Role', status: 'CANCELLED', canApply: false });
  });

  it('answers null for a hidden position, or a live one of a pending or rejected club, except to its owner', async () => {
    const stranger = await newMember(server.url, { fullName: 'Stranger' });
    for (const id of [ids.hidden!, ids.pendingRole!, ids.rejectedRole!]) {
      expect(await opportunity(visitor, id), id).toBeNull();
      expect(await opportunity(stranger.client, id), id).toBeNull();
      expect((await gqlOk(visitor, 'query N($id: ID!) { node(id: $id) { id } }', { id })).node).toBeNull();
    }
    expect(await opportunity(owner.client, ids.hidden!)).toMatchObject({ title: 'Seen Hidden Role', isLive: false, canApply: false });
    expect(await opportunity(await adminClient(server.url), ids.hidden!)).toMatchObject({ title: 'Seen Hidden Role' });
  });

  it('answers null for an id of another type or not a global id', async () => {
    expect(await opportunity(visitor, owner.clubId)).toBeNull();
    expect(await opportunity(visitor, 'not-an-id')).toBeNull();
  });

  it('lets a volunteer who applied still fetch the position once it is hidden (others no longer can)', async () => {
    const volunteer = await createVolunteer(server);
    const id = await liveOpportunity(owner.client, { title: 'Seen Soon Hidden' });
    const applied = await applyOk(volunteer.client, id);
    await setPositionLiveOk(owner.client, id, false);
    expect(await opportunity(volunteer.client, id)).toMatchObject({ title: 'Seen Soon Hidden', canApply: false, myApplication: { id: applied.id, status: 'PENDING' } });
    expect((await gqlOk(volunteer.client, 'query N($id: ID!) { node(id: $id) { id } }', { id })).node).toEqual({ id });
    expect(await opportunity(visitor, id)).toBeNull();
    expect(await opportunity((await createVolunteer(server)).client, id)).toBeNull();
  });

  it('drops every position of a club that is no longer approved from the browser', async () => {
    const club = await clubWithOpportunity(server, { clubName: 'Fading Foxes', position: { title: 'Fading role' } });
    expect(titles(nodes(await opportunities(visitor, { search: 'fading' })))).toEqual(['Fading role']);
    await setClubStatus(server, club.clubUuid, 'rejected');
    expect(nodes(await opportunities(visitor, { search: 'fading' }))).toEqual([]);
    expect(await opportunity(visitor, club.positionId)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------

describe('search and filters', () => {
  beforeAll(async () => {
    const [football, tennis] = await insertApprovedClubs(server, [
      { name: 'Filter Football Club', category: 'Football', city: 'Londonderry' },
      { name: 'Filter Tennis Club', category: 'Tennis', city: 'Bristol' },
    ]);
    await insertPositions(server, football!, [
      { title: 'Filter Youth Coach', description: 'Coaching the under-12s every week.', location: 'Riverside Park', requiredSkills: ['Coaching', 'First Aid'] },
      { title: 'Filter Treasurer', description: 'Keep the books of the club tidy.', location: 'Clubhouse', requiredSkills: ['Accounting'] },
      { title: 'Filter 100% Helper', description: 'Give a hand wherever needed.', location: '50% off_street', timeCommitment: 'Two evenings' },
    ]);
    await insertPositions(server, tennis!, [
      { title: 'Filter Court Steward', description: 'Look after the courts at weekends.', location: 'North Courts', requiredSkills: ['first aid', 'Groundskeeping'] },
      { title: 'Filter Hidden Coach', description: 'Not shown to the public yet.', isLive: false, requiredSkills: ['Coaching'] },
    ]);
  });

  const search = async (vars: Record<string, unknown>) => titles(nodes(await opportunities(visitor, { first: 100, ...vars }))).filter((t) => t.startsWith('Filter'));

  it('searches title, description, location and time commitment by word prefixes (every word must match)', async () => {
    expect(await search({ search: 'filter coach' })).toEqual(['Filter Youth Coach']);
    expect(await search({ search: 'filter riversi' })).toEqual(['Filter Youth Coach']);
    expect(await search({ search: 'filter books' })).toEqual(['Filter Treasurer']);
    expect(await search({ search: 'filter evenings' })).toEqual(['Filter 100% Helper']);
    expect(await search({ search: 'filter nothingmatches' })).toEqual([]);
  });

  it('also finds a position whose required skill equals a word of the search, in any letter case', async () => {
    expect(await search({ search: 'ACCOUNTING' })).toEqual(['Filter Treasurer']);
    expect(await search({ search: 'groundskeeping' })).toEqual(['Filter Court Steward']);
  });

  it('filters by one required skill, exactly and whatever the letter case', async () => {
    expect(await search({ skill: 'FIRST AID' })).toEqual(['Filter Court Steward', 'Filter Youth Coach']);
    expect(await search({ skill: 'coaching' })).toEqual(['Filter Youth Coach']);
    expect(await search({ skill: 'first' })).toEqual([]);
  });

  it("filters by the club's sport", async () => {
    expect(await search({ sport: 'Tennis' })).toEqual(['Filter Court Steward']);
    expect(await search({ sport: 'Football', skill: 'accounting' })).toEqual(['Filter Treasurer']);
    expect(await search({ sport: 'Chess' })).toEqual([]);
  });

  it("filters by a location the position's location or the club's city contains (any letter case, % and _ literal)", async () => {
    expect(await search({ location: 'north' })).toEqual(['Filter Court Steward']);
    expect(await search({ location: 'BRIST' })).toEqual(['Filter Court Steward']);
    expect(await search({ location: 'londonderry' })).toEqual(['Filter 100% Helper', 'Filter Treasurer', 'Filter Youth Coach']);
    expect(await search({ location: '50%' })).toEqual(['Filter 100% Helper']);
    expect(await search({ location: 'f_s' })).toEqual(['Filter 100% Helper']);
    expect(await search({ location: '%' })).toEqual(['Filter 100% Helper']);
  });

  it('refuses a search, skill or location over its limit with BAD_USER_INPUT', async () => {
    for (const vars of [{ search: 'x'.repeat(101) }, { location: 'x'.repeat(101) }, { skill: 'x'.repeat(41) }]) {
      const error = onlyError(await visitor.gql(OPPORTUNITY_FIELDS_QUERY, vars));
      expect(error.extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
    }
  });

  it('offers the skills of open opportunities, most used first, one spelling per skill', async () => {
    const skills: string[] = (await gqlOk(visitor, OPPORTUNITY_SKILLS)).opportunitySkills;
    const lower = skills.map((s) => s.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    expect(lower.indexOf('first aid')).toBeLessThan(lower.indexOf('accounting'));
    expect(lower).toContain('groundskeeping');
    expect(skills.length).toBeLessThanOrEqual(50);
  });
});

const OPPORTUNITY_FIELDS_QUERY = 'query Q($search: String, $location: String, $skill: String) { opportunities(search: $search, location: $location, skill: $skill) { totalCount } }';

// ---------------------------------------------------------------------------------------------

describe('paging', () => {
  let all: string[];
  beforeAll(async () => {
    const [club] = await insertApprovedClubs(server, [{ name: 'Paging Pandas', category: 'Chess' }]);
    await insertPositions(server, club!, Array.from({ length: 30 }, (_, i) => ({ title: `Paging role ${String(i).padStart(2, '0')}` })));
    all = Array.from({ length: 30 }, (_, i) => `Paging role ${String(29 - i).padStart(2, '0')}`);
  });

  it('answers 24 a page by default, newest first, and walks forwards and backwards with keyset cursors', async () => {
    const first = await opportunities(visitor, { sport: 'Chess' });
    expect(titles(nodes(first))).toEqual(all.slice(0, 24));
    expect(first.totalCount).toBe(30);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await opportunities(visitor, { sport: 'Chess', after: first.pageInfo.endCursor });
    expect(titles(nodes(second))).toEqual(all.slice(24));
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = await opportunities(visitor, { sport: 'Chess', last: 5, before: second.pageInfo.startCursor });
    expect(titles(nodes(back))).toEqual(all.slice(19, 24));
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
  });

  it('never skips or repeats an opportunity when one is added between pages', async () => {
    const first = await opportunities(visitor, { sport: 'Chess', first: 10 });
    const [club] = await insertApprovedClubs(server, [{ name: 'Late Lions', category: 'Chess' }]);
    await insertPositions(server, club!, [{ title: 'Paging late arrival', createdAt: new Date() }]);
    const rest = await opportunities(visitor, { sport: 'Chess', first: 100, after: first.pageInfo.endCursor });
    expect([...titles(nodes(first)), ...titles(nodes(rest))]).toEqual(all);
  });

  it('refuses a cursor of another list, and a page size over 100', async () => {
    const clubsPage = await gqlOk(visitor, '{ clubs(first: 1) { pageInfo { endCursor } } }');
    const error = onlyError(await visitor.gql('query Q($after: String) { opportunities(after: $after) { totalCount } }', { after: clubsPage.clubs.pageInfo.endCursor }));
    expect(error.message).toBe('Invalid cursor: pass a cursor this list gave you.');
    expect(onlyError(await visitor.gql('{ opportunities(first: 101) { totalCount } }')).extensions?.code).toBe('BAD_USER_INPUT');
  });
});

// ---------------------------------------------------------------------------------------------

describe('the position form: required skills, start date, recurrence', () => {
  let owner: Awaited<ReturnType<typeof newClubOwner>>;
  beforeAll(async () => {
    owner = await newClubOwner(server, { status: 'approved', clubName: 'Form Falcons' });
  });
  const FIELDS = 'id requiredSkills startDate isRecurring status';

  it('stores the skills as written (trimmed, letter-case repeats dropped), their keys, the start date and recurrence', async () => {
    const created = await createPositionOk(owner.client, validPosition({ requiredSkills: [' Coaching ', 'coaching', 'First <b>Aid</b>', ''], startDate: '2026-03-01', isRecurring: true }));
    const answer = await gqlOk(owner.client, `query Q($id: ID!) { opportunity(id: $id) { ${FIELDS} } }`, { id: created.id });
    expect(answer.opportunity).toMatchObject({ requiredSkills: ['Coaching', 'First Aid'], startDate: '2026-03-01', isRecurring: true, status: 'ACTIVE' });
    expect(await positionRow(server, created.id)).toMatchObject({ requiredSkills: ['Coaching', 'First Aid'], skillKeys: ['coaching', 'first aid'], startDate: '2026-03-01', isRecurring: true });
  });

  it('stores omitted new fields as empty, null and false on create and on update', async () => {
    const created = await createPositionOk(owner.client, validPosition({ requiredSkills: ['Driving'], startDate: '2026-05-05', isRecurring: true }));
    const { requiredSkills: _s, startDate: _d, isRecurring: _r, ...texts } = validPosition();
    const updated = await updatePosition(owner.client, created.id, texts);
    expect(updated.errors).toBeUndefined();
    expect(await positionRow(server, created.id)).toMatchObject({ requiredSkills: [], skillKeys: [], startDate: null, isRecurring: false });
  });

  it('refuses more than 20 skills and a skill over 40 characters with their messages', async () => {
    const many = refusalOf(await createPosition(owner.client, validPosition({ requiredSkills: Array.from({ length: 21 }, (_, i) => `Skill ${i}`) })), 'createVolunteerPosition');
    expect(many.fields.requiredSkills).toBe('Add at most 20 skills');
    const long = refusalOf(await createPosition(owner.client, validPosition({ requiredSkills: ['x'.repeat(41)] })), 'createVolunteerPosition');
    expect(Object.values(long.fields)).toContain('Each skill must be at most 40 characters');
  });

  it('refuses a start date that is not a calendar day', async () => {
    const answer = await createPosition(owner.client, validPosition({ startDate: '2026-02-30' }));
    expect(onlyError(answer).extensions?.code).toBe('BAD_USER_INPUT');
  });
});

// ---------------------------------------------------------------------------------------------

describe('status transitions (setOpportunityStatus)', () => {
  let owner: Awaited<ReturnType<typeof clubWithOpportunity>>;
  beforeAll(async () => {
    owner = await clubWithOpportunity(server, { clubName: 'Status Stags' });
  });
  const statusOf = async (id: string) => (await opportunity(owner.client, id))!.status;
  const freshPosition = () => liveOpportunity(owner.client, { title: 'Status role' });

  it.each([
    ['ACTIVE', 'FILLED'],
    ['ACTIVE', 'CANCELLED'],
    ['FILLED', 'ACTIVE'],
    ['CANCELLED', 'ACTIVE'],
    ['FILLED', 'CANCELLED'],
  ])('moves %s to %s', async (from, to) => {
    const id = await freshPosition();
    if (from !== 'ACTIVE') payload(await setStatus(owner.client, id, from), 'setOpportunityStatus', 'position');
    const position = payload<{ status: string; canApply: boolean }>(await setStatus(owner.client, id, to), 'setOpportunityStatus', 'position');
    expect(position.status).toBe(to);
    expect(await statusOf(id)).toBe(to);
    expect((await positionRow(server, id))!.status).toBe(to.toLowerCase());
  });

  it.each(['ACTIVE', 'FILLED', 'CANCELLED'])("refuses %s to itself: 'The opportunity is already …'", async (status) => {
    const id = await freshPosition();
    if (status !== 'ACTIVE') payload(await setStatus(owner.client, id, status), 'setOpportunityStatus', 'position');
    const refusal = refusalOf(await setStatus(owner.client, id, status), 'setOpportunityStatus');
    expect(refusal.userErrors).toEqual([{ field: 'status', code: 'BAD_USER_INPUT', message: T.already(status.toLowerCase()) }]);
  });

  it('refuses to mark a cancelled opportunity filled (reactivate it first)', async () => {
    const id = await freshPosition();
    payload(await setStatus(owner.client, id, 'CANCELLED'), 'setOpportunityStatus', 'position');
    const refusal = refusalOf(await setStatus(owner.client, id, 'FILLED'), 'setOpportunityStatus');
    expect(refusal.userErrors).toEqual([{ field: 'status', code: 'BAD_USER_INPUT', message: 'Reactivate a cancelled opportunity before marking it filled.' }]);
    expect(await statusOf(id)).toBe('CANCELLED');
  });

  it('takes a filled opportunity out of the browser and puts it back when reactivated', async () => {
    const id = await liveOpportunity(owner.client, { title: 'Status browse role' });
    const listed = async () => titles(nodes(await opportunities(visitor, { search: 'status browse' })));
    expect(await listed()).toEqual(['Status browse role']);
    payload(await setStatus(owner.client, id, 'FILLED'), 'setOpportunityStatus', 'position');
    expect(await listed()).toEqual([]);
    payload(await setStatus(owner.client, id, 'ACTIVE'), 'setOpportunityStatus', 'position');
    expect(await listed()).toEqual(['Status browse role']);
  });

  it("refuses another club's position with FORBIDDEN and an unknown one with NOT_FOUND, changing nothing", async () => {
    const other = await clubWithOpportunity(server, { clubName: 'Other Otters' });
    const error = onlyError(await setStatus(owner.client, other.positionId, 'FILLED'));
    expect(error).toMatchObject({ message: T.notYourPosition, extensions: { code: 'FORBIDDEN' } });
    expect(await statusOf(other.positionId)).toBe('ACTIVE');
    const unknown = refusalOf(await setStatus(owner.client, 'Vm9sdW50ZWVyUG9zaXRpb246MDAwMDAwMDAtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAw', 'FILLED'), 'setOpportunityStatus');
    expect(unknown.userErrors).toEqual([{ field: 'id', code: 'NOT_FOUND', message: T.positionNotFound }]);
    const malformed = refusalOf(await setStatus(owner.client, other.clubId, 'FILLED'), 'setOpportunityStatus');
    expect(malformed.userErrors).toEqual([{ field: 'id', code: 'NOT_FOUND', message: T.positionNotFound }]);
  });

  it('refuses a signed-out caller with UNAUTHENTICATED', async () => {
    expect(onlyError(await setStatus(visitor, owner.positionId, 'FILLED')).extensions?.code).toBe('UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------------------------------------

describe('canApply, myApplication and the club’s view of applications', () => {
  let owner: Awaited<ReturnType<typeof clubWithOpportunity>>;
  let volunteer: Volunteer;
  beforeAll(async () => {
    owner = await clubWithOpportunity(server, { clubName: 'Apply Antelopes' });
    volunteer = await createVolunteer(server);
  });

  it('is true for visitors and volunteers on an open position, false for its owner', async () => {
    expect((await opportunity(visitor, owner.positionId))!.canApply).toBe(true);
    expect((await opportunity(volunteer.client, owner.positionId))!).toMatchObject({ canApply: true, myApplication: null });
    expect((await opportunity(owner.client, owner.positionId))!.canApply).toBe(false);
  });

  it('turns false while the volunteer has an open application and true again once it is withdrawn', async () => {
    const id = await liveOpportunity(owner.client, { title: 'Apply twice role' });
    const applied = await applyOk(volunteer.client, id);
    expect(await opportunity(volunteer.client, id)).toMatchObject({ canApply: false, myApplication: { id: applied.id, status: 'PENDING' } });
    payload(await withdraw(volunteer.client, applied.id), 'withdrawVolunteerApplication', 'application');
    expect(await opportunity(volunteer.client, id)).toMatchObject({ canApply: true, myApplication: { id: applied.id, status: 'WITHDRAWN' } });
    const again = await applyOk(volunteer.client, id);
    expect((await opportunity(volunteer.client, id))!.myApplication).toEqual({ id: again.id, status: 'PENDING' });
  });

  it("shows a position's applications and their counts to its owner and administrators only", async () => {
    const id = await liveOpportunity(owner.client, { title: 'Counted role' });
    const others = await Promise.all([createVolunteer(server), createVolunteer(server), createVolunteer(server)]);
    const apps = [];
    for (const v of others) apps.push(await applyOk(v.client, id));
    payload(await withdraw(others[0]!.client, apps[0]!.id), 'withdrawVolunteerApplication', 'application');

    const asOwner = (await gqlOk(owner.client, POSITION_APPLICATIONS, { id })).opportunity;
    expect(asOwner.applicationCounts).toEqual({ total: 3, pending: 2, accepted: 0, rejected: 0, withdrawn: 1 });
    expect(asOwner.applications.totalCount).toBe(3);
    expect(asOwner.applications.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([apps[2]!.id, apps[1]!.id, apps[0]!.id]);
    const pending = (await gqlOk(owner.client, POSITION_APPLICATIONS, { id, status: 'PENDING', first: 1 })).opportunity.applications;
    expect(pending.totalCount).toBe(2);
    expect(pending.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([apps[2]!.id]);
    const next = (await gqlOk(owner.client, POSITION_APPLICATIONS, { id, status: 'PENDING', first: 1, after: pending.pageInfo.endCursor })).opportunity.applications;
    expect(next.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([apps[1]!.id]);
    expect(next.pageInfo.hasNextPage).toBe(false);

    const asAdmin = (await gqlOk(await adminClient(server.url), POSITION_APPLICATIONS, { id })).opportunity;
    expect(asAdmin.applicationCounts.total).toBe(3);
    for (const client of [visitor, others[1]!.client]) {
      const seen = (await gqlOk(client, POSITION_APPLICATIONS, { id })).opportunity;
      expect(seen.applicationCounts).toBeNull();
      expect(seen.applications).toMatchObject({ totalCount: 0, edges: [] });
    }
  });

  it('answers OPPORTUNITY with myApplication null for a signed-out visitor', async () => {
    expect((await gqlOk(visitor, OPPORTUNITY, { id: owner.positionId })).opportunity.myApplication).toBeNull();
  });
});
