// Sessions and events with answers (issue 29 §2–3): a follower answers Going or Can't (with a
// reason) until the start; an event's capacity puts a Going beyond it on the waiting list, promoted
// in order when a place frees (and exactly one of two members answering at once gets the last
// place); the owner cancels (reason), moves and adds events, and everyone going is told; a late
// drop-out reaches the owner; "attending by default" counts the silent followers; a meeting-time
// change keeps the sessions members answered and tells the owner. Bad input changes nothing.
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubSessions, notifications, sessionAnswers } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { SESSION_MESSAGES as M } from '../../server/src/modules/sessions/sessions.rules.js';
import { ApiClient, newMember, STRONG_PASSWORD } from '../helpers/client.js';
import { clubGlobalId, newClubOwner, payloadOk, refusalOf, saveTimesOk } from '../helpers/clubs.js';
import { adminClient, dbOf, gqlOk } from '../helpers/messages.js';
import { collide } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const SESSION_FIELDS = 'id kind name title description place startsAt endsAt capacity placesLeft goingCount cancelledAt cancelReason movedAt sequence myAnswer { answer reason byDefault waitingPosition }';
const ANSWER = `mutation($i: AnswerSessionInput!) { answerSession(input: $i) { session { ${SESSION_FIELDS} } userErrors { field code message } } }`;
const CREATE_EVENT = `mutation($i: ClubEventInput!) { createClubEvent(input: $i) { session { ${SESSION_FIELDS} } userErrors { field code message } } }`;
const UPDATE_EVENT = `mutation($i: UpdateClubEventInput!) { updateClubEvent(input: $i) { session { ${SESSION_FIELDS} } userErrors { field code message } } }`;
const CANCEL = `mutation($i: CancelSessionInput!) { cancelSession(input: $i) { session { ${SESSION_FIELDS} } userErrors { field code message } } }`;
const MOVE = `mutation($i: MoveSessionInput!) { moveSession(input: $i) { session { ${SESSION_FIELDS} } userErrors { field code message } } }`;
const SETTINGS = 'mutation($i: UpdateClubSessionSettingsInput!) { updateClubSessionSettings(input: $i) { club { attendingByDefault reminderOffsetsMinutes } userErrors { field code message } } }';
const FOLLOW = 'mutation($i: ClubFollowInput!) { followClub(input: $i) { club { id } userErrors { message } } }';
const NODE = `query($id: ID!) { node(id: $id) { ... on ClubSession { ${SESSION_FIELDS} headCount { going cant waiting noAnswer } attendees(answer: GOING) { totalCount nodes { member { name email } answer } } } } }`;
const UPCOMING = `query($id: ID!) { club(id: $id) { upcomingSessions(first: 50) { totalCount nodes { ${SESSION_FIELDS} } } } }`;

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
const eventInput = (over: Record<string, unknown> = {}) => ({ title: 'Summer tournament', description: '<p>Bring <b>boots</b></p><script>alert(1)</script>', place: 'Main pitch', startsAt: hours(72), endsAt: hours(75), capacity: null, ...over });

async function approvedClubWithFans(n: number) {
  const owner = await newClubOwner(server, { status: 'approved' });
  const fans = [];
  for (let i = 0; i < n; i++) {
    const fan = await newMember(server.url, { fullName: `Fan ${i + 1}` });
    payloadOk(await fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub');
    fans.push(fan);
  }
  return { owner, fans };
}

async function newEvent(owner: { client: ApiClient }, over: Record<string, unknown> = {}) {
  return payloadOk<{ session: { id: string; description: string } }>(await owner.client.gql(CREATE_EVENT, { i: eventInput(over) }), 'createClubEvent').session;
}

const answer = (client: ApiClient, sessionId: string, value: 'GOING' | 'CANT', reason?: string) => client.gql(ANSWER, { i: { sessionId, answer: value, reason } });
const answerOk = async (client: ApiClient, sessionId: string, value: 'GOING' | 'CANT', reason?: string) =>
  payloadOk<{ session: { myAnswer: { answer: string; reason: string | null; waitingPosition: number | null }; goingCount: number; placesLeft: number | null } }>(await answer(client, sessionId, value, reason), 'answerSession').session;
const notificationsOf = (userId: string, kind: string) => dbOf(server).select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind))).orderBy(asc(notifications.createdAt));
const dbId = (globalId: string) => Buffer.from(globalId, 'base64url').toString('utf8').split(':')[1]!;
const snapshot = async (sessionId: string) => ({
  session: await dbOf(server).select().from(clubSessions).where(eq(clubSessions.id, sessionId)),
  answers: await dbOf(server).select().from(sessionAnswers).where(eq(sessionAnswers.sessionId, sessionId)).orderBy(asc(sessionAnswers.userId)),
});

describe('events and answers', () => {
  it('an owner adds an event (description sanitised); a follower answers Going, then Can’t with a reason; the owner sees the head count and names', async () => {
    const { owner, fans } = await approvedClubWithFans(2);
    const event = await newEvent(owner);
    expect(event.description).toBe('<p>Bring <b>boots</b></p>');
    const going = await answerOk(fans[0]!.client, event.id, 'GOING');
    expect(going.myAnswer).toMatchObject({ answer: 'GOING', reason: null, waitingPosition: null });
    expect(going.goingCount).toBe(1);
    const cant = await answerOk(fans[0]!.client, event.id, 'CANT', 'Away that weekend');
    expect(cant.myAnswer).toMatchObject({ answer: 'CANT', reason: 'Away that weekend' });
    expect(cant.goingCount).toBe(0);
    await answerOk(fans[1]!.client, event.id, 'GOING');

    const asOwner = (await gqlOk(owner.client, NODE, { id: event.id })).node;
    expect(asOwner.headCount).toEqual({ going: 1, cant: 1, waiting: 0, noAnswer: 0 });
    expect(asOwner.attendees.nodes).toEqual([{ member: { name: 'Fan 2', email: null }, answer: 'GOING' }]);
    // A follower sees the count but not the head count or the names.
    const asFan = (await gqlOk(fans[0]!.client, NODE, { id: event.id })).node;
    expect(asFan).toMatchObject({ goingCount: 1, headCount: null, attendees: { totalCount: 0, nodes: [] } });
    const asAdmin = (await gqlOk(await adminClient(server.url), NODE, { id: event.id })).node;
    expect(asAdmin.headCount.going).toBe(1);
    // The club's page lists it.
    const upcoming = (await gqlOk(new ApiClient(server.url), UPCOMING, { id: clubGlobalId(owner.user.id) })).club.upcomingSessions;
    expect(upcoming.nodes.map((s: { id: string }) => s.id)).toContain(event.id);
  });

  it('refuses, changing nothing: not following, started, cancelled, another club’s session, a bad id', async () => {
    const { owner, fans } = await approvedClubWithFans(1);
    const stranger = await newMember(server.url);
    const event = await newEvent(owner);
    const before = await snapshot(dbId(event.id));
    expect(refusalOf(await answer(stranger.client, event.id, 'GOING'), 'answerSession').userErrors).toEqual([{ field: 'sessionId', code: 'BAD_USER_INPUT', message: M.notFollowing }]);
    expect(refusalOf(await answer(fans[0]!.client, toGlobalId('ClubSession', '00000000-0000-4000-8000-000000000000'), 'GOING'), 'answerSession').userErrors[0]!.message).toBe(M.sessionNotFound);
    expect(refusalOf(await answer(fans[0]!.client, clubGlobalId(owner.user.id), 'GOING'), 'answerSession').userErrors[0]!.message).toBe(M.sessionNotFound);
    expect(refusalOf(await answer(fans[0]!.client, event.id, 'CANT', 'x'.repeat(301)), 'answerSession').userErrors[0]!.message).toBe(M.answerReasonTooLong);
    // Another club's owner may not cancel it.
    const other = await newClubOwner(server, { status: 'approved' });
    const forbidden = await other.client.gql(CANCEL, { i: { sessionId: event.id, reason: 'Mine now' } });
    expect(forbidden.errors?.[0]).toMatchObject({ message: M.notOwner, extensions: { code: 'FORBIDDEN' } });
    expect(await snapshot(dbId(event.id))).toEqual(before);

    await dbOf(server).update(clubSessions).set({ startsAt: sql`now() - interval '1 minute'` }).where(eq(clubSessions.id, dbId(event.id)));
    expect(refusalOf(await answer(fans[0]!.client, event.id, 'GOING'), 'answerSession').userErrors[0]!.message).toBe(M.started);
    expect(refusalOf(await owner.client.gql(CANCEL, { i: { sessionId: event.id, reason: 'Too late' } }), 'cancelSession').userErrors[0]!.message).toBe(M.changeStarted);

    const second = await newEvent(owner);
    payloadOk(await owner.client.gql(CANCEL, { i: { sessionId: second.id, reason: 'Pitch flooded' } }), 'cancelSession');
    expect(refusalOf(await answer(fans[0]!.client, second.id, 'GOING'), 'answerSession').userErrors[0]!.message).toBe(M.cancelled);
    expect(refusalOf(await owner.client.gql(CANCEL, { i: { sessionId: second.id, reason: 'Again' } }), 'cancelSession').userErrors[0]!.message).toBe(M.alreadyCancelled);
  });

  it('checks an event’s times, title and places, changing nothing', async () => {
    const { owner, fans } = await approvedClubWithFans(2);
    const cases: [Record<string, unknown>, string][] = [
      [{ startsAt: hours(-2), endsAt: hours(1) }, M.startInPast],
      [{ startsAt: hours(5), endsAt: hours(4) }, M.endBeforeStart],
      [{ startsAt: hours(5), endsAt: hours(5 + 24 * 15) }, M.tooLong],
      [{ title: '   ' }, M.titleRequired],
      [{ capacity: 0 }, M.capacityRange],
    ];
    for (const [over, message] of cases) {
      const refused = refusalOf(await owner.client.gql(CREATE_EVENT, { i: eventInput(over) }), 'createClubEvent');
      expect(refused.userErrors.map((e) => e.message)).toContain(message);
    }
    expect(await dbOf(server).select().from(clubSessions).where(eq(clubSessions.clubId, owner.user.id))).toHaveLength(0);

    // Places below the Going count are refused.
    const event = await newEvent(owner, { capacity: 5 });
    await answerOk(fans[0]!.client, event.id, 'GOING');
    await answerOk(fans[1]!.client, event.id, 'GOING');
    const refused = refusalOf(await owner.client.gql(UPDATE_EVENT, { i: { sessionId: event.id, ...eventInput({ capacity: 1 }) } }), 'updateClubEvent');
    expect(refused.userErrors).toEqual([{ field: 'capacity', code: 'BAD_USER_INPUT', message: M.capacityBelowGoing(2) }]);
    // A pending club cannot add events; a member without a club cannot either.
    const pending = await newClubOwner(server, { status: 'pending' });
    expect(refusalOf(await pending.client.gql(CREATE_EVENT, { i: eventInput() }), 'createClubEvent').userErrors[0]!.message).toBe(M.clubNotApproved);
    expect((await fans[0]!.client.gql(CREATE_EVENT, { i: eventInput() })).errors?.[0]).toMatchObject({ message: M.notOwner, extensions: { code: 'FORBIDDEN' } });
  });
});

describe('a deleted account', () => {
  it('leaves the head count of coming sessions (and frees its place for the waiting list)', async () => {
    const { owner, fans } = await approvedClubWithFans(2);
    const event = await newEvent(owner, { capacity: 1 });
    await answerOk(fans[0]!.client, event.id, 'GOING');
    expect((await answerOk(fans[1]!.client, event.id, 'GOING')).myAnswer).toMatchObject({ answer: 'WAITING' });
    payloadOk(await fans[0]!.client.gql('mutation($i: DeleteMyAccountInput!) { deleteMyAccount(input: $i) { deleted userErrors { message } } }', { i: { password: STRONG_PASSWORD } }), 'deleteMyAccount');
    const rows = await dbOf(server).select().from(sessionAnswers).where(eq(sessionAnswers.sessionId, dbId(event.id)));
    expect(rows.map((r) => [r.userId, r.answer])).toEqual([[fans[1]!.user.id, 'going']]);
    expect((await gqlOk(owner.client, NODE, { id: event.id })).node.headCount).toEqual({ going: 1, cant: 0, waiting: 0, noAnswer: 0 });
    expect(await notificationsOf(fans[1]!.user.id, 'session_place_freed')).toHaveLength(1);
  });
});

describe('capacity and the waiting list', () => {
  it('puts a Going beyond the places on the waiting list in order and promotes the first when a place frees, telling them', async () => {
    const { owner, fans } = await approvedClubWithFans(4);
    const event = await newEvent(owner, { capacity: 2 });
    await answerOk(fans[0]!.client, event.id, 'GOING');
    const second = await answerOk(fans[1]!.client, event.id, 'GOING');
    expect(second.placesLeft).toBe(0);
    expect((await answerOk(fans[2]!.client, event.id, 'GOING')).myAnswer).toMatchObject({ answer: 'WAITING', waitingPosition: 1 });
    expect((await answerOk(fans[3]!.client, event.id, 'GOING')).myAnswer).toMatchObject({ answer: 'WAITING', waitingPosition: 2 });
    // Saying Going again keeps one's place in line.
    expect((await answerOk(fans[3]!.client, event.id, 'GOING')).myAnswer).toMatchObject({ answer: 'WAITING', waitingPosition: 2 });

    await answerOk(fans[0]!.client, event.id, 'CANT');
    const third = (await gqlOk(fans[2]!.client, NODE, { id: event.id })).node;
    expect(third.myAnswer).toMatchObject({ answer: 'GOING', waitingPosition: null });
    expect((await gqlOk(fans[3]!.client, NODE, { id: event.id })).node.myAnswer).toMatchObject({ answer: 'WAITING', waitingPosition: 1 });
    expect(await notificationsOf(fans[2]!.user.id, 'session_place_freed')).toHaveLength(1);
    expect(await notificationsOf(fans[3]!.user.id, 'session_place_freed')).toHaveLength(0);

    // Adding a place promotes the next in line.
    payloadOk(await owner.client.gql(UPDATE_EVENT, { i: { sessionId: event.id, ...eventInput({ capacity: 3 }) } }), 'updateClubEvent');
    expect((await gqlOk(fans[3]!.client, NODE, { id: event.id })).node.myAnswer).toMatchObject({ answer: 'GOING' });
    expect((await gqlOk(owner.client, NODE, { id: event.id })).node.headCount).toEqual({ going: 3, cant: 1, waiting: 0, noAnswer: 0 });
  });

  it('gives the last place to exactly one of two members answering at once (forced race)', async () => {
    const { owner, fans } = await approvedClubWithFans(2);
    const event = await newEvent(owner, { capacity: 1 });
    const id = dbId(event.id);
    const send = () => [answer(fans[0]!.client, event.id, 'GOING'), answer(fans[1]!.client, event.id, 'GOING')];
    // With PostgreSQL the session's row is held until both answers wait on it, then let go.
    const hold = server.db.url
      ? await collide(
          server.db.url,
          (tx) => tx`select id from club_sessions where id = ${id} for update`,
          async (watcher) => {
            const [row] = await watcher`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
            return row!.n as number;
          },
          2,
          send,
        )
      : { results: await Promise.all(send()), waiting: 2 };
    expect(hold.waiting).toBe(2);
    const answers = hold.results.map((a) => (a.data as { answerSession: { session: { myAnswer: { answer: string } } } }).answerSession.session.myAnswer.answer).sort();
    expect(answers).toEqual(['GOING', 'WAITING']);
    const db = dbOf(server);
    const rows = await db.select().from(sessionAnswers).where(eq(sessionAnswers.sessionId, id));
    expect(rows.filter((r) => r.answer === 'going')).toHaveLength(1);
  });
});

describe('the owner’s changes reach those going', () => {
  it('cancelling tells everyone going (not those who can’t), and keeps it listed as cancelled; moving tells them too', async () => {
    const { owner, fans } = await approvedClubWithFans(3);
    const event = await newEvent(owner, { title: 'Club social' });
    await answerOk(fans[0]!.client, event.id, 'GOING');
    await answerOk(fans[1]!.client, event.id, 'CANT');
    const moved = payloadOk<{ session: { movedAt: string; sequence: number; place: string } }>(
      await owner.client.gql(MOVE, { i: { sessionId: event.id, startsAt: hours(96), endsAt: hours(99), place: 'The clubhouse' } }),
      'moveSession',
    ).session;
    expect(moved).toMatchObject({ place: 'The clubhouse', sequence: 1 });
    expect(moved.movedAt).not.toBeNull();
    const [movedNote] = await notificationsOf(fans[0]!.user.id, 'session_moved');
    expect(movedNote?.title).toMatch(/^Moved: Club social, now /);
    expect(movedNote?.actionUrl).toBe(`/clubs/${clubGlobalId(owner.user.id)}/sessions/${event.id}`);
    expect(await notificationsOf(fans[1]!.user.id, 'session_moved')).toHaveLength(0);

    const cancelled = payloadOk<{ session: { cancelledAt: string; cancelReason: string; sequence: number } }>(await owner.client.gql(CANCEL, { i: { sessionId: event.id, reason: 'Storm warning' } }), 'cancelSession').session;
    expect(cancelled).toMatchObject({ cancelReason: 'Storm warning', sequence: 2 });
    const [note] = await notificationsOf(fans[0]!.user.id, 'session_cancelled');
    expect(note?.description).toContain('Storm warning');
    expect(await notificationsOf(fans[1]!.user.id, 'session_cancelled')).toHaveLength(0);
    expect(await notificationsOf(fans[2]!.user.id, 'session_cancelled')).toHaveLength(0);
    const upcoming = (await gqlOk(fans[2]!.client, UPCOMING, { id: clubGlobalId(owner.user.id) })).club.upcomingSessions.nodes;
    expect(upcoming.find((s: { id: string }) => s.id === event.id)).toMatchObject({ cancelReason: 'Storm warning' });
    expect(refusalOf(await owner.client.gql(CANCEL, { i: { sessionId: event.id, reason: 'Again' } }), 'cancelSession').userErrors[0]!.message).toBe(M.alreadyCancelled);
  });

  it('tells the owner of a drop-out within 24 hours of the start, not earlier', async () => {
    const { owner, fans } = await approvedClubWithFans(2);
    const soon = await newEvent(owner, { startsAt: hours(20), endsAt: hours(22) });
    const later = await newEvent(owner, { startsAt: hours(50), endsAt: hours(52) });
    for (const e of [soon, later]) await answerOk(fans[0]!.client, e.id, 'GOING');
    await answerOk(fans[0]!.client, later.id, 'CANT', 'Injured');
    expect(await notificationsOf(owner.user.id, 'session_late_drop_out')).toHaveLength(0);
    await answerOk(fans[0]!.client, soon.id, 'CANT', 'Injured');
    const [note] = await notificationsOf(owner.user.id, 'session_late_drop_out');
    expect(note?.title).toBe("Fan 1 can't make it: Summer tournament");
    expect(note?.description).toContain('Injured');
    // A member who never said Going is no drop-out.
    await answerOk(fans[1]!.client, soon.id, 'CANT');
    expect(await notificationsOf(owner.user.id, 'session_late_drop_out')).toHaveLength(1);
  });
});

describe('training sessions', () => {
  const TUESDAY = { dayOfWeek: 2, startTime: '19:00', endTime: '20:30' };

  it('counts silent followers as going with attending by default, and an answer overrides it', async () => {
    const { owner, fans } = await approvedClubWithFans(3);
    await saveTimesOk(owner.client, [TUESDAY]);
    const settings = payloadOk<{ club: { attendingByDefault: boolean; reminderOffsetsMinutes: number[] } }>(
      await owner.client.gql(SETTINGS, { i: { attendingByDefault: true, reminderOffsetsMinutes: [120, 2880] } }),
      'updateClubSessionSettings',
    );
    expect(settings.club).toEqual({ attendingByDefault: true, reminderOffsetsMinutes: [2880, 120] });
    expect(refusalOf(await owner.client.gql(SETTINGS, { i: { attendingByDefault: true, reminderOffsetsMinutes: [7] } }), 'updateClubSessionSettings').userErrors[0]!.message).toBe(M.offsets);
    const first = (await gqlOk(owner.client, UPCOMING, { id: clubGlobalId(owner.user.id) })).club.upcomingSessions.nodes[0];
    expect(first).toMatchObject({ kind: 'SESSION', title: null, goingCount: 3 });
    expect(first.name).toMatch(/ training$/);
    expect((await gqlOk(fans[0]!.client, NODE, { id: first.id })).node.myAnswer).toMatchObject({ answer: 'GOING', byDefault: true });
    await answerOk(fans[0]!.client, first.id, 'CANT');
    expect((await gqlOk(owner.client, NODE, { id: first.id })).node.headCount).toEqual({ going: 2, cant: 1, waiting: 0, noAnswer: 0 });
  });

  it('keeps the sessions members answered when the meeting times change, and tells the owner', async () => {
    const { owner, fans } = await approvedClubWithFans(1);
    await saveTimesOk(owner.client, [TUESDAY]);
    const nodes = (await gqlOk(owner.client, UPCOMING, { id: clubGlobalId(owner.user.id) })).club.upcomingSessions.nodes;
    await answerOk(fans[0]!.client, nodes[1].id, 'GOING');
    await saveTimesOk(owner.client, [{ dayOfWeek: 3, startTime: '19:00', endTime: '20:30' }]);
    const after = await dbOf(server).select().from(clubSessions).where(eq(clubSessions.clubId, owner.user.id));
    const tuesdays = after.filter((s) => s.slotKey === '2-19:00-20:30');
    expect(tuesdays.map((s) => s.id)).toEqual([dbId(nodes[1].id)]);
    expect(tuesdays[0]!.movedAt).not.toBeNull();
    const [note] = await notificationsOf(owner.user.id, 'sessions_kept');
    expect(note?.title).toBe('A session members answered was kept');
    expect(note?.actionUrl).toBe('/club/dashboard?tab=sessions');
    // Saving again changes nothing more and tells nobody again.
    await saveTimesOk(owner.client, [{ dayOfWeek: 3, startTime: '19:00', endTime: '20:30' }]);
    expect(await notificationsOf(owner.user.id, 'sessions_kept')).toHaveLength(1);
  });
});
