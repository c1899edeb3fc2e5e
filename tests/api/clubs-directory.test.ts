// The club directory (Sports Clubs Directory) and one club's public page: approved clubs only,
// by name whatever the letter case, free-text search (name, description, city, sport; prefixes;
// every word must match), the sport filter and its options, counts and pages, the live-role count
// and meeting times on the cards, and who may see an unapproved club (others get null).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  CLUB,
  CLUB_SPORTS,
  DIRECTORY,
  clubGlobalId,
  createPositionOk,
  directory,
  insertClubs,
  newClubOwner,
  onlyError,
  saveTimesOk,
  setPositionLiveOk,
  validPosition,
  type ClubCardView,
  type ConnectionView,
} from '../helpers/clubs.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { adminClient, approveClub, gqlOk, setClubStatus, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let anonymous: ApiClient;
const ids: Record<string, string> = {};

/** The approved clubs in the order the directory must list them (case-insensitive by name). */
const APPROVED_ORDER = ['ashford harriers', 'Beacon Racquets', 'cobham knights', 'Dockside Dribblers', 'Riverside Rovers FC', 'Zebra Splashers'];

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  anonymous = new ApiClient(server.url);
  const specs = [
    {
      name: 'Riverside Rovers FC',
      category: 'Football',
      city: 'London',
      description: 'Friendly Sunday league side looking for new players.',
      livePositions: 3,
      hiddenPositions: 2,
      meetingTimes: [
        { dayOfWeek: 6, startTime: '09:00', endTime: '11:00' },
        { dayOfWeek: 2, startTime: '19:00', endTime: '20:30' },
        { dayOfWeek: 2, startTime: '07:00', endTime: '08:00' },
      ],
    },
    { name: 'Zebra Splashers', category: 'Swimming', city: 'London', description: 'Lane swimming for adults of every ability.', hiddenPositions: 1 },
    { name: 'ashford harriers', category: 'Athletics', city: 'Ashford', description: 'Track and cross-country running club.', livePositions: 1 },
    { name: 'Beacon Racquets', category: 'Tennis', city: 'Brighton', description: 'Grass courts by the sea, coaching for juniors.' },
    { name: 'cobham knights', category: 'Chess', city: null, address: '3 Church Street, Cobham', description: 'Rapid and classical games on Wednesday evenings.' },
    { name: 'Dockside Dribblers', category: 'Basketball', city: 'London', description: 'Streetball and league teams at the docks.' },
    { name: 'Pending Putters', status: 'pending' as const, category: 'Golf', city: 'London', description: 'A golf society awaiting approval.', livePositions: 2 },
    { name: 'Rejected Ruckers', status: 'rejected' as const, category: 'Rugby', city: 'London', description: 'A rugby club whose application was turned down.' },
  ];
  const inserted = await insertClubs(server, specs);
  specs.forEach((s, i) => (ids[s.name] = inserted[i]!));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const names = (clubs: ClubCardView[]) => clubs.map((c) => c.name);
const search = async (text: string, vars: Record<string, unknown> = {}) => directory(anonymous, { search: text, ...vars });

describe('clubs: which clubs and in what order', () => {
  it('lists only approved clubs to an anonymous visitor: pending and rejected ones are absent', async () => {
    const page = await directory(anonymous);
    expect(names(page.clubs)).not.toContain('Pending Putters');
    expect(names(page.clubs)).not.toContain('Rejected Ruckers');
    expect(page.clubs.every((c) => c.applicationStatus === 'APPROVED')).toBe(true);
    expect(page.totalCount).toBe(APPROVED_ORDER.length);
  });

  it('orders the clubs by name without regard to letter case', async () => {
    const page = await directory(anonymous);
    expect(names(page.clubs)).toEqual(APPROVED_ORDER);
    expect(page.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it('shows the same list to a signed-in member as to a visitor', async () => {
    const member = await newMember(server.url);
    expect(names((await directory(member.client)).clubs)).toEqual(APPROVED_ORDER);
  });

  it('lists a club once it is approved and drops it once it is rejected again', async () => {
    const late = await newClubOwner(server, { clubName: 'Latecomer Lacrosse', profile: { category: 'Other', city: 'Leeds' } });
    expect(names((await directory(anonymous)).clubs)).not.toContain('Latecomer Lacrosse');
    await approveClub(server, late.user.id);
    expect(names((await directory(anonymous)).clubs)).toContain('Latecomer Lacrosse');
    await setClubStatus(server, late.user.id, 'rejected');
    expect(names((await directory(anonymous)).clubs)).toEqual(APPROVED_ORDER);
  });

  it('shows on each card the initials, location, sport and contact details', async () => {
    const page = await directory(anonymous);
    const rovers = page.clubs.find((c) => c.name === 'Riverside Rovers FC')!;
    expect(rovers).toMatchObject({ id: clubGlobalId(ids['Riverside Rovers FC']!), initials: 'RR', location: 'London', category: 'Football' });
    expect(rovers.contactEmail).toMatch(/@example\.com$/);
    expect(page.clubs.find((c) => c.name === 'ashford harriers')!.initials).toBe('AH');
    // Without a city the location is the address.
    expect(page.clubs.find((c) => c.name === 'cobham knights')!.location).toBe('3 Church Street, Cobham');
  });
});

describe('clubs: search', () => {
  it.each([
    ['a word of the name', 'rovers', ['Riverside Rovers FC']],
    ['a word of the name in capitals', 'ZEBRA', ['Zebra Splashers']],
    ['a word of the description', 'sunday', ['Riverside Rovers FC']],
    ['another word of the description', 'courts', ['Beacon Racquets']],
    ['a city', 'brighton', ['Beacon Racquets']],
    ['a city shared by several clubs', 'london', ['Dockside Dribblers', 'Riverside Rovers FC', 'Zebra Splashers']],
    ['a sport category', 'swimming', ['Zebra Splashers']],
    ['a sport category in another case', 'CHESS', ['cobham knights']],
    ['the beginning of a sport ("foot" finds Football)', 'foot', ['Riverside Rovers FC']],
    ['the beginning of a name', 'dock', ['Dockside Dribblers']],
    ['several words, all of which must match', 'london foot', ['Riverside Rovers FC']],
    ['several word beginnings in any order', 'lon bask', ['Dockside Dribblers']],
    ['words that match no single club together', 'brighton chess', []],
    ['a word no club has', 'quidditch', []],
    ['the name of a pending club', 'putters', []],
    ['the sport of a rejected club', 'rugby', []],
  ])('finds clubs by %s', async (_what, text, expected) => {
    const page = await search(text);
    expect(names(page.clubs)).toEqual(expected);
    expect(page.totalCount).toBe(expected.length);
  });

  it('treats a blank search as no search', async () => {
    expect(names((await search('   ')).clubs)).toEqual(APPROVED_ORDER);
    expect(names((await directory(anonymous, { search: null })).clubs)).toEqual(APPROVED_ORDER);
  });

  it.each([
    ["o'brien", []],
    ['rovers & | ! ( ) :* <->', ['Riverside Rovers FC']],
    ['"rovers"', ['Riverside Rovers FC']],
    ["'; drop table clubs; --", []],
    ['\\ % _ *', APPROVED_ORDER],
    ['london, foot!', ['Riverside Rovers FC']],
  ])('answers a search with punctuation and operators (%s) without an error', async (text, expected) => {
    const answer = await anonymous.gql<{ clubs: ConnectionView<ClubCardView> }>(DIRECTORY, { search: text });
    expect(answer.errors).toBeUndefined();
    expect(names(answer.data.clubs.edges.map((e) => e.node))).toEqual(expected);
  });

  it('refuses a search longer than 100 characters', async () => {
    const error = onlyError(await anonymous.gql(DIRECTORY, { search: 'a'.repeat(101) }));
    expect(error.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('clubs: the sport filter', () => {
  it('lists only the clubs of the chosen sport', async () => {
    const page = await directory(anonymous, { sport: 'Tennis' });
    expect(names(page.clubs)).toEqual(['Beacon Racquets']);
    expect(page.totalCount).toBe(1);
  });

  it('combines the sport filter with the search', async () => {
    expect(names((await directory(anonymous, { sport: 'Football', search: 'london' })).clubs)).toEqual(['Riverside Rovers FC']);
    expect(names((await directory(anonymous, { sport: 'Swimming', search: 'rovers' })).clubs)).toEqual([]);
  });

  it('finds no club for a sport only unapproved clubs play', async () => {
    expect(await directory(anonymous, { sport: 'Golf' })).toMatchObject({
      clubs: [],
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it('offers as sports only those present among approved clubs, alphabetically', async () => {
    const { clubSports } = await gqlOk<{ clubSports: string[] }>(anonymous, CLUB_SPORTS);
    expect(clubSports).toEqual(['Athletics', 'Basketball', 'Chess', 'Football', 'Swimming', 'Tennis']);
  });
});

describe('clubs: counts and pages', () => {
  it('pages through every club exactly once with first/after, hasNextPage false on the last page', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const page = await directory(anonymous, { first: 4, after });
      pages++;
      expect(page.totalCount).toBe(APPROVED_ORDER.length);
      seen.push(...names(page.clubs));
      if (!page.pageInfo.hasNextPage) break;
      expect(page.clubs).toHaveLength(4);
      expect(page.pageInfo.endCursor).toBeTruthy();
      after = page.pageInfo.endCursor;
      expect(pages).toBeLessThan(10);
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(APPROVED_ORDER);
  });

  it('pages one club at a time through a search', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page = await directory(anonymous, { search: 'london', first: 1, after });
      expect(page.totalCount).toBe(3);
      seen.push(...names(page.clubs));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(['Dockside Dribblers', 'Riverside Rovers FC', 'Zebra Splashers']);
  });

  it('answers hasNextPage false on a page that holds exactly the rest', async () => {
    const page = await directory(anonymous, { first: APPROVED_ORDER.length });
    expect(page.clubs).toHaveLength(APPROVED_ORDER.length);
    expect(page.pageInfo.hasNextPage).toBe(false);
  });

  it('pages backward with last/before from the end to the start', async () => {
    const seen: string[] = [];
    let before: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page = await directory(anonymous, { last: 4, before });
      seen.unshift(...names(page.clubs));
      expect(page.pageInfo.hasNextPage).toBe(before !== null);
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    expect(seen).toEqual(APPROVED_ORDER);
  });

  it('defaults to 24 clubs a page', async () => {
    const inserted = await insertClubs(server, Array.from({ length: 25 }, (_, i) => ({ name: `Default Page ${String(i).padStart(2, '0')}`, city: 'Pagetown' })));
    try {
      const page = await directory(anonymous, { search: 'pagetown' });
      expect(page.clubs).toHaveLength(24);
      expect(page.totalCount).toBe(25);
      expect(page.pageInfo.hasNextPage).toBe(true);
    } finally {
      for (const id of inserted) await setClubStatus(server, id, 'rejected');
    }
  });

  it.each([['not-a-cursor'], [Buffer.from('["x","not-a-uuid"]').toString('base64url')], [Buffer.from('{"a":1}').toString('base64url')]])(
    'refuses an invalid cursor (%s)',
    async (after) => {
      const error = onlyError(await anonymous.gql(DIRECTORY, { first: 2, after }));
      expect(error).toMatchObject({ message: 'Invalid cursor: pass a cursor this list gave you.', extensions: { code: 'BAD_USER_INPUT' } });
    },
  );

  it.each([[101], [0], [-1]])('refuses a page size of %s (1 to 100)', async (first) => {
    expect(onlyError(await anonymous.gql(DIRECTORY, { first })).extensions?.code).toBe('BAD_USER_INPUT');
    expect(onlyError(await anonymous.gql(DIRECTORY, { last: first })).extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('refuses first and last together', async () => {
    expect(onlyError(await anonymous.gql(DIRECTORY, { first: 2, last: 2 })).extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('accepts a page size of 100', async () => {
    expect((await directory(anonymous, { first: 100 })).clubs).toHaveLength(APPROVED_ORDER.length);
  });
});

describe('clubs: live roles and meeting times on the cards', () => {
  it('counts only live positions in liveRoleCount', async () => {
    const page = await directory(anonymous);
    const count = (name: string) => page.clubs.find((c) => c.name === name)!.liveRoleCount;
    expect(count('Riverside Rovers FC')).toBe(3);
    expect(count('ashford harriers')).toBe(1);
    expect(count('Zebra Splashers')).toBe(0);
    expect(count('Beacon Racquets')).toBe(0);
  });

  it('follows the live toggle of a position', async () => {
    const owner = await newClubOwner(server, { clubName: 'Toggle Tennis', status: 'approved', profile: { category: 'Tennis' } });
    const position = await createPositionOk(owner.client, validPosition());
    const card = async () => (await directory(anonymous, { search: 'toggle' })).clubs[0]!;
    expect((await card()).liveRoleCount).toBe(0);
    await setPositionLiveOk(owner.client, position.id, true);
    expect((await card()).liveRoleCount).toBe(1);
    await setClubStatus(server, owner.user.id, 'rejected');
  });

  it('shows each club its meeting times by day then start', async () => {
    const page = await directory(anonymous);
    expect(page.clubs.find((c) => c.name === 'Riverside Rovers FC')!.meetingTimes).toEqual([
      { dayOfWeek: 2, startTime: '07:00', endTime: '08:00' },
      { dayOfWeek: 2, startTime: '19:00', endTime: '20:30' },
      { dayOfWeek: 6, startTime: '09:00', endTime: '11:00' },
    ]);
    expect(page.clubs.find((c) => c.name === 'Beacon Racquets')!.meetingTimes).toEqual([]);
  });
});

describe('clubs: what a card answers, whatever else the query asks', () => {
  const CARD = 'id name initials location description category contactEmail contactPhone websiteUrl verified liveRoleCount meetingTimes { dayOfWeek startTime endTime }';
  const EVERY_FIELD = `${CARD} city address postcode facebookUrl what3words applicationStatus createdAt`;
  type Page = { clubs: { totalCount: number; nodes?: Array<Record<string, unknown>>; edges?: Array<{ node: Record<string, unknown> }> } };

  it('answers the same cards to the web client\'s card fragment as to a query of every profile field', async () => {
    const web = await gqlOk<Page>(anonymous, `{ clubs(first: 24) { totalCount edges { node { ...Card } } } } fragment Card on Club { ${CARD} }`);
    const every = await gqlOk<Page>(anonymous, `{ clubs(first: 24) { totalCount nodes { ${EVERY_FIELD} } } }`);
    const cards = web.clubs.edges!.map((e) => e.node);
    expect(cards.map((c) => c.name)).toEqual(APPROVED_ORDER);
    expect(web.clubs.totalCount).toBe(APPROVED_ORDER.length);
    expect(every.clubs.totalCount).toBe(APPROVED_ORDER.length);
    expect(every.clubs.nodes!.map(({ id, name, initials, location, description, category, contactEmail, contactPhone, websiteUrl, verified, liveRoleCount, meetingTimes }) => ({ id, name, initials, location, description, category, contactEmail, contactPhone, websiteUrl, verified, liveRoleCount, meetingTimes }))).toEqual(cards);
    expect(cards.find((c) => c.name === 'Riverside Rovers FC')).toMatchObject({ initials: 'RR', location: 'London', liveRoleCount: 3 });
    expect(cards.find((c) => c.name === 'cobham knights')).toMatchObject({ location: '3 Church Street, Cobham', liveRoleCount: 0, meetingTimes: [] });
    // The fields beyond the card are the club's own, as club(id) answers them.
    const riverside = every.clubs.nodes!.find((c) => c.name === 'Riverside Rovers FC')!;
    const { club } = await gqlOk<{ club: Record<string, unknown> }>(anonymous, `query One($id: ID!) { club(id: $id) { ${EVERY_FIELD} } }`, { id: riverside.id });
    expect(riverside).toEqual(club);
    expect(riverside).toMatchObject({ city: 'London', applicationStatus: 'APPROVED' });
  });

  it('counts all pages even when the page asked for is empty (after the last club)', async () => {
    const all = await directory(anonymous, { first: 100 });
    const beyond = await directory(anonymous, { first: 5, after: all.pageInfo.endCursor });
    expect(beyond.clubs).toEqual([]);
    expect(beyond.totalCount).toBe(APPROVED_ORDER.length);
  });
});

describe('club(id): one club', () => {
  let pendingOwner: Member & { clubId: string };
  beforeAll(async () => {
    pendingOwner = await newClubOwner(server, { clubName: 'Private Pending Pool', profile: { category: 'Swimming' } });
  });

  const club = (client: ApiClient, id: string) => client.gql<{ club: ClubCardView | null }>(CLUB, { id });
  /** The club(id) answer, which must not be an error. */
  const clubOf = async (client: ApiClient, id: string) => {
    const answer = await club(client, id);
    expect(answer.errors).toBeUndefined();
    return answer.data.club;
  };

  it('shows an approved club to an anonymous visitor with its live positions only, newest first', async () => {
    const card = (await clubOf(anonymous, clubGlobalId(ids['Riverside Rovers FC']!)))!;
    expect(card).toMatchObject({ id: clubGlobalId(ids['Riverside Rovers FC']!), name: 'Riverside Rovers FC', liveRoleCount: 3 });
    expect(card.positions!.nodes.map((p) => p.title)).toEqual(['Live role 1', 'Live role 2', 'Live role 3']);
    expect(card.positions!.nodes.every((p) => p.isLive)).toBe(true);
    expect(card.positions!.totalCount).toBe(3);
    expect(card.meetingTimes).toHaveLength(3);
  });

  it('answers null for a pending club to an anonymous visitor', async () => {
    expect(await clubOf(anonymous, pendingOwner.clubId)).toBeNull();
    expect(await clubOf(anonymous, clubGlobalId(ids['Pending Putters']!))).toBeNull();
  });

  it('answers null for a rejected club to an anonymous visitor', async () => {
    expect(await clubOf(anonymous, clubGlobalId(ids['Rejected Ruckers']!))).toBeNull();
  });

  it("answers null for a pending club to another signed-in user, even another club's owner", async () => {
    const other = await newMember(server.url);
    expect(await clubOf(other.client, pendingOwner.clubId)).toBeNull();
    const otherOwner = await newClubOwner(server, { clubName: 'Nosy Neighbours', status: 'approved' });
    expect(await clubOf(otherOwner.client, pendingOwner.clubId)).toBeNull();
    await setClubStatus(server, otherOwner.user.id, 'rejected');
  });

  it('shows a pending club to its owner', async () => {
    expect(await clubOf(pendingOwner.client, pendingOwner.clubId)).toMatchObject({ id: pendingOwner.clubId, name: 'Private Pending Pool', applicationStatus: 'PENDING' });
  });

  it('shows a pending club to a platform administrator', async () => {
    const admin = await adminClient(server.url);
    expect((await clubOf(admin, pendingOwner.clubId))!.name).toBe('Private Pending Pool');
  });

  it('answers node(id) with the same visibility: null for a stranger, the club for its owner and administrators', async () => {
    const NODE = 'query($id: ID!) { node(id: $id) { id ... on Club { name applicationStatus } } }';
    const stranger = await newMember(server.url);
    for (const client of [anonymous, stranger.client]) expect(await gqlOk(client, NODE, { id: pendingOwner.clubId })).toEqual({ node: null });
    const admin = await adminClient(server.url);
    for (const client of [pendingOwner.client, admin]) {
      expect(await gqlOk(client, NODE, { id: pendingOwner.clubId })).toEqual({ node: { id: pendingOwner.clubId, name: 'Private Pending Pool', applicationStatus: 'PENDING' } });
    }
    const approved = clubGlobalId(ids['Riverside Rovers FC']!);
    expect(await gqlOk(anonymous, NODE, { id: approved })).toEqual({ node: { id: approved, name: 'Riverside Rovers FC', applicationStatus: 'APPROVED' } });
  });

  it('lists only live positions of the club, and none of its hidden ones', async () => {
    const owner = await newClubOwner(server, { clubName: 'Visible Volleyers', status: 'approved' });
    const hidden = await createPositionOk(owner.client, validPosition({ title: 'Hidden Helper' }));
    const live = await createPositionOk(owner.client, validPosition({ title: 'Live Linesman' }));
    await setPositionLiveOk(owner.client, live.id, true);
    await saveTimesOk(owner.client, [{ dayOfWeek: 4, startTime: '18:00', endTime: '19:00' }]);
    const card = (await clubOf(anonymous, owner.clubId))!;
    expect(card.positions!.nodes.map((p) => p.id)).toEqual([live.id]);
    expect(card.positions!.nodes.map((p) => p.id)).not.toContain(hidden.id);
    expect(card.liveRoleCount).toBe(1);
    expect(card.meetingTimes).toEqual([{ dayOfWeek: 4, startTime: '18:00', endTime: '19:00' }]);
    await setClubStatus(server, owner.user.id, 'rejected');
  });

  it('answers null, not an error, for an id that is not a club global id (malformed, a database id, another type)', async () => {
    for (const id of ['not-a-uuid', ids['Riverside Rovers FC']!, toGlobalId('Member', ids['Riverside Rovers FC']!), '']) {
      expect(await clubOf(anonymous, id), id).toBeNull();
    }
  });

  it('answers null for an unknown club id', async () => {
    expect(await clubOf(anonymous, clubGlobalId(randomUUID()))).toBeNull();
  });
});

describe('clubs: pages over names beyond plain ASCII', () => {
  /** Pages one club at a time through the clubs of `city` (at most 20 pages); answers the names seen. */
  async function pageByOne(city: string): Promise<string[]> {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i++) {
      const page = await directory(anonymous, { search: city, first: 1, after });
      seen.push(...names(page.clubs));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    return seen;
  }

  /** Inserts approved clubs in `city`, runs `act`, then takes them out of the directory again. */
  async function withClubs(city: string, clubNames: string[], act: () => Promise<void>): Promise<void> {
    const inserted = await insertClubs(server, clubNames.map((name) => ({ name, category: 'Other', city })));
    try {
      await act();
    } finally {
      for (const id of inserted) await setClubStatus(server, id, 'rejected');
    }
  }

  it('pages past a name with a dotted capital I without skipping the next club', async () => {
    // 'İ'.toLowerCase() is 'i' plus a combining dot in JavaScript; the database lowers it to 'i'.
    await withClubs('Dottedton', ['İstanbul Spor', 'Ivy Runners', 'Jade Jugglers'], async () => {
      const all = await directory(anonymous, { search: 'dottedton', first: 100 });
      expect(names(all.clubs)).toEqual(['İstanbul Spor', 'Ivy Runners', 'Jade Jugglers']);
      expect(await pageByOne('dottedton')).toEqual(names(all.clubs));
    });
  });

  it('pages past a name ending in a capital sigma instead of answering it again and again', async () => {
    // At the end of a word JavaScript lowers 'Σ' to the final form 'ς'; the database to 'σ'.
    await withClubs('Sigmaton', ['Aris Runners', 'ΟΛΥΜΠΙΑΚΟΣ', 'Ωmega Oarsmen'], async () => {
      const all = await directory(anonymous, { search: 'sigmaton', first: 100 });
      expect(all.totalCount).toBe(3);
      expect(await pageByOne('sigmaton')).toEqual(names(all.clubs));
    });
  });
});
