// Volunteer applications (platform.md sections 2–4 and 8; the issue 12 contract): every rule of
// applying, withdrawing, accepting and rejecting with its message; the idempotency key; the other
// side notified live (graphql-ws) and mailed per the club's settings; the history; the volunteer's
// list with its four sorts, filters and keyset cursors; the stats; who may see an application; the
// deleted opportunity; and the races (two applies; two owner sessions and the volunteer at once),
// which end in one consistent state because each write is decided by the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ApiClient, STRONG_PASSWORD, newMember, type GqlAnswer } from '../helpers/client.js';
import { deletePosition, newClubOwner, saveProfileOk, validProfile } from '../helpers/clubs.js';
import { adminClient, approveClub, collect, dbOf, gqlOk, onlyError, onlyUserError, settled } from '../helpers/messages.js';
import { collideOnPosition } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { wsClient } from '../helpers/ws.js';
import { waitForMails } from '../helpers/mail.js';
import { createToken } from '../helpers/api-tokens.js';
import { createVolunteer, memberGlobalId, type Volunteer } from '../helpers/volunteers.js';
import { mailOutbox, volunteerApplicationEvents } from '../../server/src/db/schema/index.js';
import {
  APPLICATION_NODE,
  GOOD_MESSAGE,
  NOTIFICATION_ADDED,
  OPPORTUNITY_TEXT as T,
  accept,
  application,
  applicationNotifications,
  applicationRow,
  applicationRows,
  apply,
  applyOk,
  clubWithOpportunity,
  eventRows,
  insertApplications,
  insertPositions,
  liveOpportunity,
  myApplications,
  myStats,
  nodes,
  payload,
  reject,
  setClubMailSettings,
  setPositionStatusRow,
  uuid,
  withdraw,
  type ApplicationView,
} from '../helpers/opportunities.js';

let server: TestServer;
let club: Awaited<ReturnType<typeof clubWithOpportunity>>;
let volunteer: Volunteer;

beforeAll(async () => {
  // One volunteer applies and withdraws here far more often than the hourly limits allow (they
  // are tested in write-floods.test.ts), so this file's server lifts them.
  server = await startServer({}, { APPLICATION_LIMIT_PER_POSITION: '1000', APPLICATION_LIMIT_PER_VOLUNTEER: '1000' });
  club = await clubWithOpportunity(server, { clubName: 'Harbour Hawks', position: { title: 'Match Day Steward' } });
  volunteer = await createVolunteer(server, { firstName: 'Alex', lastName: 'Morgan' });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

type Club = typeof club;
const newPosition = (owner: Club = club, title = 'Kit Helper') => liveOpportunity(owner.client, { title });
const refused = (answer: GqlAnswer, key: string) => onlyUserError(answer, key);
const outboxTo = async (email: string) => dbOf(server).select().from(mailOutbox).where(eq(mailOutbox.to, email));

// ---------------------------------------------------------------------------------------------

describe('applying', () => {
  it('creates a pending application with its message, club, volunteer, profile and first history event', async () => {
    const id = await newPosition(club, 'Programme Seller');
    const created = await applyOk(volunteer.client, id, { message: '  I can sell programmes at every home match.  ' });
    expect(created).toMatchObject({
      status: 'PENDING',
      message: 'I can sell programmes at every home match.',
      canWithdraw: true,
      canReview: false,
      position: { id, title: 'Programme Seller', requiredSkills: ['Coaching', 'First Aid'], club: { id: club.clubId, name: 'Harbour Hawks' } },
      club: { id: club.clubId, name: 'Harbour Hawks' },
      volunteer: { id: volunteer.memberId, name: 'Alex Morgan' },
      volunteerProfile: { id: volunteer.profileId, fullName: 'Alex Morgan', email: volunteer.profile.email },
      history: [{ status: 'PENDING', note: null, actor: { id: volunteer.memberId } }],
    });
    expect(await applicationRow(server, created.id)).toMatchObject({ status: 'pending', positionId: uuid(id), volunteerId: volunteer.user.id, clubId: club.clubUuid });
  });

  it("refuses a caller without a volunteer profile: 'Create your volunteer profile before applying.'", async () => {
    const member = await newMember(server.url, { fullName: 'No Profile' });
    expect(refused(await apply(member.client, club.positionId), 'applyToOpportunity')).toEqual({ field: null, code: 'BAD_USER_INPUT', message: T.profileRequired });
    expect(await applicationRows(server, club.positionId)).toEqual([]);
  });

  it("refuses an unknown, hidden, or unapproved club's position, and an id of another type, with NOT_FOUND 'Opportunity not found'", async () => {
    const pending = await newClubOwner(server, { clubName: 'Pending Penguins' });
    const pendingRole = await liveOpportunity(pending.client, { title: 'Pending role' });
    const [hidden] = await insertPositions(server, club.clubUuid, [{ title: 'Hidden role', isLive: false }]);
    for (const positionId of [pendingRole, hidden!, club.clubId, 'Vm9sdW50ZWVyUG9zaXRpb246MDAwMDAwMDAtMDAwMC00MDAwLTgwMDAtMDAwMDAwMDAwMDAw', 'garbage']) {
      expect(refused(await apply(volunteer.client, positionId), 'applyToOpportunity'), positionId).toEqual({ field: 'positionId', code: 'NOT_FOUND', message: T.notFound });
    }
  });

  it.each(['filled', 'cancelled'] as const)("refuses a %s opportunity: 'This opportunity is no longer accepting applications.'", async (status) => {
    const id = await newPosition(club, `A ${status} role`);
    await setPositionStatusRow(server, id, status);
    expect(refused(await apply(volunteer.client, id), 'applyToOpportunity')).toEqual({ field: 'positionId', code: 'BAD_USER_INPUT', message: T.notAccepting });
    expect(await applicationRows(server, id)).toEqual([]);
  });

  it("refuses the caller's own club's opportunity", async () => {
    // A volunteer who later registered a club on the same account.
    const both = await createVolunteer(server, { firstName: 'Dual' });
    await saveProfileOk(both.client, validProfile({ name: 'Dual Dolphins', contactEmail: both.email }));
    await approveClub(server, both.user.id);
    const own = await liveOpportunity(both.client, { title: 'Own role' });
    expect(refused(await apply(both.client, own), 'applyToOpportunity')).toEqual({ field: 'positionId', code: 'BAD_USER_INPUT', message: T.ownClub });
  });

  it("refuses a second open application: 'You have already applied to this opportunity.' (pending or accepted), and allows a new one after a withdrawal or a rejection", async () => {
    const id = await newPosition(club, 'Twice role');
    const first = await applyOk(volunteer.client, id);
    expect(refused(await apply(volunteer.client, id), 'applyToOpportunity')).toEqual({ field: 'positionId', code: 'BAD_USER_INPUT', message: T.alreadyApplied });
    payload(await withdraw(volunteer.client, first.id), 'withdrawVolunteerApplication', 'application');
    const second = await applyOk(volunteer.client, id);
    payload(await accept(club.client, second.id), 'acceptVolunteerApplication', 'application');
    expect(refused(await apply(volunteer.client, id), 'applyToOpportunity').message).toBe(T.alreadyApplied);
    expect((await applicationRows(server, id)).map((r) => r.status).sort()).toEqual(['accepted', 'withdrawn']);

    const other = await newPosition(club, 'Rejected then again');
    const turnedDown = await applyOk(volunteer.client, other);
    payload(await reject(club.client, turnedDown.id), 'rejectVolunteerApplication', 'application');
    expect((await applyOk(volunteer.client, other)).status).toBe('PENDING');
  });

  it.each([
    ['9 characters', '123456789', T.messageMin],
    ['blank', '          ', T.messageMin],
    ['only markup', '<b></b><script>alert(1)</script>', T.messageMin],
    ['2001 characters', 'x'.repeat(2001), T.messageMax],
  ])('refuses a message of %s with its message on `message`', async (_what, message, text) => {
    const id = await newPosition(club, 'Message role');
    expect(refused(await apply(volunteer.client, id, { message }), 'applyToOpportunity')).toEqual({ field: 'message', code: 'BAD_USER_INPUT', message: text });
    expect(await applicationRows(server, id)).toEqual([]);
  });

  it('accepts 10 and 2000 characters, and strips markup from the message it stores', async () => {
    expect((await applyOk(volunteer.client, await newPosition(club), { message: '1234567890' })).message).toBe('1234567890');
    expect((await applyOk(volunteer.client, await newPosition(club), { message: 'y'.repeat(2000) })).message).toHaveLength(2000);
    const cleaned = await applyOk(volunteer.client, await newPosition(club), { message: 'Happy to <b>help</b><script>x()</script> any day.' });
    expect(cleaned.message).toBe('Happy to help any day.');
  });

  it('with a repeated idempotency key applies once and answers the first application (one row, one notification)', async () => {
    const id = await newPosition(club, 'Idempotent role');
    const before = (await applicationNotifications(server, club.clubUuid)).length;
    const first = await applyOk(volunteer.client, id, { idempotencyKey: 'apply-key-1' });
    const again = await applyOk(volunteer.client, id, { idempotencyKey: 'apply-key-1', message: 'A different message entirely.' });
    expect(again.id).toBe(first.id);
    expect(again.message).toBe(GOOD_MESSAGE);
    expect(await applicationRows(server, id)).toHaveLength(1);
    expect(await applicationNotifications(server, club.clubUuid)).toHaveLength(before + 1);
    // Another key is another attempt: the open application refuses it.
    expect(refused(await apply(volunteer.client, id, { idempotencyKey: 'apply-key-2' }), 'applyToOpportunity').message).toBe(T.alreadyApplied);
    expect(refused(await apply(volunteer.client, id, { idempotencyKey: 'bad key with spaces' }), 'applyToOpportunity').field).toBe('idempotencyKey');
  });

  it('needs a signed-in caller, and an API token needs the volunteer:write scope', async () => {
    expect(onlyError(await apply(new ApiClient(server.url), club.positionId)).extensions?.code).toBe('UNAUTHENTICATED');
    const id = await newPosition(club, 'Token role');
    const readOnly = await createToken(volunteer.client, ['READ']);
    expect(onlyError(await volunteer.client.gql(APPLY_MIN, { input: { positionId: id, message: GOOD_MESSAGE } }, { token: readOnly.secret })).extensions?.code).toBe('FORBIDDEN');
    const writer = await createToken(volunteer.client, ['READ', 'VOLUNTEER_WRITE']);
    const answer = await volunteer.client.gql(APPLY_MIN, { input: { positionId: id, message: GOOD_MESSAGE } }, { token: writer.secret });
    expect(answer.data.applyToOpportunity.application.status).toBe('PENDING');
  });
});

const APPLY_MIN = 'mutation A($input: ApplyToOpportunityInput!) { applyToOpportunity(input: $input) { application { id status } userErrors { message } } }';

// ---------------------------------------------------------------------------------------------

describe('withdrawing, accepting and rejecting', () => {
  let id: string;
  let other: Volunteer;
  let otherClub: Club;
  beforeAll(async () => {
    id = await newPosition(club, 'Decision role');
    other = await createVolunteer(server, { firstName: 'Olly' });
    otherClub = await clubWithOpportunity(server, { clubName: 'Other Owls' });
  });

  it('withdraws my own pending application, with a history event, and then refuses to withdraw it again', async () => {
    const app = await applyOk(volunteer.client, id);
    const withdrawn = payload<{ status: string; canWithdraw: boolean; history: Array<{ status: string }> }>(await withdraw(volunteer.client, app.id), 'withdrawVolunteerApplication', 'application');
    expect(withdrawn).toMatchObject({ status: 'WITHDRAWN', canWithdraw: false, history: [{ status: 'PENDING' }, { status: 'WITHDRAWN' }] });
    expect(refused(await withdraw(volunteer.client, app.id), 'withdrawVolunteerApplication')).toEqual({ field: 'id', code: 'BAD_USER_INPUT', message: T.onlyPendingWithdraw });
  });

  it("refuses to withdraw anyone else's application (NOT_FOUND 'Application not found'), the club owner's attempt included", async () => {
    const app = await applyOk(other.client, id);
    for (const client of [volunteer.client, club.client]) {
      expect(refused(await withdraw(client, app.id), 'withdrawVolunteerApplication')).toEqual({ field: 'id', code: 'NOT_FOUND', message: T.applicationNotFound });
    }
    expect(refused(await withdraw(volunteer.client, club.positionId), 'withdrawVolunteerApplication').code).toBe('NOT_FOUND');
    expect((await applicationRow(server, app.id))!.status).toBe('pending');
    payload(await withdraw(other.client, app.id), 'withdrawVolunteerApplication', 'application');
  });

  it('withdraws an accepted application (freeing its place), and refuses to withdraw a rejected one', async () => {
    const accepted = await applyOk(volunteer.client, await newPosition(club, 'Accepted role'));
    await accept(club.client, accepted.id);
    expect(payload<{ status: string }>(await withdraw(volunteer.client, accepted.id), 'withdrawVolunteerApplication', 'application').status).toBe('WITHDRAWN');
    const rejected = await applyOk(volunteer.client, await newPosition(club, 'Rejected role'));
    await reject(club.client, rejected.id);
    expect(refused(await withdraw(volunteer.client, rejected.id), 'withdrawVolunteerApplication').message).toBe(T.onlyPendingWithdraw);
    expect((await applicationRow(server, rejected.id))!.status).toBe('rejected');
  });

  it('accepts and rejects a pending application to my club with an optional note in the history', async () => {
    const a = await applyOk(volunteer.client, await newPosition(club, 'Accept role'));
    const accepted = payload<{ status: string; canReview: boolean; history: Array<{ status: string; note: string | null; actor: { id: string } }> }>(
      await accept(club.client, a.id, '  See you <b>Saturday</b>!  '),
      'acceptVolunteerApplication',
      'application',
    );
    expect(accepted).toMatchObject({ status: 'ACCEPTED', canReview: false });
    expect(accepted.history.map((e) => [e.status, e.note])).toEqual([
      ['PENDING', null],
      ['ACCEPTED', 'See you Saturday!'],
    ]);
    expect(accepted.history[1]!.actor.id).toBe(memberGlobalId(club.user.id));

    const r = await applyOk(volunteer.client, await newPosition(club, 'Reject role'));
    const rejected = payload<{ status: string; history: Array<{ status: string; note: string | null }> }>(await reject(club.client, r.id), 'rejectVolunteerApplication', 'application');
    expect(rejected.history.map((e) => [e.status, e.note])).toEqual([
      ['PENDING', null],
      ['REJECTED', null],
    ]);
  });

  it("refuses a decision on another club's application (NOT_FOUND) and on one that is not pending", async () => {
    const app = await applyOk(volunteer.client, await newPosition(club, 'Not yours role'));
    for (const decide of [accept, reject]) {
      expect(refused(await decide(otherClub.client, app.id), decide === accept ? 'acceptVolunteerApplication' : 'rejectVolunteerApplication')).toEqual({
        field: 'id',
        code: 'NOT_FOUND',
        message: T.applicationNotFound,
      });
      // The volunteer is not its club either.
      expect(refused(await decide(volunteer.client, app.id), decide === accept ? 'acceptVolunteerApplication' : 'rejectVolunteerApplication').code).toBe('NOT_FOUND');
    }
    payload(await reject(club.client, app.id), 'rejectVolunteerApplication', 'application');
    expect(refused(await accept(club.client, app.id), 'acceptVolunteerApplication')).toEqual({ field: 'id', code: 'BAD_USER_INPUT', message: T.onlyPendingReview });
    expect(refused(await reject(club.client, app.id), 'rejectVolunteerApplication').message).toBe(T.onlyOpenReject);
    expect((await applicationRow(server, app.id))!.status).toBe('rejected');
  });

  it('refuses a note over 1000 characters and changes nothing', async () => {
    const app = await applyOk(volunteer.client, await newPosition(club, 'Long note role'));
    expect(refused(await accept(club.client, app.id, 'n'.repeat(1001)), 'acceptVolunteerApplication')).toEqual({ field: 'note', code: 'BAD_USER_INPUT', message: T.noteMax });
    expect((await applicationRow(server, app.id))!.status).toBe('pending');
    expect(await eventRows(server, app.id)).toHaveLength(1);
  });

  it('keeps at most 12 events in the history, oldest first', async () => {
    const app = await applyOk(volunteer.client, await newPosition(club, 'History role'));
    const base = Date.now();
    await dbOf(server)
      .insert(volunteerApplicationEvents)
      .values(Array.from({ length: 13 }, (_, k) => k + 1).map((i) => ({ applicationId: uuid(app.id), status: 'pending' as const, note: `event ${i}`, createdAt: new Date(base + i * 1000) })));
    const seen = await application(volunteer.client, app.id);
    expect(seen!.history.map((e) => e.note)).toEqual([null, ...Array.from({ length: 11 }, (_, k) => `event ${k + 1}`)]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the other side hears of it live, and is mailed per the club’s settings', () => {
  const NOTIFICATION_FIELDS = { type: 'APPLICATION' };

  it('notifies the club of an application and a withdrawal, and the volunteer of an acceptance and a rejection, over graphql-ws', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Live Lynx', position: { title: 'Live Role' } });
    const applicant = await createVolunteer(server, { firstName: 'Lee', lastName: 'Live' });
    const ownerWs = wsClient(server.url, owner.client.accessToken!);
    const volunteerWs = wsClient(server.url, applicant.client.accessToken!);
    try {
      const ownerEvents = collect<{ notificationAdded: { notification: Record<string, string> } }>(ownerWs, NOTIFICATION_ADDED);
      const volunteerEvents = collect<{ notificationAdded: { notification: Record<string, string> } }>(volunteerWs, NOTIFICATION_ADDED);
      await Promise.all([settled(ownerWs), settled(volunteerWs)]);

      const first = await applyOk(applicant.client, owner.positionId);
      expect((await ownerEvents.nth(1)).notificationAdded.notification).toMatchObject({
        ...NOTIFICATION_FIELDS,
        title: T.newApplication,
        description: 'Lee Live applied for Live Role',
        actionUrl: `/applications/${first.id}`,
      });
      payload(await accept(owner.client, first.id), 'acceptVolunteerApplication', 'application');
      expect((await volunteerEvents.nth(1)).notificationAdded.notification).toMatchObject({
        ...NOTIFICATION_FIELDS,
        title: T.accepted,
        description: 'Your application for Live Role at Live Lynx was accepted.',
        actionUrl: `/applications/${first.id}`,
      });

      const second = await liveOpportunity(owner.client, { title: 'Second Live Role' });
      const withdrawnApp = await applyOk(applicant.client, second);
      await ownerEvents.nth(2);
      payload(await withdraw(applicant.client, withdrawnApp.id), 'withdrawVolunteerApplication', 'application');
      expect((await ownerEvents.nth(3)).notificationAdded.notification).toMatchObject({
        ...NOTIFICATION_FIELDS,
        title: T.withdrawn,
        description: 'Lee Live withdrew their application for Second Live Role',
        actionUrl: `/applications/${withdrawnApp.id}`,
      });

      const third = await applyOk(applicant.client, await liveOpportunity(owner.client, { title: 'Third Live Role' }));
      await ownerEvents.nth(4);
      payload(await reject(owner.client, third.id), 'rejectVolunteerApplication', 'application');
      expect((await volunteerEvents.nth(2)).notificationAdded.notification).toMatchObject({
        ...NOTIFICATION_FIELDS,
        title: T.rejected,
        description: 'Your application for Third Live Role at Live Lynx was not successful.',
      });
      // Nobody hears of their own action.
      expect(ownerEvents.values).toHaveLength(4);
      expect(volunteerEvents.values).toHaveLength(2);
    } finally {
      await Promise.all([ownerWs.dispose(), volunteerWs.dispose()]);
    }
  }, 60_000);

  it("mails the club's owner about applications and withdrawals while its settings say so, and not once they are off", async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Mail Martens', position: { title: 'Mail Role' } });
    const applicant = await createVolunteer(server, { firstName: 'Mo', lastName: 'Mail' });
    const app = await applyOk(applicant.client, owner.positionId);
    const [mail] = await waitForMails(server, (m) => m.headers.to === owner.email && m.headers.subject === 'New volunteer application for Mail Role');
    expect(mail!.text).toContain('Mo Mail applied for Mail Role at Mail Martens');
    expect(mail!.text).toContain(GOOD_MESSAGE);
    expect(mail!.text).toContain(`http://clubroom.test/applications/${app.id}`);
    payload(await withdraw(applicant.client, app.id), 'withdrawVolunteerApplication', 'application');
    await waitForMails(server, (m) => m.headers.to === owner.email && m.headers.subject === 'Application withdrawn: Mail Role');

    // (Each round below is on a position of its own: repeats about one volunteer's applications
    // to one position within minutes are folded into one mail and one notification, see
    // write-floods.test.ts.)
    await setClubMailSettings(server, owner.clubUuid, { notifyApplicationsByEmail: false, notifyWithdrawalsByEmail: false });
    const earlier = new Set((await outboxTo(owner.email)).map((m) => m.id));
    const before = earlier.size;
    const quiet = await applyOk(applicant.client, await liveOpportunity(owner.client, { title: 'Quiet Role' }));
    payload(await withdraw(applicant.client, quiet.id), 'withdrawVolunteerApplication', 'application');
    expect(await outboxTo(owner.email)).toHaveLength(before);
    // The in-app notifications still arrive.
    expect((await applicationNotifications(server, owner.clubUuid)).map((n) => n.title)).toEqual([T.newApplication, T.withdrawn, T.newApplication, T.withdrawn]);

    await setClubMailSettings(server, owner.clubUuid, { notifyApplicationsByEmail: true, notifyWithdrawalsByEmail: false });
    const loud = await applyOk(applicant.client, await liveOpportunity(owner.client, { title: 'Loud Role' }));
    payload(await withdraw(applicant.client, loud.id), 'withdrawVolunteerApplication', 'application');
    const subjects = (await outboxTo(owner.email)).filter((m) => !earlier.has(m.id)).map((m) => m.subject);
    expect(subjects).toEqual(['New volunteer application for Loud Role']);
  });

  it('tells the pending applicants (only) that a deleted opportunity was removed; its applications go with it', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Delete Ducks', position: { title: 'Doomed Role' } });
    const [pendingOne, acceptedOne, withdrawnOne] = await Promise.all([createVolunteer(server), createVolunteer(server), createVolunteer(server)]);
    await applyOk(pendingOne!.client, owner.positionId);
    const acc = await applyOk(acceptedOne!.client, owner.positionId);
    payload(await accept(owner.client, acc.id), 'acceptVolunteerApplication', 'application');
    const wd = await applyOk(withdrawnOne!.client, owner.positionId);
    payload(await withdraw(withdrawnOne!.client, wd.id), 'withdrawVolunteerApplication', 'application');

    const deleted = await deletePosition(owner.client, owner.positionId);
    expect(deleted.data.deleteVolunteerPosition.deletedPositionId).toBe(owner.positionId);
    const removed = await applicationNotifications(server, pendingOne!.user.id);
    expect(removed.map((n) => [n.title, n.description])).toEqual([[T.removed, 'Delete Ducks removed Doomed Role; your application is closed.']]);
    expect((await applicationNotifications(server, acceptedOne!.user.id)).map((n) => n.title)).toEqual([T.accepted]);
    expect(await applicationNotifications(server, withdrawnOne!.user.id)).toEqual([]);
    expect(await applicationRows(server, owner.positionId)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe("the volunteer's list: four sorts, five filters, keyset cursors, stats", () => {
  let listed: Volunteer;
  let expected: Array<{ id: string; title: string; status: string; appliedAt: number }>;

  beforeAll(async () => {
    listed = await createVolunteer(server, { firstName: 'Lis' });
    const specs = [
      { title: 'Bravo', status: 'pending' },
      { title: 'alpha', status: 'withdrawn' },
      { title: 'Charlie', status: 'accepted' },
      { title: 'delta', status: 'pending' },
      { title: 'Echo', status: 'rejected' },
      { title: 'foxtrot', status: 'accepted' },
      { title: 'Golf', status: 'withdrawn' },
    ] as const;
    const positions = await insertPositions(server, club.clubUuid, specs.map((s) => ({ title: s.title })));
    const base = Date.UTC(2026, 0, 1);
    // Applied in a shuffled order, so no sort equals the insertion order.
    const offsets = [3, 6, 1, 5, 0, 2, 4];
    const ids = await insertApplications(
      server,
      specs.map((s, i) => ({ positionId: positions[i]!, volunteerId: listed.user.id, clubId: club.clubUuid, status: s.status, appliedAt: new Date(base + offsets[i]! * 3_600_000) })),
    );
    expected = specs.map((s, i) => ({ id: ids[i]!, title: s.title, status: s.status.toUpperCase(), appliedAt: base + offsets[i]! * 3_600_000 }));
  });

  const rank = { PENDING: 0, ACCEPTED: 1, REJECTED: 2, WITHDRAWN: 3 } as Record<string, number>;
  const orders: Record<string, (a: (typeof expected)[number], b: (typeof expected)[number]) => number> = {
    NEWEST: (a, b) => b.appliedAt - a.appliedAt,
    OLDEST: (a, b) => a.appliedAt - b.appliedAt,
    STATUS: (a, b) => rank[a.status]! - rank[b.status]! || b.appliedAt - a.appliedAt,
    TITLE: (a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()),
  };

  /** Every application of the list, walked 2 at a time forwards, then backwards from the end. */
  async function walk(vars: Record<string, unknown>): Promise<{ forwards: string[]; backwards: string[]; total: number }> {
    const forwards: string[] = [];
    let after: string | null = null;
    let total = 0;
    for (;;) {
      const page = await myApplications(listed.client, { ...vars, first: 2, after });
      total = page.totalCount;
      forwards.push(...nodes(page).map((a) => a.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    const backwards: string[] = [];
    let before: string | null = null;
    for (;;) {
      const page = await myApplications(listed.client, { ...vars, last: 2, before });
      backwards.unshift(...nodes(page).map((a) => a.id));
      if (!page.pageInfo.hasPreviousPage) break;
      before = page.pageInfo.startCursor;
    }
    return { forwards, backwards, total };
  }

  it.each(['NEWEST', 'OLDEST', 'STATUS', 'TITLE'])('sorts %s and pages through it both ways without skipping or repeating', async (sort) => {
    const want = [...expected].sort(orders[sort]).map((a) => a.id);
    const { forwards, backwards, total } = await walk({ sort });
    expect(forwards).toEqual(want);
    expect(backwards).toEqual(want);
    expect(total).toBe(7);
  });

  it('sorts NEWEST when no sort is given', async () => {
    expect(nodes(await myApplications(listed.client)).map((a) => a.id)).toEqual([...expected].sort(orders.NEWEST).map((a) => a.id));
  });

  it.each(['PENDING', 'ACCEPTED', 'REJECTED', 'WITHDRAWN'])('filters %s, in every sort', async (status) => {
    for (const sort of Object.keys(orders)) {
      const want = expected.filter((a) => a.status === status).sort(orders[sort]).map((a) => a.id);
      const { forwards, total } = await walk({ sort, status });
      expect(forwards, sort).toEqual(want);
      expect(total, sort).toBe(want.length);
    }
  });

  it('refuses a cursor of another sort', async () => {
    const page = await myApplications(listed.client, { sort: 'TITLE', first: 2 });
    const error = onlyError(await listed.client.gql('query Q($after: String) { myVolunteerApplications(sort: NEWEST, after: $after) { totalCount } }', { after: page.pageInfo.endCursor }));
    expect(error.message).toBe('Invalid cursor: pass a cursor this list gave you.');
  });

  it('counts the applications by status', async () => {
    expect(await myStats(listed.client)).toEqual({ total: 7, pending: 2, accepted: 2, rejected: 1, withdrawn: 2 });
    const fresh = await createVolunteer(server);
    expect(await myStats(fresh.client)).toEqual({ total: 0, pending: 0, accepted: 0, rejected: 0, withdrawn: 0 });
  });

  it('needs a signed-in caller', async () => {
    const anonymous = new ApiClient(server.url);
    expect(onlyError(await anonymous.gql('{ myVolunteerApplicationStats { total } }')).extensions?.code).toBe('UNAUTHENTICATED');
    expect(onlyError(await anonymous.gql('{ myVolunteerApplications { totalCount } }')).extensions?.code).toBe('UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------------------------------------

describe('who sees an application', () => {
  let app: ApplicationView;
  beforeAll(async () => {
    app = await applyOk(volunteer.client, await newPosition(club, 'Visibility role'));
  });

  it("shows it to its volunteer (with the profile's email), its club's owner (without) and administrators", async () => {
    expect(await application(volunteer.client, app.id)).toMatchObject({ id: app.id, canWithdraw: true, canReview: false, volunteerProfile: { email: volunteer.profile.email } });
    expect(await application(club.client, app.id)).toMatchObject({ id: app.id, canWithdraw: false, canReview: true, volunteerProfile: { id: volunteer.profileId, email: null } });
    expect(await application(await adminClient(server.url), app.id)).toMatchObject({ id: app.id, canWithdraw: false, canReview: false });
    expect((await gqlOk(club.client, APPLICATION_NODE, { id: app.id })).node).toMatchObject({ id: app.id, status: 'PENDING' });
  });

  it('answers null to another volunteer and another club, and to node(id) when signed out', async () => {
    const stranger = await createVolunteer(server);
    const otherClub = await newClubOwner(server, { status: 'approved' });
    for (const client of [stranger.client, otherClub.client]) {
      expect(await application(client, app.id)).toBeNull();
      expect((await gqlOk(client, APPLICATION_NODE, { id: app.id })).node).toBeNull();
    }
    const anonymous = new ApiClient(server.url);
    expect((await gqlOk(anonymous, APPLICATION_NODE, { id: app.id })).node).toBeNull();
    expect(onlyError(await anonymous.gql('query Q($id: ID!) { volunteerApplication(id: $id) { id } }', { id: app.id })).extensions?.code).toBe('UNAUTHENTICATED');
  });
});

// ---------------------------------------------------------------------------------------------

describe('races', () => {
  it('two applies of one volunteer to one position at the same moment: one application, the other is told it already applied', async () => {
    const id = await newPosition(club, 'Race apply role');
    const racer = await createVolunteer(server);
    const send = () => [apply(racer.client, id, { message: 'First of two racing applications.' }), apply(racer.client, id, { message: 'Second of two racing applications.' })];
    const { results, waiting } = server.db.url ? await collideOnPosition(server.db.url, id, 2, send) : { results: await Promise.all(send()), waiting: 2 };
    expect(waiting).toBe(2);
    const outcomes = results.map((r) => (r.data.applyToOpportunity.application ? 'applied' : r.data.applyToOpportunity.userErrors[0].message));
    expect(outcomes.sort()).toEqual(['applied', T.alreadyApplied].sort());
    expect(await applicationRows(server, id)).toHaveLength(1);
    expect((await applicationNotifications(server, club.clubUuid)).filter((n) => n.description.endsWith('Race apply role'))).toHaveLength(1);
  });

  it('two applies with one idempotency key at the same moment: one application, both answer it', async () => {
    const id = await newPosition(club, 'Race key role');
    const racer = await createVolunteer(server);
    const send = () => [apply(racer.client, id, { idempotencyKey: 'race-key' }), apply(racer.client, id, { idempotencyKey: 'race-key' })];
    const { results } = server.db.url ? await collideOnPosition(server.db.url, id, 2, send) : { results: await Promise.all(send()) };
    const ids = results.map((r) => r.data.applyToOpportunity.application?.id);
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
    expect(await applicationRows(server, id)).toHaveLength(1);
  });

  it('two owner sessions (both accepting) and the volunteer (withdrawing) at once: one decision at a time, a consistent history and one notification per change', async () => {
    const second = new ApiClient(server.url);
    const signedIn = await second.signIn(club.email, STRONG_PASSWORD);
    expect(signedIn.body.success).toBe(true);
    const orders = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const racer = await createVolunteer(server);
      const positionId = await newPosition(club, `Race round ${round}`);
      const app = await applyOk(racer.client, positionId);
      const before = (await applicationNotifications(server, racer.user.id)).length + (await applicationNotifications(server, club.clubUuid)).length;
      const send = () => [accept(club.client, app.id, 'Welcome'), accept(second, app.id, 'Welcome too'), withdraw(racer.client, app.id)];
      const hold = server.db.url ? await collideOnPosition(server.db.url, positionId, 3, send) : { results: await Promise.all(send()), waiting: 3 };
      expect(hold.waiting, `round ${round}`).toBe(3);
      const keys = ['acceptVolunteerApplication', 'acceptVolunteerApplication', 'withdrawVolunteerApplication'];
      const outcomes = hold.results.map((r, i) => {
        expect(r.errors, `round ${round}`).toBeUndefined();
        const body = r.data[keys[i]!];
        return body.application ? 'won' : body.userErrors[0].message;
      });
      // Exactly one acceptance at most; the withdrawal always wins (from pending or accepted).
      expect(outcomes[2], `round ${round}`).toBe('won');
      const accepts = outcomes.slice(0, 2).filter((o) => o === 'won');
      expect(accepts.length, `round ${round}: ${outcomes.join(' | ')}`).toBeLessThanOrEqual(1);
      outcomes.slice(0, 2).forEach((o) => {
        if (o !== 'won') expect(o).toBe(T.onlyPendingReview);
      });
      const row = await applicationRow(server, app.id);
      expect(row!.status).toBe('withdrawn');
      const events = (await eventRows(server, app.id)).map((e) => e.status);
      expect(events).toEqual(accepts.length === 1 ? ['pending', 'accepted', 'withdrawn'] : ['pending', 'withdrawn']);
      orders.add(events.join('>'));
      const after = (await applicationNotifications(server, racer.user.id)).length + (await applicationNotifications(server, club.clubUuid)).length;
      expect(after - before, `round ${round}`).toBe(events.length - 1);
    }
    expect([...orders].length).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
