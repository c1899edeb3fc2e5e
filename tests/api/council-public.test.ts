// The public meetings page over GraphQL (spec sections 2 and 4): the upcoming and past lists judged
// against today in the council's zone, the year filter's options, non-public meetings hidden from
// everyone but administrators, and the stats counters (REST and GraphQL) over a known set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  MEETING,
  MEETING_YEARS,
  MEETINGS,
  PUBLIC_MEETINGS,
  addDays,
  createMeetingOk,
  meetingGid,
  todayInZone,
} from '../helpers/council.js';
import { adminClient, gqlOk, nodesOf, type Connection, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let admin: ApiClient;
let member: Member;
let anonymous: ApiClient;

const today = todayInZone('Europe/London');
const yesterday = addDays(today, -1);
const tomorrow = addDays(today, 1);
const twoDaysAgo = addDays(today, -2);
const thisYear = Number(today.slice(0, 4));

/** The meetings of this file, by role in the lists. */
const m: Record<string, { id: string; meeting_date: string; status: string; is_public: boolean }> = {};

beforeAll(async () => {
  server = await startServer({ councilTimeZone: 'Europe/London', rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  admin = await adminClient(server.url);
  member = await newMember(server.url);
  anonymous = new ApiClient(server.url);
  const make = async (key: string, meeting_date: string, status: string, is_public = true, meeting_time?: string) => {
    const created = await createMeetingOk(admin, { title: `Meeting ${key}`, meeting_date, status, is_public, ...(meeting_time ? { meeting_time } : {}) });
    m[key] = created;
  };
  await make('upcomingYesterday', yesterday, 'upcoming');
  await make('completedToday', today, 'completed', true, '09:00');
  await make('completedYesterday', yesterday, 'completed');
  await make('completedTomorrow', tomorrow, 'completed', true, '08:00');
  await make('upcomingTomorrow', tomorrow, 'upcoming', true, '18:00');
  await make('cancelledTomorrow', tomorrow, 'cancelled');
  await make('cancelledYesterday', yesterday, 'cancelled');
  await make('hiddenTomorrow', tomorrow, 'upcoming', false);
  await make('hiddenYesterday', yesterday, 'completed', false);
  await make('completedTwoDaysAgo', twoDaysAgo, 'completed');
  await make('completed2020', '2020-03-03', 'completed');
  await make('hidden2019', '2019-05-05', 'completed', false);
});
afterAll(async () => {
  await server?.close();
});

/** The ids of a connection's meetings, in list order. */
const ids = (connection: Connection<{ id: string }>) => nodesOf(connection).map((x) => x.id);
/** The global ids of some of this file's meetings. */
const gids = (...keys: string[]) => keys.map((key) => meetingGid(m[key]!.id));

describe('publicCouncilMeetings', () => {
  it("answers today's date in the council's zone", async () => {
    const data = (await gqlOk(anonymous, PUBLIC_MEETINGS)).publicCouncilMeetings;
    expect(data.today).toBe(todayInZone('Europe/London'));
  });

  it('upcoming = status upcoming (any date) plus completed dated today or later, soonest first', async () => {
    const { upcoming } = (await gqlOk(anonymous, PUBLIC_MEETINGS)).publicCouncilMeetings;
    expect(ids(upcoming)).toEqual(gids('upcomingYesterday', 'completedToday', 'completedTomorrow', 'upcomingTomorrow'));
    expect(upcoming.totalCount).toBe(4);
  });

  it('past = completed dated before today, latest first', async () => {
    const { past } = (await gqlOk(anonymous, PUBLIC_MEETINGS)).publicCouncilMeetings;
    expect(ids(past)).toEqual(gids('completedYesterday', 'completedTwoDaysAgo', 'completed2020'));
    expect(past.totalCount).toBe(3);
  });

  it('cancelled and non-public meetings are in neither list, for anyone (administrators included)', async () => {
    for (const client of [anonymous, member.client, admin]) {
      const { upcoming, past } = (await gqlOk(client, PUBLIC_MEETINGS)).publicCouncilMeetings;
      const all = [...ids(upcoming), ...ids(past)];
      for (const id of gids('cancelledTomorrow', 'cancelledYesterday', 'hiddenTomorrow', 'hiddenYesterday', 'hidden2019')) expect(all).not.toContain(id);
      expect([...nodesOf(upcoming), ...nodesOf(past)].every((x: any) => x.isPublic)).toBe(true);
    }
  });

  it('the year filter narrows both lists', async () => {
    const in2020 = (await gqlOk(anonymous, PUBLIC_MEETINGS, { year: 2020 })).publicCouncilMeetings;
    expect(ids(in2020.upcoming)).toEqual([]);
    expect(ids(in2020.past)).toEqual(gids('completed2020'));
    const in2019 = (await gqlOk(anonymous, PUBLIC_MEETINGS, { year: 2019 })).publicCouncilMeetings;
    expect([ids(in2019.upcoming), ids(in2019.past), in2019.upcoming.totalCount, in2019.past.totalCount]).toEqual([[], [], 0, 0]);
  });

  it("each meeting offers its calendar file and the address of its own page (the one the calendar feed links to)", async () => {
    const { upcoming } = (await gqlOk(anonymous, PUBLIC_MEETINGS)).publicCouncilMeetings;
    const byGid = new Map(Object.values(m).map((x) => [meetingGid(x.id), x.id]));
    for (const meeting of nodesOf<any>(upcoming)) {
      const uuid = byGid.get(meeting.id)!;
      expect(meeting.calendarUrl).toBe(`/api/sports-council/meetings/${uuid}.ics`);
      expect(meeting.url).toBe(`/sports-council/meetings/${meeting.id}`);
      const feed = await (await fetch(`${server.url}/api/sports-council/meetings.ics`)).text();
      expect(feed.replace(/\r\n[ \t]/g, '')).toContain(`/sports-council/meetings/${meeting.id}`);
    }
  });
});

describe('councilMeetingYears', () => {
  it('lists the years of public meetings only, newest first, without repeats', async () => {
    const years = (await gqlOk(anonymous, MEETING_YEARS)).councilMeetingYears as number[];
    const publicDates = Object.values(m).filter((x) => x.is_public).map((x) => Number(x.meeting_date.slice(0, 4)));
    const expected = [...new Set(publicDates)].sort((a, b) => b - a);
    expect(years).toEqual(expected);
    expect(years).toContain(2020);
    expect(years).not.toContain(2019);
    expect(years).toContain(thisYear);
  });

  it('is the same for an administrator (public meetings only)', async () => {
    expect((await gqlOk(admin, MEETING_YEARS)).councilMeetingYears).not.toContain(2019);
  });
});

describe('councilMeeting(id), node(id) and councilMeetings', () => {
  const NODE = 'query Node($id: ID!) { node(id: $id) { id ... on CouncilMeeting { title isPublic } } }';

  it('a non-public meeting is null for anonymous callers and plain members, by councilMeeting and by node', async () => {
    const [hidden] = gids('hiddenTomorrow');
    for (const client of [anonymous, member.client]) {
      expect((await gqlOk(client, MEETING, { id: hidden })).councilMeeting).toBeNull();
      expect((await gqlOk(client, NODE, { id: hidden })).node).toBeNull();
    }
  });

  it('the administrator reads a non-public meeting, by councilMeeting and by node', async () => {
    const [hidden] = gids('hiddenTomorrow');
    const meeting = (await gqlOk(admin, MEETING, { id: hidden })).councilMeeting;
    expect(meeting).toMatchObject({ id: hidden, isPublic: false, status: 'UPCOMING' });
    expect((await gqlOk(admin, NODE, { id: hidden })).node).toEqual({ id: hidden, title: 'Meeting hiddenTomorrow', isPublic: false });
  });

  it('a public meeting is readable by anyone, with its date, wall-clock time and instants', async () => {
    const meeting = (await gqlOk(anonymous, MEETING, { id: meetingGid(m.upcomingTomorrow!.id) })).councilMeeting;
    expect(meeting).toMatchObject({ title: 'Meeting upcomingTomorrow', meetingDate: tomorrow, meetingTime: '18:00', isPublic: true });
    expect(meeting.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(meeting.updatedAt).toMatch(/Z$/);
  });

  it('an unknown id, a database id and a global id of another type are all null', async () => {
    for (const id of [meetingGid('00000000-0000-4000-8000-000000000000'), m.upcomingTomorrow!.id, 'not-a-global-id', Buffer.from(`Member:${m.upcomingTomorrow!.id}`).toString('base64url')]) {
      const answer = await anonymous.gql(MEETING, { id });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.councilMeeting).toBeNull();
    }
  });

  it('councilMeetings hides non-public meetings from non-administrators and filters by status and year', async () => {
    const forAnonymous = (await gqlOk(anonymous, MEETINGS)).councilMeetings;
    const forAdmin = (await gqlOk(admin, MEETINGS)).councilMeetings;
    expect(ids(forAnonymous)).not.toContain(gids('hiddenTomorrow')[0]);
    expect(ids(forAdmin)).toContain(gids('hiddenTomorrow')[0]);
    expect(ids(forAdmin)).toHaveLength(Object.keys(m).length);
    expect(forAdmin.totalCount).toBe(Object.keys(m).length);
    expect(ids(forAnonymous)).toHaveLength(Object.values(m).filter((x) => x.is_public).length);
    expect(forAnonymous.totalCount).toBe(Object.values(m).filter((x) => x.is_public).length);
    const cancelled = ids((await gqlOk(anonymous, MEETINGS, { status: 'CANCELLED' })).councilMeetings);
    expect(cancelled.sort()).toEqual(gids('cancelledTomorrow', 'cancelledYesterday').sort());
    expect(ids((await gqlOk(admin, MEETINGS, { year: 2019 })).councilMeetings)).toEqual(gids('hidden2019'));
    expect(ids((await gqlOk(anonymous, MEETINGS, { year: 2019 })).councilMeetings)).toEqual([]);
  });

  it('councilMeetings lists the latest date first, and on one day the latest time first (a meeting without a time before the timed ones)', async () => {
    const dates = nodesOf<any>((await gqlOk(admin, MEETINGS)).councilMeetings).map((x) => `${x.meetingDate} ${x.meetingTime ?? '24:00'}`);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('refuses a page larger than 100 and a year outside 1900 to 2200', async () => {
    for (const vars of [{ first: 101 }, { year: 1800 }]) {
      const answer = await anonymous.gql(MEETINGS, vars);
      expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });
});

describe('stats', () => {
  function expected(visible: (typeof m)[string][]) {
    return {
      total_meetings: visible.length,
      upcoming_meetings: visible.filter((x) => x.status === 'upcoming').length,
      completed_meetings: visible.filter((x) => x.status === 'completed').length,
      meetings_this_year: visible.filter((x) => Number(x.meeting_date.slice(0, 4)) === thisYear).length,
    };
  }

  it('GET /api/sports-council/stats counts public meetings for anonymous callers and plain members', async () => {
    const want = expected(Object.values(m).filter((x) => x.is_public));
    for (const client of [anonymous, member.client]) {
      const answer = await client.rest('GET', '/api/sports-council/stats');
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, error: null });
      expect(answer.body.data).toEqual(want);
    }
  });

  it('counts non-public meetings for administrators', async () => {
    const answer = await admin.rest('GET', '/api/sports-council/stats');
    expect(answer.body.data).toEqual(expected(Object.values(m)));
    expect(answer.body.data.total_meetings).toBe(12);
  });

  it('councilMeetingStats answers the same numbers', async () => {
    const gql = (await gqlOk(admin, '{ councilMeetingStats { totalMeetings upcomingMeetings completedMeetings meetingsThisYear } }')).councilMeetingStats;
    const rest = (await admin.rest('GET', '/api/sports-council/stats')).body.data;
    expect(gql).toEqual({
      totalMeetings: rest.total_meetings,
      upcomingMeetings: rest.upcoming_meetings,
      completedMeetings: rest.completed_meetings,
      meetingsThisYear: rest.meetings_this_year,
    });
  });

  it("'this year' follows the council's zone: the service judged at New Year's Eve 23:30Z", async () => {
    const council = server.clubroom.services.council;
    const viewer = null;
    // In London 2026-12-31T23:30Z is still 2026; our set has no meeting in 2026 or 2027 unless
    // today falls in one of them, so compare against the stored public dates.
    const publicDates = Object.values(m).filter((x) => x.is_public).map((x) => x.meeting_date);
    const at = new Date('2026-12-31T23:30:00Z');
    const s = await council.stats(viewer, at);
    expect(s.meetingsThisYear).toBe(publicDates.filter((d) => d.startsWith('2026')).length);
  });
});

describe('the public lists judged at a chosen moment (service)', () => {
  it('a completed meeting dated today in London moves to past once London passes midnight', async () => {
    const council = server.clubroom.services.council;
    const list = async (tab: 'upcoming' | 'past', now: Date) => (await council.publicList(tab, { today: council.today(now) }, { first: 100 })).nodes.map((x) => x.id);
    // The evening of `today` in London (UTC+0 or +1): 21:00Z is still `today` in London.
    const [y, mo, d] = today.split('-').map(Number) as [number, number, number];
    const evening = new Date(Date.UTC(y, mo - 1, d, 21, 0));
    const afterMidnight = new Date(Date.UTC(y, mo - 1, d + 1, 1, 0));
    expect(council.today(evening)).toBe(today);
    expect(await list('upcoming', evening)).toContain(m.completedToday!.id);
    expect(council.today(afterMidnight)).toBe(tomorrow);
    expect(await list('upcoming', afterMidnight)).not.toContain(m.completedToday!.id);
    expect((await list('past', afterMidnight))[0]).toBe(m.completedToday!.id);
    // Upcoming-status meetings stay upcoming whatever the day.
    expect(await list('upcoming', afterMidnight)).toContain(m.upcomingYesterday!.id);
  });

  it('a completed meeting is upcoming on its own day and past from the next one; cancelled ones never show', async () => {
    const council = server.clubroom.services.council;
    const tab = async (which: 'upcoming' | 'past', day: string) => (await council.publicList(which, { today: day, year: 2020 }, { first: 100 })).nodes.map((x) => x.id);
    expect(await tab('upcoming', '2020-03-03')).toEqual([m.completed2020!.id]);
    expect(await tab('past', '2020-03-03')).toEqual([]);
    expect(await tab('upcoming', '2020-03-04')).toEqual([]);
    expect(await tab('past', '2020-03-04')).toEqual([m.completed2020!.id]);
    const cancelled = [m.cancelledTomorrow!.id, m.cancelledYesterday!.id];
    for (const day of [yesterday, today, tomorrow]) {
      const all = [...(await council.publicList('upcoming', { today: day }, { first: 100 })).nodes, ...(await council.publicList('past', { today: day }, { first: 100 })).nodes].map((x) => x.id);
      for (const id of cancelled) expect(all).not.toContain(id);
    }
  });
});
