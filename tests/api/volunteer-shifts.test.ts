// Shifts of volunteer positions (issue 30 §1–2): the club adds a one-off shift or a weekly series
// (the club's wall clock kept across daylight saving), changes places, cancels with a reason; a
// volunteer applies picking shifts (never overlapping each other or their other shifts), full
// shifts put them in that shift's line; the club decides per shift; a freed place goes to the
// shift's line by the position's policy; the application takes its status from its shifts; two
// accepted volunteers swap shifts (both agree, the club is told); and the bad input of each.
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/client.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../server/src/db/schema/index.js';
import { dbOf, onlyError, onlyUserError } from '../helpers/messages.js';
import { collide, TEST_DATABASE_URL } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';
import { applicationRow, clubWithOpportunity, GOOD_MESSAGE, liveOpportunity, payload, uuid } from '../helpers/opportunities.js';
import { weeklyStarts } from '../../server/src/modules/opportunities/shifts.service.js';

let server: TestServer;
let club: Awaited<ReturnType<typeof clubWithOpportunity>>;
let otherClub: Awaited<ReturnType<typeof clubWithOpportunity>>;

beforeAll(async () => {
  server = await startServer({}, { APPLICATION_LIMIT_PER_POSITION: '1000', APPLICATION_LIMIT_PER_VOLUNTEER: '1000' });
  club = await clubWithOpportunity(server, { clubName: 'Harbour Hawks', position: { title: 'Match Day Steward' } });
  otherClub = await clubWithOpportunity(server, { clubName: 'River Rovers', position: { title: 'Tea Stall' } });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const T = {
  endAfterStart: 'A shift must end after it starts.',
  future: 'A shift must start in the future.',
  tooLong: 'A shift lasts at most 24 hours.',
  repeatUntil: "Repeat until must be on or after the first shift's day.",
  seriesMax: 'A weekly series has at most 52 shifts.',
  pickShift: 'Pick at least one shift.',
  notOpen: 'That shift is not open for sign-up.',
  pickedOverlap: 'Two of the shifts you picked overlap.',
  decidePerShift: 'This position has shifts: decide per shift.',
  full: 'All 1 place is filled. Add a place, or put the volunteer on the waiting list.',
  below: '1 volunteer is already accepted or offered a place: places cannot be fewer than that.',
  swapOtherAccepted: 'You can only swap with a volunteer accepted for another shift of the same position.',
  swapOwnAccepted: 'You can only offer a shift you have been accepted for.',
  swapNotOpen: 'This swap is no longer open.',
  noShifts: 'This position has no shifts to pick.',
  cancelReason: 'Please say why the shift is cancelled.',
};

const ERRORS = 'userErrors { field code message }';
const ADD = `mutation($i: AddPositionShiftsInput!) { addPositionShifts(input: $i) { shifts { id startsAt endsAt places seriesKey } ${ERRORS} } }`;
const UPDATE = `mutation($i: UpdatePositionShiftInput!) { updatePositionShift(input: $i) { shift { id places } ${ERRORS} } }`;
const CANCEL = `mutation($i: CancelPositionShiftInput!) { cancelPositionShift(input: $i) { shift { id cancelledAt } ${ERRORS} } }`;
const APPLY = `mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id status shiftSignups { id status linePosition shift { id } } } ${ERRORS} } }`;
const DECIDE = `mutation($i: DecideShiftSignupInput!) { decideShiftSignup(input: $i) { signup { id status linePosition } ${ERRORS} } }`;
const DROP = `mutation($i: WithdrawShiftSignupInput!) { withdrawShiftSignup(input: $i) { signup { id status } ${ERRORS} } }`;
const ACCEPT_APP = `mutation($i: AcceptVolunteerApplicationInput!) { acceptVolunteerApplication(input: $i) { application { id } ${ERRORS} } }`;
const WITHDRAW_APP = `mutation($i: WithdrawVolunteerApplicationInput!) { withdrawVolunteerApplication(input: $i) { application { id status } ${ERRORS} } }`;
const SHIFTS = `query($id: ID!) { opportunity(id: $id) { shifts(first: 10) { totalCount nodes { id startsAt places placesFilled placesLeft waitlistLength cancelledAt mySignup { id status } signups(first: 5) { nodes { id status } } teammates { handle name } } } } }`;
const SIGNUP = `query($id: ID!) { node(id: $id) { ... on ShiftSignup { id status linePosition canWithdraw canAccept canReject shift { id } } } }`;
const PROPOSE = `mutation($i: ProposeShiftSwapInput!) { proposeShiftSwap(input: $i) { swap { id status canAnswer canCancel } ${ERRORS} } }`;
const ANSWER_SWAP = `mutation($i: AnswerShiftSwapInput!) { answerShiftSwap(input: $i) { swap { id status } ${ERRORS} } }`;
const MY_SWAPS = `{ myShiftSwaps(first: 10) { totalCount nodes { id status canAnswer canCancel fromShift { id } toShift { id } proposedBy { id } } } }`;
const APP_NODE = `query($id: ID!) { volunteerApplication(id: $id) { id status shiftSignups { id status shift { id } } } }`;

const inDays = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
type ShiftView = { id: string; startsAt: string; places: number; placesFilled: number; placesLeft: number; waitlistLength: number; cancelledAt: string | null; mySignup: { id: string; status: string } | null; signups: { nodes: Array<{ id: string; status: string }> }; teammates: Array<{ handle: string; name: string }> };

async function addShift(positionId: string, day: number, places = 1, extra: Record<string, unknown> = {}): Promise<Array<{ id: string; startsAt: string; seriesKey: string | null }>> {
  return payload(await club.client.gql(ADD, { i: { positionId, startsAt: inDays(day, 10).toISOString(), endsAt: inDays(day, 12).toISOString(), places, ...extra } }), 'addPositionShifts', 'shifts');
}
async function shiftsOf(client: Volunteer['client'] | typeof club.client, positionId: string): Promise<ShiftView[]> {
  const answer = await client.gql(SHIFTS, { id: positionId });
  expect(answer.errors).toBeUndefined();
  return answer.data.opportunity.shifts.nodes;
}
async function volunteers(n: number): Promise<Volunteer[]> {
  const made: Volunteer[] = [];
  for (let i = 0; i < n; i++) made.push(await createVolunteer(server, { firstName: `Shifter${i}`, lastName: 'Jones' }));
  return made;
}
const applyShifts = (v: Volunteer, positionId: string, shiftIds: string[]) => v.client.gql(APPLY, { i: { positionId, message: GOOD_MESSAGE, shiftIds } });
async function applyShiftsOk(v: Volunteer, positionId: string, shiftIds: string[]) {
  return payload<{ id: string; status: string; shiftSignups: Array<{ id: string; status: string; linePosition: number | null; shift: { id: string } }> }>(await applyShifts(v, positionId, shiftIds), 'applyToOpportunity', 'application');
}
const decide = (signupId: string, decision: string) => club.client.gql(DECIDE, { i: { id: signupId, decision } });
const bells = (userId: string, kind: string) => dbOf(server).select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

describe('adding shifts', () => {
  it('adds a one-off shift and a weekly series; lists upcoming shifts with their places', async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Gate steward' });
    const [one] = await addShift(positionId, 3, 2);
    expect(one!.seriesKey).toBeNull();
    const until = inDays(4 + 21).toISOString().slice(0, 10);
    const series = await addShift(positionId, 4, 1, { repeatWeeklyUntil: until });
    expect(series).toHaveLength(4);
    expect(new Set(series.map((x) => x.seriesKey)).size).toBe(1);
    expect(series[0]!.seriesKey).not.toBeNull();
    const listed = await shiftsOf(club.client, positionId);
    expect(listed.map((x) => x.id)).toEqual([one!.id, ...series.map((x) => x.id)]);
    expect(listed[0]).toMatchObject({ places: 2, placesFilled: 0, placesLeft: 2, waitlistLength: 0, signups: { nodes: [] } });
  });

  it("names the club's clock its shifts are shown and entered in: the club's zone, or the platform's", async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Clock steward' });
    const [shift] = await addShift(positionId, 3, 1);
    const ZONES = `query($id: ID!, $s: ID!) { opportunity(id: $id) { timeZone } node(id: $s) { ... on PositionShift { timeZone } } }`;
    const platform = await club.client.gql(ZONES, { id: positionId, s: shift!.id });
    expect(platform.errors).toBeUndefined();
    expect(platform.data).toEqual({ opportunity: { timeZone: 'Europe/London' }, node: { timeZone: 'Europe/London' } });
    await dbOf(server).execute(sql`update clubs set time_zone = 'America/New_York' where id = (select club_id from club_volunteer_positions where title = 'Clock steward' limit 1)`);
    const own = await club.client.gql(ZONES, { id: positionId, s: shift!.id });
    expect(own.data).toEqual({ opportunity: { timeZone: 'America/New_York' }, node: { timeZone: 'America/New_York' } });
    await dbOf(server).execute(sql`update clubs set time_zone = null where id = (select club_id from club_volunteer_positions where title = 'Clock steward' limit 1)`);
  });

  it('keeps the wall-clock time of a weekly series across a daylight-saving change', () => {
    // 10:00 in London on 17 Oct 2026 (BST) and on 31 Oct (GMT after 25 Oct).
    const starts = weeklyStarts(new Date('2026-10-17T09:00:00Z'), '2026-10-31', 'Europe/London');
    expect(starts).toEqual([new Date('2026-10-17T09:00:00Z'), new Date('2026-10-24T09:00:00Z'), new Date('2026-10-31T10:00:00Z')]);
    expect(weeklyStarts(new Date('2026-10-17T09:00:00Z'), '2026-10-16', 'Europe/London')).toBe('before');
  });

  it('refuses bad shifts with clear messages and adds nothing; another club cannot add to the position', async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Bad shift role' });
    const add = (i: Record<string, unknown>) => club.client.gql(ADD, { i: { positionId, places: 1, ...i } });
    expect(onlyUserError(await add({ startsAt: inDays(2, 12).toISOString(), endsAt: inDays(2, 10).toISOString() }), 'addPositionShifts')).toMatchObject({ field: 'endsAt', message: T.endAfterStart });
    expect(onlyUserError(await add({ startsAt: inDays(2, 10).toISOString(), endsAt: inDays(3, 11).toISOString() }), 'addPositionShifts')).toMatchObject({ field: 'endsAt', message: T.tooLong });
    expect(onlyUserError(await add({ startsAt: inDays(-1, 10).toISOString(), endsAt: inDays(-1, 12).toISOString() }), 'addPositionShifts')).toMatchObject({ field: 'startsAt', message: T.future });
    expect(onlyUserError(await add({ startsAt: inDays(5, 10).toISOString(), endsAt: inDays(5, 12).toISOString(), repeatWeeklyUntil: inDays(2).toISOString().slice(0, 10) }), 'addPositionShifts')).toMatchObject({ message: T.repeatUntil });
    expect(onlyUserError(await add({ startsAt: inDays(2, 10).toISOString(), endsAt: inDays(2, 12).toISOString(), repeatWeeklyUntil: inDays(2 + 7 * 60).toISOString().slice(0, 10) }), 'addPositionShifts')).toMatchObject({ message: T.seriesMax });
    expect(onlyError(await otherClub.client.gql(ADD, { i: { positionId, places: 1, startsAt: inDays(2, 10).toISOString(), endsAt: inDays(2, 12).toISOString() } })).extensions?.code).toBe('FORBIDDEN');
    expect(await shiftsOf(club.client, positionId)).toEqual([]);
  });
});

describe('signing up for shifts', () => {
  it('applies picking shifts; a full shift puts the volunteer in its line; the club decides per shift; a dropped place goes to the line', async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Kit crew' });
    const [s1] = await addShift(positionId, 6, 1);
    const [s2] = await addShift(positionId, 7, 1);
    const [a, b] = await volunteers(2);
    const appA = await applyShiftsOk(a!, positionId, [s1!.id, s2!.id]);
    expect(appA.status).toBe('PENDING');
    expect(appA.shiftSignups.map((x) => [x.shift.id, x.status])).toEqual([
      [s1!.id, 'REQUESTED'],
      [s2!.id, 'REQUESTED'],
    ]);
    // Decide per shift, not per application (and the application says so).
    expect(onlyUserError(await club.client.gql(ACCEPT_APP, { i: { id: appA.id } }), 'acceptVolunteerApplication').message).toBe(T.decidePerShift);
    expect((await club.client.gql('query($id: ID!) { volunteerApplication(id: $id) { canReview canWaitlist canReject } }', { id: appA.id })).data.volunteerApplication).toEqual({ canReview: false, canWaitlist: false, canReject: true });
    const [a1, a2] = appA.shiftSignups;
    payload(await decide(a1!.id, 'ACCEPT'), 'decideShiftSignup', 'signup');
    expect((await applicationRow(server, appA.id))!.status).toBe('accepted');
    expect((await bells(a!.user.id, 'volunteer_application_decided')).map((n) => n.title)).toContain('Shift accepted');
    // b asks for the full shift 1: in its line.
    const appB = await applyShiftsOk(b!, positionId, [s1!.id]);
    expect(appB.status).toBe('WAITLISTED');
    expect(appB.shiftSignups[0]).toMatchObject({ status: 'WAITLISTED', linePosition: 1 });
    expect(onlyUserError(await decide(appB.shiftSignups[0]!.id, 'ACCEPT'), 'decideShiftSignup').message).toBe(T.full);
    // The club cannot lower shift 1 below its one accepted volunteer.
    expect(onlyUserError(await club.client.gql(UPDATE, { i: { id: s1!.id, places: 0 } }), 'updatePositionShift').field).toBe('places');
    // a drops shift 1: b is promoted (automatic), told once; a is still accepted on shift 2? No: a2 is requested.
    payload(await a!.client.gql(DROP, { i: { id: a1!.id } }), 'withdrawShiftSignup', 'signup');
    expect((await applicationRow(server, appB.id))!.status).toBe('accepted');
    expect(await bells(b!.user.id, 'volunteer_place_given')).toHaveLength(1);
    expect((await applicationRow(server, appA.id))!.status).toBe('pending');
    // Rejecting a's last open shift closes a's application.
    payload(await decide(a2!.id, 'REJECT'), 'decideShiftSignup', 'signup');
    expect((await applicationRow(server, appA.id))!.status).toBe('rejected');
    const listed = await shiftsOf(club.client, positionId);
    expect(listed[0]).toMatchObject({ placesFilled: 1, placesLeft: 0, waitlistLength: 0 });
    expect(listed[0]!.signups.nodes.map((x) => x.status)).toEqual(['ACCEPTED', 'WITHDRAWN']);
  });

  it('refuses picks that are missing, of another position, cancelled or overlapping, and changes nothing', async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Overlap role' });
    const [s1] = await addShift(positionId, 8, 2);
    const [overlapping] = payload<Array<{ id: string }>>(
      await club.client.gql(ADD, { i: { positionId, startsAt: inDays(8, 11).toISOString(), endsAt: inDays(8, 13).toISOString(), places: 1 } }),
      'addPositionShifts',
      'shifts',
    );
    const elsewhere = await liveOpportunity(club.client, { title: 'Elsewhere role' });
    const [foreign] = await addShift(elsewhere, 8, 1);
    const [v] = await volunteers(1);
    expect(onlyUserError(await applyShifts(v!, positionId, []), 'applyToOpportunity').message).toBe(T.pickShift);
    expect(onlyUserError(await applyShifts(v!, positionId, [foreign!.id]), 'applyToOpportunity').message).toBe(T.notOpen);
    expect(onlyUserError(await applyShifts(v!, positionId, [s1!.id, overlapping!.id]), 'applyToOpportunity').message).toBe(T.pickedOverlap);
    // Signed up for the other position's overlapping shift first: this one is refused, naming it.
    await applyShiftsOk(v!, elsewhere, [foreign!.id]);
    const clash = onlyUserError(await applyShifts(v!, positionId, [s1!.id]), 'applyToOpportunity');
    expect(clash.message).toMatch(/^This shift overlaps another shift you signed up for: Elsewhere role, /);
    // Shift ids on a position without shifts.
    const plain = await liveOpportunity(club.client, { title: 'No shifts role' });
    expect(onlyUserError(await applyShifts(v!, plain, [s1!.id]), 'applyToOpportunity').message).toBe(T.noShifts);
    // Only the one application to the other position was made.
    const [made] = rowsOf<{ n: number }>(await dbOf(server).execute(sql`select count(*)::int as n from volunteer_applications where volunteer_id = ${v!.user.id}`));
    expect(made!.n).toBe(1);
    expect((await shiftsOf(club.client, positionId))[0]!.signups.nodes).toEqual([]);
  });

  it('cancels a shift with a reason, closing its places and telling each volunteer once; withdrawing an application closes all its shifts', async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Cancel role' });
    const [s1] = await addShift(positionId, 9, 1);
    const [s2] = await addShift(positionId, 10, 1);
    const [a, b] = await volunteers(2);
    const appA = await applyShiftsOk(a!, positionId, [s1!.id, s2!.id]);
    payload(await decide(appA.shiftSignups[0]!.id, 'ACCEPT'), 'decideShiftSignup', 'signup');
    const appB = await applyShiftsOk(b!, positionId, [s1!.id]);
    expect(onlyUserError(await club.client.gql(CANCEL, { i: { id: s1!.id, reason: '  ' } }), 'cancelPositionShift').message).toBe(T.cancelReason);
    payload(await club.client.gql(CANCEL, { i: { id: s1!.id, reason: 'Pitch closed' } }), 'cancelPositionShift', 'shift');
    for (const v of [a!, b!]) {
      const told = await bells(v.user.id, 'volunteer_shift_cancelled');
      expect(told).toHaveLength(1);
      expect(told[0]!.description).toMatch(/^Harbour Hawks cancelled Cancel role, .+: Pitch closed$/);
    }
    expect((await applicationRow(server, appB.id))!.status).toBe('rejected');
    expect((await applicationRow(server, appA.id))!.status).toBe('pending');
    payload(await a!.client.gql(WITHDRAW_APP, { i: { id: appA.id } }), 'withdrawVolunteerApplication', 'application');
    const app = (await a!.client.gql(APP_NODE, { id: appA.id })).data.volunteerApplication;
    expect(app.shiftSignups.map((x: { status: string }) => x.status)).toEqual(['REJECTED', 'WITHDRAWN']);
  });
});

describe('swaps', () => {
  it('two accepted volunteers swap shifts when both agree; the club is told; a third cannot answer', async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Swap role' });
    const [s1] = await addShift(positionId, 11, 1);
    const [s2] = await addShift(positionId, 12, 1);
    const [a, b, c] = await volunteers(3);
    const appA = await applyShiftsOk(a!, positionId, [s1!.id]);
    const appB = await applyShiftsOk(b!, positionId, [s2!.id]);
    const sa = appA.shiftSignups[0]!.id;
    const sb = appB.shiftSignups[0]!.id;
    // Not yet accepted: no swap.
    expect(onlyUserError(await a!.client.gql(PROPOSE, { i: { signupId: sa, withSignupId: sb } }), 'proposeShiftSwap').message).toBe(T.swapOwnAccepted);
    payload(await decide(sa, 'ACCEPT'), 'decideShiftSignup', 'signup');
    expect(onlyUserError(await a!.client.gql(PROPOSE, { i: { signupId: sa, withSignupId: sb } }), 'proposeShiftSwap').message).toBe(T.swapOtherAccepted);
    payload(await decide(sb, 'ACCEPT'), 'decideShiftSignup', 'signup');
    // a sees b on shift 2 as a teammate; a stranger sees nobody.
    expect((await shiftsOf(a!.client, positionId))[1]!.teammates).toEqual([{ handle: sb, name: 'Shifter1 J.' }]);
    expect((await shiftsOf(c!.client, positionId))[1]!.teammates).toEqual([]);
    const swap = payload<{ id: string; status: string; canCancel: boolean }>(await a!.client.gql(PROPOSE, { i: { signupId: sa, withSignupId: sb } }), 'proposeShiftSwap', 'swap');
    expect(swap).toMatchObject({ status: 'PROPOSED', canCancel: true });
    expect(await bells(b!.user.id, 'volunteer_shift_swap')).toHaveLength(1);
    const bSwaps = (await b!.client.gql(MY_SWAPS)).data.myShiftSwaps;
    expect(bSwaps.nodes[0]).toMatchObject({ id: swap.id, canAnswer: true, canCancel: false, fromShift: { id: s1!.id }, toShift: { id: s2!.id } });
    expect(onlyUserError(await a!.client.gql(ANSWER_SWAP, { i: { id: swap.id, answer: 'ACCEPT' } }), 'answerShiftSwap').code).toBe('NOT_FOUND');
    expect(onlyUserError(await c!.client.gql(ANSWER_SWAP, { i: { id: swap.id, answer: 'ACCEPT' } }), 'answerShiftSwap').code).toBe('NOT_FOUND');
    payload(await b!.client.gql(ANSWER_SWAP, { i: { id: swap.id, answer: 'ACCEPT' } }), 'answerShiftSwap', 'swap');
    const aSignup = (await a!.client.gql(SIGNUP, { id: sa })).data.node;
    const bSignup = (await b!.client.gql(SIGNUP, { id: sb })).data.node;
    expect(aSignup).toMatchObject({ status: 'ACCEPTED', shift: { id: s2!.id } });
    expect(bSignup).toMatchObject({ status: 'ACCEPTED', shift: { id: s1!.id } });
    expect(await bells(a!.user.id, 'volunteer_shift_swap')).toHaveLength(1);
    expect((await bells(club.clubUuid, 'club_shift_swapped')).map((n) => n.description)).toEqual([expect.stringMatching(/^Shifter0 Jones and Shifter1 Jones swapped shifts/)]);
    expect(onlyUserError(await b!.client.gql(ANSWER_SWAP, { i: { id: swap.id, answer: 'ACCEPT' } }), 'answerShiftSwap').message).toBe(T.swapNotOpen);
    // Nobody else sees the sign-ups.
    expect((await c!.client.gql(SIGNUP, { id: sa })).data.node).toBeNull();
  });
});

describe.runIf(Boolean(TEST_DATABASE_URL))('races', () => {
  it('two volunteers asking for the last place of a shift at once: one requested, the other in line — both decided in order by the shift lock', async () => {
    const positionId = await liveOpportunity(club.client, { title: 'Race shift' });
    const [shift] = await addShift(positionId, 13, 1);
    const [first, second, third] = await volunteers(3);
    payload(await decide((await applyShiftsOk(first!, positionId, [shift!.id])).shiftSignups[0]!.id, 'ACCEPT'), 'decideShiftSignup', 'signup');
    // The accepted one drops out while two others apply at once: the shift's lock orders all three.
    const firstApp = (await shiftsOf(club.client, positionId))[0]!.signups.nodes[0]!.id;
    const id = uuid(shift!.id);
    const { results, waiting } = await collide(
      server.db.url!,
      (tx) => tx`select id from position_shifts where id = ${id} for update`,
      async (watcher) => {
        // The drop waits for the shift; one apply for the shift (holding its position), the other for the position.
        const [row] = await watcher`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%for update%'`;
        return row!.n as number;
      },
      3,
      () => [first!.client.gql(DROP, { i: { id: firstApp } }), applyShifts(second!, positionId, [shift!.id]), applyShifts(third!, positionId, [shift!.id])],
    );
    expect(waiting).toBe(3);
    for (const r of results) expect(r.errors).toBeUndefined();
    const signups = (await shiftsOf(club.client, positionId))[0]!.signups.nodes;
    // Exactly one place: at most one accepted (a promotion), never two.
    expect(signups.filter((x) => x.status === 'ACCEPTED').length).toBeLessThanOrEqual(1);
    expect(signups.filter((x) => x.status === 'WITHDRAWN')).toHaveLength(1);
    const given = [...(await bells(second!.user.id, 'volunteer_place_given')), ...(await bells(third!.user.id, 'volunteer_place_given'))];
    expect(given.length).toBe(signups.filter((x) => x.status === 'ACCEPTED').length);
  });
});
