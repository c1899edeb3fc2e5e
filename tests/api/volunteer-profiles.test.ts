// Volunteer profiles: saveVolunteerProfile's every rule and message, who sees a profile (node,
// Member.volunteerProfile, me) and its email, Member.hasVolunteerProfile and the role, a club
// account refused, and the volunteer:write scope.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubVolunteerPositions, volunteerApplications } from '../../server/src/db/schema/index.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { newClubOwner, refusalOf } from '../helpers/clubs.js';
import { adminClient, dbOf, gqlOk } from '../helpers/messages.js';
import { createToken } from '../helpers/api-tokens.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { INVALID_EMAIL } from '../helpers/spec-texts.js';
import {
  createVolunteer,
  MEMBER_VOLUNTEER_PROFILE,
  memberGlobalId,
  MY_VOLUNTEER_PROFILE,
  saveVolunteerProfile,
  saveVolunteerProfileOk,
  SAVE_VOLUNTEER_PROFILE,
  SPEC_AVAILABILITY,
  validVolunteerProfile,
  VOLUNTEER_PROFILE_NODE,
  VOLUNTEER_TEXT,
  volunteerProfileGlobalId,
  volunteerProfileRow,
  type Volunteer,
  type VolunteerProfileView,
} from '../helpers/volunteers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

async function refused(client: ApiClient, over: Record<string, unknown>) {
  return refusalOf(await saveVolunteerProfile(client, validVolunteerProfile(over)), 'saveVolunteerProfile');
}

/** The profile `target` as `client` sees it through node(id), member(id) and the Member field. */
async function seenBy(client: ApiClient, target: Volunteer): Promise<{ node: VolunteerProfileView | null; member: VolunteerProfileView | null }> {
  const node = await client.gql(VOLUNTEER_PROFILE_NODE, { id: target.profileId });
  expect(node.errors).toBeUndefined();
  const member = client.accessToken ? await client.gql(MEMBER_VOLUNTEER_PROFILE, { id: target.memberId }) : null;
  expect(member?.errors).toBeUndefined();
  return { node: node.data.node, member: member?.data.member?.volunteerProfile ?? null };
}

describe('saveVolunteerProfile', () => {
  it('creates the profile of a member without one; the member then has one (role stays volunteer)', async () => {
    const member = await newMember(server.url, { fullName: 'Plain Member' });
    const before = await gqlOk(member.client, MY_VOLUNTEER_PROFILE);
    expect(before.me).toMatchObject({ role: 'VOLUNTEER', hasVolunteerProfile: false, volunteerProfile: null });

    const input = validVolunteerProfile({ firstName: 'Pat', lastName: 'Quinn', skills: ['Coaching', 'COACHING', ' ', 'Fundraising'] });
    const profile = await saveVolunteerProfileOk(member.client, input);
    expect(profile).toMatchObject({
      id: volunteerProfileGlobalId(member.user.id),
      firstName: 'Pat',
      lastName: 'Quinn',
      fullName: 'Pat Quinn',
      email: input.email,
      location: 'London',
      skills: ['Coaching', 'Fundraising'],
      availability: ['Weekend mornings', 'Flexible'],
      member: { id: memberGlobalId(member.user.id) },
    });

    const after = await gqlOk(member.client, MY_VOLUNTEER_PROFILE);
    expect(after.me).toMatchObject({ role: 'VOLUNTEER', hasVolunteerProfile: true, volunteerProfile: { id: profile.id } });
    const me = await member.client.rest('GET', '/api/auth/user');
    expect(me.body.data.user).toMatchObject({ has_volunteer_profile: true, role: 'volunteer' });
    expect(await volunteerProfileRow(server, member.user.id)).toMatchObject({ skillKeys: ['coaching', 'fundraising'] });
  });

  it('replaces the saved profile: omitted optional fields become empty', async () => {
    const volunteer = await createVolunteer(server);
    const saved = await saveVolunteerProfileOk(volunteer.client, { firstName: 'New', lastName: 'Name', email: volunteer.email });
    expect(saved).toMatchObject({ firstName: 'New', lastName: 'Name', location: null, skills: [], availability: [], bio: null });
    expect(Date.parse(saved.updatedAt)).toBeGreaterThanOrEqual(Date.parse(volunteer.profile.updatedAt));
    expect(saved.createdAt).toBe(volunteer.profile.createdAt);
  });

  it('accepts the limits exactly: 50-character names, 100-character location, 20 skills of 40, all 7 availabilities, a 1000-character bio', async () => {
    const volunteer = await createVolunteer(server);
    const skills = Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}${'s'.repeat(38)}`);
    const saved = await saveVolunteerProfileOk(
      volunteer.client,
      validVolunteerProfile({ firstName: 'f'.repeat(50), lastName: 'l'.repeat(50), location: 'p'.repeat(100), skills, availability: [...SPEC_AVAILABILITY], bio: 'b'.repeat(1000) }),
    );
    expect(saved.skills).toEqual(skills);
    expect(saved.availability).toEqual([...SPEC_AVAILABILITY]);
    expect(saved.bio).toHaveLength(1000);
  });

  it.each([
    ['firstName', 'blank', { firstName: '' }, VOLUNTEER_TEXT.firstNameRequired],
    ['firstName', 'spaces only', { firstName: '   ' }, VOLUNTEER_TEXT.firstNameRequired],
    ['firstName', '51 characters', { firstName: 'f'.repeat(51) }, VOLUNTEER_TEXT.firstNameMax],
    ['lastName', 'blank', { lastName: '' }, VOLUNTEER_TEXT.lastNameRequired],
    ['lastName', '51 characters', { lastName: 'l'.repeat(51) }, VOLUNTEER_TEXT.lastNameMax],
    ['email', 'not an address', { email: 'nobody' }, INVALID_EMAIL],
    ['email', '262 characters', { email: `${'a'.repeat(250)}@example.com` }, INVALID_EMAIL],
    ['location', '101 characters', { location: 'p'.repeat(101) }, VOLUNTEER_TEXT.locationMax],
    ['skills', '21 skills', { skills: Array.from({ length: 21 }, (_, i) => `Skill ${i}`) }, VOLUNTEER_TEXT.skillsMax],
    ['skills.0', 'a skill of 41 characters', { skills: ['s'.repeat(41)] }, VOLUNTEER_TEXT.skillMax],
    ['availability.1', 'a time not on the list', { availability: ['Flexible', 'Whenever'] }, VOLUNTEER_TEXT.availability],
    ['bio', '1001 characters', { bio: 'b'.repeat(1001) }, VOLUNTEER_TEXT.bioMax],
  ])('refuses %s: %s', async (field, _label, over, message) => {
    const volunteer = await createVolunteer(server);
    const refusal = await refused(volunteer.client, over);
    expect(refusal.userErrors).toEqual([{ field, code: 'BAD_USER_INPUT', message }]);
    // Nothing changed.
    expect((await volunteerProfileRow(server, volunteer.user.id))!.firstName).toBe(volunteer.profile.firstName);
  });

  it('counts 21 skills that repeat by letter case as the distinct ones (20 kept)', async () => {
    const volunteer = await createVolunteer(server);
    const skills = [...Array.from({ length: 20 }, (_, i) => `Skill ${i}`), 'SKILL 0'];
    expect((await saveVolunteerProfileOk(volunteer.client, validVolunteerProfile({ skills }))).skills).toHaveLength(20);
  });

  it('strips markup from every text before the rules (a name of tags only is no name)', async () => {
    const volunteer = await createVolunteer(server);
    expect((await refused(volunteer.client, { firstName: '<i></i>' })).fields).toEqual({ firstName: VOLUNTEER_TEXT.firstNameRequired });
    const saved = await saveVolunteerProfileOk(
      volunteer.client,
      validVolunteerProfile({ lastName: 'Smith<script>x()</script>', location: '<b>Leeds</b>', skills: ['<i>Coaching</i>'], bio: 'Hi <a href="javascript:x()">there</a>' }),
    );
    expect(saved).toMatchObject({ lastName: 'Smith', location: 'Leeds', skills: ['Coaching'], bio: 'Hi there' });
  });

  it("refuses a club account: 'Club accounts cannot create a volunteer profile.' (field null), nothing stored", async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const refusal = await refused(owner.client, {});
    expect(refusal.userErrors).toEqual([{ field: null, code: 'BAD_USER_INPUT', message: VOLUNTEER_TEXT.clubAccount }]);
    expect(await volunteerProfileRow(server, owner.user.id)).toBeNull();
    // A pending club's owner too.
    const pending = await newClubOwner(server);
    expect((await refused(pending.client, {})).message).toBe(VOLUNTEER_TEXT.clubAccount);
  });

  it('needs a signed-in caller', async () => {
    const answer = await new ApiClient(server.url).gql(SAVE_VOLUNTEER_PROFILE, { input: validVolunteerProfile() });
    expect(answer.errors?.[0]).toMatchObject({ message: VOLUNTEER_TEXT.authenticationRequired, extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('runs with an API token holding volunteer:write, and is refused to one without it', async () => {
    const volunteer = await createVolunteer(server);
    const withScope = await createToken(volunteer.client, ['READ', 'VOLUNTEER_WRITE']);
    const ok = await volunteer.client.gql(SAVE_VOLUNTEER_PROFILE, { input: validVolunteerProfile({ firstName: 'Tokened' }) }, { token: withScope.secret });
    expect(ok.data.saveVolunteerProfile.profile.firstName).toBe('Tokened');
    const without = await createToken(volunteer.client, ['READ', 'PROFILE_WRITE']);
    const no = await volunteer.client.gql(SAVE_VOLUNTEER_PROFILE, { input: validVolunteerProfile() }, { token: without.secret });
    expect(no.errors?.[0]).toMatchObject({ message: 'This API token lacks the volunteer:write scope.', extensions: { code: 'FORBIDDEN' } });
  });
});

describe('who sees a volunteer profile', () => {
  let volunteer: Volunteer;
  beforeAll(async () => {
    volunteer = await createVolunteer(server, { firstName: 'Vis', lastName: 'Ible' });
  });

  it('the volunteer: everything, email included', async () => {
    const seen = await seenBy(volunteer.client, volunteer);
    expect(seen.node).toMatchObject({ id: volunteer.profileId, email: volunteer.email });
    expect(seen.member).toMatchObject({ id: volunteer.profileId, email: volunteer.email });
  });

  it('a platform administrator: everything, email included', async () => {
    const admin = await adminClient(server.url);
    const seen = await seenBy(admin, volunteer);
    expect(seen.node?.email).toBe(volunteer.email);
    expect(seen.member?.email).toBe(volunteer.email);
  });

  it('the owner of an approved club: the profile, never the email', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const seen = await seenBy(owner.client, volunteer);
    expect(seen.node).toMatchObject({ id: volunteer.profileId, fullName: 'Vis Ible', email: null });
    expect(seen.member).toMatchObject({ id: volunteer.profileId, email: null });
  });

  it('the owner of a pending or rejected club: nothing', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const owner = await newClubOwner(server, { status });
      expect(await seenBy(owner.client, volunteer)).toEqual({ node: null, member: null });
    }
  });

  it('the owner of an unapproved club the volunteer applied to: the profile, never the email', async () => {
    const owner = await newClubOwner(server, { status: 'pending' });
    const [position] = await dbOf(server)
      .insert(clubVolunteerPositions)
      .values({ clubId: owner.user.id, title: 'Helper', description: 'Helps out at events.', isLive: true })
      .returning();
    await dbOf(server).insert(volunteerApplications).values({ positionId: position!.id, volunteerId: volunteer.user.id, clubId: owner.user.id, message: 'I would love to help out.' });
    const seen = await seenBy(owner.client, volunteer);
    expect(seen.node).toMatchObject({ id: volunteer.profileId, email: null });
    expect(seen.member).toMatchObject({ id: volunteer.profileId, email: null });
    await dbOf(server).delete(volunteerApplications).where(eq(volunteerApplications.positionId, position!.id));
  });

  it('another volunteer or plain member: nothing', async () => {
    const other = await createVolunteer(server);
    expect(await seenBy(other.client, volunteer)).toEqual({ node: null, member: null });
    const member = await newMember(server.url);
    expect(await seenBy(member.client, volunteer)).toEqual({ node: null, member: null });
  });

  it('an anonymous caller: nothing', async () => {
    expect((await seenBy(new ApiClient(server.url), volunteer)).node).toBeNull();
  });

  it("hides whether a member has a profile from others (hasVolunteerProfile is the member's own)", async () => {
    const other = await createVolunteer(server);
    const answer = await gqlOk(other.client, MEMBER_VOLUNTEER_PROFILE, { id: volunteer.memberId });
    expect(answer.member.hasVolunteerProfile).toBeNull();
  });
});
