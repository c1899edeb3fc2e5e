// Safeguarding checks (issue 30 §5): administrators keep the list of check kinds (names unique,
// rename, retire, restore); a volunteer records, changes and deletes their own checks with the
// minimum data (kind, issue date, expiry or renewal date), changing the dates removes every club's
// verification; the owner of a club the volunteer applied to sees the checks (each view audited)
// and verifies them for that club (by whom and when); nobody else reads them; a position can
// require a kind; and the enforcement the applications call (checkProblem, verifiedVolunteers)
// answers with a message naming the check. Bad input: clear messages, nothing changed.
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkKinds, dataExports, volunteerCheckEvents, volunteerCheckVerifications, volunteerChecks } from '../../server/src/db/schema/index.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { addDays, CHECK_KINDS_MAX, CHECK_MESSAGES as M, CHECK_PROBLEMS as P } from '../../server/src/modules/safeguarding/safeguarding.rules.js';
import { checkProblem, verifiedVolunteers } from '../../server/src/modules/safeguarding/safeguarding.service.js';
import { createToken } from '../helpers/api-tokens.js';
import { newMember, STRONG_PASSWORD } from '../helpers/client.js';
import { createPosition, newClubOwner, payloadOk, refusalOf, validPosition } from '../helpers/clubs.js';
import { adminClient, dbOf, gqlOk } from '../helpers/messages.js';
import { applyOk, clubWithOpportunity, uuid } from '../helpers/opportunities.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer, type Volunteer } from '../helpers/volunteers.js';
import type { ApiClient } from '../helpers/client.js';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startServer();
  admin = await adminClient(server.url);
});
afterAll(async () => {
  await server?.close();
});

const ERRORS = 'userErrors { field code message }';
const KIND_FIELDS = 'id name description retiredAt';
const CHECK_FIELDS = `id issuedOn expiresOn kind { id name } verifications { nodes { verifiedAt club { id name } verifiedBy { id } } }`;
const CREATE_KIND = `mutation($i: CreateCheckKindInput!) { createCheckKind(input: $i) { checkKind { ${KIND_FIELDS} } ${ERRORS} } }`;
const UPDATE_KIND = `mutation($i: UpdateCheckKindInput!) { updateCheckKind(input: $i) { checkKind { ${KIND_FIELDS} } ${ERRORS} } }`;
const RETIRE_KIND = `mutation($i: SetCheckKindRetiredInput!) { setCheckKindRetired(input: $i) { checkKind { ${KIND_FIELDS} } ${ERRORS} } }`;
const KINDS = `{ checkKinds { ${KIND_FIELDS} } }`;
const ADMIN_KINDS = `{ adminCheckKinds { ${KIND_FIELDS} } }`;
const RECORD = `mutation($i: RecordVolunteerCheckInput!) { recordVolunteerCheck(input: $i) { check { ${CHECK_FIELDS} } ${ERRORS} } }`;
const CHANGE = `mutation($i: ChangeVolunteerCheckInput!) { changeVolunteerCheck(input: $i) { check { ${CHECK_FIELDS} } ${ERRORS} } }`;
const DELETE = `mutation($i: DeleteVolunteerCheckInput!) { deleteVolunteerCheck(input: $i) { deletedCheckId ${ERRORS} } }`;
const VERIFY = `mutation($i: VerifyVolunteerCheckInput!) { verifyVolunteerCheck(input: $i) { check { ${CHECK_FIELDS} } ${ERRORS} } }`;
const MINE = `{ myVolunteerChecks { ${CHECK_FIELDS} history { nodes { action createdAt actor { id } club { id } } } } }`;
const APPLICANT = `query($id: ID!) { applicantChecks(applicationId: $id) { ${CHECK_FIELDS} history { nodes { action } } } }`;
const NODE = `query($id: ID!) { node(id: $id) { id ... on VolunteerCheck { issuedOn } ... on CheckKind { name } } }`;
const POSITION = 'query($id: ID!) { node(id: $id) { ... on VolunteerPosition { id requiredCheck { id name } } } }';

interface KindView {
  id: string;
  name: string;
  description: string;
  retiredAt: string | null;
}
interface CheckView {
  id: string;
  issuedOn: string;
  expiresOn: string;
  kind: { id: string; name: string };
  verifications: { nodes: Array<{ verifiedAt: string; club: { id: string; name: string } | null; verifiedBy: { id: string } | null }> };
  history?: { nodes: Array<{ action: string; actor: { id: string } | null; club: { id: string } | null }> };
}

const tag = () => Math.random().toString(36).slice(2, 8);
const today = () => server.clubroom.services.safeguarding.today();

async function newKind(name = `Enhanced DBS ${tag()}`, description = 'A criminal record check for work with children.'): Promise<KindView> {
  return payloadOk<{ checkKind: KindView }>(await admin.gql(CREATE_KIND, { i: { name, description } }), 'createCheckKind').checkKind;
}
const record = (client: ApiClient, kindId: string, issuedOn = addDays(today(), -100), expiresOn = addDays(today(), 900)) => client.gql(RECORD, { i: { kindId, issuedOn, expiresOn } });
const recordOk = async (client: ApiClient, kindId: string, issuedOn?: string, expiresOn?: string) => payloadOk<{ check: CheckView }>(await record(client, kindId, issuedOn, expiresOn), 'recordVolunteerCheck').check;
const verify = (client: ApiClient, checkId: string, verified = true) => client.gql(VERIFY, { i: { checkId, verified } });
const checkRows = (volunteerId: string) => dbOf(server).select().from(volunteerChecks).where(eq(volunteerChecks.volunteerId, volunteerId));
const eventsOf = (volunteerId: string) => dbOf(server).select().from(volunteerCheckEvents).where(eq(volunteerCheckEvents.volunteerId, volunteerId)).orderBy(volunteerCheckEvents.createdAt);
/** Everything the checks' tables hold, to show a refusal changed nothing. */
async function snapshot() {
  const db = dbOf(server);
  return {
    kinds: await db.select().from(checkKinds).orderBy(checkKinds.id),
    checks: await db.select().from(volunteerChecks).orderBy(volunteerChecks.id),
    verifications: await db.select().from(volunteerCheckVerifications).orderBy(volunteerCheckVerifications.checkId),
    events: (await db.execute(sql`select count(*)::int as n from volunteer_check_events`)) as unknown,
  };
}

/** A volunteer who applied to a live position of a new approved club. */
async function applicant(): Promise<{ volunteer: Volunteer; club: Awaited<ReturnType<typeof clubWithOpportunity>>; applicationId: string }> {
  const club = await clubWithOpportunity(server, { clubName: `Check Club ${tag()}` });
  const volunteer = await createVolunteer(server, { email: `check.${tag()}@example.com` });
  const application = await applyOk(volunteer.client, club.positionId);
  return { volunteer, club, applicationId: application.id };
}

describe('check kinds (administrators)', () => {
  it('adds, renames, retires and restores a kind; everyone signed in lists the offered ones', async () => {
    const name = `Safeguarding training ${tag()}`;
    const kind = await newKind(name, '  Level 1 course.  ');
    expect(kind).toMatchObject({ name, description: 'Level 1 course.', retiredAt: null });
    const member = await newMember(server.url);
    expect((await gqlOk(member.client, KINDS)).checkKinds.map((k: KindView) => k.id)).toContain(kind.id);

    const renamed = payloadOk<{ checkKind: KindView }>(await admin.gql(UPDATE_KIND, { i: { checkKindId: kind.id, name: `${name} (renewed)`, description: null } }), 'updateCheckKind').checkKind;
    expect(renamed).toMatchObject({ id: kind.id, name: `${name} (renewed)`, description: '' });

    const retired = payloadOk<{ checkKind: KindView }>(await admin.gql(RETIRE_KIND, { i: { checkKindId: kind.id, retired: true } }), 'setCheckKindRetired').checkKind;
    expect(retired.retiredAt).not.toBeNull();
    expect((await gqlOk(member.client, KINDS)).checkKinds.map((k: KindView) => k.id)).not.toContain(kind.id);
    expect((await gqlOk(admin, ADMIN_KINDS)).adminCheckKinds.map((k: KindView) => k.id)).toContain(kind.id);
    // A retired kind: administrators only, by id.
    expect((await gqlOk(member.client, NODE, { id: kind.id })).node).toBeNull();
    expect((await gqlOk(admin, NODE, { id: kind.id })).node).toMatchObject({ name: `${name} (renewed)` });

    const restored = payloadOk<{ checkKind: KindView }>(await admin.gql(RETIRE_KIND, { i: { checkKindId: kind.id, retired: false } }), 'setCheckKindRetired').checkKind;
    expect(restored.retiredAt).toBeNull();
    expect((await gqlOk(member.client, KINDS)).checkKinds.map((k: KindView) => k.id)).toContain(kind.id);
  });

  it('refuses a taken name (whatever its letter case), a short or long name and a long description, changing nothing', async () => {
    const kind = await newKind(`Paediatric first aid ${tag()}`);
    const other = await newKind();
    const before = await snapshot();
    const taken = refusalOf(await admin.gql(CREATE_KIND, { i: { name: kind.name.toUpperCase() } }), 'createCheckKind');
    expect(taken.fields).toEqual({ name: M.kindNameTaken(kind.name) });
    expect(refusalOf(await admin.gql(UPDATE_KIND, { i: { checkKindId: other.id, name: ` ${kind.name} ` } }), 'updateCheckKind').fields).toEqual({ name: M.kindNameTaken(kind.name) });
    expect(refusalOf(await admin.gql(CREATE_KIND, { i: { name: ' x ' } }), 'createCheckKind').fields).toEqual({ name: M.kindNameRequired });
    expect(refusalOf(await admin.gql(CREATE_KIND, { i: { name: 'x'.repeat(81) } }), 'createCheckKind').fields).toEqual({ name: M.kindNameTooLong });
    expect(refusalOf(await admin.gql(CREATE_KIND, { i: { name: `Ok ${tag()}`, description: 'd'.repeat(501) } }), 'createCheckKind').fields).toEqual({ description: M.kindDescriptionTooLong });
    const unknown = refusalOf(await admin.gql(RETIRE_KIND, { i: { checkKindId: toGlobalId('CheckKind', '00000000-0000-4000-8000-000000000000'), retired: true } }), 'setCheckKindRetired');
    expect(unknown).toMatchObject({ code: 'NOT_FOUND', message: M.kindNotFound });
    expect(refusalOf(await admin.gql(UPDATE_KIND, { i: { checkKindId: 'nope', name: 'Fine name' } }), 'updateCheckKind').message).toBe(M.kindNotFound);
    expect(await snapshot()).toEqual(before);
  });

  it(`holds at most ${CHECK_KINDS_MAX} kinds, retired ones included`, async () => {
    const [{ n }] = (await dbOf(server).select({ n: sql<number>`count(*)::int` }).from(checkKinds)) as [{ n: number }];
    await dbOf(server).insert(checkKinds).values(Array.from({ length: CHECK_KINDS_MAX - n }, (_, i) => ({ name: `Filler ${i} ${tag()}`, retiredAt: new Date() })));
    const before = await snapshot();
    expect(refusalOf(await admin.gql(CREATE_KIND, { i: { name: `One too many ${tag()}` } }), 'createCheckKind').message).toBe(M.tooManyKinds);
    expect(await snapshot()).toEqual(before);
    await dbOf(server).delete(checkKinds).where(sql`${checkKinds.name} like 'Filler %'`);
  });

  it('is for administrators only: a member, a club owner, an anonymous caller and an administrator token without admin are refused', async () => {
    const member = await newMember(server.url);
    const owner = await newClubOwner(server, { status: 'approved' });
    const before = await snapshot();
    for (const client of [member.client, owner.client]) {
      expect((await client.gql(CREATE_KIND, { i: { name: `Nope ${tag()}` } })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await client.gql(ADMIN_KINDS)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect((await member.client.gql(KINDS, {}, { token: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const read = await createToken(admin, ['READ']);
    expect((await admin.gql(CREATE_KIND, { i: { name: `Token ${tag()}` } }, { token: read.secret })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await snapshot()).toEqual(before);
    // The service refuses too, whatever adapter calls it.
    const viewer = { userId: member.user.id, sessionId: member.user.id, email: member.email, role: 'volunteer', isPlatformAdmin: false, isCouncilAdmin: false } as const;
    const kinds = server.clubroom.services.checkKinds;
    for (const attempt of [() => kinds.createKind(viewer, { name: 'Sneaky' }), () => kinds.updateKind(viewer, null, { name: 'Sneaky' }), () => kinds.setKindRetired(viewer, null, true)]) {
      await expect(attempt()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await snapshot()).toEqual(before);
    const withAdmin = await createToken(admin, ['READ', 'ADMIN']);
    payloadOk(await admin.gql(CREATE_KIND, { i: { name: `Token ${tag()}` } }, { token: withAdmin.secret }), 'createCheckKind');
  });
});

describe("a volunteer's own checks", () => {
  it('records a check with its kind and dates only, changes its dates (removing the verifications) and deletes it, each in the audit', async () => {
    const { volunteer, club, applicationId } = await applicant();
    const kind = await newKind();
    const check = await recordOk(volunteer.client, kind.id, '2024-01-10', '2027-01-10');
    expect(check).toMatchObject({ issuedOn: '2024-01-10', expiresOn: '2027-01-10', kind: { id: kind.id, name: kind.name }, verifications: { nodes: [] } });
    const [row] = await checkRows(volunteer.user.id);
    expect(Object.keys(row!).sort()).toEqual(['createdAt', 'expiresOn', 'id', 'issuedOn', 'kindId', 'updatedAt', 'volunteerId']);

    // The club verifies it; the volunteer sees by whom and when.
    expect((await gqlOk(club.client, APPLICANT, { id: applicationId })).applicantChecks).toHaveLength(1);
    payloadOk(await verify(club.client, check.id), 'verifyVolunteerCheck');
    const [mine] = (await gqlOk(volunteer.client, MINE)).myVolunteerChecks as CheckView[];
    expect(mine!.verifications.nodes).toEqual([{ verifiedAt: expect.any(String), club: { id: club.clubId, name: club.club.name }, verifiedBy: { id: toGlobalId('Member', club.user.id) } }]);

    // New dates: the club verified other data, so its verification goes.
    const changed = payloadOk<{ check: CheckView }>(await volunteer.client.gql(CHANGE, { i: { checkId: check.id, issuedOn: '2024-02-01', expiresOn: '2027-02-01' } }), 'changeVolunteerCheck').check;
    expect(changed).toMatchObject({ issuedOn: '2024-02-01', expiresOn: '2027-02-01', verifications: { nodes: [] } });
    expect(await dbOf(server).select().from(volunteerCheckVerifications).where(eq(volunteerCheckVerifications.checkId, uuid(check.id)))).toEqual([]);

    const history = ((await gqlOk(volunteer.client, MINE)).myVolunteerChecks[0] as CheckView).history!.nodes;
    expect(history.map((e) => e.action)).toEqual(['CHANGED', 'VERIFIED', 'VIEWED', 'RECORDED']);
    expect(history.find((e) => e.action === 'VIEWED')).toMatchObject({ actor: { id: toGlobalId('Member', club.user.id) }, club: { id: club.clubId } });

    expect(payloadOk<{ deletedCheckId: string }>(await volunteer.client.gql(DELETE, { i: { checkId: check.id } }), 'deleteVolunteerCheck').deletedCheckId).toBe(check.id);
    expect(await checkRows(volunteer.user.id)).toEqual([]);
    expect((await eventsOf(volunteer.user.id)).map((e) => e.action)).toEqual(['recorded', 'viewed', 'verified', 'changed', 'deleted']);
  });

  it('refuses a future issue date, an expiry not after it, a missing or retired kind, a second check of a kind and a caller without a volunteer profile, changing nothing', async () => {
    const volunteer = await createVolunteer(server, { email: `rules.${tag()}@example.com` });
    const kind = await newKind();
    await recordOk(volunteer.client, kind.id);
    const retired = await newKind();
    payloadOk(await admin.gql(RETIRE_KIND, { i: { checkKindId: retired.id, retired: true } }), 'setCheckKindRetired');
    const before = await snapshot();
    const other = await newKind();
    const beforeOther = await snapshot();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ kindId: other.id, issuedOn: addDays(today(), 1), expiresOn: addDays(today(), 400) }, { issuedOn: M.issuedInFuture }],
      [{ kindId: other.id, issuedOn: '2024-05-05', expiresOn: '2024-05-05' }, { expiresOn: M.expiresBeforeIssued }],
      [{ kindId: other.id, issuedOn: '2024-05-05', expiresOn: '2024-05-01' }, { expiresOn: M.expiresBeforeIssued }],
      [{ kindId: other.id, issuedOn: '2000-01-01', expiresOn: '2099-01-01' }, { expiresOn: M.expiresTooFar }],
      [{ kindId: 'not-a-kind', issuedOn: '2024-05-05', expiresOn: '2026-05-05' }, { kindId: M.kindRequired }],
      [{ kindId: retired.id, issuedOn: '2024-05-05', expiresOn: '2026-05-05' }, { kindId: M.kindRetired(retired.name) }],
      [{ kindId: kind.id, issuedOn: '2024-05-05', expiresOn: '2026-05-05' }, { kindId: M.alreadyRecorded(kind.name) }],
    ];
    for (const [input, fields] of cases) expect(refusalOf(await volunteer.client.gql(RECORD, { i: input }), 'recordVolunteerCheck').fields, JSON.stringify(input)).toEqual(fields);
    // A calendar day that does not exist is refused by the Date type before anything runs.
    expect((await volunteer.client.gql(RECORD, { i: { kindId: other.id, issuedOn: '2024-02-30', expiresOn: '2026-05-05' } })).errors?.[0]?.message).toMatch(/calendar date/);
    const noProfile = await newMember(server.url);
    expect(refusalOf(await record(noProfile.client, other.id), 'recordVolunteerCheck').message).toBe(M.noVolunteerProfile);
    expect(await snapshot()).toEqual(beforeOther);
    expect(beforeOther.checks).toEqual(before.checks);
  });

  it("never lets another member change, delete or read someone's check", async () => {
    const owner = await createVolunteer(server, { email: `own.${tag()}@example.com` });
    const intruder = await createVolunteer(server, { email: `intruder.${tag()}@example.com` });
    const kind = await newKind();
    const check = await recordOk(owner.client, kind.id);
    const before = await snapshot();
    expect(refusalOf(await intruder.client.gql(CHANGE, { i: { checkId: check.id, issuedOn: '2024-01-01', expiresOn: '2028-01-01' } }), 'changeVolunteerCheck')).toMatchObject({ code: 'NOT_FOUND', message: M.checkNotFound });
    expect(refusalOf(await intruder.client.gql(DELETE, { i: { checkId: check.id } }), 'deleteVolunteerCheck')).toMatchObject({ code: 'NOT_FOUND', message: M.checkNotFound });
    expect((await gqlOk(intruder.client, NODE, { id: check.id })).node).toBeNull();
    expect((await gqlOk(admin, NODE, { id: check.id })).node).toBeNull();
    expect((await gqlOk(owner.client, NODE, { id: check.id })).node).toMatchObject({ id: check.id });
    expect((await gqlOk(intruder.client, MINE)).myVolunteerChecks).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('is written with volunteer:write: a read-only token is refused', async () => {
    const volunteer = await createVolunteer(server, { email: `token.${tag()}@example.com` });
    const kind = await newKind();
    const read = await createToken(volunteer.client, ['READ']);
    expect((await volunteer.client.gql(RECORD, { i: { kindId: kind.id, issuedOn: '2024-01-01', expiresOn: '2027-01-01' } }, { token: read.secret })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await checkRows(volunteer.user.id)).toEqual([]);
    const write = await createToken(volunteer.client, ['READ', 'VOLUNTEER_WRITE']);
    payloadOk(await volunteer.client.gql(RECORD, { i: { kindId: kind.id, issuedOn: '2024-01-01', expiresOn: '2027-01-01' } }, { token: write.secret }), 'recordVolunteerCheck');
  });
});

describe("clubs: an applicant's checks", () => {
  it("shows the club's owner and administrators the checks of an applicant (any status), each view audited; nobody else", async () => {
    const { volunteer, club, applicationId } = await applicant();
    const kinds = [await newKind(), await newKind()];
    for (const kind of kinds) await recordOk(volunteer.client, kind.id);
    const seen = (await gqlOk(club.client, APPLICANT, { id: applicationId })).applicantChecks as CheckView[];
    expect(seen.map((c) => c.kind.id).sort()).toEqual(kinds.map((k) => k.id).sort());
    // A club owner does not read the check's audit.
    expect(seen.every((c) => c.history!.nodes.length === 0)).toBe(true);
    expect((await eventsOf(volunteer.user.id)).filter((e) => e.action === 'viewed')).toEqual([
      expect.objectContaining({ actorId: club.user.id, clubId: club.user.id }),
      expect.objectContaining({ actorId: club.user.id, clubId: club.user.id }),
    ]);
    await gqlOk(admin, APPLICANT, { id: applicationId });
    expect((await eventsOf(volunteer.user.id)).filter((e) => e.action === 'viewed' && e.clubId === null)).toHaveLength(2);

    const before = await snapshot();
    const otherClub = await clubWithOpportunity(server);
    const before2 = await snapshot();
    const otherVolunteer = await createVolunteer(server, { email: `nosy.${tag()}@example.com` });
    for (const client of [otherClub.client, otherVolunteer.client, volunteer.client]) expect((await gqlOk(client, APPLICANT, { id: applicationId })).applicantChecks).toBeNull();
    expect((await gqlOk(club.client, APPLICANT, { id: 'nope' })).applicantChecks).toBeNull();
    expect((await club.client.gql(APPLICANT, { id: applicationId }, { token: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await snapshot()).checks).toEqual(before.checks);
    expect(await snapshot()).toEqual(before2);
  });

  it("verifies for the owner's club only (who and when), withdraws it, and refuses other clubs, expired checks and callers without a club", async () => {
    const { volunteer, club, applicationId } = await applicant();
    const other = await clubWithOpportunity(server, { clubName: `Other ${tag()}` });
    await applyOk(volunteer.client, other.positionId);
    const kind = await newKind();
    const check = await recordOk(volunteer.client, kind.id);
    await gqlOk(club.client, APPLICANT, { id: applicationId });

    const verified = payloadOk<{ check: CheckView }>(await verify(club.client, check.id), 'verifyVolunteerCheck').check;
    expect(verified.verifications.nodes).toEqual([{ verifiedAt: expect.any(String), club: { id: club.clubId, name: club.club.name }, verifiedBy: { id: toGlobalId('Member', club.user.id) } }]);
    payloadOk(await verify(other.client, check.id), 'verifyVolunteerCheck');
    // Each club sees its own verification only; the volunteer sees both.
    const seenByClub = (await gqlOk(club.client, APPLICANT, { id: applicationId })).applicantChecks as CheckView[];
    expect(seenByClub[0]!.verifications.nodes.map((v) => v.club?.id)).toEqual([club.clubId]);
    expect(((await gqlOk(volunteer.client, MINE)).myVolunteerChecks[0] as CheckView).verifications.nodes.map((v) => v.club?.id)).toEqual([club.clubId, other.clubId]);
    // Twice changes nothing.
    const events = (await eventsOf(volunteer.user.id)).length;
    payloadOk(await verify(club.client, check.id), 'verifyVolunteerCheck');
    expect((await eventsOf(volunteer.user.id)).length).toBe(events);

    const unverified = payloadOk<{ check: CheckView }>(await verify(club.client, check.id, false), 'verifyVolunteerCheck').check;
    expect(unverified.verifications.nodes).toEqual([]);
    expect((await eventsOf(volunteer.user.id)).at(-1)).toMatchObject({ action: 'unverified', clubId: club.user.id, actorId: club.user.id });

    const before = await snapshot();
    const stranger = await clubWithOpportunity(server);
    const before2 = await snapshot();
    expect(refusalOf(await verify(stranger.client, check.id), 'verifyVolunteerCheck')).toMatchObject({ code: 'NOT_FOUND', message: M.checkNotFound });
    const member = await newMember(server.url);
    expect((await verify(member.client, check.id)).errors?.[0]).toMatchObject({ message: M.noClub, extensions: { code: 'FORBIDDEN' } });
    expect((await verify(volunteer.client, check.id)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await verify(admin, check.id)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const read = await createToken(club.client, ['READ']);
    expect((await club.client.gql(VERIFY, { i: { checkId: check.id, verified: true } }, { token: read.secret })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // An expired check cannot be verified.
    await dbOf(server).update(volunteerChecks).set({ issuedOn: '2020-01-01', expiresOn: today() }).where(eq(volunteerChecks.id, uuid(check.id)));
    const expired = await snapshot();
    expect(refusalOf(await verify(club.client, check.id), 'verifyVolunteerCheck').message).toBe(M.expiredCannotVerify(kind.name));
    expect(await snapshot()).toEqual(expired);
    expect(before2.verifications).toEqual(before.verifications);
  });
});

describe('a position that requires a check', () => {
  it('takes an offered kind, shows it as requiredCheck, keeps a kind retired since and refuses a retired or unknown one', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const kind = await newKind();
    const created = payloadOk<{ position: { id: string } }>(await createPosition(owner.client, validPosition({ requiredCheckId: kind.id })), 'createVolunteerPosition').position;
    expect((await gqlOk(owner.client, POSITION, { id: created.id })).node.requiredCheck).toEqual({ id: kind.id, name: kind.name });
    const plain = payloadOk<{ position: { id: string } }>(await createPosition(owner.client, validPosition()), 'createVolunteerPosition').position;
    expect((await gqlOk(owner.client, POSITION, { id: plain.id })).node.requiredCheck).toBeNull();

    payloadOk(await admin.gql(RETIRE_KIND, { i: { checkKindId: kind.id, retired: true } }), 'setCheckKindRetired');
    const UPDATE = `mutation($i: UpdateVolunteerPositionInput!) { updateVolunteerPosition(input: $i) { position { id requiredCheck { id } } ${ERRORS} } }`;
    const kept = payloadOk<{ position: { requiredCheck: { id: string } } }>(await owner.client.gql(UPDATE, { i: { id: created.id, ...validPosition({ requiredCheckId: kind.id }) } }), 'updateVolunteerPosition');
    expect(kept.position.requiredCheck).toEqual({ id: kind.id });
    expect(refusalOf(await owner.client.gql(UPDATE, { i: { id: plain.id, ...validPosition({ requiredCheckId: kind.id }) } }), 'updateVolunteerPosition').fields).toEqual({ requiredCheckId: M.kindRetired(kind.name) });
    expect(refusalOf(await createPosition(owner.client, validPosition({ requiredCheckId: kind.id })), 'createVolunteerPosition').fields).toEqual({ requiredCheckId: M.kindRetired(kind.name) });
    expect(refusalOf(await createPosition(owner.client, validPosition({ requiredCheckId: 'nope' })), 'createVolunteerPosition').fields).toEqual({ requiredCheckId: M.kindRequired });
    // Leaving it out of an update removes the requirement (as the other optional fields).
    const cleared = payloadOk<{ position: { requiredCheck: null } }>(await owner.client.gql(UPDATE, { i: { id: created.id, ...validPosition() } }), 'updateVolunteerPosition');
    expect(cleared.position.requiredCheck).toBeNull();
  });
});

describe('enforcement for applying, accepting and promoting (checkProblem, verifiedVolunteers)', () => {
  it('answers null without a requirement, else a message naming the check: recorded and unexpired to apply, verified by the club too to be accepted', async () => {
    const { volunteer, club } = await applicant();
    const kind = await newKind();
    const db = dbOf(server);
    const position = { clubId: club.user.id, requiredCheckKindId: uuid(kind.id) };
    const v = volunteer.user.id;
    const day = today();
    expect(await checkProblem(db, v, { clubId: club.user.id, requiredCheckKindId: null }, 'verified', day)).toBeNull();
    expect(await checkProblem(db, v, position, 'recorded', day)).toBe(P.notRecorded(kind.name));
    expect(await checkProblem(db, v, position, 'verified', day)).toBe(P.notRecordedForClub(kind.name));
    expect(P.notRecorded(kind.name)).toBe(`This position needs a verified, unexpired “${kind.name}” check. Please record yours on your volunteer profile (Safeguarding checks) before applying; the club verifies it once you have applied.`);

    const check = await recordOk(volunteer.client, kind.id, addDays(day, -30), addDays(day, 10));
    expect(await checkProblem(db, v, position, 'recorded', day)).toBeNull();
    expect(await checkProblem(db, v, position, 'verified', day)).toBe(P.notVerified(kind.name));
    expect(await verifiedVolunteers(db, [v], position, day)).toEqual(new Set());

    payloadOk(await verify(club.client, check.id), 'verifyVolunteerCheck');
    expect(await checkProblem(db, v, position, 'verified', day)).toBeNull();
    expect(await verifiedVolunteers(db, [v, club.user.id], position, day)).toEqual(new Set([v]));
    // Another club's position: this club's verification does not count there.
    const other = await newClubOwner(server, { status: 'approved' });
    expect(await checkProblem(db, v, { ...position, clubId: other.user.id }, 'verified', day)).toBe(P.notVerified(kind.name));

    // On its expiry date it no longer counts.
    const expiry = addDays(day, 10);
    expect(await checkProblem(db, v, position, 'recorded', expiry)).toBe(P.expiredForApplicant(kind.name, expiry));
    expect(await checkProblem(db, v, position, 'verified', expiry)).toBe(P.expiredForClub(kind.name, expiry));
    expect(await verifiedVolunteers(db, [v], position, expiry)).toEqual(new Set());
    expect(await verifiedVolunteers(db, [v], { ...position, requiredCheckKindId: null }, expiry)).toEqual(new Set([v]));
    expect(await verifiedVolunteers(db, [], position, day)).toEqual(new Set());
  });
});

describe('account deletion and data export', () => {
  it("exports a volunteer's checks and their audit, and deletes them with the account", async () => {
    const { volunteer, club, applicationId } = await applicant();
    const kind = await newKind();
    const check = await recordOk(volunteer.client, kind.id, '2024-03-01', '2027-03-01');
    await gqlOk(club.client, APPLICANT, { id: applicationId });
    payloadOk(await verify(club.client, check.id), 'verifyVolunteerCheck');

    payloadOk(await volunteer.client.gql('mutation { requestDataExport { dataExport { id } userErrors { message } } }'), 'requestDataExport');
    let ready = false;
    for (let i = 0; i < 100 && !ready; i++) {
      await server.clubroom.jobWorker.runOnce();
      ready = (await dbOf(server).select().from(dataExports).where(eq(dataExports.userId, volunteer.user.id))).every((r) => r.status === 'ready');
      if (!ready) await new Promise((r) => setTimeout(r, 100));
    }
    const [listed] = (await gqlOk(volunteer.client, '{ myDataExports { downloadUrl } }')).myDataExports;
    const files = unzipSync(new Uint8Array(await (await fetch(listed.downloadUrl.replace(server.config.appUrl, server.url))).arrayBuffer()));
    const checks = parse(strFromU8(files['safeguarding-checks.csv']!), { columns: true }) as Array<Record<string, string>>;
    expect(checks).toEqual([{ kind: kind.name, issued_on: '2024-03-01', expires_on: '2027-03-01', recorded_at: expect.any(String), verified_by: expect.stringContaining(club.club.name) }]);
    const history = parse(strFromU8(files['safeguarding-check-history.csv']!), { columns: true }) as Array<Record<string, string>>;
    expect(history.map((h) => [h.kind, h.action, h.club])).toEqual([
      [kind.name, 'recorded', ''],
      [kind.name, 'viewed', club.club.name],
      [kind.name, 'verified', club.club.name],
    ]);

    const answer = await volunteer.client.gql('mutation($i: DeleteMyAccountInput!) { deleteMyAccount(input: $i) { userErrors { message } } }', { i: { password: STRONG_PASSWORD } });
    expect(answer.errors).toBeUndefined();
    expect(await checkRows(volunteer.user.id)).toEqual([]);
    expect(await eventsOf(volunteer.user.id)).toEqual([]);
    expect(await dbOf(server).select().from(volunteerCheckVerifications).where(eq(volunteerCheckVerifications.checkId, uuid(check.id)))).toEqual([]);
    const jobs = await dbOf(server).execute(sql`select key from jobs where key = ${`check-expiry:${uuid(check.id)}`}`);
    expect(Array.isArray(jobs) ? jobs : (jobs as { rows: unknown[] }).rows).toEqual([]);
  });
});
