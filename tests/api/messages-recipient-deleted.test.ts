// messageRecipient (who heads a conversation that has no messages yet) and messageDeleted (a
// message its sender deleted leaves the recipient's screen live).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { newMember } from '../helpers/client.js';
import { DELETE_MESSAGE, collect, gqlOk, onlyError, sendOk, settled, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { wsClient } from '../helpers/ws.js';

const RECIPIENT = 'query Recipient($id: ID!) { messageRecipient(id: $id) { id name kind } }';

let server: TestServer;
const sockets: Client[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await server?.close();
});

describe('messageRecipient', () => {
  it("names a member by their display name and kind (a club account by its club's name)", async () => {
    const me = await newMember(server.url, { fullName: 'Asker Person' });
    const club = await newMember(server.url, { fullName: 'Owner Person', clubName: 'Harbour Rowing Club' });
    const volunteer = await newMember(server.url, { fullName: 'Vera Volunteer' });
    expect(await gqlOk(me.client, RECIPIENT, { id: club.user.id })).toEqual({
      messageRecipient: { id: club.user.id, name: 'Harbour Rowing Club', kind: 'CLUB' },
    });
    expect(await gqlOk(me.client, RECIPIENT, { id: volunteer.user.id })).toEqual({
      messageRecipient: { id: volunteer.user.id, name: 'Vera Volunteer', kind: 'VOLUNTEER' },
    });
  });

  it('answers NOT_FOUND for the caller, an unknown id, and a malformed id gets the id format message', async () => {
    const me = await newMember(server.url);
    expect(onlyError(await me.client.gql(RECIPIENT, { id: me.user.id })).extensions?.code).toBe('NOT_FOUND');
    expect(onlyError(await me.client.gql(RECIPIENT, { id: '7b0c5b9e-5d2a-4c1e-9d7a-2f8e6b1c3a40' })).extensions?.code).toBe('NOT_FOUND');
    expect(onlyError(await me.client.gql(RECIPIENT, { id: 'nope' })).message).toBe('Invalid user ID format');
  });

  it('needs a signed-in caller', async () => {
    const someone = await newMember(server.url);
    const anonymous = await newMember(server.url);
    anonymous.client.accessToken = null;
    expect(onlyError(await anonymous.client.gql(RECIPIENT, { id: someone.user.id })).extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('messageDeleted subscription', () => {
  async function pair(): Promise<[Member, Member]> {
    return [await newMember(server.url, { fullName: 'Sender Sam' }), await newMember(server.url, { fullName: 'Reader Rae' })];
  }

  it('tells the recipient, and only the recipient, the id of a message its sender deleted', async () => {
    const [sender, recipient] = await pair();
    const bystander = await newMember(server.url);
    const recipientWs = wsClient(server.url, recipient.client.accessToken!);
    const bystanderWs = wsClient(server.url, bystander.client.accessToken!);
    sockets.push(recipientWs, bystanderWs);
    const heard = collect<{ messageDeleted: string }>(recipientWs, 'subscription { messageDeleted }');
    const overheard = collect<{ messageDeleted: string }>(bystanderWs, 'subscription { messageDeleted }');
    await settled(recipientWs);
    await settled(bystanderWs);

    const message = await sendOk(sender, recipient);
    await gqlOk(sender.client, DELETE_MESSAGE, { id: message.id });
    await expect(heard.nth(1)).resolves.toEqual({ messageDeleted: message.id });
    expect(overheard.values).toEqual([]);
  });

  it('says nothing when a delete is refused', async () => {
    const [sender, recipient] = await pair();
    const senderWs = wsClient(server.url, sender.client.accessToken!);
    sockets.push(senderWs);
    const heard = collect<{ messageDeleted: string }>(senderWs, 'subscription { messageDeleted }');
    await settled(senderWs);
    const message = await sendOk(recipient, sender);
    // The recipient of that message (here: `sender`) may not delete it.
    expect(onlyError(await sender.client.gql(DELETE_MESSAGE, { id: message.id })).extensions?.code).toBe('FORBIDDEN');
    // A later, allowed delete is the first event the socket hears.
    const own = await sendOk(recipient, sender);
    await gqlOk(recipient.client, DELETE_MESSAGE, { id: own.id });
    await expect(heard.nth(1)).resolves.toEqual({ messageDeleted: own.id });
  });
});

describe('sendMessage with fields left out', () => {
  it("answers the rules' own messages, not GraphQL's generic ones, and stores nothing", async () => {
    const me = await newMember(server.url);
    const SEND = 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { id } }';
    const noRecipient = onlyError(await me.client.gql(SEND, { input: { subject: 'Hello there', content: 'Long enough content' } }));
    expect(noRecipient.message).toBe('Please select a recipient');
    expect(noRecipient.extensions?.fields?.recipientId).toBe('Please select a recipient');
    const nothing = onlyError(await me.client.gql(SEND, { input: {} }));
    expect(nothing.extensions?.fields).toMatchObject({
      recipientId: 'Please select a recipient',
      subject: 'Subject must be at least 5 characters',
      content: 'Message must be at least 10 characters',
    });
    expect(await gqlOk(me.client, '{ sentMessages { id } }')).toEqual({ sentMessages: [] });
  });
});
