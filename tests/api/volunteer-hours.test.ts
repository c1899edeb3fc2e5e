// Volunteer hours (issue 30 §3), from the words: hours come from accepted shifts (the club
// confirms attendance per shift, singly or in bulk, after it ends) or are claimed by the volunteer
// for a position they were accepted to (date, hours, note); the club approves or declines claims
// (with a reason), singly or in bulk, and may revoke approved hours; every decision is audited and
// the volunteer told. Bad input (over 24 hours a day, the future, a position never accepted to, a
// shift not ended) is a clear message and nothing changed. The dashboards' sums, who may do what
// (other volunteer, other club, anonymous, tokens by scope), and two owners deciding at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/client.js';
import { ApiClient, STRONG_PASSWORD } from '../helpers/client.js';
import { adminClient, dbOf, gqlOk, onlyError, onlyUserError } from '../helpers/messages.js';
import { collide } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createToken } from '../helpers/api-tokens.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';
import { accept, applyOk, clubWithOpportunity, liveOpportunity, uuid } from '../helpers/opportunities.js';
import {
  AWAITING,
  CLUB_HOURS,
  CLUB_SUMMARY,
  HOURS_NODE,
  HOURS_TEXT as T,
  MY_HOURS,
  MY_POSITIONS,
  MY_SUMMARY,
  approve,
  claim,
  dayIn,
  decline,
  hoursEvents,
  hoursRows,
  hoursSnapshot,
  insertShift,
  insertSignup,
  kindNotifications,
  markAttendance,
  revoke,
  signupGlobalId,
  type HoursView,
} from '../helpers/hours.js';

let server: TestServer;
let club: Awaited<ReturnType<typeof clubWithOpportunity>>;
let otherClub: Awaited<ReturnType<typeof clubWithOpportunity>>;
let volunteer: Volunteer;
let applicationId: string;
const ZONE = 'Europe/London';

/** A volunteer accepted to `positionId` of `owner`'s club, applied `daysAgo` days ago. */
async function acceptedVolunteer(owner: typeof club, positionId: string, daysAgo = 60, who?: Volunteer): Promise<{ volunteer: Volunteer; applicationId: string }> {
  const v = who ?? (await createVolunteer(server));
  // A position with shifts (the attendance tests add past ones) is applied to per shift: the
  // accepted application is written directly, as the shift tests' sign-ups are.
  const [shifted] = rowsOf<{ n: number }>(await dbOf(server).execute(sql`select count(*)::int as n from position_shifts where position_id = ${uuid(positionId)}`));
  if (shifted!.n > 0) {
    const [row] = rowsOf<{ id: string }>(
      await dbOf(server).execute(sql`insert into volunteer_applications (position_id, volunteer_id, club_id, message, status, applied_at)
        values (${uuid(positionId)}, ${v.user.id}, ${owner.clubUuid}, 'I would love to help out on Saturday mornings.', 'accepted', now() - make_interval(days => ${daysAgo}::int)) returning id`),
    );
    await dbOf(server).execute(sql`insert into volunteer_application_events (application_id, status, actor_id) values (${row!.id}, 'pending', ${v.user.id}), (${row!.id}, 'accepted', ${owner.clubUuid})`);
    return { volunteer: v, applicationId: row!.id };
  }
  const app = await applyOk(v.client, positionId);
  const answer = await accept(owner.client, app.id, 'Welcome');
  expect(answer.errors).toBeUndefined();
  await dbOf(server).execute(sql`update volunteer_applications set applied_at = now() - make_interval(days => ${daysAgo}::int) where id = ${uuid(app.id)}`);
  return { volunteer: v, applicationId: uuid(app.id) };
}

function hoursOf(answer: { errors?: unknown[]; data: any }, key: string): HoursView[] {
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  expect(answer.data[key].userErrors).toEqual([]);
  return answer.data[key].hours;
}

async function claimOk(v: Volunteer, input: Record<string, unknown>): Promise<HoursView> {
  const answer = await claim(v.client, input);
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  expect(answer.data.claimVolunteerHours.userErrors).toEqual([]);
  return answer.data.claimVolunteerHours.hours;
}

beforeAll(async () => {
  server = await startServer({}, { APPLICATION_LIMIT_PER_POSITION: '1000', APPLICATION_LIMIT_PER_VOLUNTEER: '1000', HOURS_CLAIM_LIMIT_PER_POSITION: '1000', HOURS_CLAIM_LIMIT_PER_VOLUNTEER: '1000' });
  club = await clubWithOpportunity(server, { clubName: 'Harbour Hawks', position: { title: 'Match Day Steward' } });
  otherClub = await clubWithOpportunity(server, { clubName: 'Riverside Rowers', position: { title: 'Boat Marshal' } });
  await dbOf(server).execute(sql`update clubs set time_zone = ${ZONE} where id in (${club.clubUuid}, ${otherClub.clubUuid})`);
  volunteer = await createVolunteer(server, { firstName: 'Alex', lastName: 'Morgan' });
  ({ applicationId } = await acceptedVolunteer(club, club.positionId, 60, volunteer));
}, 120_000);
afterAll(async () => {
  await server?.close();
});

describe('claims', () => {
  it('a volunteer claims hours for a position they were accepted to: pending, the note sanitised, audited, the club told', async () => {
    const day = await dayIn(server, ZONE, -3);
    const hours = await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 1.5, note: '<b>Helped</b> at the gate' });
    expect(hours).toMatchObject({ status: 'PENDING', source: 'CLAIM', workDate: day, minutes: 90, note: 'Helped at the gate', reason: null, decidedAt: null, positionTitle: 'Match Day Steward', clubName: 'Harbour Hawks', volunteerName: 'Alex Morgan' });
    const events = await hoursEvents(server, uuid(hours.id));
    expect(events).toEqual([{ action: 'claimed', actor_id: volunteer.user.id, reason: null }]);
    const told = await kindNotifications(server, club.clubUuid, 'volunteer_hours_claimed');
    expect(told.at(-1)).toMatchObject({ title: 'Hours to approve', description: 'Alex Morgan claimed 1.5 hours for Match Day Steward.' });
  });

  it('refuses a day in the future, before the application, or not a date, and changes nothing', async () => {
    const before = await hoursSnapshot(server);
    const tomorrow = await dayIn(server, ZONE, 1);
    expect(onlyUserError(await claim(volunteer.client, { positionId: club.positionId, workDate: tomorrow, hours: 1 }), 'claimVolunteerHours')).toMatchObject({ field: 'workDate', message: T.dateInFuture });
    const longAgo = await dayIn(server, ZONE, -61);
    expect(onlyUserError(await claim(volunteer.client, { positionId: club.positionId, workDate: longAgo, hours: 1 }), 'claimVolunteerHours')).toMatchObject({ field: 'workDate', message: T.dateBeforeApplication });
    expect(onlyError(await claim(volunteer.client, { positionId: club.positionId, workDate: '2026-02-30', hours: 1 })).message).toMatch(/Date must be a calendar date/);
    expect(await hoursSnapshot(server)).toBe(before);
  });

  it('refuses hours that are not above 0, over 24 or finer than a minute, and a note too long, and changes nothing', async () => {
    const before = await hoursSnapshot(server);
    const day = await dayIn(server, ZONE, -5);
    const refused = async (input: Record<string, unknown>) => onlyUserError(await claim(volunteer.client, { positionId: club.positionId, workDate: day, ...input }), 'claimVolunteerHours');
    expect(await refused({ hours: 0 })).toMatchObject({ field: 'hours', message: T.hoursPositive });
    expect(await refused({ hours: -2 })).toMatchObject({ field: 'hours', message: T.hoursPositive });
    expect(await refused({ hours: 24.5 })).toMatchObject({ field: 'hours', message: T.hoursMax });
    expect(await refused({ hours: 1.001 })).toMatchObject({ field: 'hours', message: T.hoursStep });
    expect(await refused({ hours: 1, note: 'x'.repeat(501) })).toMatchObject({ field: 'note', message: T.noteMax });
    expect(await hoursSnapshot(server)).toBe(before);
  });

  it("refuses more than 24 hours on one day across the volunteer's pending and approved hours, saying so; declined ones do not count", async () => {
    const day = await dayIn(server, ZONE, -10);
    const first = await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 20 });
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await claim(volunteer.client, { positionId: club.positionId, workDate: day, hours: 4.5 }), 'claimVolunteerHours')).toMatchObject({
      field: 'hours',
      message: T.dayOver(day, '20'),
    });
    expect(await hoursSnapshot(server)).toBe(before);
    // Exactly 24 is allowed.
    const second = await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 4 });
    hoursOf(await decline(club.client, [first.id, second.id], 'Not on the rota that day'), 'declineVolunteerHours');
    await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 8 });
  });

  it('refuses a claim for a position the volunteer was never accepted to (pending, rejected, never applied, another club), and changes nothing', async () => {
    const pendingPosition = await liveOpportunity(club.client, { title: 'Kit Manager' });
    await applyOk(volunteer.client, pendingPosition);
    const neverApplied = await liveOpportunity(club.client, { title: 'Groundskeeper' });
    const day = await dayIn(server, ZONE, 0);
    const before = await hoursSnapshot(server);
    for (const positionId of [pendingPosition, neverApplied, otherClub.positionId]) {
      expect(onlyUserError(await claim(volunteer.client, { positionId, workDate: day, hours: 1 }), 'claimVolunteerHours')).toMatchObject({ field: 'positionId', message: T.notAccepted });
    }
    expect(onlyUserError(await claim(volunteer.client, { positionId: 'not-an-id', workDate: day, hours: 1 }), 'claimVolunteerHours').message).toBe(T.notAccepted);
    expect(await hoursSnapshot(server)).toBe(before);
  });

  it('a volunteer once accepted (the history says so) may still claim after the application changed', async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Raffle Seller' });
    const { volunteer: v, applicationId: app } = await acceptedVolunteer(club, positionId, 5);
    await dbOf(server).execute(sql`update volunteer_applications set status = 'withdrawn' where id = ${app}`);
    const hours = await claimOk(v, { positionId, workDate: await dayIn(server, ZONE, -1), hours: 2 });
    expect(hours.status).toBe('PENDING');
    const positions = (await gqlOk(v.client, MY_POSITIONS)).myHoursPositions.nodes;
    expect(positions).toEqual([{ position: { id: positionId }, positionTitle: 'Raffle Seller', clubName: 'Harbour Hawks', appliedOn: await dayIn(server, ZONE, -5) }]);
  });
});

describe('decisions', () => {
  it('the club approves a claim: audited, the volunteer told; approving again is refused', async () => {
    const hours = await claimOk(volunteer, { positionId: club.positionId, workDate: await dayIn(server, ZONE, -2), hours: 3 });
    const [approved] = hoursOf(await approve(club.client, [hours.id]), 'approveVolunteerHours');
    expect(approved).toMatchObject({ id: hours.id, status: 'APPROVED', reason: null });
    expect(approved!.decidedAt).not.toBeNull();
    expect((await hoursEvents(server, uuid(hours.id))).map((e) => [e.action, e.actor_id])).toEqual([
      ['claimed', volunteer.user.id],
      ['approved', club.clubUuid],
    ]);
    expect((await kindNotifications(server, volunteer.user.id, 'volunteer_hours_decided')).at(-1)).toMatchObject({
      title: 'Hours approved',
      description: 'Harbour Hawks approved your 3 hours for Match Day Steward.',
      action_url: '/volunteer/dashboard?tab=hours',
    });
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await approve(club.client, [hours.id]), 'approveVolunteerHours')).toMatchObject({ field: 'ids.0', message: T.onlyPending });
    expect(await hoursSnapshot(server)).toBe(before);
  });

  it('declining needs a reason; the reason is kept, audited and told', async () => {
    const hours = await claimOk(volunteer, { positionId: club.positionId, workDate: await dayIn(server, ZONE, -2), hours: 1 });
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await decline(club.client, [hours.id], '   '), 'declineVolunteerHours')).toMatchObject({ field: 'reason', message: T.reasonRequired });
    expect(await hoursSnapshot(server)).toBe(before);
    const [declined] = hoursOf(await decline(club.client, [hours.id], 'We have no record of you that day'), 'declineVolunteerHours');
    expect(declined).toMatchObject({ status: 'DECLINED', reason: 'We have no record of you that day' });
    expect((await hoursEvents(server, uuid(hours.id))).at(-1)).toEqual({ action: 'declined', actor_id: club.clubUuid, reason: 'We have no record of you that day' });
    expect((await kindNotifications(server, volunteer.user.id, 'volunteer_hours_decided')).at(-1)).toMatchObject({
      title: 'Hours declined',
      description: 'Harbour Hawks declined your 1 hours for Match Day Steward: We have no record of you that day',
    });
  });

  it('bulk approval is all or nothing: one item already decided refuses the call, naming it', async () => {
    const day = await dayIn(server, ZONE, -4);
    const a = await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 1 });
    const b = await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 1 });
    const c = await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 1 });
    hoursOf(await approve(club.client, [c.id]), 'approveVolunteerHours');
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await approve(club.client, [a.id, b.id, c.id]), 'approveVolunteerHours')).toMatchObject({ field: 'ids.2', message: T.item(3, T.onlyPending) });
    expect(await hoursSnapshot(server)).toBe(before);
    const both = hoursOf(await approve(club.client, [a.id, b.id]), 'approveVolunteerHours');
    expect(both.map((x) => [x.id, x.status])).toEqual([
      [a.id, 'APPROVED'],
      [b.id, 'APPROVED'],
    ]);
  });

  it('bulk decline with a reason declines each one and tells each volunteer', async () => {
    const day = await dayIn(server, ZONE, -6);
    const a = await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 2 });
    const b = await claimOk(volunteer, { positionId: club.positionId, workDate: day, hours: 2.25 });
    const told = (await kindNotifications(server, volunteer.user.id, 'volunteer_hours_decided')).length;
    const declined = hoursOf(await decline(club.client, [a.id, b.id], 'Duplicate of the shift'), 'declineVolunteerHours');
    expect(declined.map((x) => x.status)).toEqual(['DECLINED', 'DECLINED']);
    expect((await kindNotifications(server, volunteer.user.id, 'volunteer_hours_decided')).length).toBe(told + 2);
  });

  it('the club revokes approved hours with a reason (audited, told); pending ones cannot be revoked', async () => {
    const hours = await claimOk(volunteer, { positionId: club.positionId, workDate: await dayIn(server, ZONE, -7), hours: 2 });
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await revoke(club.client, [hours.id], 'Mistake'), 'revokeVolunteerHours')).toMatchObject({ message: T.onlyApproved });
    expect(await hoursSnapshot(server)).toBe(before);
    hoursOf(await approve(club.client, [hours.id]), 'approveVolunteerHours');
    const [revoked] = hoursOf(await revoke(club.client, [hours.id], 'Approved by mistake'), 'revokeVolunteerHours');
    expect(revoked).toMatchObject({ status: 'REVOKED', reason: 'Approved by mistake' });
    expect((await hoursEvents(server, uuid(hours.id))).map((e) => e.action)).toEqual(['claimed', 'approved', 'revoked']);
    expect((await kindNotifications(server, volunteer.user.id, 'volunteer_hours_decided')).at(-1)?.title).toBe('Hours revoked');
  });
});

describe('attendance', () => {
  async function endedPlace(spec: { startsAt: Date; endsAt: Date; cancelled?: boolean; status?: string; who?: { volunteer: Volunteer; applicationId: string } } = { startsAt: new Date(Date.now() - 5 * 3600_000), endsAt: new Date(Date.now() - 2 * 3600_000) }) {
    const who = spec.who ?? { volunteer, applicationId };
    const shiftId = await insertShift(server, { positionId: uuid(club.positionId), clubId: club.clubUuid, startsAt: spec.startsAt, endsAt: spec.endsAt, cancelled: spec.cancelled });
    const signupId = await insertSignup(server, { shiftId, applicationId: who.applicationId, positionId: uuid(club.positionId), volunteerId: who.volunteer.user.id, clubId: club.clubUuid, status: spec.status });
    return signupId;
  }
  const past = (hoursAgo: number, length: number) => ({ startsAt: new Date(Date.now() - hoursAgo * 3600_000), endsAt: new Date(Date.now() - (hoursAgo - length) * 3600_000) });

  it("attended records the shift's hours, approved, on the shift's day on the club's wall clock; absent revokes them; each audited", async () => {
    // 23:30 UTC on 10 January is 08:30 on 11 January in Tokyo: the club's day counts.
    await dbOf(server).execute(sql`update clubs set time_zone = 'Asia/Tokyo' where id = ${club.clubUuid}`);
    try {
      const signup = await endedPlace({ startsAt: new Date('2026-01-10T23:30:00Z'), endsAt: new Date('2026-01-11T02:15:00Z') });
      expect((await gqlOk(club.client, AWAITING)).clubShiftsAwaitingAttendance.nodes.map((i: { id: string }) => i.id)).toContain(signupGlobalId(signup));
      const answer = await markAttendance(club.client, [signupGlobalId(signup)], 'ATTENDED');
      expect(answer.errors).toBeUndefined();
      expect(answer.data.markShiftAttendance.signups).toEqual([
        expect.objectContaining({ id: signupGlobalId(signup), attendance: 'ATTENDED', volunteer: { name: 'Alex Morgan' }, shift: expect.objectContaining({ position: { title: 'Match Day Steward' } }) }),
      ]);
      const row = (await hoursRows(server, volunteer.user.id)).find((r) => r.shift_signup_id === signup)!;
      expect(row).toMatchObject({ source: 'shift', status: 'approved', minutes: 165, work_date: '2026-01-11' });
      expect((await hoursEvents(server, row.id)).map((e) => [e.action, e.actor_id])).toEqual([['confirmed', club.clubUuid]]);
      expect((await gqlOk(club.client, AWAITING)).clubShiftsAwaitingAttendance.nodes.map((i: { id: string }) => i.id)).not.toContain(signupGlobalId(signup));

      // Marking attended again changes nothing.
      const before = await hoursSnapshot(server);
      expect((await markAttendance(club.client, [signupGlobalId(signup)], 'ATTENDED')).data.markShiftAttendance.userErrors).toEqual([]);
      expect((await hoursRows(server, volunteer.user.id)).filter((r) => r.shift_signup_id === signup)).toHaveLength(1);
      expect((await hoursEvents(server, row.id)).length).toBe(1);
      expect(JSON.parse(before).hours).toEqual(JSON.parse(await hoursSnapshot(server)).hours);

      expect((await markAttendance(club.client, [signupGlobalId(signup)], 'ABSENT')).data.markShiftAttendance.signups[0].attendance).toBe('ABSENT');
      expect((await hoursRows(server, volunteer.user.id)).find((r) => r.id === row.id)).toMatchObject({ status: 'revoked', reason: 'Marked absent' });
      expect((await markAttendance(club.client, [signupGlobalId(signup)], 'ATTENDED')).data.markShiftAttendance.userErrors).toEqual([]);
      expect((await hoursRows(server, volunteer.user.id)).find((r) => r.id === row.id)).toMatchObject({ status: 'approved', reason: null });
      expect((await hoursEvents(server, row.id)).map((e) => e.action)).toEqual(['confirmed', 'revoked', 'confirmed']);
    } finally {
      await dbOf(server).execute(sql`update clubs set time_zone = ${ZONE} where id = ${club.clubUuid}`);
    }
  });

  it('before the shift ends, on a cancelled shift, or for a place not accepted: a clear message, nothing changed', async () => {
    const running = await endedPlace({ startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 3600_000) });
    const cancelled = await endedPlace({ ...past(30, 2), cancelled: true });
    const other = await acceptedVolunteer(club, club.positionId, 10);
    const waitlisted = await endedPlace({ ...past(40, 2), status: 'waitlisted', who: other });
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await markAttendance(club.client, [signupGlobalId(running)], 'ATTENDED'), 'markShiftAttendance')).toMatchObject({ field: 'ids.0', message: T.shiftNotEnded });
    expect(onlyUserError(await markAttendance(club.client, [signupGlobalId(cancelled)], 'ATTENDED'), 'markShiftAttendance').message).toBe(T.shiftCancelled);
    expect(onlyUserError(await markAttendance(club.client, [signupGlobalId(waitlisted)], 'ATTENDED'), 'markShiftAttendance').message).toBe(T.signupNotAccepted);
    expect(await hoursSnapshot(server)).toBe(before);
  });

  it('bulk attendance is all or nothing, naming the bad item; then every place at once', async () => {
    const second = await acceptedVolunteer(club, club.positionId, 10);
    const a = await endedPlace(past(50, 3));
    const b = await endedPlace({ ...past(50, 3), who: second });
    const running = await endedPlace({ startsAt: new Date(Date.now() - 3600_000), endsAt: new Date(Date.now() + 3600_000), who: await acceptedVolunteer(club, club.positionId, 10) });
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await markAttendance(club.client, [a, running, b].map(signupGlobalId), 'ATTENDED'), 'markShiftAttendance')).toMatchObject({
      field: 'ids.1',
      message: T.item(2, T.shiftNotEnded),
    });
    expect(await hoursSnapshot(server)).toBe(before);
    const answer = await markAttendance(club.client, [a, b].map(signupGlobalId), 'ATTENDED');
    expect(answer.data.markShiftAttendance.signups.map((i: { attendance: string }) => i.attendance)).toEqual(['ATTENDED', 'ATTENDED']);
    expect((await hoursRows(server, second.volunteer.user.id)).filter((r) => r.shift_signup_id === b)).toEqual([expect.objectContaining({ minutes: 180, status: 'approved' })]);
  });

  it("another club's owner cannot mark this club's places (NOT_FOUND), a member without a club is FORBIDDEN, anonymous UNAUTHENTICATED", async () => {
    const place = await endedPlace(past(70, 1));
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await markAttendance(otherClub.client, [signupGlobalId(place)], 'ATTENDED'), 'markShiftAttendance')).toMatchObject({ code: 'NOT_FOUND', message: T.signupNotFound });
    expect(onlyError(await markAttendance(volunteer.client, [signupGlobalId(place)], 'ATTENDED'))).toMatchObject({ message: T.noClub, extensions: { code: 'FORBIDDEN' } });
    expect(onlyError(await markAttendance(new ApiClient(server.url), [signupGlobalId(place)], 'ATTENDED')).extensions?.code).toBe('UNAUTHENTICATED');
    expect(await hoursSnapshot(server)).toBe(before);
  });
});

describe('who may decide and see', () => {
  it("another club cannot decide this club's hours (NOT_FOUND), a volunteer is FORBIDDEN, anonymous UNAUTHENTICATED; nothing changes", async () => {
    const hours = await claimOk(volunteer, { positionId: club.positionId, workDate: await dayIn(server, ZONE, -8), hours: 1 });
    const before = await hoursSnapshot(server);
    expect(onlyUserError(await approve(otherClub.client, [hours.id]), 'approveVolunteerHours')).toMatchObject({ code: 'NOT_FOUND', message: T.hoursNotFound });
    expect(onlyUserError(await decline(otherClub.client, [hours.id], 'No'), 'declineVolunteerHours').code).toBe('NOT_FOUND');
    expect(onlyError(await approve(volunteer.client, [hours.id])).extensions?.code).toBe('FORBIDDEN');
    expect(onlyError(await approve(new ApiClient(server.url), [hours.id])).extensions?.code).toBe('UNAUTHENTICATED');
    expect(onlyError(await claim(new ApiClient(server.url), { positionId: club.positionId, workDate: await dayIn(server, ZONE, 0), hours: 1 })).extensions?.code).toBe('UNAUTHENTICATED');
    expect(await hoursSnapshot(server)).toBe(before);
  });

  it('node(id): the volunteer, the club and administrators see hours; another volunteer and another club get null', async () => {
    const hours = await claimOk(volunteer, { positionId: club.positionId, workDate: await dayIn(server, ZONE, -8), hours: 1 });
    const stranger = await createVolunteer(server);
    const admin = await adminClient(server.url);
    for (const client of [volunteer.client, club.client, admin]) expect((await gqlOk(client, HOURS_NODE, { id: hours.id })).node).toEqual({ id: hours.id, status: 'PENDING', minutes: 60 });
    for (const client of [stranger.client, otherClub.client]) expect((await gqlOk(client, HOURS_NODE, { id: hours.id })).node).toBeNull();
  });

  it('tokens by scope: claiming needs volunteer:write, deciding club:write; read tokens read', async () => {
    const day = await dayIn(server, ZONE, -9);
    const readOnly = await createToken(volunteer.client, ['READ']);
    const before = await hoursSnapshot(server);
    expect(onlyError(await claim(volunteer.client, { positionId: club.positionId, workDate: day, hours: 1 }, readOnly.secret)).extensions?.code).toBe('FORBIDDEN');
    expect(await hoursSnapshot(server)).toBe(before);
    expect((await volunteer.client.gql(MY_SUMMARY, {}, { token: readOnly.secret })).errors).toBeUndefined();
    const writer = await createToken(volunteer.client, ['READ', 'VOLUNTEER_WRITE']);
    const answer = await claim(volunteer.client, { positionId: club.positionId, workDate: day, hours: 1 }, writer.secret);
    const id = answer.data.claimVolunteerHours.hours.id as string;
    const clubRead = await createToken(club.client, ['READ']);
    expect(onlyError(await approve(club.client, [id], clubRead.secret)).extensions?.code).toBe('FORBIDDEN');
    const clubWrite = await createToken(club.client, ['READ', 'CLUB_WRITE']);
    expect(hoursOf(await approve(club.client, [id], clubWrite.secret), 'approveVolunteerHours')[0]!.status).toBe('APPROVED');
  });

  it('a member without a club asking for club hours is FORBIDDEN', async () => {
    for (const query of [CLUB_HOURS, CLUB_SUMMARY, AWAITING]) expect(onlyError(await volunteer.client.gql(query, {})).extensions?.code).toBe('FORBIDDEN');
  });
});

describe('two owner sessions deciding at once', () => {
  it('approve and decline of one claim at the same moment: exactly one decision, one audit event and one notification', async () => {
    const second = new ApiClient(server.url);
    expect((await second.signIn(club.email, STRONG_PASSWORD)).body.success).toBe(true);
    for (let round = 0; round < 3; round++) {
      const hours = await claimOk(volunteer, { positionId: club.positionId, workDate: await dayIn(server, ZONE, -11 - round), hours: 1 });
      const told = (await kindNotifications(server, volunteer.user.id, 'volunteer_hours_decided')).length;
      const send = () => [approve(club.client, [hours.id]), decline(second, [hours.id], 'Not that day')];
      const { results, waiting } = server.db.url
        ? await collide(
            server.db.url,
            (tx) => tx`select id from volunteer_hours where id = ${uuid(hours.id)} for update`,
            async (watcher) => {
              const [row] = await watcher`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "volunteer_hours"%'`;
              return row!.n as number;
            },
            2,
            send,
          )
        : { results: await Promise.all(send()), waiting: 2 };
      expect(waiting, `round ${round}`).toBe(2);
      const outcomes = results.map((r, i) => {
        const key = i === 0 ? 'approveVolunteerHours' : 'declineVolunteerHours';
        return r.data[key].hours ? 'decided' : r.data[key].userErrors[0].message;
      });
      expect(outcomes.sort()).toEqual([T.onlyPending, 'decided'].sort());
      const events = await hoursEvents(server, uuid(hours.id));
      expect(events.filter((e) => e.action !== 'claimed')).toHaveLength(1);
      expect((await kindNotifications(server, volunteer.user.id, 'volunteer_hours_decided')).length).toBe(told + 1);
    }
  });
});

describe('dashboards', () => {
  it("the volunteer sees approved hours per club and per month and a total, and their claims with status and reason", async () => {
    const v = await createVolunteer(server, { firstName: 'Sam', lastName: 'Lee' });
    const here = await acceptedVolunteer(club, club.positionId, 90, v);
    await acceptedVolunteer(otherClub, otherClub.positionId, 90, v);
    const days = [await dayIn(server, ZONE, -1), await dayIn(server, ZONE, -40)];
    const a = await claimOk(v, { positionId: club.positionId, workDate: days[0], hours: 2.5 });
    const b = await claimOk(v, { positionId: otherClub.positionId, workDate: days[1], hours: 1 });
    const c = await claimOk(v, { positionId: club.positionId, workDate: days[1], hours: 3 });
    const d = await claimOk(v, { positionId: club.positionId, workDate: days[0], hours: 4 });
    hoursOf(await approve(club.client, [a.id, c.id]), 'approveVolunteerHours');
    hoursOf(await approve(otherClub.client, [b.id]), 'approveVolunteerHours');
    hoursOf(await decline(club.client, [d.id], 'Too many hours'), 'declineVolunteerHours');
    expect(here.applicationId).toBeTruthy();

    const summary = (await gqlOk(v.client, MY_SUMMARY)).myVolunteerHoursSummary;
    expect(summary.totalMinutes).toBe(390);
    expect(summary.totalHours).toBe(6.5);
    expect(summary.byClub).toEqual([
      { club: { id: club.clubId }, clubName: 'Harbour Hawks', minutes: 330, hours: 5.5 },
      { club: { id: otherClub.clubId }, clubName: 'Riverside Rowers', minutes: 60, hours: 1 },
    ]);
    const months = new Map<string, number>();
    for (const [day, minutes] of [[days[0], 150], [days[1], 60], [days[1], 180]] as const) months.set(day.slice(0, 7), (months.get(day.slice(0, 7)) ?? 0) + minutes);
    expect(summary.byMonth).toEqual([...months].sort((x, y) => y[0].localeCompare(x[0])).map(([month, minutes]) => ({ month, minutes, hours: Math.round((minutes / 60) * 100) / 100 })));

    const mine = (await gqlOk(v.client, MY_HOURS, { first: 10 })).myVolunteerHours;
    expect(mine.totalCount).toBe(4);
    expect(mine.edges.map((e: { node: HoursView }) => e.node).find((n: HoursView) => n.id === d.id)).toMatchObject({ status: 'DECLINED', reason: 'Too many hours' });
    expect((await gqlOk(v.client, MY_HOURS, { status: 'APPROVED' })).myVolunteerHours.totalCount).toBe(3);
    // Newest day first, paged by keyset: the two pages hold every row once.
    const PAGE = 'query P($first: Int, $after: String) { myVolunteerHours(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { id workDate } } }';
    const first = (await gqlOk(v.client, PAGE, { first: 3 })).myVolunteerHours;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await gqlOk(v.client, PAGE, { first: 3, after: first.pageInfo.endCursor })).myVolunteerHours;
    expect(second.pageInfo.hasNextPage).toBe(false);
    const all = [...first.nodes, ...second.nodes] as Array<{ id: string; workDate: string }>;
    expect(new Set(all.map((n) => n.id)).size).toBe(4);
    expect(all.map((n) => n.workDate)).toEqual([...all.map((n) => n.workDate)].sort().reverse());
    expect(onlyError(await v.client.gql(PAGE, { first: 3, after: 'not-a-cursor' })).message).toBe('Invalid cursor: pass a cursor this list gave you.');
  });

  it('the club sees approved hours per volunteer and per position, and its hours list', async () => {
    const summary = (await gqlOk(otherClub.client, CLUB_SUMMARY)).clubVolunteerHoursSummary;
    expect(summary).toMatchObject({ totalMinutes: 60, totalHours: 1 });
    expect(summary.byVolunteer).toEqual([expect.objectContaining({ volunteerName: 'Sam Lee', minutes: 60, hours: 1 })]);
    expect(summary.byPosition).toEqual([{ position: { id: otherClub.positionId }, positionTitle: 'Boat Marshal', minutes: 60, hours: 1 }]);
    const list = (await gqlOk(otherClub.client, CLUB_HOURS, { first: 5 })).clubVolunteerHours;
    expect(list.edges.map((e: { node: HoursView }) => e.node.volunteerName)).toEqual(['Sam Lee']);
    const mainSummary = (await gqlOk(club.client, CLUB_SUMMARY)).clubVolunteerHoursSummary;
    expect(mainSummary.byVolunteer.map((r: { volunteerName: string }) => r.volunteerName)).toContain('Alex Morgan');
    expect(mainSummary.totalMinutes).toBe(mainSummary.byPosition.reduce((s: number, r: { minutes: number }) => s + r.minutes, 0));
  });
});

describe('platform analytics', () => {
  it('administrators see approved volunteer hours per month, the current month last', async () => {
    const admin = await adminClient(server.url);
    const data = await gqlOk(admin, '{ adminAnalytics { volunteerHours { month minutes hours } } }');
    const months = data.adminAnalytics.volunteerHours as Array<{ month: string; minutes: number; hours: number }>;
    expect(months).toHaveLength(12);
    const [row] = (await dbOf(server).execute(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM') as month,
      (select coalesce(sum(minutes), 0)::int from volunteer_hours where status = 'approved' and to_char(work_date, 'YYYY-MM') = to_char(now() at time zone 'UTC', 'YYYY-MM')) as minutes`)) as unknown as Array<{ month: string; minutes: number }>;
    expect(months.at(-1)).toEqual({ month: row!.month, minutes: Number(row!.minutes), hours: Math.round((Number(row!.minutes) / 60) * 100) / 100 });
    expect(months.reduce((s, m) => s + m.minutes, 0)).toBeGreaterThan(0);
    expect(onlyError(await volunteer.client.gql('{ adminAnalytics { volunteerHours { month } } }')).extensions?.code).toBe('FORBIDDEN');
  });
});

describe('account deletion', () => {
  it("deleting a volunteer's account removes their hours and their audit", async () => {
    const v = await createVolunteer(server);
    await acceptedVolunteer(club, club.positionId, 10, v);
    const hours = await claimOk(v, { positionId: club.positionId, workDate: await dayIn(server, ZONE, -1), hours: 1 });
    hoursOf(await approve(club.client, [hours.id]), 'approveVolunteerHours');
    const answer = await v.client.gql('mutation D($input: DeleteMyAccountInput!) { deleteMyAccount(input: $input) { userErrors { message } } }', { input: { password: STRONG_PASSWORD } });
    expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
    expect(answer.data.deleteMyAccount.userErrors).toEqual([]);
    expect(await hoursRows(server, v.user.id)).toEqual([]);
    expect(await hoursEvents(server, uuid(hours.id))).toEqual([]);
    // The club's sums go on without them.
    expect((await gqlOk(club.client, CLUB_SUMMARY)).clubVolunteerHoursSummary.byVolunteer.length).toBeGreaterThan(0);
  });
});
