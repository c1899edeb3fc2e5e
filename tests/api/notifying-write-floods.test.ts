// Floods that reach other people through the later features (issue 25, item 9: "Every write that
// notifies or mails someone else is reviewed for the same flood … and has a limit or a reason in
// docs/API.md why it needs none"). Each test repeats a cheap write that tells another member and
// checks that the other member hears of it a bounded number of times (one bell entry and one email
// per collapse window), that a refused call answers RATE_LIMITED saying when to try again, and that
// a refused call changes nothing. Run with the defaults an operator gets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { mailOutbox, notifications, shiftSwaps, volunteerHours } from '../../server/src/db/schema/index.js';
import type { ApiClient, GqlAnswer } from '../helpers/client.js';
import { newMember } from '../helpers/client.js';
import { clubGlobalId, newClubOwner, payloadOk } from '../helpers/clubs.js';
import { claim, dayIn } from '../helpers/hours.js';
import { dbOf } from '../helpers/messages.js';
import { accept, applyOk, clubWithOpportunity, GOOD_MESSAGE, liveOpportunity, payload, uuid } from '../helpers/opportunities.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({}, { APPLICATION_LIMIT_PER_POSITION: '1000', APPLICATION_LIMIT_PER_VOLUNTEER: '1000' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

function refusedByLimit(answer: GqlAnswer, pattern: RegExp): boolean {
  const error = answer.errors?.[0];
  if (!error) return false;
  expect(answer.errors).toHaveLength(1);
  expect(error.extensions?.code).toBe('RATE_LIMITED');
  expect(error.message).toMatch(pattern);
  return true;
}

const bell = (userId: string, kind: string) => dbOf(server).select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const mailsTo = async (email: string, subject: RegExp) => (await dbOf(server).select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) => subject.test(m.subject));

// ---- shift swaps --------------------------------------------------------------------------------

const ERRORS = 'userErrors { field code message }';
const ADD = `mutation($i: AddPositionShiftsInput!) { addPositionShifts(input: $i) { shifts { id } ${ERRORS} } }`;
const APPLY = `mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id shiftSignups { id } } ${ERRORS} } }`;
const DECIDE = `mutation($i: DecideShiftSignupInput!) { decideShiftSignup(input: $i) { signup { id status } ${ERRORS} } }`;
const DROP = `mutation($i: WithdrawShiftSignupInput!) { withdrawShiftSignup(input: $i) { signup { id status } ${ERRORS} } }`;
const PROPOSE = `mutation($i: ProposeShiftSwapInput!) { proposeShiftSwap(input: $i) { swap { id status } ${ERRORS} } }`;
const CANCEL_SWAP = `mutation($i: CancelShiftSwapInput!) { cancelShiftSwap(input: $i) { swap { id status } ${ERRORS} } }`;

const inDays = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};

async function addShift(owner: { client: ApiClient }, positionId: string, day: number): Promise<string> {
  const shifts = payload<Array<{ id: string }>>(await owner.client.gql(ADD, { i: { positionId, startsAt: inDays(day, 10).toISOString(), endsAt: inDays(day, 12).toISOString(), places: 1 } }), 'addPositionShifts', 'shifts');
  return shifts[0]!.id;
}
async function signUp(v: Volunteer, positionId: string, shiftIds: string[]): Promise<string[]> {
  const app = payload<{ shiftSignups: Array<{ id: string }> }>(await v.client.gql(APPLY, { i: { positionId, message: GOOD_MESSAGE, shiftIds } }), 'applyToOpportunity', 'application');
  return app.shiftSignups.map((s) => s.id);
}

describe('proposeShiftSwap / cancelShiftSwap cycles (issue 25, item 9)', () => {
  it('20 propose/cancel cycles to one volunteer: 3 pass, the rest are RATE_LIMITED with when to try again and change nothing; the other volunteer gets 1 notification and at most 1 email, not 20', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Swap Swifts' });
    const positionId = await liveOpportunity(owner.client, { title: 'Swap Flood Steward' });
    const [s1, s2] = [await addShift(owner, positionId, 11), await addShift(owner, positionId, 12)];
    const [a, b] = [await createVolunteer(server, { firstName: 'Sam', lastName: 'Swapper' }), await createVolunteer(server, { firstName: 'Bo', lastName: 'Asked' })];
    const [sa] = await signUp(a, positionId, [s1]);
    const [sb] = await signUp(b, positionId, [s2]);
    for (const id of [sa!, sb!]) payload(await owner.client.gql(DECIDE, { i: { id, decision: 'ACCEPT' } }), 'decideShiftSignup', 'signup');
    const swapRows = async () => Number((await dbOf(server).select({ n: count() }).from(shiftSwaps).where(eq(shiftSwaps.proposedBy, a.user.id)))[0]!.n);

    let passed = 0;
    let refused = 0;
    for (let cycle = 0; cycle < 20; cycle++) {
      const before = { swaps: await swapRows(), bell: (await bell(b.user.id, 'volunteer_shift_swap')).length };
      const proposed = await a.client.gql(PROPOSE, { i: { signupId: sa, withSignupId: sb } });
      if (refusedByLimit(proposed, /^You have proposed too many shift swaps in a short while\. Please try again in \d+ minutes?\.$/)) {
        refused++;
        expect({ swaps: await swapRows(), bell: (await bell(b.user.id, 'volunteer_shift_swap')).length }).toEqual(before);
        continue;
      }
      const swap = payload<{ id: string }>(proposed, 'proposeShiftSwap', 'swap');
      payload(await a.client.gql(CANCEL_SWAP, { i: { id: swap.id } }), 'cancelShiftSwap', 'swap');
      passed++;
    }
    while ((await server.clubroom.mailWorker.runOnce()) > 0);
    const told = await bell(b.user.id, 'volunteer_shift_swap');
    const mails = await mailsTo(b.email, /swap/i);
    console.info(`20 propose/cancel swap cycles: ${passed} passed, ${refused} refused; the asked volunteer got ${told.length} notifications and ${mails.length} emails`);
    expect(passed).toBe(3);
    expect(refused).toBe(17);
    expect(told).toHaveLength(1);
    expect(mails.length).toBeLessThanOrEqual(1);
  }, 120_000);

  it('counts per proposer over everyone: the 11th proposal within the hour is refused whoever it asks', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Swap Sparrows' });
    const positionId = await liveOpportunity(owner.client, { title: 'Many Swaps' });
    const shifts: string[] = [];
    for (let day = 0; day < 5; day++) shifts.push(await addShift(owner, positionId, 20 + day));
    const proposer = await createVolunteer(server, { firstName: 'Pat', lastName: 'Proposer' });
    const [mine] = await signUp(proposer, positionId, [shifts[0]!]);
    payload(await owner.client.gql(DECIDE, { i: { id: mine, decision: 'ACCEPT' } }), 'decideShiftSignup', 'signup');
    const others: string[] = [];
    for (let i = 1; i < 5; i++) {
      const v = await createVolunteer(server, { firstName: `Other${i}`, lastName: 'Volunteer' });
      const [theirs] = await signUp(v, positionId, [shifts[i]!]);
      payload(await owner.client.gql(DECIDE, { i: { id: theirs, decision: 'ACCEPT' } }), 'decideShiftSignup', 'signup');
      others.push(theirs!);
    }
    let passed = 0;
    let refused = 0;
    for (let round = 0; round < 3; round++) {
      for (const theirs of others) {
        const proposed = await proposer.client.gql(PROPOSE, { i: { signupId: mine, withSignupId: theirs } });
        if (refusedByLimit(proposed, /^You have proposed too many shift swaps in a short while\. Please try again in \d+ minutes?\.$/)) {
          refused++;
          continue;
        }
        const swap = payload<{ id: string }>(proposed, 'proposeShiftSwap', 'swap');
        payload(await proposer.client.gql(CANCEL_SWAP, { i: { id: swap.id } }), 'cancelShiftSwap', 'swap');
        passed++;
      }
    }
    expect(passed).toBe(10);
    expect(refused).toBe(2);
  }, 120_000);
});

describe('withdrawShiftSignup (issue 25, item 9)', () => {
  it('a volunteer dropping 6 shifts one by one: the club gets 1 withdrawal notification (the latest) and at most 1 email, not 6', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Drop Doves' });
    const positionId = await liveOpportunity(owner.client, { title: 'Drop Flood Steward' });
    const shifts: string[] = [];
    for (let day = 0; day < 6; day++) shifts.push(await addShift(owner, positionId, 30 + day));
    const v = await createVolunteer(server, { firstName: 'Dee', lastName: 'Dropper' });
    const signups = await signUp(v, positionId, shifts);
    for (const id of signups) payload(await v.client.gql(DROP, { i: { id } }), 'withdrawShiftSignup', 'signup');
    while ((await server.clubroom.mailWorker.runOnce()) > 0);
    const told = await bell(owner.clubUuid, 'volunteer_application_withdrawn');
    expect(told).toHaveLength(1);
    expect((await mailsTo(owner.email, /Drop Flood Steward/)).filter((m) => !/New volunteer application/.test(m.subject)).length).toBeLessThanOrEqual(1);
  }, 120_000);
});

// ---- hours claims -------------------------------------------------------------------------------

describe('claimVolunteerHours (issue 25, item 9)', () => {
  it('20 small claims for one position: 10 pass, the rest are RATE_LIMITED with when to try again and write nothing; the club gets 1 notification and at most 1 email, not 20', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Claim Cranes', position: { title: 'Claim Flood Steward' } });
    const v = await createVolunteer(server, { firstName: 'Cal', lastName: 'Claimer' });
    const app = await applyOk(v.client, owner.positionId);
    expect((await accept(owner.client, app.id, 'Welcome')).errors).toBeUndefined();
    await dbOf(server).execute(sql`update volunteer_applications set applied_at = now() - interval '30 days' where id = ${uuid(app.id)}`);
    const day = await dayIn(server, 'UTC', -2);
    const rows = async () => Number((await dbOf(server).select({ n: count() }).from(volunteerHours).where(eq(volunteerHours.volunteerId, v.user.id)))[0]!.n);

    let passed = 0;
    let refused = 0;
    for (let i = 0; i < 20; i++) {
      const before = { rows: await rows(), bell: (await bell(owner.clubUuid, 'volunteer_hours_claimed')).length };
      const answer = await claim(v.client, { positionId: owner.positionId, workDate: day, hours: 0.25 });
      if (refusedByLimit(answer, /^You have claimed hours too many times in a short while\. Please try again in \d+ minutes?\.$/)) {
        refused++;
        expect({ rows: await rows(), bell: (await bell(owner.clubUuid, 'volunteer_hours_claimed')).length }).toEqual(before);
        continue;
      }
      expect(answer.data.claimVolunteerHours.userErrors).toEqual([]);
      passed++;
    }
    while ((await server.clubroom.mailWorker.runOnce()) > 0);
    const told = await bell(owner.clubUuid, 'volunteer_hours_claimed');
    const mails = await mailsTo(owner.email, /^Hours to approve: Claim Flood Steward$/);
    console.info(`20 hours claims: ${passed} passed, ${refused} refused; the club got ${told.length} notifications and ${mails.length} emails`);
    expect(passed).toBe(10);
    expect(refused).toBe(10);
    expect(await rows()).toBe(10);
    expect(told).toHaveLength(1);
    expect(mails.length).toBeLessThanOrEqual(1);
  }, 120_000);
});

// ---- sessions -----------------------------------------------------------------------------------

const SESSION_FIELDS = 'id myAnswer { answer }';
const ANSWER = `mutation($i: AnswerSessionInput!) { answerSession(input: $i) { session { ${SESSION_FIELDS} } ${ERRORS} } }`;
const CREATE_EVENT = `mutation($i: ClubEventInput!) { createClubEvent(input: $i) { session { ${SESSION_FIELDS} } ${ERRORS} } }`;
const MOVE = `mutation($i: MoveSessionInput!) { moveSession(input: $i) { session { ${SESSION_FIELDS} } ${ERRORS} } }`;
const FOLLOW = 'mutation($i: ClubFollowInput!) { followClub(input: $i) { club { id } userErrors { message } } }';
const inHours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

async function clubEvent(startsIn: number) {
  const owner = await newClubOwner(server, { status: 'approved' });
  const fan = await newMember(server.url, { fullName: 'Toggling Fan' });
  payloadOk(await fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub');
  const event = payloadOk<{ session: { id: string } }>(
    await owner.client.gql(CREATE_EVENT, { i: { title: 'Flood cup', description: '<p>Come</p>', place: 'Main pitch', startsAt: inHours(startsIn), endsAt: inHours(startsIn + 2), capacity: null } }),
    'createClubEvent',
  ).session;
  return { owner, fan, event };
}

describe('answerSession going / can’t make it toggles (issue 25, item 9)', () => {
  it("15 going/can't cycles within 24 hours of the start: every answer is taken, and the owner gets 1 drop-out notification (the latest) and at most 1 email, not 15", async () => {
    const { owner, fan, event } = await clubEvent(20);
    for (let i = 0; i < 15; i++) {
      payloadOk(await fan.client.gql(ANSWER, { i: { sessionId: event.id, answer: 'GOING' } }), 'answerSession');
      const cant = payloadOk<{ session: { myAnswer: { answer: string } } }>(await fan.client.gql(ANSWER, { i: { sessionId: event.id, answer: 'CANT', reason: `Reason ${i}` } }), 'answerSession');
      expect(cant.session.myAnswer.answer).toBe('CANT');
    }
    while ((await server.clubroom.mailWorker.runOnce()) > 0);
    const told = await bell(owner.user.id, 'session_late_drop_out');
    expect(told).toHaveLength(1);
    expect(told[0]!.description).toContain('Reason 14');
    expect((await mailsTo(owner.email, /can't make it/)).length).toBeLessThanOrEqual(1);
  }, 120_000);
});

describe('moveSession repeated by the owner (issue 25, item 9)', () => {
  it('10 moves of one session: a member going gets 1 notification saying the latest time, not 10', async () => {
    const { owner, fan, event } = await clubEvent(72);
    payloadOk(await fan.client.gql(ANSWER, { i: { sessionId: event.id, answer: 'GOING' } }), 'answerSession');
    for (let i = 0; i < 10; i++) {
      payloadOk(await owner.client.gql(MOVE, { i: { sessionId: event.id, startsAt: inHours(80 + i), endsAt: inHours(82 + i), place: `Pitch ${i}` } }), 'moveSession');
    }
    const told = await bell(fan.user.id, 'session_moved');
    expect(told).toHaveLength(1);
    expect(told[0]!.description).toContain('Pitch 9');
  }, 120_000);
});
