// The sports council over GraphQL, by the API's conventions (docs/API.md): meeting writes answer
// payloads with userErrors (a refused mutation never hides what another in the same document
// saved), meetings and council administrators page both ways by keyset without skipping or
// repeating while rows are added, and meetings are Nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  ADMINS,
  COUNCIL_TEXT,
  CREATE,
  DELETE,
  MEETING_FIELDS,
  MEETINGS,
  PUBLIC_PAST,
  PUBLIC_UPCOMING,
  UPDATE,
  addDays,
  allMeetingRows,
  meetingGid,
  meetingRow,
  todayInZone,
} from '../helpers/council.js';
import { adminClient, gqlOk, mutateOk, nodesOf, onlyError, onlyUserError, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { databaseId } from '../../server/src/graphql/relay.js';

let server: TestServer;
let admin: ApiClient;
let member: Member;

beforeAll(async () => {
  server = await startServer({ councilTimeZone: 'Europe/London' });
  admin = await adminClient(server.url);
  member = await newMember(server.url);
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.clubroom.database.db;
const uuidOf = (id: string) => databaseId(id, 'CouncilMeeting')!;

async function createOk(input: Record<string, unknown>) {
  return (await mutateOk(admin, CREATE, { input: { meetingDate: '2026-05-05', ...input } }, 'createCouncilMeeting')).meeting;
}

describe('createCouncilMeeting', () => {
  it('answers the first of two aliased creates (saved) and the second one’s userErrors; data is not null', async () => {
    const before = await allMeetingRows(server);
    const answer = await admin.gql(
      `mutation Two($good: CreateCouncilMeetingInput!, $bad: CreateCouncilMeetingInput!) {
        first: createCouncilMeeting(input: $good) { meeting { ${MEETING_FIELDS} } userErrors { field code message } }
        second: createCouncilMeeting(input: $bad) { meeting { id } userErrors { field code message } }
      }`,
      { good: { title: 'Budget meeting', meetingDate: '2026-06-01', meetingTime: '18:30' }, bad: { title: '   ', meetingDate: '2026-06-02' } },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data).not.toBeNull();
    expect(answer.data.first.userErrors).toEqual([]);
    expect(answer.data.first.meeting).toMatchObject({ title: 'Budget meeting', meetingDate: '2026-06-01', meetingTime: '18:30', status: 'UPCOMING', isPublic: true });
    expect(answer.data.second).toEqual({ meeting: null, userErrors: [{ field: 'title', code: 'BAD_USER_INPUT', message: COUNCIL_TEXT.titleRequired }] });
    // The first is saved, the second is not.
    const after = await allMeetingRows(server);
    expect(after).toHaveLength(before.length + 1);
    expect(await meetingRow(server, uuidOf(answer.data.first.meeting.id))).toMatchObject({ title: 'Budget meeting', meetingDate: '2026-06-01', meetingTime: '18:30' });
  });

  it('keeps only the allowed tags and answers a Node the admin can fetch again', async () => {
    const meeting = await createOk({ title: 'Tags', agenda: '<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script>', isPublic: false });
    expect(meeting.agenda).toBe('<p>Hi <b>there</b></p>');
    expect(meeting.meetingTime).toBeNull();
    const node = await gqlOk(admin, 'query ($id: ID!) { node(id: $id) { id ... on CouncilMeeting { title } } }', { id: meeting.id });
    expect(node.node).toEqual({ id: meeting.id, title: 'Tags' });
  });

  it("a title over 200 characters is the user error 'Title must be less than 200 characters' and stores nothing", async () => {
    const before = await allMeetingRows(server);
    const error = onlyUserError(await admin.gql(CREATE, { input: { title: 'x'.repeat(201), meetingDate: '2026-06-03' } }), 'createCouncilMeeting');
    expect(error).toEqual({ field: 'title', code: 'BAD_USER_INPUT', message: COUNCIL_TEXT.titleMax });
    expect(await allMeetingRows(server)).toEqual(before);
  });

  it('a date or time that is not a Date or a LocalTime is refused before anything runs', async () => {
    for (const input of [{ title: 'T', meetingDate: '2026-02-30' }, { title: 'T', meetingDate: '2026-06-03', meetingTime: '25:00' }]) {
      expect(onlyError(await admin.gql(CREATE, { input })).extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});

describe('updateCouncilMeeting and deleteCouncilMeeting', () => {
  it('an update keeps omitted fields; null removes the time', async () => {
    const meeting = await createOk({ title: 'Keep me', meetingTime: '19:00', location: 'Hall', minutes: '<p>m</p>' });
    const updated = (await mutateOk(admin, UPDATE, { input: { id: meeting.id, status: 'COMPLETED', meetingTime: null } }, 'updateCouncilMeeting')).meeting;
    expect(updated).toMatchObject({ id: meeting.id, title: 'Keep me', location: 'Hall', minutes: '<p>m</p>', status: 'COMPLETED', meetingTime: null });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(meeting.updatedAt).getTime());
    expect((await meetingRow(server, uuidOf(meeting.id)))!.revision).toBe(1);
    // A null status or isPublic keeps the value (they cannot be emptied).
    const kept = (await mutateOk(admin, UPDATE, { input: { id: meeting.id, status: null, isPublic: null, location: null } }, 'updateCouncilMeeting')).meeting;
    expect(kept).toMatchObject({ status: 'COMPLETED', isPublic: true, location: null });
  });

  it("an unknown or malformed id is the user error NOT_FOUND 'Meeting not found'", async () => {
    for (const id of [meetingGid('00000000-0000-4000-8000-000000000000'), 'bogus']) {
      expect(onlyUserError(await admin.gql(UPDATE, { input: { id, title: 'Ghost' } }), 'updateCouncilMeeting')).toEqual({ field: 'id', code: 'NOT_FOUND', message: COUNCIL_TEXT.meetingNotFound });
      expect(onlyUserError(await admin.gql(DELETE, { input: { id } }), 'deleteCouncilMeeting')).toEqual({ field: 'id', code: 'NOT_FOUND', message: COUNCIL_TEXT.meetingNotFound });
    }
  });

  it('an update that breaks a rule changes nothing', async () => {
    const meeting = await createOk({ title: 'Stable' });
    const error = onlyUserError(await admin.gql(UPDATE, { input: { id: meeting.id, title: '' } }), 'updateCouncilMeeting');
    expect(error).toMatchObject({ field: 'title', code: 'BAD_USER_INPUT' });
    expect((await meetingRow(server, uuidOf(meeting.id)))!).toMatchObject({ title: 'Stable', revision: 0 });
  });

  it('a member who is not a council administrator gets FORBIDDEN (an error), for known and unknown ids alike', async () => {
    const meeting = await createOk({ title: 'Not yours' });
    for (const id of [meeting.id, 'bogus']) {
      for (const [doc, input] of [[UPDATE, { id, title: 'Mine' }], [DELETE, { id }]] as const) {
        expect(onlyError(await member.client.gql(doc, { input }))).toMatchObject({ message: COUNCIL_TEXT.onlyAdmins, extensions: { code: 'FORBIDDEN' } });
      }
    }
    expect(await meetingRow(server, uuidOf(meeting.id))).toMatchObject({ title: 'Not yours' });
  });

  it('a delete answers the global id; a second delete is NOT_FOUND', async () => {
    const meeting = await createOk({ title: 'Delete me' });
    expect(await mutateOk(admin, DELETE, { input: { id: meeting.id } }, 'deleteCouncilMeeting')).toEqual({ deletedMeetingId: meeting.id, userErrors: [] });
    expect(await meetingRow(server, uuidOf(meeting.id))).toBeNull();
    expect(onlyUserError(await admin.gql(DELETE, { input: { id: meeting.id } }), 'deleteCouncilMeeting').code).toBe('NOT_FOUND');
  });
});

/** Pages a connection forward with `first: size`, calling `between` after each page; answers the ids. */
async function pageForward(read: (vars: Record<string, unknown>) => Promise<any>, size: number, between: () => Promise<unknown>) {
  const seen: string[] = [];
  let after: string | null = null;
  for (;;) {
    const conn = await read({ first: size, after });
    seen.push(...nodesOf<{ id: string }>(conn).map((n) => n.id));
    await between();
    if (!conn.pageInfo.hasNextPage) return seen;
    after = conn.pageInfo.endCursor;
  }
}

/** Pages a connection backward from its end with `last: size`; answers the ids in list order. */
async function pageBackward(read: (vars: Record<string, unknown>) => Promise<any>, size: number, between: () => Promise<unknown>) {
  const seen: string[] = [];
  let before: string | null = null;
  for (;;) {
    const conn = await read({ last: size, before });
    seen.unshift(...nodesOf<{ id: string }>(conn).map((n) => n.id));
    await between();
    if (!conn.pageInfo.hasPreviousPage) return seen;
    before = conn.pageInfo.startCursor;
  }
}

describe('paging while meetings are added', () => {
  // Meetings of 2031 only (the year filter keeps the other tests' meetings out): several on one day,
  // some at the same time, some without a time, so the keyset's every column is exercised.
  const YEAR = 2031;
  let n = 0;
  async function insertMeetings(dates: string[], opts: { status?: string; time?: string | null; isPublic?: boolean } = {}) {
    for (const date of dates) {
      n += 1;
      const time = opts.time === undefined ? ['09:00', '18:30', null][n % 3] : opts.time;
      await db().execute(sql`insert into council_meetings (title, meeting_date, meeting_time, status, is_public)
        values (${`Paged ${n}`}, ${date}, ${time}, ${opts.status ?? 'upcoming'}, ${opts.isPublic ?? true})`);
    }
  }

  beforeAll(async () => {
    const dates = Array.from({ length: 23 }, (_, i) => `${YEAR}-0${1 + (i % 6)}-1${i % 4}`);
    await insertMeetings(dates);
    await insertMeetings([`${YEAR}-03-12`, `${YEAR}-03-12`], { time: '18:30' });
  });

  const read = (client: ApiClient) => async (vars: Record<string, unknown>) => (await gqlOk(client, MEETINGS, { year: YEAR, ...vars })).councilMeetings;

  it('councilMeetings (latest first) never skips or repeats, forward and backward, while meetings are added', async () => {
    const all = nodesOf<{ id: string }>(await read(admin)({ first: 100 })).map((x) => x.id);
    expect(all).toHaveLength(25);
    // Forward: new meetings land before the cursor (later dates), in the part already read.
    let late = 0;
    const forward = await pageForward(read(admin), 7, () => insertMeetings([`${YEAR}-12-${String(20 + (late++ % 9)).padStart(2, '0')}`]));
    expect(new Set(forward).size).toBe(forward.length);
    expect(forward).toEqual(all);
    // Backward from the end: new meetings land after the cursor (earlier dates), already read.
    const before = nodesOf<{ id: string }>(await read(admin)({ first: 100 })).map((x) => x.id);
    let early = 0;
    const backward = await pageBackward(read(admin), 6, () => insertMeetings([`${YEAR}-01-0${1 + (early++ % 9)}`]));
    expect(new Set(backward).size).toBe(backward.length);
    expect(backward).toEqual(before);
    const final = await read(admin)({ first: 1 });
    expect(final.totalCount).toBe(25 + late + early);
  });

  it('the public upcoming list (soonest first) pages both ways without skipping or repeating while meetings are added', async () => {
    const readUpcoming = async (vars: Record<string, unknown>) => (await gqlOk(member.client, PUBLIC_UPCOMING, { year: YEAR, ...vars })).publicCouncilMeetings.upcoming;
    const all = nodesOf<{ id: string }>(await readUpcoming({ first: 100 })).map((x) => x.id);
    expect(all.length).toBeGreaterThan(20);
    let i = 0;
    // Soonest first: earlier dates land before a forward cursor, later ones after a backward one.
    const forward = await pageForward(readUpcoming, 8, () => insertMeetings([`${YEAR}-01-01`], { time: `0${i++ % 6}:00` }));
    expect(forward).toEqual(all);
    const now = nodesOf<{ id: string }>(await readUpcoming({ first: 100 })).map((x) => x.id);
    const backward = await pageBackward(readUpcoming, 8, () => insertMeetings([`${YEAR}-12-31`], { time: null }));
    expect(backward).toEqual(now);
    // Non-public and cancelled meetings never enter the public lists.
    await insertMeetings([`${YEAR}-02-02`], { isPublic: false });
    await insertMeetings([`${YEAR}-02-03`], { status: 'cancelled' });
    const after = await readUpcoming({ first: 100 });
    expect(after.totalCount).toBe(now.length + i);
  });

  it('the past list is latest first and holds only completed meetings dated before today', async () => {
    const today = todayInZone('Europe/London');
    const dates = [addDays(today, -3), addDays(today, -1), addDays(today, -2), today];
    for (const date of dates) await db().execute(sql`insert into council_meetings (title, meeting_date, status) values ('Past check', ${date}, 'completed')`);
    const year = Number(today.slice(0, 4));
    // The past list alone: 100 of each list in one document would cost over the 5,000 limit.
    const past = nodesOf<any>((await gqlOk(member.client, PUBLIC_PAST, { year, first: 100 })).publicCouncilMeetings.past).filter((x) => x.title === 'Past check');
    const expected = [addDays(today, -1), addDays(today, -2), addDays(today, -3)].filter((d) => d.startsWith(String(year)));
    expect(past.map((x) => x.meetingDate)).toEqual(expected);
  });

  it('refuses a cursor of another list', async () => {
    const admins = await gqlOk(admin, ADMINS, { first: 1 });
    const meetings = await read(admin)({ first: 1 });
    const foreign = await admin.gql(MEETINGS, { after: admins.councilAdmins.pageInfo.endCursor ?? 'WyJ4Il0' });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const reversed = await admin.gql(ADMINS, { after: meetings.pageInfo.endCursor });
    expect(reversed.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('councilAdmins paging', () => {
  it('pages by email both ways without skipping or repeating while grants are added', async () => {
    const grant = (email: string) => db().execute(sql`insert into council_admins (email) values (${email})`);
    for (let i = 0; i < 22; i += 1) await grant(`middle-${String(i).padStart(2, '0')}@example.com`);
    const read = async (vars: Record<string, unknown>) => {
      const conn = (await gqlOk(admin, ADMINS, vars)).councilAdmins;
      // Grants are not Nodes: name them by email.
      return { ...conn, edges: conn.edges.map((e: any) => ({ ...e, node: { id: e.node.email } })) };
    };
    const all = nodesOf<{ id: string }>(await read({ first: 100 })).map((x) => x.id);
    expect(all).toEqual([...all].sort());
    let a = 0;
    const forward = await pageForward(read, 5, () => grant(`aa-${a++}@example.com`));
    expect(forward).toEqual(all);
    const now = nodesOf<{ id: string }>(await read({ first: 100 })).map((x) => x.id);
    let z = 0;
    const backward = await pageBackward(read, 4, () => grant(`zz-${z++}@example.com`));
    expect(backward).toEqual(now);
    expect((await read({ first: 1 })).totalCount).toBe(all.length + a + z);
  });
});
