// The club account's settings (updateClubSettings): contact email, the two email choices and the
// owner's name, their rules, who sees the owner-only fields, and who may save them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema/index.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { clubRow, newClubOwner, payloadOk, refusalOf } from '../helpers/clubs.js';
import { createToken } from '../helpers/api-tokens.js';
import { adminClient, dbOf, gqlOk } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { INVALID_EMAIL } from '../helpers/spec-texts.js';
import { CLUB_SETTINGS_FIELDS, createVolunteer, updateClubSettings, UPDATE_CLUB_SETTINGS, validClubSettings, VOLUNTEER_TEXT, type ClubSettingsView } from '../helpers/volunteers.js';
import { emailChoice } from '../helpers/opportunities.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const CLUB_SETTINGS = `query ClubSettings($id: ID!) { club(id: $id) { ${CLUB_SETTINGS_FIELDS} } }`;

async function ownerName(userId: string): Promise<string> {
  const [row] = await dbOf(server).select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  return row!.fullName;
}

describe('updateClubSettings', () => {
  it('a new club starts with both email choices on', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const { club } = await gqlOk<{ club: ClubSettingsView }>(owner.client, CLUB_SETTINGS, { id: owner.clubId });
    expect(club).toMatchObject({ notifyApplicationsByEmail: true, notifyWithdrawalsByEmail: true });
  });

  it("saves the contact email and the choices on the club and the owner's name on the account", async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const input = validClubSettings({ ownerName: 'Jordan Keeper', notifyApplicationsByEmail: false, notifyWithdrawalsByEmail: true });
    const { club } = payloadOk<{ club: ClubSettingsView }>(await updateClubSettings(owner.client, input), 'updateClubSettings');
    expect(club).toMatchObject({
      id: owner.clubId,
      contactEmail: input.contactEmail,
      notifyApplicationsByEmail: false,
      notifyWithdrawalsByEmail: true,
      owner: { fullName: 'Jordan Keeper' },
    });
    expect(await clubRow(server, owner.user.id)).toMatchObject({ contactEmail: input.contactEmail });
    // The two switches are the owner's email choices for the application kinds.
    expect(await emailChoice(server, owner.user.id, 'volunteer_application_received')).toBe(false);
    expect(await emailChoice(server, owner.user.id, 'volunteer_application_withdrawn')).toBe(true);
    expect(await ownerName(owner.user.id)).toBe('Jordan Keeper');
  });

  it("works for a club still pending approval (its owner's account settings)", async () => {
    const owner = await newClubOwner(server);
    payloadOk(await updateClubSettings(owner.client, validClubSettings()), 'updateClubSettings');
  });

  it.each([
    ['ownerName', 'one character', { ownerName: 'J' }, VOLUNTEER_TEXT.ownerNameMin],
    ['ownerName', 'tags only', { ownerName: '<b>x</b>' }, VOLUNTEER_TEXT.ownerNameMin],
    ['ownerName', '101 characters', { ownerName: 'n'.repeat(101) }, 'Name must be at most 100 characters'],
    ['contactEmail', 'not an address', { contactEmail: 'club-at-example' }, INVALID_EMAIL],
  ])('refuses %s: %s, changing nothing', async (field, _label, over, message) => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const before = await clubRow(server, owner.user.id);
    const refusal = refusalOf(await updateClubSettings(owner.client, validClubSettings({ notifyApplicationsByEmail: false, ...over })), 'updateClubSettings');
    expect(refusal.userErrors).toEqual([{ field, code: 'BAD_USER_INPUT', message }]);
    expect(await clubRow(server, owner.user.id)).toMatchObject({ contactEmail: before!.contactEmail });
    expect(await emailChoice(server, owner.user.id, 'volunteer_application_received')).toBeUndefined();
    expect(await ownerName(owner.user.id)).toBe('Club Owner');
  });

  it("strips markup from the owner's name", async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    payloadOk(await updateClubSettings(owner.client, validClubSettings({ ownerName: '<script>x()</script>Robin <b>Vale</b>' })), 'updateClubSettings');
    expect(await ownerName(owner.user.id)).toBe('Robin Vale');
  });

  it('is FORBIDDEN to a caller without a club, and UNAUTHENTICATED signed out', async () => {
    for (const client of [(await newMember(server.url)).client, (await createVolunteer(server)).client]) {
      const answer = await updateClubSettings(client, validClubSettings());
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await updateClubSettings(new ApiClient(server.url), validClubSettings());
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('needs club:write with an API token', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    const ok = await createToken(owner.client, ['READ', 'CLUB_WRITE']);
    const saved = await owner.client.gql(UPDATE_CLUB_SETTINGS, { input: validClubSettings() }, { token: ok.secret });
    expect(saved.data.updateClubSettings.userErrors).toEqual([]);
    const other = await createToken(owner.client, ['READ', 'VOLUNTEER_WRITE']);
    const refused = await owner.client.gql(UPDATE_CLUB_SETTINGS, { input: validClubSettings() }, { token: other.secret });
    expect(refused.errors?.[0]?.message).toBe('This API token lacks the club:write scope.');
  });
});

describe('the owner-only settings fields', () => {
  it('are null for everyone but the owner and platform administrators', async () => {
    const owner = await newClubOwner(server, { status: 'approved' });
    payloadOk(await updateClubSettings(owner.client, validClubSettings({ notifyWithdrawalsByEmail: false })), 'updateClubSettings');
    const admin = await gqlOk<{ club: ClubSettingsView }>(await adminClient(server.url), CLUB_SETTINGS, { id: owner.clubId });
    expect(admin.club).toMatchObject({ notifyApplicationsByEmail: true, notifyWithdrawalsByEmail: false });
    for (const client of [new ApiClient(server.url), (await createVolunteer(server)).client, (await newClubOwner(server, { status: 'approved' })).client]) {
      const { club } = await gqlOk<{ club: ClubSettingsView }>(client, CLUB_SETTINGS, { id: owner.clubId });
      expect(club).toMatchObject({ notifyApplicationsByEmail: null, notifyWithdrawalsByEmail: null });
    }
  });
});
