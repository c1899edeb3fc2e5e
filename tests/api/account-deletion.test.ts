// Delete my account (issue 28): confirmed with the password; every session, token and push device
// ends at once (open sockets close, told ACCOUNT_DELETED); personal data goes; the messages others
// received stay, from "Deleted member"; a club of the account is unlisted and its pending
// applications answered; the member's own applications are withdrawn; the deletion is audited; the
// last platform administrator is refused; a banned email cannot sign up again.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminActions,
  apiTokens,
  webhookEndpoints,
  clubSessions,
  dataExports,
  mailOutbox,
  memberBlocks,
  notificationPreferences,
  notifications,
  pushSubscriptions,
  sessions,
  users,
  volunteerApplications,
  volunteerProfiles,
} from '../../server/src/db/schema/index.js';
import { createToken, gqlWith, RawSocket } from '../helpers/api-tokens.js';
import { banOk, REVOKED } from '../helpers/admin-users.js';
import { ApiClient, newMember, STRONG_PASSWORD } from '../helpers/client.js';
import { CLUB, clubGlobalId, payloadOk, refusalOf, saveTimesOk } from '../helpers/clubs.js';
import { adminClient, dbOf, gqlOk, INBOX, memberId, nodesOf, send, sendOk, type MessageView } from '../helpers/messages.js';
import { applyOk, clubWithOpportunity, uuid } from '../helpers/opportunities.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer } from '../helpers/volunteers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const DELETE = 'mutation($i: DeleteMyAccountInput!) { deleteMyAccount(input: $i) { deleted userErrors { field code message } } }';
const deleteAccount = (client: ApiClient, password: string) => client.gql(DELETE, { i: { password } });
const BLOCK = 'mutation($i: MemberBlockInput!) { blockMember(input: $i) { member { id } userErrors { field message } } }';
const userRow = async (id: string) => (await dbOf(server).select().from(users).where(eq(users.id, id)))[0]!;
const countOf = async (table: typeof sessions | typeof apiTokens | typeof webhookEndpoints | typeof pushSubscriptions | typeof dataExports | typeof notificationPreferences | typeof notifications, userId: string) =>
  (await dbOf(server).select().from(table).where(eq(table.userId, userId))).length;

describe('deleteMyAccount', () => {
  it('refuses a wrong password (changing nothing), then deletes: ways in end, sockets close, personal data goes, messages stay from "Deleted member"', async () => {
    const me = await newMember(server.url, { fullName: 'Della Leaving' });
    const friend = await newMember(server.url, { fullName: 'Fran Friend' });
    await sendOk(me, friend, { subject: 'Before I go', content: 'A message my friend keeps.' });
    await sendOk(friend, me, { subject: 'Re: Before I go', content: 'A reply to Della.' });
    payloadOk(await me.client.gql(BLOCK, { i: { memberId: memberId(friend) } }), 'blockMember');
    payloadOk(await me.client.gql('mutation { requestDataExport { dataExport { id } userErrors { message } } }'), 'requestDataExport');
    await dbOf(server).insert(pushSubscriptions).values({ userId: me.user.id, endpoint: `https://push.example.com/${me.user.id}`, p256dh: 'k', auth: 'a', label: 'Phone' });
    const { secret } = await createToken(me.client, ['READ']);
    payloadOk(
      await me.client.gql('mutation($i: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $i) { endpoint { id } userErrors { message } } }', {
        i: { kind: 'MEMBER', url: 'https://93.184.216.34/della', eventKinds: ['message.received'] },
      }),
      'createWebhookEndpoint',
    );
    const otherDevice = new ApiClient(server.url);
    expect((await otherDevice.signIn(me.email, STRONG_PASSWORD)).body.success).toBe(true);

    // A wrong password: refused on the field, counted as a failed sign-in, nothing changed.
    expect(refusalOf(await deleteAccount(me.client, 'Wr0ng!Password'), 'deleteMyAccount').userErrors).toEqual([
      { field: 'password', code: 'BAD_USER_INPUT', message: 'Current password is incorrect' },
    ]);
    expect(refusalOf(await deleteAccount(me.client, ''), 'deleteMyAccount').userErrors).toEqual([
      { field: 'password', code: 'BAD_USER_INPUT', message: 'Enter your password to delete your account' },
    ]);
    expect(await userRow(me.user.id)).toMatchObject({ status: 'active', fullName: 'Della Leaving', email: me.email });
    expect(await countOf(sessions, me.user.id)).toBe(2);
    expect(await countOf(webhookEndpoints, me.user.id)).toBe(1);

    // An API token cannot delete the account (session only).
    const byToken = await gqlWith(server.url, secret, DELETE, { i: { password: STRONG_PASSWORD } });
    expect(byToken.json.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const sessionSocket = await RawSocket.open(server.url, otherDevice.accessToken!);
    const tokenSocket = await RawSocket.open(server.url, secret);
    try {
      sessionSocket.subscribe('revoked', REVOKED);
      tokenSocket.subscribe('count', 'subscription { unreadNotificationCount { count } }');
      await tokenSocket.until(() => tokenSocket.of('count').length > 0, 'the first count');
      expect(payloadOk<{ deleted: boolean }>(await deleteAccount(me.client, STRONG_PASSWORD), 'deleteMyAccount').deleted).toBe(true);
      await sessionSocket.until(() => sessionSocket.closeCode !== null, 'the session socket to close');
      await tokenSocket.until(() => tokenSocket.closeCode !== null, 'the token socket to close');
      expect(sessionSocket.of('revoked').find((m) => m.type === 'next')!.payload).toEqual({ data: { sessionRevoked: { reason: 'ACCOUNT_DELETED' } }, extensions: { schemaVersion: expect.any(String) } });
    } finally {
      sessionSocket.close();
      tokenSocket.close();
    }

    // Every way in is gone.
    expect((await new ApiClient(server.url).signIn(me.email, STRONG_PASSWORD)).body.success).toBe(false);
    expect((await me.client.gql('{ me { id } }')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await gqlWith(server.url, secret, '{ me { id } }')).json.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const table of [sessions, apiTokens, pushSubscriptions, dataExports, notificationPreferences, webhookEndpoints] as const) expect(await countOf(table, me.user.id)).toBe(0);
    expect(await dbOf(server).select().from(memberBlocks).where(eq(memberBlocks.blockerId, me.user.id))).toEqual([]);
    // Nothing of the member stays on the row: the name and the address are gone.
    const row = await userRow(me.user.id);
    expect(row).toMatchObject({ status: 'deleted', fullName: 'Deleted member', email: `deleted-${me.user.id}@deleted.invalid`, isPlatformAdmin: false });

    // The friend keeps the message, from "Deleted member", and cannot write back.
    const inbox = nodesOf<MessageView>((await gqlOk(friend.client, INBOX)).inbox);
    expect(inbox.map((m) => [m.subject, m.sender.name])).toEqual([['Before I go', 'Deleted member']]);
    expect(refusalOf(await send(friend.client, { recipientId: memberId(me), subject: 'Hello?', content: 'Are you there?' }), 'sendMessage').userErrors).toEqual([
      { field: 'recipientId', code: 'BAD_USER_INPUT', message: 'This member has deleted their account.' },
    ]);

    // The last word went to the address being removed; the deletion is audited, without the name.
    const goodbye = await dbOf(server).select().from(mailOutbox).where(and(eq(mailOutbox.to, me.email), eq(mailOutbox.subject, 'Your Clubroom account has been deleted')));
    expect(goodbye).toHaveLength(1);
    const audit = await dbOf(server).select().from(adminActions).where(and(eq(adminActions.targetId, me.user.id), eq(adminActions.actionType, 'delete_account')));
    expect(audit.map((a) => [a.adminName, a.targetName, a.details])).toEqual([['Deleted member', 'Deleted member', 'The member deleted their account']]);

    // The address is free again: a new account, not the old one.
    const again = await newMember(server.url, { email: me.email, fullName: 'Della Returns' });
    expect(again.user.id).not.toBe(me.user.id);
  });

  it("unlists a club account's club, answers its pending applications (each volunteer told), closes its positions and drops its coming sessions", async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Closing Cricket Club' });
    await saveTimesOk(owner.client, [{ dayOfWeek: 3, startTime: '18:00', endTime: '19:00' }]);
    expect((await dbOf(server).select().from(clubSessions).where(eq(clubSessions.clubId, owner.user.id))).length).toBeGreaterThan(0);
    const volunteer = await createVolunteer(server, { firstName: 'Vic', lastName: 'Volunteer' });
    const applied = await applyOk(volunteer.client, owner.positionId);
    expect((await gqlOk(volunteer.client, CLUB, { id: clubGlobalId(owner.user.id) })).club).not.toBeNull();

    payloadOk(await deleteAccount(owner.client, STRONG_PASSWORD), 'deleteMyAccount');
    expect((await gqlOk(volunteer.client, CLUB, { id: clubGlobalId(owner.user.id) })).club).toBeNull();
    const [application] = await dbOf(server).select().from(volunteerApplications).where(eq(volunteerApplications.id, uuid(applied.id)));
    expect(application!.status).toBe('rejected');
    const told = await dbOf(server).select().from(notifications).where(and(eq(notifications.userId, volunteer.user.id), eq(notifications.title, 'Application closed')));
    expect(told.map((n) => n.description)).toEqual([expect.stringContaining('Closing Cricket Club has closed its Clubroom account')]);
    const positions = await dbOf(server).execute(sql`select is_live, status from club_volunteer_positions where club_id = ${owner.user.id}`);
    expect([...((positions as { rows?: unknown[] }).rows ?? (positions as unknown[]))]).toEqual([{ is_live: false, status: 'cancelled' }]);
    expect(await dbOf(server).select().from(clubSessions).where(eq(clubSessions.clubId, owner.user.id))).toEqual([]);
  });

  it("withdraws a volunteer's open applications (the club told, without the name) and removes the volunteer profile", async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Staying Swim Club' });
    const volunteer = await createVolunteer(server, { firstName: 'Wendy', lastName: 'Withdrawn' });
    const applied = await applyOk(volunteer.client, owner.positionId, { message: 'My phone is 07700 900123.' });
    payloadOk(await deleteAccount(volunteer.client, STRONG_PASSWORD), 'deleteMyAccount');
    const [application] = await dbOf(server).select().from(volunteerApplications).where(eq(volunteerApplications.id, uuid(applied.id)));
    expect(application).toMatchObject({ status: 'withdrawn', message: '' });
    expect(await dbOf(server).select().from(volunteerProfiles).where(eq(volunteerProfiles.userId, volunteer.user.id))).toEqual([]);
    const told = await dbOf(server).select().from(notifications).where(and(eq(notifications.userId, owner.user.id), eq(notifications.title, 'Volunteer left Clubroom')));
    expect(told).toHaveLength(1);
    expect(told[0]!.description).not.toContain('Wendy');
  });

  it('refuses the only platform administrator, changing nothing', async () => {
    const admin = await adminClient(server.url);
    const [before] = await dbOf(server).select().from(users).where(eq(users.isPlatformAdmin, true));
    expect(refusalOf(await deleteAccount(admin, 'Admin-Passw0rd!'), 'deleteMyAccount').userErrors).toEqual([
      { field: 'password', code: 'BAD_USER_INPUT', message: 'You are the only platform administrator. Make another member an administrator before deleting your account.' },
    ]);
    expect(await userRow(before!.id)).toMatchObject({ status: 'active', isPlatformAdmin: true, email: before!.email });
    expect((await gqlOk(admin, '{ me { id } }')).me).not.toBeNull();
  });

  it('keeps a banned email from signing up again, in any letter case', async () => {
    const admin = await adminClient(server.url);
    const banned = await newMember(server.url, { fullName: 'Barry Banned' });
    await banOk(admin, banned.user.id, 'Spam');
    const answer = await new ApiClient(server.url).signUp({ email: banned.email.toUpperCase(), password: STRONG_PASSWORD, fullName: 'Barry Again' });
    expect(answer.body.success).toBe(false);
    expect(answer.body.error).toBe('This email address has already been used with a sports club.');
    expect((await dbOf(server).select().from(users).where(sql`lower(${users.email}) = lower(${banned.email})`)).map((u) => u.status)).toEqual(['banned']);
  });
});
