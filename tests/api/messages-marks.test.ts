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
  memberId,
  messageId,
  messageRow,
  messageRows,
  messageUuid,
  mutateOk,
  nodesOf,
  notificationsOf,
  onlyError,
  onlyUserError,
  sendOk,
  type Connection,
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

type Changed = { messages: Array<{ id: string; read: boolean }> | null; userErrors: unknown[] };
const markConversation = (m: Member, partnerId: string) => m.client.gql<{ markConversationRead: Changed }>(MARK_CONVERSATION_READ, { partnerId });
const markMessages = (m: Member, ids: string[]) => m.client.gql<{ markMessagesRead: Changed }>(MARK_MESSAGES_READ, { ids });
const deleteMessage = (m: Member, id: string) => m.client.gql<{ deleteMessage: { deletedMessageId: string | null; userErrors: unknown[] } }>(DELETE_MESSAGE, { id });
const readFlags = async (ids: string[]) => Object.fromEntries((await messageRows(server, ids)).map((r) => [r.id, r.read]));
/** The ids a mark answered as changed (each now read), sorted. */
const changedIds = (payload: Changed) => {
  expect(payload.userErrors).toEqual([]);
  expect(payload.messages!.every((m) => m.read)).toBe(true);
  return payload.messages!.map((m) => m.id).sort();
};
const list = async <T,>(m: Member, query: string, field: string, vars: Record<string, unknown> = {}) => nodesOf((await gqlOk<Record<string, Connection<T>>>(m.client, query, vars))[field]!);

describe('markConversationRead', () => {
  it('marks read only the messages from that partner to the caller, and answers them', async () => {
    const [me, p, q] = await trio();
    const p1 = await sendOk(p, me);
    const p2 = await sendOk(p, me);
    const q1 = await sendOk(q, me);
    const mine = await sendOk(me, p);
    const other = await sendOk(p, q);

    const answer = await markConversation(me, memberId(p));
    expect(answer.errors).toBeUndefined();
    expect(changedIds(answer.data.markConversationRead)).toEqual([p1.id, p2.id].sort());
    expect(await readFlags([p1.id, p2.id, q1.id, mine.id, other.id])).toEqual({ [p1.id]: true, [p2.id]: true, [q1.id]: false, [mine.id]: false, [other.id]: false });
    const row = await messageRow(server, p1.id);
    expect(row!.readAt).toBeInstanceOf(Date);
  });

  it('answers no messages when nothing is left unread, or the id names no member', async () => {
    const [me, p] = await trio();
    await sendOk(p, me);
    await markConversation(me, memberId(p));
    for (const partnerId of [memberId(p), memberId(randomUUID()), p.user.id, 'nope', '']) {
      const again = await markConversation(me, partnerId);
      expect(again.data.markConversationRead, partnerId).toEqual({ messages: [], userErrors: [] });
    }
  });

  it('lets the sender see read true afterwards', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const before = await list<MessageView>(p, SENT, 'sentMessages');
    expect(before.find((x) => x.id === m.id)!.read).toBe(false);
    await mutateOk(me.client, MARK_CONVERSATION_READ, { partnerId: memberId(p) }, 'markConversationRead');
    const after = await list<MessageView>(p, SENT, 'sentMessages');
    expect(after.find((x) => x.id === m.id)!.read).toBe(true);
    const conv = await list<MessageView>(p, CONVERSATION, 'conversation', { partnerId: memberId(me) });
    expect(conv.map((x) => x.read)).toEqual([true]);
  });

  it('changes nothing for a third user naming the sender', async () => {
    const [me, p, q] = await trio();
    const m = await sendOk(p, me);
    const answer = await markConversation(q, memberId(p));
    expect(answer.data.markConversationRead.messages).toEqual([]);
    expect((await messageRow(server, m.id))!.read).toBe(false);
  });

  it('lets the sender mark read only what they received, never what they sent', async () => {
    const [me, p] = await trio();
    const toMe = await sendOk(p, me);
    // P names me as the partner: only messages from me to P would change, and there are none.
    expect((await markConversation(p, memberId(me))).data.markConversationRead.messages).toEqual([]);
    expect((await messageRow(server, toMe.id))!.read).toBe(false);
  });

  it('refuses an anonymous caller', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const error = onlyError(await new ApiClient(server.url).gql(MARK_CONVERSATION_READ, { partnerId: memberId(p) }));
    expect(error.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await messageRow(server, m.id))!.read).toBe(false);
  });
});

describe('markMessagesRead', () => {
  it('marks the given messages the caller received, and answers them', async () => {
    const [me, p] = await trio();
    const m1 = await sendOk(p, me);
    const m2 = await sendOk(p, me);
    const m3 = await sendOk(p, me);
    const answer = await markMessages(me, [m1.id, m3.id]);
    expect(changedIds(answer.data.markMessagesRead)).toEqual([m1.id, m3.id].sort());
    expect(await readFlags([m1.id, m2.id, m3.id])).toEqual({ [m1.id]: true, [m2.id]: false, [m3.id]: true });
    // Already read: nothing changes, nothing is answered.
    expect((await markMessages(me, [m1.id])).data.markMessagesRead.messages).toEqual([]);
  });

  it('changes nothing when the sender asks, and answers no messages', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const answer = await markMessages(p, [m.id]);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.markMessagesRead).toEqual({ messages: [], userErrors: [] });
    expect(await messageRow(server, m.id)).toMatchObject({ read: false, readAt: null });
  });

  it('changes nothing when a third user asks, and answers no messages', async () => {
    const [me, p, q] = await trio();
    const m = await sendOk(p, me);
    const answer = await markMessages(q, [m.id]);
    expect(answer.data.markMessagesRead.messages).toEqual([]);
    expect(await messageRow(server, m.id)).toMatchObject({ read: false, readAt: null });
    // The recipient's unread count is untouched.
    expect((await gqlOk<{ unreadMessageCount: number }>(me.client, UNREAD_COUNT)).unreadMessageCount).toBe(1);
  });

  it("marks only the caller's own received messages in a mixed list", async () => {
    const [me, p, q] = await trio();
    const mine = await sendOk(p, me);
    const theirs = await sendOk(p, q);
    const answer = await markMessages(me, [mine.id, theirs.id]);
    expect(changedIds(answer.data.markMessagesRead)).toEqual([mine.id]);
    expect(await readFlags([mine.id, theirs.id])).toEqual({ [mine.id]: true, [theirs.id]: false });
  });

  it('ignores ids that name no message (bare database ids, other types, garbage) and unknown ones', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const other = await sendOk(p, me);
    const answer = await markMessages(me, ['nope', '', '123', m.id, messageId(randomUUID()), `${m.id}x`, messageUuid(other.id), memberId(p)]);
    expect(answer.errors).toBeUndefined();
    expect(changedIds(answer.data.markMessagesRead)).toEqual([m.id]);
    expect((await messageRow(server, other.id))!.read).toBe(false);
    expect((await markMessages(me, ['nope', 'also-not'])).data.markMessagesRead.messages).toEqual([]);
    expect((await markMessages(me, [])).data.markMessagesRead.messages).toEqual([]);
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
    expect(answer.data.deleteMessage).toEqual({ deletedMessageId: gone.id, userErrors: [] });

    expect(await messageRow(server, gone.id)).toBeNull();
    expect((await messageRow(server, keep.id))!.id).toBe(messageUuid(keep.id));
    expect((await list<MessageView>(me, INBOX, 'inbox')).map((m) => m.id)).toEqual([keep.id]);
    expect((await list<MessageView>(p, SENT, 'sentMessages')).map((m) => m.id)).toEqual([keep.id]);
    for (const [who, partner] of [[me, p], [p, me]] as const) {
      const conv = await list<MessageView>(who, CONVERSATION, 'conversation', { partnerId: memberId(partner) });
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
    await mutateOk(me.client, DELETE_MESSAGE, { id: second.id }, 'deleteMessage');
    await mutateOk(me.client, DELETE_MESSAGE, { id: lone.id }, 'deleteMessage');
    const rows = await list<ConversationView>(me, CONVERSATIONS, 'conversations');
    expect(rows.map((r) => [r.partner.id, r.lastMessage.id])).toEqual([[memberId(p), first.id]]);
    expect(await list<ConversationView>(q, CONVERSATIONS, 'conversations')).toEqual([]);
  });

  it("refuses the recipient: 'You can only delete messages you sent.' (FORBIDDEN), and the message stays", async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const error = onlyError(await deleteMessage(me, m.id));
    expect(error).toMatchObject({ message: 'You can only delete messages you sent.', extensions: { code: 'FORBIDDEN' } });
    expect(await messageRow(server, m.id)).toMatchObject({ id: messageUuid(m.id), senderId: p.user.id });
    expect((await notificationsOf(server, me.user.id)).map((n) => n.messageId)).toEqual([m.id]);
  });

  it("answers a third user NOT_FOUND 'Message not found' (a user error), and the message stays", async () => {
    const [me, p, q] = await trio();
    const m = await sendOk(p, me);
    expect(onlyUserError(await deleteMessage(q, m.id), 'deleteMessage')).toEqual({ field: 'id', code: 'NOT_FOUND', message: 'Message not found' });
    expect(await messageRow(server, m.id)).not.toBeNull();
  });

  it('answers NOT_FOUND for a message that does not exist, was already deleted, or an id that names no message', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const kept = await sendOk(p, me);
    await mutateOk(p.client, DELETE_MESSAGE, { id: m.id }, 'deleteMessage');
    for (const id of [m.id, messageId(randomUUID()), '', 'abc', '42', messageUuid(kept.id), memberId(p)]) {
      expect(onlyUserError(await deleteMessage(p, id), 'deleteMessage'), id).toEqual({ field: 'id', code: 'NOT_FOUND', message: 'Message not found' });
    }
    expect(await messageRow(server, kept.id)).not.toBeNull();
  });

  it('refuses an anonymous caller, and the message stays', async () => {
    const [me, p] = await trio();
    const m = await sendOk(p, me);
    const error = onlyError(await new ApiClient(server.url).gql(DELETE_MESSAGE, { id: m.id }));
    expect(error.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await messageRow(server, m.id)).not.toBeNull();
  });
});
