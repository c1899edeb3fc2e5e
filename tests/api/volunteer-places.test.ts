// Places and waiting lists of volunteer positions (issue 30 §1–2): a position's places, counted
// for the club ("N of M places filled") and for volunteers ("N places left"); accepting beyond them
// refused; FILLED by itself when full and ACTIVE again when a place frees (not when the club closed
// it); applying to a full position joins its waiting list with a place in line; a freed place (a
// withdrawal, a rejection after acceptance, a place added) runs the club's policy in the same
// transaction: automatic (the first in line accepted and told) or timed offer (offered until a
// deadline, answered in the app or with a one-tap link, lapsing by a durable job exactly once);
// and the races, forced with the position's row lock held: two places freed at once, an offer
// accepted as it expires, two owners deciding at once.
import { and, asc, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../server/src/db/client.js';
import { jobs, mailOutbox, notifications, volunteerApplicationEvents } from '../../server/src/db/schema/index.js';
import { JobWorker } from '../../server/src/jobs/worker.js';
import { OFFER_EXPIRY_JOB } from '../../server/src/modules/opportunities/volunteer-offers.service.js';
import { ApiClient, STRONG_PASSWORD } from '../helpers/client.js';
import { adminClient, dbOf, onlyUserError } from '../helpers/messages.js';
import { collide, collideOnPosition, TEST_DATABASE_URL } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { runAfterKill, runJobNow } from '../helpers/jobs.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';
import { accept, applicationRow, applyOk, clubWithOpportunity, liveOpportunity, payload, reject, setStatus, uuid, withdraw } from '../helpers/opportunities.js';

let server: TestServer;
let club: Awaited<ReturnType<typeof clubWithOpportunity>>;
let second: Database | undefined;

beforeAll(async () => {
  server = await startServer({}, { APPLICATION_LIMIT_PER_POSITION: '1000', APPLICATION_LIMIT_PER_VOLUNTEER: '1000' });
  // The test decides when offer expiries run.
  await server.clubroom.jobWorker.stop();
  club = await clubWithOpportunity(server, { clubName: 'Harbour Hawks', position: { title: 'Match Day Steward' } });
}, 120_000);
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const TEXT = {
  full: (n: number) => `All ${n} place${n === 1 ? ' is' : 's are'} filled. Add a place, or put the volunteer on the waiting list.`,
  below: (n: number) => `${n} volunteer${n === 1 ? ' is' : 's are'} already accepted or offered a place: places cannot be fewer than that.`,
  placesWhole: 'Places must be a whole number from 1 to 1000, or empty for no limit.',
  offerHours: 'An offer must stand for 1 to 168 hours.',
  notOffered: 'This place is no longer offered to you.',
  offerExpired: 'This offer has run out; the place went to the next in line.',
  linkInvalid: 'This link is not valid. Open the application in Clubroom instead.',
  notAccepting: 'This opportunity is no longer accepting applications.',
};

const ERRORS = 'userErrors { field code message }';
const POSITION = `query($id: ID!) { opportunity(id: $id) { id status places waitlistPolicy offerHours placesFilled placesLeft waitlistLength joinsWaitlist canApply } }`;
const UPDATE = `mutation($i: UpdateVolunteerPositionInput!) { updateVolunteerPosition(input: $i) { position { id places waitlistPolicy offerHours status } ${ERRORS} } }`;
const APP = `query($id: ID!) { volunteerApplication(id: $id) { id status linePosition offerExpiresAt canAnswerOffer canWithdraw canReview canReject canWaitlist } }`;
const WAITLIST = `mutation($i: WaitlistVolunteerApplicationInput!) { waitlistVolunteerApplication(input: $i) { application { id status linePosition } ${ERRORS} } }`;
const ANSWER = `mutation($i: AnswerPlaceOfferInput!) { answerPlaceOffer(input: $i) { application { id status } ${ERRORS} } }`;
const LINK = 'query($t: String!) { placeOfferLink(token: $t) { positionTitle clubName answer open offerExpiresAt } }';
const BY_LINK = `mutation($i: AnswerPlaceOfferByLinkInput!) { answerPlaceOfferByLink(input: $i) { application { id status } ${ERRORS} } }`;

type AppView = { id: string; status: string; linePosition: number | null; offerExpiresAt: string | null; canAnswerOffer: boolean; canWithdraw: boolean; canReview: boolean; canReject: boolean; canWaitlist: boolean };
type PositionView = { id: string; status: string; places: number | null; waitlistPolicy: string; offerHours: number; placesFilled: number; placesLeft: number | null; waitlistLength: number; joinsWaitlist: boolean; canApply: boolean };

const POSITION_TEXTS = { title: 'Kit Helper', description: 'Helps with the kit on match days.' };

async function position(client: ApiClient, id: string): Promise<PositionView> {
  const answer = await client.gql(POSITION, { id });
  expect(answer.errors).toBeUndefined();
  return answer.data.opportunity;
}
async function app(client: ApiClient, id: string): Promise<AppView> {
  const answer = await client.gql(APP, { id });
  expect(answer.errors).toBeUndefined();
  return answer.data.volunteerApplication;
}
const titles = new Map<string, string>();
const setPlaces = (id: string, places: number | null, policy = 'AUTOMATIC', offerHours: number | null = null) =>
  club.client.gql(UPDATE, { i: { id, ...POSITION_TEXTS, title: titles.get(id) ?? POSITION_TEXTS.title, places, waitlistPolicy: policy, offerHours } });

/** A live position of the club with `places` and `policy`. */
async function newPosition(places: number | null, policy = 'AUTOMATIC', title = 'Kit Helper'): Promise<string> {
  const id = await liveOpportunity(club.client, { title });
  titles.set(id, title);
  payload(await setPlaces(id, places, policy), 'updateVolunteerPosition', 'position');
  return id;
}
async function volunteers(n: number): Promise<Volunteer[]> {
  const made: Volunteer[] = [];
  for (let i = 0; i < n; i++) made.push(await createVolunteer(server, { firstName: `Vol${i}`, lastName: 'Unteer' }));
  return made;
}
const bells = (userId: string, kind: string) =>
  dbOf(server)
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const statuses = async (applicationId: string) =>
  (await dbOf(server).select({ status: volunteerApplicationEvents.status }).from(volunteerApplicationEvents).where(eq(volunteerApplicationEvents.applicationId, uuid(applicationId))).orderBy(asc(volunteerApplicationEvents.createdAt), asc(volunteerApplicationEvents.id))).map((r) => r.status);

/** A full position (1 place, `policy`) with its accepted volunteer and `waiting` more in line. */
async function fullWithLine(waiting: number, policy = 'AUTOMATIC', title = 'Line role') {
  const id = await newPosition(1, policy, title);
  const [first, ...rest] = await volunteers(waiting + 1);
  const firstApp = await applyOk(first!.client, id);
  payload(await accept(club.client, firstApp.id), 'acceptVolunteerApplication', 'application');
  const line: Array<{ volunteer: Volunteer; appId: string }> = [];
  for (const v of rest) line.push({ volunteer: v, appId: (await applyOk(v.client, id)).id });
  return { id, first: { volunteer: first!, appId: firstApp.id }, line };
}

describe('places', () => {
  it('counts places for the club and for volunteers, and refuses to accept beyond them', async () => {
    const id = await newPosition(2);
    const [a, b, c] = await volunteers(3);
    expect(await position(a!.client, id)).toMatchObject({ places: 2, placesFilled: 0, placesLeft: 2, waitlistLength: 0, joinsWaitlist: false, status: 'ACTIVE', waitlistPolicy: 'AUTOMATIC', offerHours: 24 });
    const apps: Array<{ id: string; status: string }> = [];
    for (const v of [a!, b!, c!]) apps.push(await applyOk(v.client, id));
    expect(apps.map((x) => x.status)).toEqual(['PENDING', 'PENDING', 'PENDING']);
    payload(await accept(club.client, apps[0]!.id), 'acceptVolunteerApplication', 'application');
    expect(await position(club.client, id)).toMatchObject({ placesFilled: 1, placesLeft: 1, status: 'ACTIVE' });
    payload(await accept(club.client, apps[1]!.id), 'acceptVolunteerApplication', 'application');
    // Full: FILLED by itself; a third acceptance is refused and changes nothing.
    expect(await position(club.client, id)).toMatchObject({ placesFilled: 2, placesLeft: 0, status: 'FILLED', joinsWaitlist: true });
    expect(onlyUserError(await accept(club.client, apps[2]!.id), 'acceptVolunteerApplication')).toEqual({ field: 'id', code: 'BAD_USER_INPUT', message: TEXT.full(2) });
    expect((await applicationRow(server, apps[2]!.id))!.status).toBe('pending');
    // The club can put the pending one on the waiting list instead.
    const waitlisted = payload<{ status: string; linePosition: number }>(await club.client.gql(WAITLIST, { i: { id: apps[2]!.id } }), 'waitlistVolunteerApplication', 'application');
    expect(waitlisted).toMatchObject({ status: 'WAITLISTED', linePosition: 1 });
    expect((await bells(c!.user.id, 'volunteer_application_decided')).map((n) => n.title)).toEqual(['On the waiting list']);
  });

  it('takes no limit when places are empty', async () => {
    const id = await newPosition(null);
    const vs = await volunteers(3);
    for (const v of vs) payload(await accept(club.client, (await applyOk(v.client, id)).id), 'acceptVolunteerApplication', 'application');
    expect(await position(club.client, id)).toMatchObject({ places: null, placesLeft: null, placesFilled: 3, status: 'ACTIVE', joinsWaitlist: false });
  });

  it('refuses bad places and offer hours, and places fewer than those held, changing nothing', async () => {
    const id = await newPosition(3);
    for (const bad of [0, -1, 1001]) expect(onlyUserError(await setPlaces(id, bad), 'updateVolunteerPosition')).toEqual({ field: 'places', code: 'BAD_USER_INPUT', message: TEXT.placesWhole });
    for (const bad of [0, 169]) expect(onlyUserError(await setPlaces(id, 3, 'OFFER', bad), 'updateVolunteerPosition')).toEqual({ field: 'offerHours', code: 'BAD_USER_INPUT', message: TEXT.offerHours });
    const vs = await volunteers(2);
    for (const v of vs) payload(await accept(club.client, (await applyOk(v.client, id)).id), 'acceptVolunteerApplication', 'application');
    expect(onlyUserError(await setPlaces(id, 1), 'updateVolunteerPosition')).toEqual({ field: 'places', code: 'BAD_USER_INPUT', message: TEXT.below(2) });
    expect(await position(club.client, id)).toMatchObject({ places: 3, placesFilled: 2, status: 'ACTIVE' });
    // Exactly the held count is allowed: then it is full.
    payload(await setPlaces(id, 2), 'updateVolunteerPosition', 'position');
    expect(await position(club.client, id)).toMatchObject({ places: 2, placesLeft: 0, status: 'FILLED' });
  });
});

describe('the waiting list, automatic', () => {
  it('puts applicants to a full position in line, and promotes the first when the accepted one withdraws, telling each side once', async () => {
    const { id, first, line } = await fullWithLine(2, 'AUTOMATIC', 'Auto line');
    const [second, third] = line;
    expect(await app(second!.volunteer.client, second!.appId)).toMatchObject({ status: 'WAITLISTED', linePosition: 1, canWithdraw: true });
    expect(await app(third!.volunteer.client, third!.appId)).toMatchObject({ status: 'WAITLISTED', linePosition: 2 });
    expect(await position(club.client, id)).toMatchObject({ status: 'FILLED', waitlistLength: 2, placesLeft: 0 });
    const clubBefore = (await bells(club.clubUuid, 'volunteer_line_moved')).length;

    payload(await withdraw(first.volunteer.client, first.appId), 'withdrawVolunteerApplication', 'application');
    expect(await app(second!.volunteer.client, second!.appId)).toMatchObject({ status: 'ACCEPTED', linePosition: null });
    expect(await app(third!.volunteer.client, third!.appId)).toMatchObject({ status: 'WAITLISTED', linePosition: 1 });
    expect(await statuses(second!.appId)).toEqual(['waitlisted', 'accepted']);
    expect((await bells(second!.volunteer.user.id, 'volunteer_place_given')).map((n) => n.description)).toEqual(['A place freed up: you are now accepted for Auto line at Harbour Hawks.']);
    expect((await bells(club.clubUuid, 'volunteer_line_moved')).length - clubBefore).toBe(1);
    expect(await position(club.client, id)).toMatchObject({ status: 'FILLED', waitlistLength: 1, placesFilled: 1 });

    // A rejection after acceptance frees the place too; with nobody left in line it is ACTIVE again.
    payload(await reject(club.client, second!.appId), 'rejectVolunteerApplication', 'application');
    expect(await app(third!.volunteer.client, third!.appId)).toMatchObject({ status: 'ACCEPTED' });
    payload(await withdraw(third!.volunteer.client, third!.appId), 'withdrawVolunteerApplication', 'application');
    expect(await position(club.client, id)).toMatchObject({ status: 'ACTIVE', placesLeft: 1, waitlistLength: 0, joinsWaitlist: false });
  });

  it('gives the place of an accepted volunteer who deletes their account to the first in line', async () => {
    const { id, first, line } = await fullWithLine(1, 'AUTOMATIC', 'Leaving line');
    const deleted = await first.volunteer.client.gql('mutation($i: DeleteMyAccountInput!) { deleteMyAccount(input: $i) { deleted userErrors { message } } }', { i: { password: STRONG_PASSWORD } });
    expect(deleted.data.deleteMyAccount.deleted).toBe(true);
    expect(await app(line[0]!.volunteer.client, line[0]!.appId)).toMatchObject({ status: 'ACCEPTED' });
    expect(await position(club.client, id)).toMatchObject({ placesFilled: 1, waitlistLength: 0, status: 'FILLED' });
  });

  it('gives added places to the line at once', async () => {
    const { id, line } = await fullWithLine(3, 'AUTOMATIC', 'Growing line');
    payload(await setPlaces(id, 3), 'updateVolunteerPosition', 'position');
    const after = await Promise.all(line.map((l) => app(l.volunteer.client, l.appId)));
    expect(after.map((x) => x.status)).toEqual(['ACCEPTED', 'ACCEPTED', 'WAITLISTED']);
    expect(after[2]!.linePosition).toBe(1);
    expect(await position(club.client, id)).toMatchObject({ status: 'FILLED', placesFilled: 3 });
  });

  it('a position filled by its places: reactivating is refused; marking it filled closes its waiting list to new applicants', async () => {
    const { id } = await fullWithLine(0, 'AUTOMATIC', 'Close line');
    expect(onlyUserError(await setStatus(club.client, id, 'ACTIVE'), 'setOpportunityStatus').message).toBe('Every place is taken: add places to take more volunteers.');
    const FILLED_BY = `query($id: ID!) { opportunity(id: $id) { status filledByPlaces joinsWaitlist } }`;
    expect((await club.client.gql(FILLED_BY, { id })).data.opportunity).toEqual({ status: 'FILLED', filledByPlaces: true, joinsWaitlist: true });
    payload(await setStatus(club.client, id, 'FILLED'), 'setOpportunityStatus', 'position');
    expect((await club.client.gql(FILLED_BY, { id })).data.opportunity).toEqual({ status: 'FILLED', filledByPlaces: false, joinsWaitlist: false });
    const late = (await volunteers(1))[0]!;
    expect(onlyUserError(await late.client.gql(`mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id } ${ERRORS} } }`, { i: { positionId: id, message: 'I would love to help out on Saturday mornings.' } }), 'applyToOpportunity').message).toBe(TEXT.notAccepting);
  });

  it('keeps a position the club closed closed: no applications, and a freed place does not reopen it', async () => {
    const { id, first, line } = await fullWithLine(1, 'AUTOMATIC', 'Closed line');
    payload(await setStatus(club.client, id, 'CANCELLED'), 'setOpportunityStatus', 'position');
    const late = (await volunteers(1))[0]!;
    expect(onlyUserError(await late.client.gql(`mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id } ${ERRORS} } }`, { i: { positionId: id, message: 'I would love to help out on Saturday mornings.' } }), 'applyToOpportunity').message).toBe(TEXT.notAccepting);
    payload(await withdraw(first.volunteer.client, first.appId), 'withdrawVolunteerApplication', 'application');
    // The line still moves (the club chose automatic), but the club's closing stands.
    expect((await app(line[0]!.volunteer.client, line[0]!.appId)).status).toBe('ACCEPTED');
    expect((await position(club.client, id)).status).toBe('CANCELLED');
  });
});

describe('the waiting list, timed offers', () => {
  it('offers the freed place to the first in line until a deadline, with one-tap links in the email; accepting takes it', async () => {
    const { id, first, line } = await fullWithLine(2, 'OFFER', 'Offer line');
    const [second, third] = line;
    const before = Date.now();
    payload(await withdraw(first.volunteer.client, first.appId), 'withdrawVolunteerApplication', 'application');
    const offered = await app(second!.volunteer.client, second!.appId);
    expect(offered).toMatchObject({ status: 'OFFERED', canAnswerOffer: true, linePosition: 1 });
    const until = new Date(offered.offerExpiresAt!).getTime();
    // 24 hours (no start date, no quiet hours), in whole seconds.
    expect(until - before).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(until - before).toBeLessThanOrEqual(24 * 3_600_000 + 1000);
    expect(await position(club.client, id)).toMatchObject({ placesLeft: 0, placesFilled: 0, waitlistLength: 1, status: 'FILLED' });
    // The durable job waits for the deadline.
    const [job] = await dbOf(server).select().from(jobs).where(eq(jobs.key, `volunteer-offer:${uuid(second!.appId)}`));
    expect(job!.runAt.getTime()).toBe(until);
    // The email carries Accept and Decline links.
    const links = await offerLinks(second!.volunteer.email);
    // The third cannot answer someone else's offer.
    expect(onlyUserError(await third!.volunteer.client.gql(ANSWER, { i: { id: second!.appId, answer: 'ACCEPT' } }), 'answerPlaceOffer').code).toBe('NOT_FOUND');
    payload(await second!.volunteer.client.gql(ANSWER, { i: { id: second!.appId, answer: 'ACCEPT' } }), 'answerPlaceOffer', 'application');
    expect(await app(second!.volunteer.client, second!.appId)).toMatchObject({ status: 'ACCEPTED', offerExpiresAt: null, canAnswerOffer: false });
    expect(await statuses(second!.appId)).toEqual(['waitlisted', 'offered', 'accepted']);
    // The links of that offer now say it no longer stands, and change nothing.
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.gql(LINK, { t: links.accept })).data.placeOfferLink).toMatchObject({ positionTitle: 'Offer line', clubName: 'Harbour Hawks', answer: 'ACCEPT', open: false, offerExpiresAt: null });
    expect(onlyUserError(await anonymous.gql(BY_LINK, { i: { token: links.decline } }), 'answerPlaceOfferByLink').message).toBe(TEXT.notOffered);
    expect((await applicationRow(server, second!.appId))!.status).toBe('accepted');
  });

  it('a one-tap Decline (no sign-in) offers the place to the next; a forged link is refused', async () => {
    const { first, line } = await fullWithLine(2, 'OFFER', 'Decline line');
    const [second, third] = line;
    payload(await withdraw(first.volunteer.client, first.appId), 'withdrawVolunteerApplication', 'application');
    const { decline } = await offerLinks(second!.volunteer.email);
    const anonymous = new ApiClient(server.url);
    // Opening the link changes nothing (mail scanners open links).
    expect((await anonymous.gql(LINK, { t: decline })).data.placeOfferLink).toMatchObject({ answer: 'DECLINE', open: true });
    expect((await applicationRow(server, second!.appId))!.status).toBe('offered');
    const forged = decline.slice(0, -4) + (decline.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await anonymous.gql(LINK, { t: forged })).data.placeOfferLink).toBeNull();
    expect(onlyUserError(await anonymous.gql(BY_LINK, { i: { token: forged } }), 'answerPlaceOfferByLink')).toMatchObject({ code: 'NOT_FOUND', message: TEXT.linkInvalid });
    payload(await anonymous.gql(BY_LINK, { i: { token: decline } }), 'answerPlaceOfferByLink', 'application');
    expect((await applicationRow(server, second!.appId))!.status).toBe('withdrawn');
    expect(await app(third!.volunteer.client, third!.appId)).toMatchObject({ status: 'OFFERED', linePosition: 1 });
    // Used once: the same link again is refused.
    expect(onlyUserError(await anonymous.gql(BY_LINK, { i: { token: decline } }), 'answerPlaceOfferByLink').message).toBe(TEXT.notOffered);
  });

  it('lapses an unanswered offer at its deadline by the durable job, telling the volunteer, and offers the next; running again changes nothing', async () => {
    const { first, line } = await fullWithLine(2, 'OFFER', 'Lapse line');
    const [second, third] = line;
    payload(await withdraw(first.volunteer.client, first.appId), 'withdrawVolunteerApplication', 'application');
    await dueNow(second!.appId);
    await runJobNow(server, `volunteer-offer:${uuid(second!.appId)}`);
    expect(await app(second!.volunteer.client, second!.appId)).toMatchObject({ status: 'LAPSED', linePosition: null, canWithdraw: false });
    expect((await bells(second!.volunteer.user.id, 'volunteer_offer_lapsed')).length).toBe(1);
    expect((await app(third!.volunteer.client, third!.appId)).status).toBe('OFFERED');
    expect(await server.clubroom.jobWorker.runOnce()).toBe(0);
    expect((await bells(second!.volunteer.user.id, 'volunteer_offer_lapsed')).length).toBe(1);
    // Too late to accept.
    expect(onlyUserError(await second!.volunteer.client.gql(ANSWER, { i: { id: second!.appId, answer: 'ACCEPT' } }), 'answerPlaceOffer').message).toBe(TEXT.notOffered);
  });
});

describe('a required safeguarding check', () => {
  const CREATE_KIND = `mutation($i: CreateCheckKindInput!) { createCheckKind(input: $i) { checkKind { id name } ${ERRORS} } }`;
  const RECORD = `mutation($i: RecordVolunteerCheckInput!) { recordVolunteerCheck(input: $i) { check { id } ${ERRORS} } }`;
  const VERIFY = `mutation($i: VerifyVolunteerCheckInput!) { verifyVolunteerCheck(input: $i) { check { id } ${ERRORS} } }`;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

  it('is needed (recorded) to apply, verified by the club to be accepted, and a promotion passes over a volunteer whose check is not verified', async () => {
    const admin = await adminClient(server.url);
    const kind = payload<{ id: string; name: string }>(await admin.gql(CREATE_KIND, { i: { name: `Enhanced DBS ${Date.now()}`, description: 'Work with children.' } }), 'createCheckKind', 'checkKind');
    const id = await liveOpportunity(club.client, { title: 'Junior coach' });
    titles.set(id, 'Junior coach');
    payload(await club.client.gql(UPDATE, { i: { id, ...POSITION_TEXTS, title: 'Junior coach', places: 1, waitlistPolicy: 'AUTOMATIC', requiredCheckId: kind.id } }), 'updateVolunteerPosition', 'position');
    const [a, b, c] = await volunteers(3);
    const APPLY = `mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id status } ${ERRORS} } }`;
    const refusedApply = onlyUserError(await a!.client.gql(APPLY, { i: { positionId: id, message: 'I would love to help out on Saturday mornings.' } }), 'applyToOpportunity');
    expect(refusedApply.message).toContain(`needs a verified, unexpired “${kind.name}” check`);
    const checks: Record<string, string> = {};
    for (const v of [a!, b!, c!]) checks[v.user.id] = payload<{ id: string }>(await v.client.gql(RECORD, { i: { kindId: kind.id, issuedOn: day(-30), expiresOn: day(700) } }), 'recordVolunteerCheck', 'check').id;
    const appA = await applyOk(a!.client, id);
    expect(onlyUserError(await accept(club.client, appA.id), 'acceptVolunteerApplication').message).toContain('verify this volunteer');
    expect((await applicationRow(server, appA.id))!.status).toBe('pending');
    payload(await club.client.gql(VERIFY, { i: { checkId: checks[a!.user.id], verified: true } }), 'verifyVolunteerCheck', 'check');
    payload(await accept(club.client, appA.id), 'acceptVolunteerApplication', 'application');
    const appB = await applyOk(b!.client, id);
    const appC = await applyOk(c!.client, id);
    expect([appB.status, appC.status]).toEqual(['WAITLISTED', 'WAITLISTED']);
    payload(await club.client.gql(VERIFY, { i: { checkId: checks[c!.user.id], verified: true } }), 'verifyVolunteerCheck', 'check');
    payload(await withdraw(a!.client, appA.id), 'withdrawVolunteerApplication', 'application');
    // b is first in line but unverified: passed over, kept first in line; c gets the place.
    expect(await app(c!.client, appC.id)).toMatchObject({ status: 'ACCEPTED' });
    expect(await app(b!.client, appB.id)).toMatchObject({ status: 'WAITLISTED', linePosition: 1 });
  });
});

/** The Accept and Decline tokens of the offer email to `email` (each named by what the link says it does). */
async function offerLinks(email: string): Promise<{ accept: string; decline: string }> {
  const [mail] = await dbOf(server).select().from(mailOutbox).where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'A place is offered to you%')));
  const tokens = [...new Set([...mail!.text.matchAll(/\/offers\/answer\?token=([\w.-]+)/g)].map((m) => m[1]!))];
  expect(tokens).toHaveLength(2);
  const found: Record<string, string> = {};
  for (const t of tokens) found[(await new ApiClient(server.url).gql(LINK, { t })).data.placeOfferLink.answer] = t;
  return { accept: found.ACCEPT!, decline: found.DECLINE! };
}

/** Moves an offer's deadline (and its job) into the past. */
async function dueNow(applicationGlobalId: string, secondsAgo = 1): Promise<Date> {
  const until = new Date(Math.floor(Date.now() / 1000) * 1000 - secondsAgo * 1000);
  await dbOf(server).execute(sql`update volunteer_applications set offer_expires_at = ${until.toISOString()}::timestamptz where id = ${uuid(applicationGlobalId)}`);
  await dbOf(server).execute(
    sql`update jobs set run_at = now() - interval '1 second', payload = jsonb_set(payload, '{expiresAt}', to_jsonb(${until.toISOString()}::text)) where key = ${`volunteer-offer:${uuid(applicationGlobalId)}`}`,
  );
  return until;
}

describe.runIf(Boolean(TEST_DATABASE_URL))('races (the position row lock held until every request waits)', () => {
  it('two places freed at once (both accepted volunteers withdraw): the two first in line are promoted, each told once, and the line stays in order', async () => {
    const id = await newPosition(2, 'AUTOMATIC', 'Two free');
    const [a, b, c, d, e] = await volunteers(5);
    const accepted: string[] = [];
    for (const v of [a!, b!]) {
      const x = await applyOk(v.client, id);
      payload(await accept(club.client, x.id), 'acceptVolunteerApplication', 'application');
      accepted.push(x.id);
    }
    const waiting: string[] = [];
    for (const v of [c!, d!, e!]) waiting.push((await applyOk(v.client, id)).id);
    const send = () => [withdraw(a!.client, accepted[0]!), withdraw(b!.client, accepted[1]!)];
    const { results, waiting: held } = await collideOnPosition(server.db.url!, id, 2, send);
    expect(held).toBe(2);
    for (const r of results) expect(r.data.withdrawVolunteerApplication.userErrors).toEqual([]);
    expect((await applicationRow(server, waiting[0]!))!.status).toBe('accepted');
    expect((await applicationRow(server, waiting[1]!))!.status).toBe('accepted');
    expect(await app(e!.client, waiting[2]!)).toMatchObject({ status: 'WAITLISTED', linePosition: 1 });
    for (const v of [c!, d!]) expect(await bells(v.user.id, 'volunteer_place_given')).toHaveLength(1);
    expect(await bells(e!.user.id, 'volunteer_place_given')).toHaveLength(0);
    expect(await position(club.client, id)).toMatchObject({ placesFilled: 2, waitlistLength: 1, status: 'FILLED' });
  });

  it('an offer accepted as it runs out: the acceptance and the expiry wait on the lock past the deadline; the offer lapses once and the acceptance is refused', async () => {
    const { id, first, line } = await fullWithLine(2, 'OFFER', 'Edge line');
    const [offeredTo, next] = line;
    payload(await withdraw(first.volunteer.client, first.appId), 'withdrawVolunteerApplication', 'application');
    // The offer ends in a second; its job is already due (as a worker whose clock runs ahead).
    const until = await dueNow(offeredTo!.appId, -1);
    const otherDb = await openDatabase({ databaseUrl: server.db.url! });
    try {
      const other = new JobWorker(otherDb.db, { [OFFER_EXPIRY_JOB]: server.clubroom.services.volunteerOffers.expiryJob }, { intervalMs: 600_000, leaseSeconds: 60, log: console });
      const positionId = uuid(id);
      const { results, waiting } = await collide(
        server.db.url!,
        (tx) => tx`select id from club_volunteer_positions where id = ${positionId} for update`,
        async (watcher) => {
          const [row] = await watcher`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query ilike '%from "club_volunteer_positions"%for update%'`;
          // Let them go only once the deadline has passed.
          return Date.now() > until.getTime() + 200 ? (row!.n as number) : 0;
        },
        2,
        () => [offeredTo!.volunteer.client.gql(ANSWER, { i: { id: offeredTo!.appId, answer: 'ACCEPT' } }), other.runOnce()] as Array<Promise<unknown>>,
      );
      expect(waiting).toBe(2);
      const answer = results[0] as { data: { answerPlaceOffer: { application: unknown; userErrors: Array<{ message: string }> } } };
      expect(answer.data.answerPlaceOffer.application).toBeNull();
      expect(answer.data.answerPlaceOffer.userErrors[0]!.message).toBe(TEXT.offerExpired);
      expect(results[1]).toBe(1);
    } finally {
      await otherDb.close();
    }
    expect((await applicationRow(server, offeredTo!.appId))!.status).toBe('lapsed');
    expect(await statuses(offeredTo!.appId)).toEqual(['waitlisted', 'offered', 'lapsed']);
    expect(await bells(offeredTo!.volunteer.user.id, 'volunteer_offer_lapsed')).toHaveLength(1);
    expect((await applicationRow(server, next!.appId))!.status).toBe('offered');
  });

  it('two owner requests accepting the last place for two volunteers at once: one accepted, the other refused, one notification', async () => {
    const id = await newPosition(1, 'AUTOMATIC', 'Last place');
    const [a, b] = await volunteers(2);
    const appA = await applyOk(a!.client, id);
    const appB = await applyOk(b!.client, id);
    const { results, waiting } = await collideOnPosition(server.db.url!, id, 2, () => [accept(club.client, appA.id), accept(club.client, appB.id)]);
    expect(waiting).toBe(2);
    const outcomes = results.map((r) => (r.data.acceptVolunteerApplication.application ? 'won' : r.data.acceptVolunteerApplication.userErrors[0].message));
    expect(outcomes.filter((o) => o === 'won')).toHaveLength(1);
    expect(outcomes.filter((o) => o !== 'won')).toEqual([TEXT.full(1)]);
    const decided = [...(await bells(a!.user.id, 'volunteer_application_decided')), ...(await bells(b!.user.id, 'volunteer_application_decided'))];
    expect(decided).toHaveLength(1);
    expect(await position(club.client, id)).toMatchObject({ placesFilled: 1, status: 'FILLED' });
  });
});

describe.runIf(Boolean(TEST_DATABASE_URL))('offer expiry, exactly once', () => {
  it('lapses an offer once when two workers (two connection pools) run the due job at the same moment', async () => {
    const { first: accepted, line } = await fullWithLine(1, 'OFFER', 'Pair expiry');
    const first = line[0]!;
    // The place frees by a rejection of the accepted volunteer.
    payload(await reject(club.client, accepted.appId), 'rejectVolunteerApplication', 'application');
    expect((await applicationRow(server, first.appId))!.status).toBe('offered');
    await dueNow(first.appId);
    second ??= await openDatabase({ databaseUrl: server.db.url! });
    const other = new JobWorker(second.db, { [OFFER_EXPIRY_JOB]: server.clubroom.services.volunteerOffers.expiryJob }, { intervalMs: 600_000, leaseSeconds: 60, log: console });
    const [x, y] = await Promise.all([server.clubroom.jobWorker.runOnce(), other.runOnce()]);
    expect(x + y).toBe(1);
    expect(await bells(first.volunteer.user.id, 'volunteer_offer_lapsed')).toHaveLength(1);
  });

  it('lapses an offer once after the worker running it is killed before it committed', async () => {
    const { first: accepted, line } = await fullWithLine(1, 'OFFER', 'Kill expiry');
    const target = line[0]!;
    payload(await reject(club.client, accepted.appId), 'rejectVolunteerApplication', 'application');
    await dueNow(target.appId);
    second ??= await openDatabase({ databaseUrl: server.db.url! });
    let backendPid = 0;
    const expiry = server.clubroom.services.volunteerOffers.expiryJob;
    const holding = new Promise<void>((resolve) => {
      const handlers = {
        [OFFER_EXPIRY_JOB]: async (tx: Parameters<typeof expiry>[0], job: Parameters<typeof expiry>[1]) => {
          const outcome = await expiry(tx, job);
          backendPid = Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
          resolve();
          await new Promise<void>(() => {});
          return outcome;
        },
      };
      const doomed = new JobWorker(second!.db, handlers, { intervalMs: 600_000, leaseSeconds: 2, log: { warn: () => {}, error: () => {} } });
      void doomed.runOnce();
    });
    await holding;
    expect(await bells(target.volunteer.user.id, 'volunteer_offer_lapsed')).toHaveLength(0);
    expect(await server.clubroom.jobWorker.runOnce()).toBe(0);
    await dbOf(server).execute(sql`select pg_terminate_backend(${backendPid})`);
    // Once the killed worker's claim is gone (its lease ran out, or its failure path let the job go),
    // the server's worker takes the job over, exactly once.
    const ran = await runAfterKill(server, server.clubroom.jobWorker, `volunteer-offer:${uuid(target.appId)}`);
    expect(ran).toBe(1);
    expect(await bells(target.volunteer.user.id, 'volunteer_offer_lapsed')).toHaveLength(1);
    expect((await applicationRow(server, target.appId))!.status).toBe('lapsed');
  });
});
