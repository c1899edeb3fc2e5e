// Webhook events (issue 31; docs/API.md, 'Webhook events'): each change emits its event in its own
// transaction, from the module where it happens: the row the webhooks module writes carries the
// kind, who it is for (audience) and the payload, with the API's global ids and the schema's field
// names. A refused change (bad input) and a rolled-back one write none.
import { and, asc, gt, inArray, max, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEndpoints, webhookEvents } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { WEBHOOK_EVENT_KIND_NAMES, type WebhookAudience, type WebhookEventKind } from '../../server/src/modules/webhooks/webhooks.rules.js';
import { ApiClient, newMember, STRONG_PASSWORD } from '../helpers/client.js';
import { approveOk, reject as rejectClub } from '../helpers/admin.js';
import { clubGlobalId, newClubOwner, payloadOk, saveTimesOk } from '../helpers/clubs.js';
import { CREATE as CREATE_MEETING, DELETE as DELETE_MEETING, UPDATE as UPDATE_MEETING } from '../helpers/council.js';
import { adminClient, adminId, dbOf, mutateOk, onlyUserError, sendOk, SEND } from '../helpers/messages.js';
import { accept, applyOk, clubWithOpportunity, liveOpportunity, payload, reject, uuid, withdraw } from '../helpers/opportunities.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { runJobNow } from '../helpers/jobs.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startServer({}, { APPLICATION_LIMIT_PER_POSITION: '1000', APPLICATION_LIMIT_PER_VOLUNTEER: '1000' });
  // The test runs offer expiries itself.
  await server.clubroom.jobWorker.stop();
  admin = await adminClient(server.url);
  // An event is written only when an active endpoint asked for its kind: one asks for them all.
  await dbOf(server)
    .insert(webhookEndpoints)
    .values({ userId: await adminId(server), kind: 'platform', url: 'http://127.0.0.1:1/hook', eventKinds: [...WEBHOOK_EVENT_KIND_NAMES], scopes: ['read'], secret: 'whsec_dGVzdA==' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type EventRow = { kind: string; audience: Record<string, unknown>; data: Record<string, any> };

/** Where the events table stands now: events after it are the next change's. */
async function mark(): Promise<number> {
  const [row] = await dbOf(server).select({ seq: max(webhookEvents.seq) }).from(webhookEvents);
  return Number(row?.seq ?? 0);
}
/** The events written since `from` (of `kinds`, when given), in order. */
async function since(from: number, kinds?: WebhookEventKind[]): Promise<EventRow[]> {
  return dbOf(server)
    .select({ kind: webhookEvents.kind, audience: webhookEvents.audience, data: webhookEvents.data })
    .from(webhookEvents)
    .where(and(gt(webhookEvents.seq, from), kinds ? inArray(webhookEvents.kind, kinds) : undefined))
    .orderBy(asc(webhookEvents.seq));
}

/** An audience as the webhooks module stores it (every key). */
const aud = (a: WebhookAudience) => ({ memberIds: [], clubId: null, platform: false, public: false, ...a });
const gid = (type: string, id: string) => toGlobalId(type, id);
const ISO = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);

describe('club applications', () => {
  it('emits submitted at sign-up, and approved or rejected at the decision, not at a refused one', async () => {
    let at = await mark();
    const owner = await newMember(server.url, { clubName: 'Webhook Rowers', fullName: 'Rowing Owner' });
    const club = { id: gid('Club', owner.user.id), name: 'Webhook Rowers' };
    expect(await since(at)).toEqual([
      { kind: 'club.application.submitted', audience: aud({ platform: true }), data: { club: { ...club, applicationStatus: 'PENDING', city: null, category: null, createdAt: ISO, reviewedAt: null } } },
    ]);

    at = await mark();
    await approveOk(admin, club.id, 'Looks <b>good</b>');
    const [approved] = await since(at);
    expect(approved).toEqual({ kind: 'club.application.approved', audience: aud({ platform: true, clubId: owner.user.id }), data: { club: expect.objectContaining({ ...club, applicationStatus: 'APPROVED', reviewedAt: ISO }) } });
    // The administrators' notes are theirs alone.
    expect(JSON.stringify(approved!.data)).not.toContain('good');

    // A decision on a club no longer pending is refused: nothing emitted.
    at = await mark();
    const refused = await rejectClub(admin, club.id, 'Too late');
    expect(refused.data?.rejectClubApplication?.userErrors?.length ?? refused.errors?.length).toBeGreaterThan(0);
    expect(await since(at)).toEqual([]);

    const other = await newMember(server.url, { clubName: 'Webhook Sailors' });
    at = await mark();
    payloadOk(await rejectClub(admin, gid('Club', other.user.id), 'Not a sports club'), 'rejectClubApplication');
    expect(await since(at)).toEqual([
      { kind: 'club.application.rejected', audience: aud({ platform: true, clubId: other.user.id }), data: { club: expect.objectContaining({ id: gid('Club', other.user.id), applicationStatus: 'REJECTED' }) } },
    ]);
  });
});

describe('volunteer applications and the waiting line', () => {
  let club: Awaited<ReturnType<typeof clubWithOpportunity>>;
  beforeAll(async () => {
    club = await clubWithOpportunity(server, { clubName: 'Webhook Hawks', position: { title: 'Steward' } });
  });
  const UPDATE = `mutation($i: UpdateVolunteerPositionInput!) { updateVolunteerPosition(input: $i) { position { id places waitlistPolicy } userErrors { field code message } } }`;
  const ANSWER = `mutation($i: AnswerPlaceOfferInput!) { answerPlaceOffer(input: $i) { application { id status } userErrors { field code message } } }`;

  async function position(title: string, places: number | null, policy = 'AUTOMATIC'): Promise<string> {
    const id = await liveOpportunity(club.client, { title });
    payload(await club.client.gql(UPDATE, { i: { id, title, description: 'Helps on match days, every other Saturday.', places, waitlistPolicy: policy, offerHours: null } }), 'updateVolunteerPosition', 'position');
    return id;
  }
  const volunteers = async (n: number) => {
    const made: Volunteer[] = [];
    for (let i = 0; i < n; i++) made.push(await createVolunteer(server, { firstName: `Hook${i}`, lastName: 'Volunteer' }));
    return made;
  };
  const subject = (appId: string, v: Volunteer, positionId: string, title: string, status: string) => ({
    id: appId,
    status,
    appliedAt: ISO,
    offerExpiresAt: null,
    position: { id: positionId, title },
    club: { id: gid('Club', club.user.id), name: 'Webhook Hawks' },
    volunteer: { id: gid('Member', v.user.id), name: expect.any(String) as unknown },
  });

  it('emits received to the club, decided to both, withdrawn to the club; none when refused', async () => {
    const id = await position('Gate Steward', null);
    const [v] = await volunteers(1);
    let at = await mark();
    const app = await applyOk(v!.client, id);
    const [received] = await since(at);
    expect(received).toEqual({ kind: 'volunteer.application.received', audience: aud({ clubId: club.user.id }), data: { volunteerApplication: subject(app.id, v!, id, 'Gate Steward', 'PENDING') } });
    // No message or email in the payload.
    expect(JSON.stringify(received!.data)).not.toContain('@');

    at = await mark();
    payload(await accept(club.client, app.id, 'Private note for the file'), 'acceptVolunteerApplication', 'application');
    const [decided] = await since(at);
    expect(decided).toEqual({
      kind: 'volunteer.application.decided',
      audience: aud({ clubId: club.user.id, memberIds: [v!.user.id] }),
      data: { volunteerApplication: subject(app.id, v!, id, 'Gate Steward', 'ACCEPTED'), decidedAt: ISO },
    });
    expect(JSON.stringify(decided!.data)).not.toContain('Private note');

    // Refused: accepting it again, and a stranger withdrawing it.
    at = await mark();
    expect(onlyUserError(await accept(club.client, app.id), 'acceptVolunteerApplication').field).toBe('id');
    const [stranger] = await volunteers(1);
    expect((await withdraw(stranger!.client, app.id)).data?.withdrawVolunteerApplication?.application ?? null).toBeNull();
    expect(await since(at)).toEqual([]);

    at = await mark();
    payload(await withdraw(v!.client, app.id), 'withdrawVolunteerApplication', 'application');
    expect(await since(at)).toEqual([
      { kind: 'volunteer.application.withdrawn', audience: aud({ clubId: club.user.id }), data: { volunteerApplication: subject(app.id, v!, id, 'Gate Steward', 'WITHDRAWN'), withdrawnAt: ISO } },
    ]);
  });

  it('emits waitlist joined and place given (automatic), in one statement per change', async () => {
    const id = await position('Kit Helper', 1);
    const [first, second] = await volunteers(2);
    const firstApp = await applyOk(first!.client, id);
    payload(await accept(club.client, firstApp.id), 'acceptVolunteerApplication', 'application');
    let at = await mark();
    const secondApp = await applyOk(second!.client, id);
    expect((await since(at)).map((e) => [e.kind, e.data.volunteerApplication.status])).toEqual([
      ['volunteer.application.received', 'WAITLISTED'],
      ['volunteer.waitlist.joined', 'WAITLISTED'],
    ]);
    expect((await since(at, ['volunteer.waitlist.joined']))[0]!.audience).toEqual(aud({ clubId: club.user.id, memberIds: [second!.user.id] }));

    // The first withdraws: the place goes to the second at once.
    at = await mark();
    payload(await withdraw(first!.client, firstApp.id), 'withdrawVolunteerApplication', 'application');
    const events = await since(at);
    expect(events.map((e) => e.kind)).toEqual(['volunteer.application.withdrawn', 'volunteer.place.given']);
    expect(events[1]).toEqual({
      kind: 'volunteer.place.given',
      audience: aud({ clubId: club.user.id, memberIds: [second!.user.id] }),
      data: { volunteerApplication: subject(secondApp.id, second!, id, 'Kit Helper', 'ACCEPTED'), from: 'WAITING_LIST' },
    });
  });

  it('emits place offered, offer lapsed (declined, then expired) and place given (offer taken)', async () => {
    const id = await position('Bar Helper', 1, 'OFFER');
    const [holder, a, b] = await volunteers(3);
    const holderApp = await applyOk(holder!.client, id);
    payload(await accept(club.client, holderApp.id), 'acceptVolunteerApplication', 'application');
    const aApp = await applyOk(a!.client, id);
    const bApp = await applyOk(b!.client, id);

    let at = await mark();
    payload(await reject(club.client, holderApp.id), 'rejectVolunteerApplication', 'application');
    const offered = await since(at);
    expect(offered.map((e) => e.kind)).toEqual(['volunteer.application.decided', 'volunteer.place.offered']);
    expect(offered[1]!.audience).toEqual(aud({ clubId: club.user.id, memberIds: [a!.user.id] }));
    expect(offered[1]!.data).toMatchObject({ volunteerApplication: { id: aApp.id, status: 'OFFERED', offerExpiresAt: ISO }, offerExpiresAt: ISO });

    // Declined: lapsed, and offered on to the next, in that order.
    at = await mark();
    payload(await a!.client.gql(ANSWER, { i: { id: aApp.id, answer: 'DECLINE' } }), 'answerPlaceOffer', 'application');
    const declined = await since(at);
    expect(declined.map((e) => [e.kind, e.data.volunteerApplication.id])).toEqual([
      ['volunteer.offer.lapsed', aApp.id],
      ['volunteer.place.offered', bApp.id],
    ]);
    expect(declined[0]!.data).toMatchObject({ volunteerApplication: { status: 'WITHDRAWN' }, reason: 'DECLINED' });

    // Its deadline passes: the expiry job lapses it.
    at = await mark();
    const until = new Date(Math.floor(Date.now() / 1000) * 1000 - 1000);
    await dbOf(server).execute(sql`update volunteer_applications set offer_expires_at = ${until.toISOString()}::timestamptz where id = ${uuid(bApp.id)}`);
    await dbOf(server).execute(sql`update jobs set payload = jsonb_set(payload, '{expiresAt}', to_jsonb(${until.toISOString()}::text)) where key = ${`volunteer-offer:${uuid(bApp.id)}`}`);
    await runJobNow(server, `volunteer-offer:${uuid(bApp.id)}`);
    expect(await since(at)).toEqual([
      { kind: 'volunteer.offer.lapsed', audience: aud({ clubId: club.user.id, memberIds: [b!.user.id] }), data: { volunteerApplication: subject(bApp.id, b!, id, 'Bar Helper', 'LAPSED'), reason: 'EXPIRED' } },
    ]);

    // A new applicant is offered the free place and takes it.
    const [c] = await volunteers(1);
    const cApp = await applyOk(c!.client, id);
    expect(cApp.status).toBe('PENDING');
    payload(await club.client.gql(`mutation($i: WaitlistVolunteerApplicationInput!) { waitlistVolunteerApplication(input: $i) { application { id status } userErrors { field code message } } }`, { i: { id: cApp.id } }), 'waitlistVolunteerApplication', 'application');
    at = await mark();
    payload(await c!.client.gql(ANSWER, { i: { id: cApp.id, answer: 'ACCEPT' } }), 'answerPlaceOffer', 'application');
    expect((await since(at)).map((e) => [e.kind, e.data.volunteerApplication.status, e.data.from])).toEqual([['volunteer.place.given', 'ACCEPTED', 'OFFER']]);
  });
});

describe('account deletion', () => {
  const DELETE = 'mutation($i: DeleteMyAccountInput!) { deleteMyAccount(input: $i) { deleted userErrors { field code message } } }';

  it('withdraws a leaving volunteer\'s applications without naming them; a wrong password emits nothing', async () => {
    const club = await clubWithOpportunity(server, { clubName: 'Webhook Leavers' });
    const leaver = await createVolunteer(server, { firstName: 'Leaving', lastName: 'Soon' });
    const app = await applyOk(leaver.client, club.positionId);
    let at = await mark();
    expect((await leaver.client.gql(DELETE, { i: { password: 'Wr0ng!Password' } })).data.deleteMyAccount.userErrors).toHaveLength(1);
    expect(await since(at)).toEqual([]);

    at = await mark();
    expect(payloadOk<{ deleted: boolean }>(await leaver.client.gql(DELETE, { i: { password: STRONG_PASSWORD } }), 'deleteMyAccount').deleted).toBe(true);
    const events = await since(at, ['volunteer.application.withdrawn']);
    expect(events).toEqual([
      { kind: 'volunteer.application.withdrawn', audience: aud({ clubId: club.user.id }), data: { volunteerApplication: expect.objectContaining({ id: app.id, status: 'WITHDRAWN', volunteer: null }), withdrawnAt: ISO } },
    ]);
    expect(JSON.stringify(events)).not.toContain('Leaving');
  });
});

describe('shifts', () => {
  const ADD = 'mutation($i: AddPositionShiftsInput!) { addPositionShifts(input: $i) { shifts { id } userErrors { field code message } } }';
  const APPLY = 'mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id status shiftSignups { id status } } userErrors { field code message } } }';
  const DECIDE = 'mutation($i: DecideShiftSignupInput!) { decideShiftSignup(input: $i) { signup { id status } userErrors { field code message } } }';
  const DROP = 'mutation($i: WithdrawShiftSignupInput!) { withdrawShiftSignup(input: $i) { signup { id status } userErrors { field code message } } }';
  const inDays = (days: number, hour: number) => {
    const d = new Date(Date.now() + days * 86_400_000);
    d.setUTCHours(hour, 0, 0, 0);
    return d.toISOString();
  };

  it('names the shift signup: waitlist joined on a full shift, decided per shift, a dropped shift and the place it frees', async () => {
    const club = await clubWithOpportunity(server, { clubName: 'Webhook Shifters' });
    const id = await liveOpportunity(club.client, { title: 'Car Park Marshal' });
    const [shift] = payload<Array<{ id: string }>>(await club.client.gql(ADD, { i: { positionId: id, startsAt: inDays(5, 10), endsAt: inDays(5, 12), places: 1 } }), 'addPositionShifts', 'shifts');
    const [first, second] = [await createVolunteer(server, { firstName: 'Shift', lastName: 'One' }), await createVolunteer(server, { firstName: 'Shift', lastName: 'Two' })];
    const apply = async (v: Volunteer) => payload<{ id: string; shiftSignups: Array<{ id: string; status: string }> }>(await v.client.gql(APPLY, { i: { positionId: id, message: 'I would love to help out on Saturday mornings.', shiftIds: [shift!.id] } }), 'applyToOpportunity', 'application');
    const firstApp = await apply(first);
    let at = await mark();
    payload(await club.client.gql(DECIDE, { i: { id: firstApp.shiftSignups[0]!.id, decision: 'ACCEPT' } }), 'decideShiftSignup', 'signup');
    const [decided] = await since(at);
    expect(decided).toMatchObject({
      kind: 'volunteer.application.decided',
      audience: aud({ clubId: club.user.id, memberIds: [first.user.id] }),
      data: { volunteerApplication: { id: firstApp.id, status: 'ACCEPTED' }, shiftSignup: { id: firstApp.shiftSignups[0]!.id, status: 'ACCEPTED', offerExpiresAt: null, shift: { id: shift!.id, startsAt: ISO, endsAt: ISO } }, decidedAt: ISO },
    });

    at = await mark();
    const secondApp = await apply(second);
    expect(secondApp.shiftSignups[0]!.status).toBe('WAITLISTED');
    expect((await since(at)).map((e) => [e.kind, e.data.shiftSignup?.id ?? null])).toEqual([
      ['volunteer.application.received', null],
      ['volunteer.waitlist.joined', secondApp.shiftSignups[0]!.id],
    ]);

    // Refused: the club decides a signup that is not open any more.
    at = await mark();
    expect(onlyUserError(await club.client.gql(DECIDE, { i: { id: secondApp.shiftSignups[0]!.id, decision: 'WAITLIST' } }), 'decideShiftSignup').field).toBe('id');
    expect(await since(at)).toEqual([]);

    at = await mark();
    payload(await first.client.gql(DROP, { i: { id: firstApp.shiftSignups[0]!.id } }), 'withdrawShiftSignup', 'signup');
    expect((await since(at)).map((e) => [e.kind, e.data.volunteerApplication.id, e.data.shiftSignup.id, e.data.shiftSignup.status])).toEqual([
      ['volunteer.application.withdrawn', firstApp.id, firstApp.shiftSignups[0]!.id, 'WITHDRAWN'],
      ['volunteer.place.given', secondApp.id, secondApp.shiftSignups[0]!.id, 'ACCEPTED'],
    ]);
  });
});

describe('messages', () => {
  it('emits message.received to the recipient only; none for a refused send or a rolled-back one', async () => {
    const alice = await newMember(server.url, { fullName: 'Alice Hook' });
    const bob = await newMember(server.url, { fullName: 'Bob Hook' });
    let at = await mark();
    const message = await sendOk(alice, bob, { subject: 'Training on Sunday', content: 'See you at the pitch at ten.' });
    expect(await since(at)).toEqual([
      {
        kind: 'message.received',
        audience: aud({ memberIds: [bob.user.id] }),
        data: {
          message: {
            id: message.id,
            subject: 'Training on Sunday',
            content: 'See you at the pitch at ten.',
            createdAt: ISO,
            sender: { id: gid('Member', alice.user.id), name: 'Alice Hook' },
            recipient: { id: gid('Member', bob.user.id) },
          },
        },
      },
    ]);

    at = await mark();
    expect(onlyUserError(await alice.client.gql(SEND, { input: { recipientId: gid('Member', bob.user.id), subject: '', content: 'Long enough content' } }), 'sendMessage')).toBeTruthy();
    await expect(
      dbOf(server).transaction(async (tx) => {
        await server.clubroom.services.messages.deliverWithin(tx, { senderId: alice.user.id, recipientId: bob.user.id, subject: 'Warning', content: 'Rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await since(at)).toEqual([]);
  });
});

describe('council meetings', () => {
  it('emits published for a public meeting, changed for its changes (cancelled, unpublished, deleted), nothing for a private one', async () => {
    let at = await mark();
    const meeting = (await mutateOk(admin, CREATE_MEETING, { input: { title: 'Spring council', meetingDate: '2027-04-05', agenda: '<p>Budget</p>' } }, 'createCouncilMeeting')).meeting;
    expect(await since(at)).toEqual([
      {
        kind: 'council.meeting.published',
        audience: aud({ public: true }),
        data: { councilMeeting: { id: meeting.id, title: 'Spring council', meetingDate: '2027-04-05', meetingTime: null, location: null, agenda: '<p>Budget</p>', minutes: '', status: 'UPCOMING', isPublic: true, updatedAt: ISO } },
      },
    ]);

    at = await mark();
    await mutateOk(admin, UPDATE_MEETING, { input: { id: meeting.id, location: 'Town hall' } }, 'updateCouncilMeeting');
    await mutateOk(admin, UPDATE_MEETING, { input: { id: meeting.id, status: 'CANCELLED' } }, 'updateCouncilMeeting');
    await mutateOk(admin, UPDATE_MEETING, { input: { id: meeting.id, isPublic: false } }, 'updateCouncilMeeting');
    const changes = await since(at);
    expect(changes.map((e) => [e.kind, e.data.change])).toEqual([
      ['council.meeting.changed', 'UPDATED'],
      ['council.meeting.changed', 'CANCELLED'],
      ['council.meeting.changed', 'UNPUBLISHED'],
    ]);
    expect(changes[0]!.data.councilMeeting).toMatchObject({ id: meeting.id, location: 'Town hall' });
    // No longer public: named by its id only.
    expect(changes[2]!.data.councilMeeting).toEqual({ id: meeting.id, isPublic: false });

    // Private: its changes and deletion say nothing; a bad change is refused and says nothing.
    at = await mark();
    await mutateOk(admin, UPDATE_MEETING, { input: { id: meeting.id, title: 'Spring council (internal)' } }, 'updateCouncilMeeting');
    expect(onlyUserError(await admin.gql(UPDATE_MEETING, { input: { id: meeting.id, title: '' } }), 'updateCouncilMeeting').field).toBe('title');
    await mutateOk(admin, DELETE_MEETING, { input: { id: meeting.id } }, 'deleteCouncilMeeting');
    const hidden = (await mutateOk(admin, CREATE_MEETING, { input: { title: 'Closed session', meetingDate: '2027-04-06', isPublic: false } }, 'createCouncilMeeting')).meeting;
    expect(await since(at)).toEqual([]);

    // Made public: published; deleted while public: changed (DELETED).
    at = await mark();
    await mutateOk(admin, UPDATE_MEETING, { input: { id: hidden.id, isPublic: true } }, 'updateCouncilMeeting');
    await mutateOk(admin, DELETE_MEETING, { input: { id: hidden.id } }, 'deleteCouncilMeeting');
    expect((await since(at)).map((e) => [e.kind, e.data.change ?? null, e.data.councilMeeting.id])).toEqual([
      ['council.meeting.published', null, hidden.id],
      ['council.meeting.changed', 'DELETED', hidden.id],
    ]);
  });
});

describe('club sessions', () => {
  const FOLLOW = 'mutation($i: ClubFollowInput!) { followClub(input: $i) { club { id } userErrors { message } } }';
  const CREATE_EVENT = 'mutation($i: ClubEventInput!) { createClubEvent(input: $i) { session { id } userErrors { field code message } } }';
  const CANCEL = 'mutation($i: CancelSessionInput!) { cancelSession(input: $i) { session { id } userErrors { field code message } } }';
  const ANSWER = 'mutation($i: AnswerSessionInput!) { answerSession(input: $i) { session { id } userErrors { field code message } } }';
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

  it('emits published and changed (public for a listed club), answered to the club; none when refused', async () => {
    const owner = await newClubOwner(server, { status: 'approved', clubName: 'Webhook Runners' });
    const fan = await newMember(server.url, { fullName: 'Fan Hook' });
    payloadOk(await fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub');

    let at = await mark();
    const startsAt = hours(72);
    const event = payloadOk<{ session: { id: string } }>(await owner.client.gql(CREATE_EVENT, { i: { title: 'Relay night', description: null, place: 'Track', startsAt, endsAt: hours(74), capacity: 10 } }), 'createClubEvent').session;
    const club = { id: gid('Club', owner.user.id), name: 'Webhook Runners' };
    expect(await since(at)).toEqual([
      {
        kind: 'club.session.published',
        audience: aud({ clubId: owner.user.id, public: true }),
        data: {
          clubSession: {
            id: event.id,
            kind: 'EVENT',
            name: 'Relay night',
            title: 'Relay night',
            description: null,
            place: 'Track',
            startsAt: new Date(startsAt).toISOString(),
            endsAt: ISO,
            timeZone: expect.any(String),
            capacity: 10,
            sequence: 0,
            movedAt: null,
            cancelledAt: null,
            cancelReason: null,
            club,
          },
        },
      },
    ]);

    at = await mark();
    payloadOk(await fan.client.gql(ANSWER, { i: { sessionId: event.id, answer: 'CANT', reason: 'Away that week' } }), 'answerSession');
    expect(await since(at)).toEqual([
      {
        kind: 'club.session.answered',
        audience: aud({ clubId: owner.user.id }),
        data: { clubSession: { id: event.id, name: 'Relay night', startsAt: new Date(startsAt).toISOString(), club }, member: { id: gid('Member', fan.user.id), name: 'Fan Hook' }, answer: 'CANT', reason: 'Away that week', answeredAt: ISO },
      },
    ]);

    // Refused: a member who does not follow the club answers; a cancel without a reason.
    at = await mark();
    const stranger = await newMember(server.url);
    expect((await stranger.client.gql(ANSWER, { i: { sessionId: event.id, answer: 'GOING' } })).data.answerSession.userErrors).toHaveLength(1);
    expect((await owner.client.gql(CANCEL, { i: { sessionId: event.id, reason: '' } })).data.cancelSession.userErrors).toHaveLength(1);
    expect(await since(at)).toEqual([]);

    // Meeting times put training sessions on the calendar (published, in one statement); a
    // change of them takes the unanswered ones off (REMOVED).
    at = await mark();
    await saveTimesOk(owner.client, [{ dayOfWeek: 2, startTime: '18:00', endTime: '19:30' }]);
    const training = await since(at);
    expect(training.length).toBeGreaterThanOrEqual(8);
    expect(new Set(training.map((e) => e.kind))).toEqual(new Set(['club.session.published']));
    expect(training[0]!.data.clubSession).toMatchObject({ kind: 'SESSION', name: 'Webhook Runners training', club });
    at = await mark();
    await saveTimesOk(owner.client, []);
    const removed = await since(at);
    expect(removed.map((e) => e.data.clubSession.id).sort()).toEqual(training.map((e) => e.data.clubSession.id).sort());
    expect(new Set(removed.map((e) => `${e.kind} ${e.data.change}`))).toEqual(new Set(['club.session.changed REMOVED']));

    at = await mark();
    payloadOk(await owner.client.gql(CANCEL, { i: { sessionId: event.id, reason: 'Track closed for repairs' } }), 'cancelSession');
    const [changed] = await since(at);
    expect(changed).toMatchObject({
      kind: 'club.session.changed',
      audience: aud({ clubId: owner.user.id, public: true }),
      data: { change: 'CANCELLED', clubSession: { id: event.id, cancelledAt: ISO, cancelReason: 'Track closed for repairs', sequence: 1 } },
    });
  });
});
