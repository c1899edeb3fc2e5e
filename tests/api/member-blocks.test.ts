// Blocking a member (issue 28): the blocked member cannot message the member who blocked them
// (a clear message, nothing sent or counted), nothing they do reaches that member as a
// notification, unblocking restores both, and the moderators see how many blocked a member.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberBlocks, notifications } from '../../server/src/db/schema/index.js';
import { newMember } from '../helpers/client.js';
import { payloadOk, refusalOf } from '../helpers/clubs.js';
import { adminClient, dbOf, gqlOk, memberId, send, sendOk } from '../helpers/messages.js';
import { applyOk, clubWithOpportunity } from '../helpers/opportunities.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer } from '../helpers/volunteers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const BLOCK = 'mutation($i: MemberBlockInput!) { blockMember(input: $i) { member { id name blockedByMe } userErrors { field code message } } }';
const UNBLOCK = 'mutation($i: MemberBlockInput!) { unblockMember(input: $i) { member { id blockedByMe } userErrors { field code message } } }';
const BLOCKED = '{ blockedMembers { id name } }';
const bellOf = (userId: string) => dbOf(server).select().from(notifications).where(eq(notifications.userId, userId));

describe('blocking a member', () => {
  it('refuses the blocked member’s messages with a clear message and sends nothing; unblocking lets them write again', async () => {
    const [me, pest] = await Promise.all([newMember(server.url, { fullName: 'Bea Blocker' }), newMember(server.url, { fullName: 'Pat Pest' })]);
    await sendOk(pest, me, { subject: 'Hello there', content: 'A first message before the block.' });
    const blocked = payloadOk<{ member: { id: string; name: string; blockedByMe: boolean } }>(await me.client.gql(BLOCK, { i: { memberId: memberId(pest) } }), 'blockMember');
    expect(blocked.member).toEqual({ id: memberId(pest), name: 'Pat Pest', blockedByMe: true });
    expect((await gqlOk(me.client, BLOCKED)).blockedMembers).toEqual([{ id: memberId(pest), name: 'Pat Pest' }]);

    const before = (await bellOf(me.user.id)).length;
    const refused = refusalOf(await send(pest.client, { recipientId: memberId(me), subject: 'Still there?', content: 'A message after the block.' }), 'sendMessage');
    expect(refused.userErrors).toEqual([{ field: 'recipientId', code: 'BAD_USER_INPUT', message: 'This member does not accept messages from you.' }]);
    expect((await bellOf(me.user.id)).length).toBe(before);
    // The blocker may still write to them (blocking is one way).
    await sendOk(me, pest, { subject: 'Please stop', content: 'I have blocked you now.' });

    payloadOk(await me.client.gql(UNBLOCK, { i: { memberId: memberId(pest) } }), 'unblockMember');
    expect((await gqlOk(me.client, BLOCKED)).blockedMembers).toEqual([]);
    await sendOk(pest, me, { subject: 'Friends again', content: 'A message after the unblock.' });
    expect((await bellOf(me.user.id)).length).toBe(before + 1);
  });

  it('stops the notifications of what the blocked member does elsewhere (an application to my club)', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Blocking Bears', position: { title: 'Block Role' } });
    const applicant = await createVolunteer(server, { firstName: 'App', lastName: 'Licant' });
    payloadOk(await owner.client.gql(BLOCK, { i: { memberId: applicant.memberId } }), 'blockMember');
    await applyOk(applicant.client, owner.positionId);
    expect((await bellOf(owner.user.id)).filter((n) => n.kind === 'volunteer_application_received')).toEqual([]);
  });

  it('refuses blocking oneself or a member that does not exist, changing nothing; blocking twice is one block', async () => {
    const me = await newMember(server.url);
    expect(refusalOf(await me.client.gql(BLOCK, { i: { memberId: memberId(me) } }), 'blockMember').userErrors).toEqual([{ field: 'memberId', code: 'BAD_USER_INPUT', message: 'You cannot block yourself.' }]);
    expect(refusalOf(await me.client.gql(BLOCK, { i: { memberId: memberId('00000000-0000-4000-8000-000000000000') } }), 'blockMember').userErrors).toEqual([
      { field: 'memberId', code: 'NOT_FOUND', message: 'Member not found' },
    ]);
    expect(refusalOf(await me.client.gql(BLOCK, { i: { memberId: 'not-an-id' } }), 'blockMember').userErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
    expect(await dbOf(server).select().from(memberBlocks).where(eq(memberBlocks.blockerId, me.user.id))).toEqual([]);
    const other = await newMember(server.url);
    payloadOk(await me.client.gql(BLOCK, { i: { memberId: memberId(other) } }), 'blockMember');
    payloadOk(await me.client.gql(BLOCK, { i: { memberId: memberId(other) } }), 'blockMember');
    expect(await dbOf(server).select().from(memberBlocks).where(eq(memberBlocks.blockerId, me.user.id))).toHaveLength(1);
  });

  it('tells the moderators how many members blocked someone, and nobody else', async () => {
    const pest = await newMember(server.url, { fullName: 'Often Blocked' });
    const blockers = await Promise.all([newMember(server.url), newMember(server.url)]);
    for (const b of blockers) payloadOk(await b.client.gql(BLOCK, { i: { memberId: memberId(pest) } }), 'blockMember');
    const query = 'query($id: ID!) { member(id: $id) { activity { blockedBy } } }';
    const admin = await adminClient(server.url);
    expect((await gqlOk(admin, query, { id: memberId(pest) })).member.activity).toEqual({ blockedBy: 2 });
    expect((await gqlOk(blockers[0]!.client, query, { id: memberId(pest) })).member.activity).toBeNull();
  });
});
