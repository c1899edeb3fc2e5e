// Who heads a conversation that has no messages yet (member(id): name and kind), messageDeleted (a
// message its sender deleted leaves the recipient's screen live), and sendMessage's own messages for
// fields left out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { newMember } from '../helpers/client.js';
import { DELETE_MESSAGE, collect, gqlOk, memberId, mutateOk, onlyError, sendOk, settled, userErrorsOf, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { wsClient } from '../helpers/ws.js';

const MEMBER = 'query Member($id: ID!) { member(id: $id) { id name kind } }';
const MESSAGE_DELETED = 'subscription { messageDeleted { messageId } }';

let server: TestServer;
const sockets: Client[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await server?.close();
});

describe('a conversation partner by id (member)', () => {
  it("names a member by their display name and kind (a club account by its club's name)", async () => {
    const me = await newMember(server.url, { fullName: 'Asker Person' });
    const club = await newMember(server.url, { fullName: 'Owner Person', clubName: 'Harbour Rowing Club' });
    const volunteer = await newMember(server.url, { fullName: 'Vera Volunteer' });
    expect(await gqlOk(me.client, MEMBER, { id: memberId(club) })).toEqual({ member: { id: memberId(club), name: 'Harbour Rowing Club', kind: 'CLUB' } });
    expect(await gqlOk(me.client, MEMBER, { id: memberId(volunteer) })).toEqual({ member: { id: memberId(volunteer), name: 'Vera Volunteer', kind: 'VOLUNTEER' } });
  });

  it('answers null for an unknown id, a bare database id and a malformed one', async () => {
    const me = await newMember(server.url);
    const other = await newMember(server.url);
    for (const id of [memberId('7b0c5b9e-5d2a-4c1e-9d7a-2f8e6b1c3a40'), other.user.id, 'nope']) {
      expect(await gqlOk(me.client, MEMBER, { id }), id).toEqual({ member: null });
    }
  });

  it('needs a signed-in caller', async () => {
    const someone = await newMember(server.url);
    const anonymous = await newMember(server.url);
    anonymous.client.accessToken = null;
    expect(onlyError(await anonymous.client.gql(MEMBER, { id: memberId(someone) })).extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('messageDeleted subscription', () => {
  async function pair(): Promise<[Member, Member]> {
    return [await newMember(server.url, { fullName: 'Sender Sam' }), await newMember(server.url, { fullName: 'Reader Rae' })];
  }

  it('tells the recipient, and only the recipient, the global id of a message its sender deleted', async () => {
    const [sender, recipient] = await pair();
    const bystander = await newMember(server.url);
    const recipientWs = wsClient(server.url, recipient.client.accessToken!);
    const bystanderWs = wsClient(server.url, bystander.client.accessToken!);
    sockets.push(recipientWs, bystanderWs);
    const heard = collect<{ messageDeleted: { messageId: string } }>(recipientWs, MESSAGE_DELETED);
    const overheard = collect(bystanderWs, MESSAGE_DELETED);
    await settled(recipientWs);
    await settled(bystanderWs);

    const message = await sendOk(sender, recipient);
    await mutateOk(sender.client, DELETE_MESSAGE, { id: message.id }, 'deleteMessage');
    await expect(heard.nth(1)).resolves.toEqual({ messageDeleted: { messageId: message.id } });
    expect(overheard.values).toEqual([]);
  });

  it('says nothing when a delete is refused', async () => {
    const [sender, recipient] = await pair();
    const senderWs = wsClient(server.url, sender.client.accessToken!);
    sockets.push(senderWs);
    const heard = collect<{ messageDeleted: { messageId: string } }>(senderWs, MESSAGE_DELETED);
    await settled(senderWs);
    const message = await sendOk(recipient, sender);
    // The recipient of that message (here: `sender`) may not delete it.
    expect(onlyError(await sender.client.gql(DELETE_MESSAGE, { id: message.id })).extensions?.code).toBe('FORBIDDEN');
    // A later, allowed delete is the first event the socket hears.
    const own = await sendOk(recipient, sender);
    await mutateOk(recipient.client, DELETE_MESSAGE, { id: own.id }, 'deleteMessage');
    await expect(heard.nth(1)).resolves.toEqual({ messageDeleted: { messageId: own.id } });
  });
});

describe('sendMessage with fields left out', () => {
  it("answers the rules' own messages as user errors, not GraphQL's generic ones, and stores nothing", async () => {
    const me = await newMember(server.url);
    const SEND = 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { field code message } } }';
    const noRecipient = userErrorsOf(await me.client.gql(SEND, { input: { subject: 'Hello there', content: 'Long enough content' } }), 'sendMessage');
    expect(noRecipient).toEqual([{ field: 'recipientId', code: 'BAD_USER_INPUT', message: 'Please select a recipient' }]);
    const nothing = userErrorsOf(await me.client.gql(SEND, { input: {} }), 'sendMessage');
    expect(nothing).toEqual([
      { field: 'recipientId', code: 'BAD_USER_INPUT', message: 'Please select a recipient' },
      { field: 'subject', code: 'BAD_USER_INPUT', message: 'Subject must be at least 5 characters' },
      { field: 'content', code: 'BAD_USER_INPUT', message: 'Message must be at least 10 characters' },
    ]);
    expect(await gqlOk(me.client, '{ sentMessages { totalCount } }')).toEqual({ sentMessages: { totalCount: 0 } });
  });
});
