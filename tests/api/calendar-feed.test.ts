// A member's private calendar feed (issue 29 §6), read as a calendar app reads it and parsed with
// ical.js (a real iCalendar parser): the sessions and events of followed clubs (not of others),
// the member's answer in each (PARTSTAT and the title), a cancelled session kept as
// STATUS:CANCELLED with its reason, SEQUENCE following the session's, the public council meetings,
// every event linking to its page; ETag and 304; the secret shown once, replaced by rotation (the
// old address 404) and never logged; a session's public 'Add to calendar' file, 404 for a club
// that is not listed.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, clubSessions, sessionAnswers } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { safeUrl } from '../../server/src/lib/log.js';
import { sha256 } from '../../server/src/lib/crypto.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { clubGlobalId, newClubOwner, payloadOk, saveTimesOk } from '../helpers/clubs.js';
import { addDays, createMeetingOk, fetchIcs, meetingGid, parseIcs, todayInZone } from '../helpers/council.js';
import { adminClient, dbOf, gqlOk } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

const APP = 'http://clubroom.test';
const CREATE = 'mutation { createCalendarFeed { feed { createdAt } url webcalUrl userErrors { field code message } } }';
const ROTATE = 'mutation { rotateCalendarFeed { feed { createdAt } url webcalUrl userErrors { field code message } } }';
const STATE = '{ myCalendarFeed { createdAt } }';
const FOLLOW = 'mutation($i: ClubFollowInput!) { followClub(input: $i) { userErrors { message } } }';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => dbOf(server);
type Issued = { feed: { createdAt: string }; url: string; webcalUrl: string };
/** The feed's path on the test server (its address names APP_URL). */
const pathOf = (url: string) => {
  expect(url.startsWith(`${APP}/calendar/`)).toBe(true);
  return url.slice(APP.length);
};
const sessionsOf = (clubId: string) => db().select().from(clubSessions).where(eq(clubSessions.clubId, clubId)).orderBy(clubSessions.startsAt);
const uidOf = (sessionId: string) => `session-${sessionId}@clubroom.test`;
const pageOf = (clubId: string, sessionId: string) => `${APP}/clubs/${toGlobalId('Club', clubId)}/sessions/${toGlobalId('ClubSession', sessionId)}`;

async function feedOf(path: string, headers: Record<string, string> = {}) {
  const answer = await fetchIcs(server.url, path, headers);
  expect(answer.status, answer.text.slice(0, 200)).toBe(200);
  const { calendar, events } = parseIcs(answer.text);
  const byUid = new Map(events.map((e) => [String(e.getFirstPropertyValue('uid')), e]));
  return { ...answer, calendar, events, byUid };
}

async function followingMember(clubIds: string[], fullName = 'Cal Endar') {
  const fan = await newMember(server.url, { fullName });
  for (const clubId of clubIds) expect((await gqlOk(fan.client, FOLLOW, { i: { clubId: clubGlobalId(clubId) } })).followClub.userErrors).toEqual([]);
  return fan;
}

async function insertEvent(clubId: string, title: string, inDays: number, extra: Partial<typeof clubSessions.$inferInsert> = {}) {
  const startsAt = new Date(Date.now() + inDays * 86_400_000);
  const [row] = await db()
    .insert(clubSessions)
    .values({ clubId, kind: 'event', title, place: 'Riverside Park', description: '<p>Bring <b>water</b></p>', startsAt, endsAt: new Date(startsAt.getTime() + 3 * 3_600_000), ...extra })
    .returning();
  return row!;
}

describe('the member calendar feed', () => {
  it('carries the followed clubs’ sessions and events with the member’s answers, keeps a cancelled one, adds the council meetings, and links every event to its page', async () => {
    const followed = await newClubOwner(server, { status: 'approved', clubName: 'Riverside Runners' });
    const other = await newClubOwner(server, { status: 'approved', clubName: 'Unfollowed Athletic' });
    await saveTimesOk(followed.client, [{ dayOfWeek: 2, startTime: '19:00', endTime: '20:30' }]);
    await saveTimesOk(other.client, [{ dayOfWeek: 3, startTime: '18:00', endTime: '19:00' }]);
    const tournament = await insertEvent(followed.user.id, 'Summer tournament', 5);
    const admin = await adminClient(server.url);
    const meeting = await createMeetingOk(admin, { title: 'Calendar Council Meeting', meeting_date: addDays(todayInZone(), 10), meeting_time: '18:30', location: 'Town Hall' });

    const fan = await followingMember([followed.user.id]);
    const sessions = await sessionsOf(followed.user.id);
    expect(sessions.length).toBeGreaterThan(4);
    const [going, cant, cancelled, untouched] = sessions.filter((s) => s.kind === 'session');
    await db().insert(sessionAnswers).values([
      { sessionId: going!.id, userId: fan.user.id, answer: 'going' },
      { sessionId: cant!.id, userId: fan.user.id, answer: 'cant', reason: 'Away' },
      { sessionId: tournament.id, userId: fan.user.id, answer: 'waiting', queuedAt: new Date() },
    ]);
    await db()
      .update(clubSessions)
      .set({ cancelledAt: new Date(), cancelReason: 'Track resurfacing', sequence: sql`${clubSessions.sequence} + 1`, updatedAt: new Date() })
      .where(eq(clubSessions.id, cancelled!.id));

    const issued = payloadOk<Issued>(await fan.client.gql(CREATE), 'createCalendarFeed');
    expect(issued.webcalUrl).toBe(issued.url.replace('http://', 'webcal://'));
    const feed = await feedOf(pathOf(issued.url));
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toContain('private');
    expect(feed.text.endsWith('\r\n')).toBe(true);

    // Every session and event of the followed club, none of the other club's.
    for (const s of sessions) expect(feed.byUid.has(uidOf(s.id)), s.id).toBe(true);
    for (const s of await sessionsOf(other.user.id)) expect(feed.byUid.has(uidOf(s.id))).toBe(false);

    const event = (id: string) => feed.byUid.get(uidOf(id))!;
    const partstat = (id: string) => event(id).getFirstProperty('attendee')!.getParameter('partstat');
    expect(event(going!.id).getFirstPropertyValue('summary')).toBe('Riverside Runners training (Going)');
    expect(partstat(going!.id)).toBe('ACCEPTED');
    expect(event(cant!.id).getFirstPropertyValue('summary')).toBe("Riverside Runners training (Can't make it)");
    expect(partstat(cant!.id)).toBe('DECLINED');
    expect(event(tournament.id).getFirstPropertyValue('summary')).toBe('Summer tournament (Waiting list)');
    expect(partstat(tournament.id)).toBe('TENTATIVE');
    expect(event(untouched!.id).getFirstPropertyValue('summary')).toBe('Riverside Runners training');
    expect(partstat(untouched!.id)).toBe('NEEDS-ACTION');
    expect(String(event(untouched!.id).getFirstPropertyValue('attendee')).toLowerCase()).toBe(`mailto:${fan.email}`.toLowerCase());

    // The cancelled session stays, cancelled, with the reason and a higher SEQUENCE.
    expect(event(cancelled!.id).getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event(cancelled!.id).getFirstPropertyValue('summary')).toBe('Cancelled: Riverside Runners training');
    expect(String(event(cancelled!.id).getFirstPropertyValue('description'))).toContain('Cancelled: Track resurfacing');
    expect(event(cancelled!.id).getFirstPropertyValue('sequence')).toBe(cancelled!.sequence + 1);
    expect(event(going!.id).getFirstPropertyValue('status')).toBe('CONFIRMED');

    // Times, place, page and the event's text without its markup.
    const t = event(tournament.id);
    expect((t.getFirstPropertyValue('dtstart') as { toJSDate(): Date }).toJSDate().getTime()).toBe(Math.floor(tournament.startsAt.getTime() / 1000) * 1000);
    expect(t.getFirstPropertyValue('location')).toBe('Riverside Park');
    expect(String(t.getFirstPropertyValue('description'))).toContain('Bring water');
    for (const s of [going!, tournament]) expect(event(s.id).getFirstPropertyValue('url')).toBe(pageOf(followed.user.id, s.id));

    // The public council meeting, linked to its own page.
    const council = feed.events.find((e) => e.getFirstPropertyValue('summary') === 'Calendar Council Meeting');
    expect(council?.getFirstPropertyValue('url')).toBe(`${APP}/sports-council/meetings/${meetingGid(meeting.id)}`);
    expect(council?.getFirstPropertyValue('location')).toBe('Town Hall');
  });

  it('counts a club’s "attending by default" as Going for its training sessions', async () => {
    const club = await newClubOwner(server, { status: 'approved', clubName: 'Default Goers' });
    await saveTimesOk(club.client, [{ dayOfWeek: 5, startTime: '07:00', endTime: '08:00' }]);
    await db().execute(sql`update clubs set attending_by_default = true where id = ${club.user.id}`);
    const [first] = await sessionsOf(club.user.id);
    const fan = await followingMember([club.user.id]);
    const feed = await feedOf(pathOf(payloadOk<Issued>(await fan.client.gql(CREATE), 'createCalendarFeed').url));
    const ev = feed.byUid.get(uidOf(first!.id))!;
    expect(ev.getFirstPropertyValue('summary')).toBe('Default Goers training (Going)');
    expect(ev.getFirstProperty('attendee')!.getParameter('partstat')).toBe('ACCEPTED');
  });

  it('answers 304 to a calendar that has the current copy, and a new copy with a higher SEQUENCE after a change', async () => {
    const club = await newClubOwner(server, { status: 'approved', clubName: 'Etag Harriers' });
    await saveTimesOk(club.client, [{ dayOfWeek: 1, startTime: '18:00', endTime: '19:00' }]);
    const fan = await followingMember([club.user.id]);
    const path = pathOf(payloadOk<Issued>(await fan.client.gql(CREATE), 'createCalendarFeed').url);
    const first = await feedOf(path);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);

    const again = await fetchIcs(server.url, path, { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await fetchIcs(server.url, path, { 'if-none-match': '"something-else"' })).status).toBe(200);

    // The owner moves a session: its SEQUENCE rises, so the copy is not current any more.
    const [target] = await sessionsOf(club.user.id);
    const before = first.byUid.get(uidOf(target!.id))!.getFirstPropertyValue('sequence') as unknown as number;
    await db()
      .update(clubSessions)
      .set({ movedAt: new Date(), startsAt: sql`${clubSessions.startsAt} + interval '1 hour'`, endsAt: sql`${clubSessions.endsAt} + interval '1 hour'`, sequence: sql`${clubSessions.sequence} + 1`, updatedAt: new Date() })
      .where(eq(clubSessions.id, target!.id));
    const changed = await feedOf(path, { 'if-none-match': etag! });
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.byUid.get(uidOf(target!.id))!.getFirstPropertyValue('sequence')).toBe(before + 1);

    // An answer changes the member's copy too.
    await db().insert(sessionAnswers).values({ sessionId: target!.id, userId: fan.user.id, answer: 'going' });
    const answered = await feedOf(path, { 'if-none-match': changed.headers.get('etag')! });
    expect(answered.byUid.get(uidOf(target!.id))!.getFirstPropertyValue('summary')).toBe('Etag Harriers training (Going)');
  });

  it('shows the address once; rotating gives a new one and the old one answers 404; unknown and malformed addresses 404 alike', async () => {
    const fan = await newMember(server.url);
    expect((await gqlOk(fan.client, STATE)).myCalendarFeed).toBeNull();
    const first = payloadOk<Issued>(await fan.client.gql(CREATE), 'createCalendarFeed');
    expect((await gqlOk(fan.client, STATE)).myCalendarFeed.createdAt).toBe(first.feed.createdAt);
    // Only the hash is kept.
    const [row] = await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, fan.user.id));
    const secret = first.url.slice(`${APP}/calendar/`.length, -'.ics'.length);
    expect(row!.tokenHash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    // A second createCalendarFeed is refused and changes nothing.
    const again = (await fan.client.gql(CREATE)).data.createCalendarFeed;
    expect(again).toMatchObject({ url: null, webcalUrl: null, feed: null });
    expect(again.userErrors).toEqual([{ field: null, code: 'BAD_USER_INPUT', message: expect.stringContaining('You already have a calendar link') }]);
    expect((await fetchIcs(server.url, pathOf(first.url))).status).toBe(200);

    const rotated = payloadOk<Issued>(await fan.client.gql(ROTATE), 'rotateCalendarFeed');
    expect(rotated.url).not.toBe(first.url);
    const old = await fetchIcs(server.url, pathOf(first.url));
    expect(old.status).toBe(404);
    expect(JSON.parse(old.text)).toEqual({ success: false, data: null, error: 'Not found', code: 'NOT_FOUND' });
    expect((await fetchIcs(server.url, pathOf(rotated.url))).status).toBe(200);

    for (const path of [`/calendar/${'a'.repeat(64)}.ics`, '/calendar/not-a-secret.ics', `/calendar/${secret.toUpperCase()}.ics`]) {
      const answer = await fetchIcs(server.url, path);
      expect(answer.status, path).toBe(404);
      expect(JSON.parse(answer.text).error).toBe('Not found');
    }
    // The secret is a credential: request lines log it redacted.
    expect(safeUrl(`/calendar/${secret}.ics`)).toBe('/calendar/[redacted]');
  });

  it('never keeps the answer of an Idempotency-Key (it holds the secret): a repeat gives a new address', async () => {
    const fan = await newMember(server.url);
    const post = async (query: string, key: string) => {
      const res = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${fan.client.accessToken}`, 'idempotency-key': key }, body: JSON.stringify({ query }) });
      expect(res.headers.get('idempotent-replayed')).toBeNull();
      return ((await res.json()) as { data: Record<string, Issued> }).data;
    };
    const key = `calendar-${Date.now()}`;
    const first = (await post(ROTATE, key)).rotateCalendarFeed!;
    const second = (await post(ROTATE, key)).rotateCalendarFeed!;
    expect(second.url).not.toBe(first.url);
    const kept = await db().execute(sql`select response_body from idempotency_keys where user_id = ${fan.user.id}`);
    expect(JSON.stringify(kept)).not.toContain('/calendar/');
  });

  it('rotates from a signed-in session only; an API token cannot issue a feed address', async () => {
    const fan = await newMember(server.url);
    const made = await fan.client.gql('mutation($i: CreateApiTokenInput!) { createApiToken(input: $i) { secret } }', { i: { name: 'cal', scopes: ['READ', 'PROFILE_WRITE'] } });
    const token = made.data.createApiToken.secret as string;
    const viaToken = new ApiClient(server.url);
    for (const op of [CREATE, ROTATE]) {
      const answer = await viaToken.gql(op, undefined, { token });
      expect(answer.errors?.[0]?.extensions?.code, op).toBe('FORBIDDEN');
    }
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, fan.user.id))).toEqual([]);
    expect((await new ApiClient(server.url).gql(STATE)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('stops serving the feed of a suspended member and leaves out a club that is no longer listed', async () => {
    const club = await newClubOwner(server, { status: 'approved', clubName: 'Soon Removed' });
    await saveTimesOk(club.client, [{ dayOfWeek: 4, startTime: '19:00', endTime: '20:00' }]);
    const fan = await followingMember([club.user.id]);
    const path = pathOf(payloadOk<Issued>(await fan.client.gql(CREATE), 'createCalendarFeed').url);
    expect((await feedOf(path)).events.some((e) => String(e.getFirstPropertyValue('summary')).startsWith('Soon Removed'))).toBe(true);
    await db().execute(sql`update clubs set removed_at = now() where id = ${club.user.id}`);
    expect((await feedOf(path)).events.some((e) => String(e.getFirstPropertyValue('summary')).startsWith('Soon Removed'))).toBe(false);
    await db().execute(sql`update users set status = 'suspended' where id = ${fan.user.id}`);
    expect((await fetchIcs(server.url, path)).status).toBe(404);
  });
});

describe("a session's 'Add to calendar' file", () => {
  it('gives one event of an approved club to anyone, without answers, and 404 for a club that is not approved or a mismatched pair', async () => {
    const club = await newClubOwner(server, { status: 'approved', clubName: 'File Club' });
    const tournament = await insertEvent(club.user.id, 'Open day', 3);
    const path = `/clubs/${toGlobalId('Club', club.user.id)}/sessions/${toGlobalId('ClubSession', tournament.id)}.ics`;
    const file = await fetchIcs(server.url, path);
    expect(file.status, file.text.slice(0, 200)).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="open-day-\d{4}-\d{2}-\d{2}\.ics"$/);
    const { events } = parseIcs(file.text);
    expect(events).toHaveLength(1);
    expect(events[0]!.getFirstPropertyValue('uid')).toBe(uidOf(tournament.id));
    expect(events[0]!.getFirstPropertyValue('summary')).toBe('Open day');
    expect(events[0]!.getFirstPropertyValue('url')).toBe(pageOf(club.user.id, tournament.id));
    expect(events[0]!.getFirstProperty('attendee')).toBeNull();

    const pending = await newClubOwner(server, { status: 'pending', clubName: 'Pending File Club' });
    const hidden = await insertEvent(pending.user.id, 'Secret social', 3);
    const other = await newClubOwner(server, { status: 'approved' });
    for (const wrong of [
      `/clubs/${toGlobalId('Club', pending.user.id)}/sessions/${toGlobalId('ClubSession', hidden.id)}.ics`,
      `/clubs/${toGlobalId('Club', other.user.id)}/sessions/${toGlobalId('ClubSession', tournament.id)}.ics`,
      `/clubs/${club.user.id}/sessions/${tournament.id}.ics`,
      `/clubs/${toGlobalId('Club', club.user.id)}/sessions/${toGlobalId('Club', tournament.id)}.ics`,
    ]) {
      const answer = await fetchIcs(server.url, wrong);
      expect(answer.status, wrong).toBe(404);
      expect(JSON.parse(answer.text).code).toBe('NOT_FOUND');
    }
  });
});
