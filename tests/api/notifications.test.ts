// The notification bell: a message notification for every message received (title, 50-character
// preview, link, message), the list and its unread count, marking one or all read, and message
// notifications following their messages when a conversation is read.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  MARK_ALL_NOTIFICATIONS_READ,
  MARK_CONVERSATION_READ,
  MARK_MESSAGES_READ,
  MARK_NOTIFICATION_READ,
  NOTIFICATIONS,
  SENT,
  UNREAD_COUNT,
  UNREAD_NOTIFICATIONS,
  gqlOk,
  memberId,
  messageRow,
  mutateOk,
  nodesOf,
  notificationsOf,
  onlyError,
  onlyUserError,
  sendOk,
  type Connection,
  type Member,
  type MessageView,
  type NotificationView,
} from '../helpers/messages.js';
import { databaseId, toGlobalId } from '../../server/src/graphql/relay.js';
import { startServer, type TestServer } from '../helpers/server.js';

const notificationId = (uuid: string) => toGlobalId('Notification', uuid);

/** True when the text holds half of a surrogate pair (a character cut in two). */
const hasBrokenCharacter = (text: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
});
afterAll(async () => {
  await server?.close();
});

const member = (fullName: string, clubName?: string) => newMember(server.url, { fullName, clubName });
const page = async (m: Member, vars: Record<string, unknown> = {}) => (await gqlOk<{ notifications: Connection<NotificationView> }>(m.client, NOTIFICATIONS, vars)).notifications;
const list = async (m: Member, vars: Record<string, unknown> = {}) => nodesOf(await page(m, vars));
const markRead = (m: Member, id: string) => m.client.gql<{ markNotificationRead: { notification: NotificationView | null; userErrors: unknown[] } }>(MARK_NOTIFICATION_READ, { id });
const markAll = (m: Member) => mutateOk<{ count: number }>(m.client, MARK_ALL_NOTIFICATIONS_READ, {}, 'markAllNotificationsRead');
const markConversationRead = (m: Member, partner: Member) => mutateOk(m.client, MARK_CONVERSATION_READ, { partnerId: memberId(partner) }, 'markConversationRead');
const unreadNotifications = async (m: Member) => (await gqlOk<{ unreadNotificationCount: number }>(m.client, UNREAD_NOTIFICATIONS)).unreadNotificationCount;
const unreadMessages = async (m: Member) => (await gqlOk<{ unreadMessageCount: number }>(m.client, UNREAD_COUNT)).unreadMessageCount;

describe('message notifications', () => {
  it("notifies the recipient of a new message: 'New message from <sender>', a preview, a link to the conversation and the message", async () => {
    const [me, sender] = await Promise.all([member('Nora Notified'), member('Sven Sender')]);
    const message = await sendOk(sender, me, { subject: 'Match on Sunday', content: 'Are you coming to the match?' });
    const [note] = await list(me);
    expect(note).toMatchObject({
      type: 'MESSAGE',
      title: 'New message from Sven Sender',
      description: 'Are you coming to the match?',
      read: false,
      actionUrl: `/messages/${memberId(sender)}`,
      message: { id: message.id },
    });
    expect(Number.isNaN(Date.parse(note!.createdAt))).toBe(false);
    // The sender is not notified of their own message.
    expect(await list(sender)).toEqual([]);
    expect(await notificationsOf(server, sender.user.id)).toEqual([]);
  });

  it("names a club sender by its club in the title", async () => {
    const [me, club] = await Promise.all([member('Nadia Notified'), member('Colin Owner', 'Canal Canoeists')]);
    await sendOk(club, me);
    expect((await list(me))[0]!.title).toBe('New message from Canal Canoeists');
  });

  it('previews exactly the first 50 characters, with an ellipsis only when the message is longer', async () => {
    const [me, sender] = await Promise.all([member('Pia Preview'), member('Paco Preview')]);
    const fifty = 'abcdefghij'.repeat(5);
    const cases: Array<[string, string]> = [
      [fifty, fifty],
      [`${fifty}K`, `${fifty}…`],
      ['x'.repeat(5000), `${'x'.repeat(50)}…`],
      ['Short text', 'Short text'],
    ];
    for (const [content, preview] of cases) {
      const message = await sendOk(sender, me, { content });
      const note = (await notificationsOf(server, me.user.id)).find((n) => n.messageId === message.id);
      expect(note?.description, content.slice(0, 60)).toBe(preview);
    }
  });

  it('never cuts an emoji in two in the preview (no broken character is stored)', async () => {
    const [me, sender] = await Promise.all([member('Emma Emoji'), member('Eli Emoji')]);
    const message = await sendOk(sender, me, { content: `${'a'.repeat(49)}🎉 party after the final whistle!` });
    const note = (await notificationsOf(server, me.user.id)).find((n) => n.messageId === message.id)!;
    expect(note.description).not.toContain('\uFFFD');
    expect(hasBrokenCharacter(note.description)).toBe(false);
    expect(note.description).toBe(`${'a'.repeat(49)}🎉…`);
  });

  it('collapses whitespace and line breaks in the preview before cutting it', async () => {
    const [me, sender] = await Promise.all([member('Wes Whitespace'), member('Wanda Whitespace')]);
    const short = await sendOk(sender, me, { content: 'Hello\n\n   world \t again\r\nand more' });
    const long = await sendOk(sender, me, { content: `${'word  '.repeat(10)}\n\n${'tail '.repeat(10)}` });
    const notes = await notificationsOf(server, me.user.id);
    expect(notes.find((n) => n.messageId === short.id)!.description).toBe('Hello world again and more');
    const flat = `${'word '.repeat(10)}${'tail '.repeat(10)}`.trim();
    expect(notes.find((n) => n.messageId === long.id)!.description).toBe(`${flat.slice(0, 50)}…`);
    // The message itself keeps its line breaks.
    expect((await messageRow(server, short.id))!.content).toBe('Hello\n\n   world \t again\r\nand more');
  });

  it('previews the sanitised text, never the tags', async () => {
    const [me, sender] = await Promise.all([member('Tia Tags'), member('Tom Tags')]);
    await sendOk(sender, me, { content: '<b>Bold</b> news <script>alert(1)</script>for you' });
    expect((await list(me))[0]!.description).toBe('Bold news for you');
  });

  it('notifies a reply as a new message', async () => {
    const [me, p] = await Promise.all([member('Rita Reply'), member('Ray Reply')]);
    const original = await sendOk(me, p);
    const reply = await sendOk(p, me, { replyToId: original.id, content: 'ok' });
    expect((await list(me))[0]).toMatchObject({ title: 'New message from Ray Reply', description: 'ok', message: { id: reply.id }, actionUrl: `/messages/${memberId(p)}` });
  });
});

describe('notifications and unreadNotificationCount', () => {
  it('lists the newest 10 by default, newest first, and pages on with first and after', async () => {
    const [me, sender] = await Promise.all([member('Lena List'), member('Leo List')]);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push((await sendOk(sender, me, { content: `Message number ${String(i).padStart(2, '0')}` })).id);
    const newestFirst = [...ids].reverse();

    const ten = await page(me);
    expect(nodesOf(ten).map((n) => n.message?.id)).toEqual(newestFirst.slice(0, 10));
    expect(ten.pageInfo.hasNextPage).toBe(true);
    expect(ten.totalCount).toBe(12);
    expect((await list(me, { after: ten.pageInfo.endCursor })).map((n) => n.message?.id)).toEqual(newestFirst.slice(10));
    expect((await list(me, { first: 3 })).map((n) => n.message?.id)).toEqual(newestFirst.slice(0, 3));
    expect((await list(me, { first: 100 })).map((n) => n.message?.id)).toEqual(newestFirst);
    expect(await unreadNotifications(me)).toBe(12);
  });

  it('refuses first or last outside 1..100', async () => {
    const me = await member('Lim Lim');
    for (const vars of [{ first: 0 }, { first: 101 }, { last: 101 }]) {
      const error = onlyError(await me.client.gql(NOTIFICATIONS, vars));
      expect(error.extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
    }
  });

  it("shows each user only their own notifications", async () => {
    const [a, b, sender] = await Promise.all([member('Own A'), member('Own B'), member('Own Sender')]);
    const toA = await sendOk(sender, a);
    const toB = await sendOk(sender, b);
    expect((await list(a)).map((n) => n.message?.id)).toEqual([toA.id]);
    expect((await list(b)).map((n) => n.message?.id)).toEqual([toB.id]);
    expect(await unreadNotifications(a)).toBe(1);
  });

  it('refuses an anonymous caller', async () => {
    const anonymous = new ApiClient(server.url);
    for (const query of [NOTIFICATIONS, UNREAD_NOTIFICATIONS, MARK_ALL_NOTIFICATIONS_READ]) {
      expect(onlyError(await anonymous.gql(query)).extensions?.code, query).toBe('UNAUTHENTICATED');
    }
    expect(onlyError(await anonymous.gql(MARK_NOTIFICATION_READ, { id: notificationId(randomUUID()) })).extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('markNotificationRead', () => {
  it('marks the notification and its message read; the sender then sees read true', async () => {
    const [me, sender] = await Promise.all([member('Mark Me'), member('Mark Sender')]);
    const first = await sendOk(sender, me);
    const second = await sendOk(sender, me);
    const note = (await list(me)).find((n) => n.message?.id === first.id)!;

    const answer = await markRead(me, note.id);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.markNotificationRead).toMatchObject({ notification: { id: note.id, read: true, message: { id: first.id } }, userErrors: [] });

    expect((await messageRow(server, first.id))!.read).toBe(true);
    expect((await messageRow(server, second.id))!.read).toBe(false);
    expect(await unreadNotifications(me)).toBe(1);
    expect(await unreadMessages(me)).toBe(1);
    const sent = nodesOf((await gqlOk<{ sentMessages: Connection<MessageView> }>(sender.client, SENT)).sentMessages);
    expect(Object.fromEntries(sent.map((m) => [m.id, m.read]))).toEqual({ [first.id]: true, [second.id]: false });
  });

  it('answers the notification again when it is already read, changing nothing else', async () => {
    const [me, sender] = await Promise.all([member('Twice Me'), member('Twice Sender')]);
    await sendOk(sender, me);
    const [note] = await list(me);
    await mutateOk(me.client, MARK_NOTIFICATION_READ, { id: note!.id }, 'markNotificationRead');
    const again = await markRead(me, note!.id);
    expect(again.errors).toBeUndefined();
    expect(again.data.markNotificationRead.notification!.read).toBe(true);
  });

  it("answers another user's notification NOT_FOUND (a user error) and leaves it and its message unread", async () => {
    const [me, sender, intruder] = await Promise.all([member('Victim Me'), member('Victim Sender'), member('Ivo Intruder')]);
    const message = await sendOk(sender, me);
    const [note] = await list(me);
    for (const who of [intruder, sender]) {
      expect(onlyUserError(await markRead(who, note!.id), 'markNotificationRead')).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    }
    expect((await list(me))[0]!.read).toBe(false);
    expect((await messageRow(server, message.id))!.read).toBe(false);
    expect(await unreadNotifications(me)).toBe(1);
  });

  it('answers NOT_FOUND for an unknown id, a bare database id and a malformed one', async () => {
    const [me, sender] = await Promise.all([member('Bad Id'), member('Bad Id Sender')]);
    await sendOk(sender, me);
    const [note] = await list(me);
    for (const id of [notificationId(randomUUID()), databaseId(note!.id, 'Notification')!, 'abc', memberId(me)]) {
      expect(onlyUserError(await markRead(me, id), 'markNotificationRead'), id).toMatchObject({ code: 'NOT_FOUND', message: 'Notification not found' });
    }
    expect((await list(me))[0]!.read).toBe(false);
  });
});

describe('markAllNotificationsRead', () => {
  it("marks every one of the caller's notifications read, answers how many changed, and leaves others' alone", async () => {
    const [me, other, sender] = await Promise.all([member('All Me'), member('All Other'), member('All Sender')]);
    await sendOk(sender, me);
    await sendOk(sender, me);
    await sendOk(sender, me);
    await sendOk(sender, other);
    const [firstNote] = await list(me);
    await mutateOk(me.client, MARK_NOTIFICATION_READ, { id: firstNote!.id }, 'markNotificationRead');

    expect(await markAll(me)).toEqual({ count: 2, userErrors: [] });
    expect((await list(me)).every((n) => n.read)).toBe(true);
    expect(await unreadNotifications(me)).toBe(0);
    expect((await markAll(me)).count).toBe(0);

    expect(await unreadNotifications(other)).toBe(1);
    expect((await list(other))[0]!.read).toBe(false);
  });
});

describe('reading a conversation', () => {
  it("marks that conversation's message notifications read, and no others", async () => {
    const [me, p, q] = await Promise.all([member('Conv Me'), member('Conv P'), member('Conv Q')]);
    const p1 = await sendOk(p, me);
    const p2 = await sendOk(p, me);
    const q1 = await sendOk(q, me);
    expect(await unreadNotifications(me)).toBe(3);

    await markConversationRead(me, p);
    const byMessage = Object.fromEntries((await list(me)).map((n) => [n.message?.id, n.read]));
    expect(byMessage).toEqual({ [p1.id]: true, [p2.id]: true, [q1.id]: false });
    expect(await unreadNotifications(me)).toBe(1);
  });

  it('marks the notification of a message read when that message is marked read', async () => {
    const [me, p] = await Promise.all([member('Msg Me'), member('Msg P')]);
    const m1 = await sendOk(p, me);
    const m2 = await sendOk(p, me);
    await mutateOk(me.client, MARK_MESSAGES_READ, { ids: [m2.id] }, 'markMessagesRead');
    const byMessage = Object.fromEntries((await list(me)).map((n) => [n.message?.id, n.read]));
    expect(byMessage).toEqual({ [m1.id]: false, [m2.id]: true });
  });
});
