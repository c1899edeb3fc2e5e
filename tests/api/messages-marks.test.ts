// Changing messages: markConversationRead, markMessagesRead and deleteMessage. Each changes only
// what the caller may change; the database is checked, not only the answer.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  CONVERSATION,
  CONVERSATIONS,
  DELETE_MESSAGE,
  INBOX,
  MARK_CONVERSATION_READ,
  MARK_MESSAGES_READ,
  SENT,
  UNREAD_COUNT,
  UNREAD_NOTIFICATIONS,
  gqlOk,
  messageRow,
  messageRows,
  notificationsOf,
  onlyError,
  sendOk,
  type ConversationView,
  type Member,
  type MessageView,
} from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
});
afterAll(async () => {
  await server?.close();
});

const member = (fullName: string) => newMember(server.url, { fullName });
const trio = () => Promise.all([member('Mia Reader'), member('Pat Writer'), member('Quin Third')]);

const markConversation = (m: Member, senderId: string) => m.client.gql<{ markConversationRead: string[] }>(MARK_CONVERSATION_READ, { senderId });
const markMessages = (m: Member, ids: string[]) => m.client.gql<{ markMessagesRead: string[] }>(MARK_MESSAGES_READ, { ids });
const deleteMessage = (m: Member, id: string) => m.client.gql<{ deleteMessage: string }>(DELETE_MESSAGE, { id });
const readFlags = async (ids: string[]) => Object.fromEntries((await messageRows(server, ids)).map((r) => [r.id, r.read]));

describe('markConversationRead', () => {
  it('marks read only the messages from that sender to the caller, and answers their ids', async () => {
    const [me, p, q] = await trio();
    const p1 = await sendOk(p, me);
    const p2 = await sendOk(p, me);
    const q1 = await sendOk(q, me);
    const mine = await sendOk(me, p);
    const other = await sendOk(p, q);

    const answer = await markConversation(me, p.user.id);
    expect(answer.errors).toBeUndefined();
    expect([...answer.data.markConversationRead].sort()).toEqual([p1.id, p2.id].sort());
    expect(await readFlags([p1.id, p2.id, q1.id, mine.id, other.id])).toEqual({ [p1.id]: true, [p2.id]: true, [q1.id]: false, [mine.id]: false, [other.id]: false });
    const row = await messageRow(server, p1.id);
    expect(row!.readAt).toBeInstanceOf(Date);
  });

  it('answers an empty list when nothing is left unread', async () => {
    const [me, p] = await trio();
    await sendOk(p, me);
    await markConversation(me, p.user.id);
    const again = await markConversation(me, p.user.id);
    expect(again.data.markConversationRead).toEqual([]);
    const none = await markConversation(me, randomUUID());
    expect(none.data.markConversationRead).toEqual([]);
  });

  it('lets the sender see read true afterwards', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const before = (await gqlOk<{ sentMessages: MessageView[] }>(p.client, SENT)).sentMessages;
    expect(before.find((x) => x.id === m.id)!.read).toBe(false);
    await gqlOk(me.client, MARK_CONVERSATION_READ, { senderId: p.user.id });
    const after = (await gqlOk<{ sentMessages: MessageView[] }>(p.client, SENT)).sentMessages;
    expect(after.find((x) => x.id === m.id)!.read).toBe(true);
    const conv = (await gqlOk<{ conversation: MessageView[] }>(p.client, CONVERSATION, { partnerId: me.user.id })).conversation;
    expect(conv.map((x) => x.read)).toEqual([true]);
  });

  it('changes nothing for a third user naming the sender', async () => {
    const [me, p, q] = await trio();
    const m = await sendOk(p, me);
    const answer = await markConversation(q, p.user.id);
    expect(answer.data.markConversationRead).toEqual([]);
    expect((await messageRow(server, m.id))!.read).toBe(false);
  });

  it('lets the sender mark read only what they received, never what they sent', async () => {
    const [me, p] = await trio();
    const toMe = await sendOk(p, me);
    // P names me as the sender: only messages from me to P would change, and there are none.
    expect((await markConversation(p, me.user.id)).data.markConversationRead).toEqual([]);
    expect((await messageRow(server, toMe.id))!.read).toBe(false);
  });

  it("refuses a sender id that is not a UUID: 'Invalid user ID format'", async () => {
    const [me] = await trio();
    const error = onlyError(await markConversation(me, 'nope'));
    expect(error).toMatchObject({ message: 'Invalid user ID format', extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses an anonymous caller', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const error = onlyError(await new ApiClient(server.url).gql(MARK_CONVERSATION_READ, { senderId: p.user.id }));
    expect(error.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await messageRow(server, m.id))!.read).toBe(false);
  });
});

describe('markMessagesRead', () => {
  it('marks the given messages the caller received, and answers their ids', async () => {
    const [me, p] = await trio();
    const m1 = await sendOk(p, me);
    const m2 = await sendOk(p, me);
    const m3 = await sendOk(p, me);
    const answer = await markMessages(me, [m1.id, m3.id]);
    expect([...answer.data.markMessagesRead].sort()).toEqual([m1.id, m3.id].sort());
    expect(await readFlags([m1.id, m2.id, m3.id])).toEqual({ [m1.id]: true, [m2.id]: false, [m3.id]: true });
    // Already read: nothing changes, nothing is answered.
    expect((await markMessages(me, [m1.id])).data.markMessagesRead).toEqual([]);
  });

  it('changes nothing when the sender asks, and answers []', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const answer = await markMessages(p, [m.id]);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.markMessagesRead).toEqual([]);
    expect(await messageRow(server, m.id)).toMatchObject({ read: false, readAt: null });
  });

  it('changes nothing when a third user asks, and answers []', async () => {
    const [me, p, q] = await trio();
    const m = await sendOk(p, me);
    const answer = await markMessages(q, [m.id]);
    expect(answer.data.markMessagesRead).toEqual([]);
    expect(await messageRow(server, m.id)).toMatchObject({ read: false, readAt: null });
    // The recipient's unread count is untouched.
    expect((await gqlOk<{ unreadMessageCount: number }>(me.client, UNREAD_COUNT)).unreadMessageCount).toBe(1);
  });

  it('marks only the caller\'s own received messages in a mixed list', async () => {
    const [me, p, q] = await trio();
    const mine = await sendOk(p, me);
    const theirs = await sendOk(p, q);
    const answer = await markMessages(me, [mine.id, theirs.id]);
    expect(answer.data.markMessagesRead).toEqual([mine.id]);
    expect(await readFlags([mine.id, theirs.id])).toEqual({ [mine.id]: true, [theirs.id]: false });
  });

  it('drops ids that are not UUIDs and ignores unknown ones', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const answer = await markMessages(me, ['nope', '', '123', m.id, randomUUID(), `${m.id}x`]);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.markMessagesRead).toEqual([m.id]);
    expect((await markMessages(me, ['nope', 'also-not'])).data.markMessagesRead).toEqual([]);
    expect((await markMessages(me, [])).data.markMessagesRead).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const error = onlyError(await new ApiClient(server.url).gql(MARK_MESSAGES_READ, { ids: [m.id] }));
    expect(error.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await messageRow(server, m.id))!.read).toBe(false);
  });
});

describe('deleteMessage', () => {
  it('lets the sender delete a message: gone for both sides, with its notification', async () => {
    const [me, p] = await trio();
    const keep = await sendOk(p, me, { subject: 'Keep this one' });
    const gone = await sendOk(p, me, { subject: 'Delete this one' });
    expect((await notificationsOf(server, me.user.id)).map((n) => n.messageId)).toContain(gone.id);
    expect((await gqlOk<{ unreadNotificationCount: number }>(me.client, UNREAD_NOTIFICATIONS)).unreadNotificationCount).toBe(2);

    const answer = await deleteMessage(p, gone.id);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.deleteMessage).toBe(gone.id);

    expect(await messageRow(server, gone.id)).toBeNull();
    expect((await messageRow(server, keep.id))!.id).toBe(keep.id);
    const inbox = (await gqlOk<{ inbox: MessageView[] }>(me.client, INBOX)).inbox;
    expect(inbox.map((m) => m.id)).toEqual([keep.id]);
    const sent = (await gqlOk<{ sentMessages: MessageView[] }>(p.client, SENT)).sentMessages;
    expect(sent.map((m) => m.id)).toEqual([keep.id]);
    for (const [who, partner] of [[me, p], [p, me]] as const) {
      const conv = (await gqlOk<{ conversation: MessageView[] }>(who.client, CONVERSATION, { partnerId: partner.user.id })).conversation;
      expect(conv.map((m) => m.id)).toEqual([keep.id]);
    }
    // Its notification went with it.
    const notes = await notificationsOf(server, me.user.id);
    expect(notes.map((n) => n.messageId)).toEqual([keep.id]);
    expect((await gqlOk<{ unreadNotificationCount: number }>(me.client, UNREAD_NOTIFICATIONS)).unreadNotificationCount).toBe(1);
    expect((await gqlOk<{ unreadMessageCount: number }>(me.client, UNREAD_COUNT)).unreadMessageCount).toBe(1);
  });

  it('shows the previous message as the last of the conversation, and drops a conversation left empty', async () => {
    const [me, p, q] = await trio();
    const first = await sendOk(me, p, { subject: 'First message' });
    const second = await sendOk(me, p, { subject: 'Second message' });
    const lone = await sendOk(me, q, { subject: 'Only message' });
    await gqlOk(me.client, DELETE_MESSAGE, { id: second.id });
    await gqlOk(me.client, DELETE_MESSAGE, { id: lone.id });
    const rows = (await gqlOk<{ conversations: ConversationView[] }>(me.client, CONVERSATIONS)).conversations;
    expect(rows.map((r) => [r.partnerId, r.lastMessage.id])).toEqual([[p.user.id, first.id]]);
    expect((await gqlOk<{ conversations: ConversationView[] }>(q.client, CONVERSATIONS)).conversations).toEqual([]);
  });

  it("refuses the recipient: 'You can only delete messages you sent.' (FORBIDDEN), and the message stays", async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const error = onlyError(await deleteMessage(me, m.id));
    expect(error).toMatchObject({ message: 'You can only delete messages you sent.', extensions: { code: 'FORBIDDEN' } });
    expect(await messageRow(server, m.id)).toMatchObject({ id: m.id, senderId: p.user.id });
    expect((await notificationsOf(server, me.user.id)).map((n) => n.messageId)).toEqual([m.id]);
  });

  it("answers a third user NOT_FOUND 'Message not found', and the message stays", async () => {
    const [me, p, q] = await trio();
    const m = await sendOk(p, me);
    const error = onlyError(await deleteMessage(q, m.id));
    expect(error).toMatchObject({ message: 'Message not found', extensions: { code: 'NOT_FOUND' } });
    expect(await messageRow(server, m.id)).not.toBeNull();
  });

  it('answers NOT_FOUND for a message that does not exist or was already deleted', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    await gqlOk(p.client, DELETE_MESSAGE, { id: m.id });
    for (const id of [m.id, randomUUID()]) {
      const error = onlyError(await deleteMessage(p, id));
      expect(error).toMatchObject({ message: 'Message not found', extensions: { code: 'NOT_FOUND' } });
    }
  });

  it("refuses an id that is not a UUID: 'Invalid message ID format'", async () => {
    const [me] = await trio();
    for (const id of ['', 'abc', '42']) {
      const error = onlyError(await deleteMessage(me, id));
      expect(error, id).toMatchObject({ message: 'Invalid message ID format', extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it('refuses an anonymous caller, and the message stays', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const error = onlyError(await new ApiClient(server.url).gql(DELETE_MESSAGE, { id: m.id }));
    expect(error.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await messageRow(server, m.id)).not.toBeNull();
  });
});
