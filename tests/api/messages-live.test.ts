// Live messaging over graphql-ws on /graphql: the unread counts (sent at subscribe time and after
// every change), new messages and notifications to their recipient only, read receipts to the
// sender, and events crossing from one server instance to another through the shared database.
// No timing is asserted: every wait is for an event, with generous time limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { ApiClient, STRONG_PASSWORD, newMember } from '../helpers/client.js';
import {
  DELETE_MESSAGE,
  MARK_ALL_NOTIFICATIONS_READ,
  MARK_CONVERSATION_READ,
  MARK_MESSAGES_READ,
  MARK_NOTIFICATION_READ,
  NOTIFICATIONS,
  collect,
  gqlOk,
  memberId,
  mutateOk,
  nodesOf,
  pause,
  sendOk,
  settled,
  type Connection,
  type Member,
  type NotificationView,
} from '../helpers/messages.js';
import { startSecondInstance, startServer, type TestServer } from '../helpers/server.js';
import { closeCodeOf, rawConnectionInit, wsClient } from '../helpers/ws.js';

const UNREAD_MESSAGES = 'subscription { unreadMessageCount { count } }';
const UNREAD_NOTIFICATIONS = 'subscription { unreadNotificationCount { count } }';
const MESSAGE_RECEIVED = 'subscription { messageReceived { message { id subject content read sender { id name } recipient { id name } } } }';
const MESSAGE_READ = 'subscription { messageRead { messages { id read } } }';
const NOTIFICATION_ADDED = 'subscription { notificationAdded { notification { id type title description read actionUrl message { id } } } }';

type Count = { count: number };
type UnreadMessages = { unreadMessageCount: Count };
type UnreadNotifications = { unreadNotificationCount: Count };
type Received = { messageReceived: { message: { id: string; subject: string; sender: { name: string } } } };
type Read = { messageRead: { messages: Array<{ id: string; read: boolean }> } };
type Added = { notificationAdded: { notification: NotificationView } };
/** The ids of a messageRead event (all of them read), sorted. */
const readIds = (event: Read) => {
  expect(event.messageRead.messages.every((m) => m.read)).toBe(true);
  return event.messageRead.messages.map((m) => m.id).sort();
};
const notifications = async (m: Member) => nodesOf((await gqlOk<{ notifications: Connection<NotificationView> }>(m.client, NOTIFICATIONS)).notifications);
const markConversationRead = (m: Member, partner: Member) => mutateOk(m.client, MARK_CONVERSATION_READ, { partnerId: memberId(partner) }, 'markConversationRead');
const markMessagesRead = (m: Member, ids: string[]) => mutateOk(m.client, MARK_MESSAGES_READ, { ids }, 'markMessagesRead');
const deleteMessage = (m: Member, id: string) => mutateOk(m.client, DELETE_MESSAGE, { id }, 'deleteMessage');

/** How long a subscriber that should hear nothing is watched after the one that should has heard. */
const QUIET_MS = 1000;

let a: TestServer;
let b: Awaited<ReturnType<typeof startSecondInstance>>;
const sockets: Client[] = [];

beforeAll(async () => {
  a = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  b = await startSecondInstance(a);
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await b?.close();
  await a?.close();
});

const member = (fullName: string, clubName?: string) => newMember(a.url, { fullName, clubName });

/** A graphql-ws connection for `m` to instance A (or the given URL); closed after the file. */
function socket(m: Member | null, url = a.url): Client {
  const ws = wsClient(url, m?.client.accessToken ?? undefined);
  sockets.push(ws);
  return ws;
}

describe('unreadMessageCount subscription', () => {
  it('sends the current count at once, then the new count after a send, a read and a delete', async () => {
    const [me, p] = await Promise.all([member('Una Live'), member('Pip Live')]);
    const early = await sendOk(p, me);
    const counts = collect<UnreadMessages>(socket(me), UNREAD_MESSAGES);
    expect(await counts.nth(1)).toEqual({ unreadMessageCount: { count: 1 } });
    /** Runs `action`, then waits for a value it caused. */
    const expectAfter = async (action: () => Promise<unknown>, expected: number) => {
      const mark = counts.values.length;
      await action();
      expect(await counts.until((v) => v.unreadMessageCount.count === expected, { after: mark })).toEqual({ unreadMessageCount: { count: expected } });
    };

    await expectAfter(() => sendOk(p, me), 2);
    await expectAfter(() => markMessagesRead(me, [early.id]), 1);
    let third: { id: string } | undefined;
    await expectAfter(async () => (third = await sendOk(p, me)), 2);
    await expectAfter(() => deleteMessage(p, third!.id), 1);
    await expectAfter(() => markConversationRead(me, p), 0);
    // The values follow the changes in order, whatever repeats the server may send.
    const seen = counts.values.map((v) => v.unreadMessageCount.count).filter((n, i, all) => i === 0 || all[i - 1] !== n);
    expect(seen).toEqual([1, 2, 1, 2, 1, 0]);
    expect(counts.errors).toEqual([]);
    counts.dispose();
  });

  it("does not move when someone else's count changes", async () => {
    const [me, other, p] = await Promise.all([member('Ugo Quiet'), member('Oli Other'), member('Pol Sender')]);
    const mine = collect<UnreadMessages>(socket(me), UNREAD_MESSAGES);
    const theirs = collect<UnreadMessages>(socket(other), UNREAD_MESSAGES);
    expect(await mine.nth(1)).toEqual({ unreadMessageCount: { count: 0 } });
    expect(await theirs.nth(1)).toEqual({ unreadMessageCount: { count: 0 } });
    await sendOk(p, other);
    await theirs.until((v) => v.unreadMessageCount.count === 1, { after: 1 });
    await pause(QUIET_MS);
    expect(mine.values).toEqual([{ unreadMessageCount: { count: 0 } }]);
    mine.dispose();
    theirs.dispose();
  });
});

describe('messageReceived subscription', () => {
  it('delivers a new message, with its sender, to its recipient only', async () => {
    const [me, sender, third] = await Promise.all([member('Rhea Recipient'), member('Sol Sender', 'Sol Sailing'), member('Tess Third')]);
    const mineWs = socket(me);
    const thirdWs = socket(third);
    const senderWs = socket(sender);
    const mine = collect<{ messageReceived: { message: Record<string, unknown> } }>(mineWs, MESSAGE_RECEIVED);
    const theirs = collect(thirdWs, MESSAGE_RECEIVED);
    const senders = collect(senderWs, MESSAGE_RECEIVED);
    await Promise.all([settled(mineWs), settled(thirdWs), settled(senderWs)]);

    const message = await sendOk(sender, me, { subject: 'Regatta entry', content: 'Your entry is confirmed.' });
    const event = await mine.nth(1);
    expect(event.messageReceived.message).toEqual({
      id: message.id,
      sender: { id: memberId(sender), name: 'Sol Sailing' },
      recipient: { id: memberId(me), name: 'Rhea Recipient' },
      subject: 'Regatta entry',
      content: 'Your entry is confirmed.',
      read: false,
    });
    await pause(QUIET_MS);
    expect(theirs.values).toEqual([]);
    expect(senders.values).toEqual([]);
    expect([...mine.errors, ...theirs.errors, ...senders.errors]).toEqual([]);
    mine.dispose();
    theirs.dispose();
    senders.dispose();
  });

  it('delivers every message in the order sent, replies included', async () => {
    const [me, sender] = await Promise.all([member('Ola Order'), member('Sam Order')]);
    const ws = socket(me);
    const mine = collect<Received>(ws, MESSAGE_RECEIVED);
    await settled(ws);
    const first = await sendOk(sender, me, { subject: 'First subject' });
    const second = await sendOk(sender, me, { replyToId: first.id, content: 'And another thing' });
    await mine.nth(2);
    expect(mine.values.map((v) => v.messageReceived.message.id)).toEqual([first.id, second.id]);
    expect(mine.values[1]!.messageReceived.message.subject).toBe('Re: First subject');
    mine.dispose();
  });
});

describe('messageRead subscription', () => {
  it('delivers the messages to the sender when the recipient reads them, and to nobody else', async () => {
    const [me, sender, third] = await Promise.all([member('Rory Reader'), member('Sia Sender'), member('Theo Third')]);
    const m1 = await sendOk(sender, me);
    const m2 = await sendOk(sender, me);
    const senderWs = socket(sender);
    const thirdWs = socket(third);
    const meWs = socket(me);
    const receipts = collect<Read>(senderWs, MESSAGE_READ);
    const thirds = collect(thirdWs, MESSAGE_READ);
    const mine = collect(meWs, MESSAGE_READ);
    await Promise.all([settled(senderWs), settled(thirdWs), settled(meWs)]);

    await markConversationRead(me, sender);
    expect(readIds(await receipts.nth(1))).toEqual([m1.id, m2.id].sort());

    // A read through the notification bell tells the sender too.
    const m3 = await sendOk(sender, me);
    const note = (await notifications(me)).find((n) => n.message?.id === m3.id)!;
    await mutateOk(me.client, MARK_NOTIFICATION_READ, { id: note.id }, 'markNotificationRead');
    expect(await receipts.nth(2)).toEqual({ messageRead: { messages: [{ id: m3.id, read: true }] } });

    await pause(QUIET_MS);
    expect(thirds.values).toEqual([]);
    expect(mine.values).toEqual([]);
    receipts.dispose();
    thirds.dispose();
    mine.dispose();
  });

  it('tells each sender only the ids of their own messages when one read covers several senders', async () => {
    const [me, s1, s2] = await Promise.all([member('Mo Many'), member('Sal One'), member('Sid Two')]);
    const m1 = await sendOk(s1, me);
    const m2 = await sendOk(s2, me);
    const ws1 = socket(s1);
    const ws2 = socket(s2);
    const r1 = collect<Read>(ws1, MESSAGE_READ);
    const r2 = collect<Read>(ws2, MESSAGE_READ);
    await Promise.all([settled(ws1), settled(ws2)]);
    await markMessagesRead(me, [m1.id, m2.id]);
    expect(readIds(await r1.nth(1))).toEqual([m1.id]);
    expect(readIds(await r2.nth(1))).toEqual([m2.id]);
    await pause(QUIET_MS);
    expect(r1.values).toHaveLength(1);
    expect(r2.values).toHaveLength(1);
    r1.dispose();
    r2.dispose();
  });

  it('sends nothing when a read changes nothing', async () => {
    const [me, sender] = await Promise.all([member('Nil Reader'), member('Nil Sender')]);
    const m = await sendOk(sender, me);
    const ws = socket(sender);
    const receipts = collect<Read>(ws, MESSAGE_READ);
    await settled(ws);
    // The sender trying to mark their own message read changes nothing, so there is no receipt.
    await markMessagesRead(sender, [m.id]);
    await markMessagesRead(me, [m.id]);
    await receipts.nth(1);
    await markMessagesRead(me, [m.id]);
    await pause(QUIET_MS);
    expect(receipts.values).toEqual([{ messageRead: { messages: [{ id: m.id, read: true }] } }]);
    receipts.dispose();
  });
});

describe('notification subscriptions', () => {
  it('notificationAdded delivers the message notification to the recipient only', async () => {
    const [me, sender, third] = await Promise.all([member('Nell Notified'), member('Ned Sender'), member('Nia Third')]);
    const meWs = socket(me);
    const thirdWs = socket(third);
    const added = collect<Added>(meWs, NOTIFICATION_ADDED);
    const thirds = collect(thirdWs, NOTIFICATION_ADDED);
    await Promise.all([settled(meWs), settled(thirdWs)]);

    const message = await sendOk(sender, me, { content: 'A notification is on its way to you now, with more than fifty characters in it.' });
    const { notificationAdded } = await added.nth(1);
    expect(notificationAdded.notification).toMatchObject({
      type: 'MESSAGE',
      title: 'New message from Ned Sender',
      description: 'A notification is on its way to you now, with more…',
      read: false,
      actionUrl: `/messages/${memberId(sender)}`,
      message: { id: message.id },
    });
    await pause(QUIET_MS);
    expect(thirds.values).toEqual([]);
    added.dispose();
    thirds.dispose();
  });

  it('unreadNotificationCount sends the count at once, then after a message, a read and marking all read', async () => {
    const [me, sender] = await Promise.all([member('Cleo Count'), member('Cal Count')]);
    await sendOk(sender, me);
    const counts = collect<UnreadNotifications>(socket(me), UNREAD_NOTIFICATIONS);
    expect(await counts.nth(1)).toEqual({ unreadNotificationCount: { count: 1 } });
    const expectAfter = async (action: () => Promise<unknown>, expected: number) => {
      const mark = counts.values.length;
      await action();
      await counts.until((v) => v.unreadNotificationCount.count === expected, { after: mark });
    };
    await expectAfter(() => sendOk(sender, me), 2);
    await expectAfter(() => sendOk(sender, me), 3);
    const [newest] = await notifications(me);
    await expectAfter(() => mutateOk(me.client, MARK_NOTIFICATION_READ, { id: newest!.id }, 'markNotificationRead'), 2);
    await expectAfter(() => mutateOk(me.client, MARK_ALL_NOTIFICATIONS_READ, {}, 'markAllNotificationsRead'), 0);
    // A deleted message takes its notification along.
    let doomed: { id: string } | undefined;
    await expectAfter(async () => (doomed = await sendOk(sender, me)), 1);
    await expectAfter(() => deleteMessage(sender, doomed!.id), 0);
    expect(counts.errors).toEqual([]);
    counts.dispose();
  });

  it('unreadNotificationCount follows a conversation being read', async () => {
    const [me, sender] = await Promise.all([member('Cora Conv'), member('Cyd Conv')]);
    await sendOk(sender, me);
    await sendOk(sender, me);
    const counts = collect<UnreadNotifications>(socket(me), UNREAD_NOTIFICATIONS);
    expect(await counts.nth(1)).toEqual({ unreadNotificationCount: { count: 2 } });
    await markConversationRead(me, sender);
    await counts.until((v) => v.unreadNotificationCount.count === 0, { after: 1 });
    counts.dispose();
  });
});

describe('two server instances on one database', () => {
  it("moves a subscriber's unreadMessageCount on instance B from 0 to 1 when a message is sent through instance A", async () => {
    const [me, sender] = await Promise.all([member('Bea Other Instance'), member('Abe First Instance')]);
    const counts = collect<UnreadMessages>(socket(me, b.url), UNREAD_MESSAGES);
    expect(await counts.nth(1)).toEqual({ unreadMessageCount: { count: 0 } });

    const answer = await sender.client.gql('mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }', {
      input: { recipientId: memberId(me), subject: 'Across instances', content: 'Sent through instance A.' },
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.sendMessage.userErrors).toEqual([]);
    expect(sender.client.baseUrl).toBe(a.url);

    expect(await counts.until((v) => v.unreadMessageCount.count === 1, { after: 1, timeoutMs: 20_000 })).toEqual({ unreadMessageCount: { count: 1 } });
    expect(counts.errors).toEqual([]);
    counts.dispose();
  });

  it('delivers the message, its notification and the read receipt across instances', async () => {
    const [me, sender] = await Promise.all([member('Bo Across'), member('Al Across')]);
    const meWs = socket(me, b.url);
    const senderWs = socket(sender, b.url);
    const received = collect<Received>(meWs, MESSAGE_RECEIVED);
    const added = collect<Added>(meWs, NOTIFICATION_ADDED);
    const receipts = collect<Read>(senderWs, MESSAGE_READ);
    await Promise.all([settled(meWs), settled(senderWs)]);

    const message = await sendOk(sender, me); // through A
    expect((await received.nth(1, 20_000)).messageReceived.message).toMatchObject({ id: message.id, sender: { name: 'Al Across' } });
    expect((await added.nth(1, 20_000)).notificationAdded.notification).toMatchObject({ message: { id: message.id }, title: 'New message from Al Across' });

    await markConversationRead(me, sender); // through A
    expect(await receipts.nth(1, 20_000)).toEqual({ messageRead: { messages: [{ id: message.id, read: true }] } });
    received.dispose();
    added.dispose();
    receipts.dispose();
  });
});

describe('subscriptions of a session that has ended', () => {
  it("stop delivering the user's private messages once that session is signed out (another session still gets them)", async () => {
    const [me, sender] = await Promise.all([member('Ed Ended'), member('Sue Still')]);
    // A second session of the same user, which stays signed in.
    const other = new ApiClient(a.url);
    expect((await other.signIn(me.email, STRONG_PASSWORD)).body.success).toBe(true);
    const endedWs = socket(me);
    const liveWs = socket({ ...me, client: other });
    const ended = collect<Received>(endedWs, MESSAGE_RECEIVED);
    const live = collect<Received>(liveWs, MESSAGE_RECEIVED);
    await Promise.all([settled(endedWs), settled(liveWs)]);

    const signOut = await me.client.rest('POST', '/api/auth/signout');
    expect(signOut.body.success).toBe(true);
    const message = await sendOk(sender, me, { subject: 'After sign-out', content: 'Only live sessions may read this.' });
    expect((await live.nth(1)).messageReceived.message.id).toBe(message.id);
    await pause(QUIET_MS);
    expect(ended.values).toEqual([]);
    ended.dispose();
    live.dispose();
  });

  it('refuses a new subscription with the access token of a signed-out session', async () => {
    const me = await member('Ida Ended');
    const token = me.client.accessToken!;
    await me.client.rest('POST', '/api/auth/signout');
    const ws = wsClient(a.url, token);
    sockets.push(ws);
    const sub = collect(ws, UNREAD_MESSAGES);
    expect(closeCodeOf(await sub.failure())).toBe(4403);
    expect(sub.values).toEqual([]);
    // On the wire: the server closes 4403 without acknowledging the connection or sending data.
    const raw = await rawConnectionInit(a.url, { authorization: `Bearer ${token}` }, { query: UNREAD_MESSAGES });
    expect(raw.code).toBe(4403);
    expect(raw.messages).toEqual([]);
  });
});

describe('subscriptions without a signed-in user', () => {
  it("are refused: 'Authentication required'", async () => {
    for (const query of [UNREAD_MESSAGES, MESSAGE_RECEIVED, MESSAGE_READ, NOTIFICATION_ADDED, UNREAD_NOTIFICATIONS]) {
      const ws = socket(null);
      const sub = collect(ws, query);
      const error = await sub.failure();
      expect(String((error as Error).message ?? error), query).toContain('Authentication required');
      expect(sub.values, query).toEqual([]);
      sub.dispose();
    }
  });

  it('are refused with a token that is not valid', async () => {
    const ws = wsClient(a.url, 'not-a-token');
    sockets.push(ws);
    const sub = collect(ws, UNREAD_MESSAGES);
    expect(closeCodeOf(await sub.failure())).toBe(4403);
    expect(sub.values).toEqual([]);
    const raw = await rawConnectionInit(a.url, { authorization: 'Bearer not-a-token' }, { query: UNREAD_MESSAGES });
    expect(raw.code).toBe(4403);
    expect(raw.messages).toEqual([]);
  });
});
