// Reading messages: inbox, sentMessages, one conversation, the conversation list (filters, search,
// paging), the tab counts, the unread count and the recipient picker. Every list shows the caller
// only what they are party to.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  CONVERSATION,
  CONVERSATIONS,
  COUNTS,
  INBOX,
  MARK_CONVERSATION_READ,
  MARK_MESSAGES_READ,
  RECIPIENTS,
  SENT,
  UNREAD_COUNT,
  approveClub,
  gqlOk,
  insertMessages,
  insertUsers,
  onlyError,
  sendOk,
  setClubStatus,
  setUserStatus,
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

const member = (fullName: string, clubName?: string) => newMember(server.url, { fullName, clubName });

const inbox = async (m: Member, vars: Record<string, unknown> = {}) => (await gqlOk<{ inbox: MessageView[] }>(m.client, INBOX, vars)).inbox;
const sent = async (m: Member, vars: Record<string, unknown> = {}) => (await gqlOk<{ sentMessages: MessageView[] }>(m.client, SENT, vars)).sentMessages;
const conversation = async (m: Member, partnerId: string, vars: Record<string, unknown> = {}) =>
  (await gqlOk<{ conversation: MessageView[] }>(m.client, CONVERSATION, { partnerId, ...vars })).conversation;
const conversations = async (m: Member, vars: Record<string, unknown> = {}) =>
  (await gqlOk<{ conversations: ConversationView[] }>(m.client, CONVERSATIONS, vars)).conversations;
const counts = async (m: Member, search?: string) =>
  (await gqlOk<{ conversationCounts: { all: number; unread: number; sent: number } }>(m.client, COUNTS, { search })).conversationCounts;
const unreadCount = async (m: Member) => (await gqlOk<{ unreadMessageCount: number }>(m.client, UNREAD_COUNT)).unreadMessageCount;

/** `n` messages from `from` to `to` inserted directly, one second apart, the last one newest. */
async function bulkMessages(from: string, to: string, n: number) {
  const base = Date.now() - n * 1000;
  return insertMessages(
    server,
    Array.from({ length: n }, (_, i) => ({ senderId: from, recipientId: to, subject: `Bulk ${i}`, content: `Bulk message number ${i}`, createdAt: new Date(base + i * 1000) })),
  );
}

describe('inbox', () => {
  it('lists the messages the caller received, newest first, and nothing they sent or that others exchanged', async () => {
    const [me, p, q] = await Promise.all([member('Ines Inbox'), member('Paul Partner'), member('Quinn Other')]);
    const m1 = await sendOk(p, me, { subject: 'First one' });
    await sendOk(me, p, { subject: 'My own message' });
    const m2 = await sendOk(q, me, { subject: 'Second one' });
    await sendOk(p, q, { subject: 'Between others' });
    const m3 = await sendOk(p, me, { subject: 'Third one' });

    const list = await inbox(me);
    expect(list.map((m) => m.id)).toEqual([m3.id, m2.id, m1.id]);
    expect(list.every((m) => m.recipientId === me.user.id)).toBe(true);
    expect(list[0]).toMatchObject({ senderName: 'Paul Partner', recipientName: 'Ines Inbox', subject: 'Third one', read: false });
  });

  it('answers at most 50 by default, the newest ones, and pages with limit and offset', async () => {
    const [me, p] = await Promise.all([member('Ivy Bulk'), member('Pete Bulk')]);
    const rows = await bulkMessages(p.user.id, me.user.id, 55);
    const newestFirst = rows.map((r) => r.id).reverse();

    const page = await inbox(me);
    expect(page.map((m) => m.id)).toEqual(newestFirst.slice(0, 50));
    expect((await inbox(me, { offset: 50 })).map((m) => m.id)).toEqual(newestFirst.slice(50));
    expect((await inbox(me, { limit: 3, offset: 2 })).map((m) => m.id)).toEqual(newestFirst.slice(2, 5));
    expect(await inbox(me, { offset: 100 })).toEqual([]);
  });

  it('refuses a limit outside 1..100 and a negative offset with BAD_USER_INPUT', async () => {
    const me = await member('Ivan Limits');
    for (const vars of [{ limit: 0 }, { limit: 101 }, { offset: -1 }]) {
      const error = onlyError(await me.client.gql(INBOX, vars));
      expect(error.extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
    }
  });

  it('refuses an anonymous caller with UNAUTHENTICATED', async () => {
    const anonymous = new ApiClient(server.url);
    for (const query of [INBOX, SENT, UNREAD_COUNT, CONVERSATIONS, COUNTS, RECIPIENTS]) {
      const error = onlyError(await anonymous.gql(query));
      expect(error, query).toMatchObject({ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } });
    }
    const error = onlyError(await anonymous.gql(CONVERSATION, { partnerId: randomUUID() }));
    expect(error.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('sentMessages', () => {
  it('lists the messages the caller sent, newest first, and nothing they received', async () => {
    const [me, p, q] = await Promise.all([member('Sam Sender'), member('Pia Peer'), member('Quentin Club', 'Quay Cricket')]);
    const s1 = await sendOk(me, p, { subject: 'Sent first' });
    await sendOk(p, me, { subject: 'Received one' });
    const s2 = await sendOk(me, q, { subject: 'Sent second' });
    const list = await sent(me);
    expect(list.map((m) => m.id)).toEqual([s2.id, s1.id]);
    expect(list[0]).toMatchObject({ senderId: me.user.id, senderName: 'Sam Sender', recipientName: 'Quay Cricket' });
  });

  it('answers at most 50 by default and pages with limit and offset', async () => {
    const [me, p] = await Promise.all([member('Sid Bulk'), member('Pam Bulk')]);
    const newestFirst = (await bulkMessages(me.user.id, p.user.id, 53)).map((r) => r.id).reverse();
    expect((await sent(me)).map((m) => m.id)).toEqual(newestFirst.slice(0, 50));
    expect((await sent(me, { offset: 50 })).map((m) => m.id)).toEqual(newestFirst.slice(50));
    expect((await sent(me, { limit: 2, offset: 1 })).map((m) => m.id)).toEqual(newestFirst.slice(1, 3));
  });
});

describe('conversation', () => {
  it('answers both directions with the partner, oldest to newest, and nothing from other conversations', async () => {
    const [a, b, c] = await Promise.all([member('Ann Chat'), member('Ben Chat'), member('Cat Chat')]);
    const m1 = await sendOk(a, b, { subject: 'One....' });
    await sendOk(a, c, { subject: 'A to C only' });
    const m2 = await sendOk(b, a, { replyToId: m1.id, content: 'Two' });
    await sendOk(c, b, { subject: 'C to B only' });
    const m3 = await sendOk(a, b, { replyToId: m2.id, content: 'Three' });

    const forA = await conversation(a, b.user.id);
    expect(forA.map((m) => m.id)).toEqual([m1.id, m2.id, m3.id]);
    const forB = await conversation(b, a.user.id);
    expect(forB.map((m) => m.id)).toEqual([m1.id, m2.id, m3.id]);
    expect(forA[1]).toMatchObject({ senderId: b.user.id, recipientId: a.user.id, senderName: 'Ben Chat', recipientName: 'Ann Chat', content: 'Two' });
  });

  it('answers the newest `limit` messages, still oldest to newest', async () => {
    const [a, b] = await Promise.all([member('Ada Limit'), member('Bo Limit')]);
    const ids = (await bulkMessages(a.user.id, b.user.id, 6)).map((r) => r.id);
    expect((await conversation(a, b.user.id, { limit: 2 })).map((m) => m.id)).toEqual(ids.slice(4));
    expect((await conversation(b, a.user.id)).map((m) => m.id)).toEqual(ids);
  });

  it('answers an empty list for someone the caller never wrote to, or who does not exist', async () => {
    const [a, b] = await Promise.all([member('Al Empty'), member('Bea Empty')]);
    expect(await conversation(a, b.user.id)).toEqual([]);
    expect(await conversation(a, randomUUID())).toEqual([]);
  });

  it("refuses a partner id that is not a UUID: 'Invalid user ID format'", async () => {
    const a = await member('Abe Invalid');
    for (const partnerId of ['', 'abc', '123', `${randomUUID()}0`]) {
      const error = onlyError(await a.client.gql(CONVERSATION, { partnerId }));
      expect(error, partnerId).toMatchObject({ message: 'Invalid user ID format', extensions: { code: 'BAD_USER_INPUT' } });
    }
  });

  it("never shows a third user the messages between two others: conversation(partnerId: A) answers only the caller's own messages with A", async () => {
    const [a, b, c] = await Promise.all([member('Amy Private'), member('Bill Private'), member('Cora Snoop')]);
    const secret1 = await sendOk(a, b, { subject: 'Secret plans', content: 'Only for you, Bill.' });
    const secret2 = await sendOk(b, a, { replyToId: secret1.id, content: 'Understood, Amy.' });
    const secretIds = [secret1.id, secret2.id];

    // Nothing yet between C and A or C and B.
    expect(await conversation(c, a.user.id)).toEqual([]);
    expect(await conversation(c, b.user.id)).toEqual([]);

    const own1 = await sendOk(c, a, { subject: 'Hello Amy' });
    const own2 = await sendOk(a, c, { replyToId: own1.id, content: 'Hi Cora' });
    const seen = await conversation(c, a.user.id);
    expect(seen.map((m) => m.id)).toEqual([own1.id, own2.id]);
    for (const m of seen) expect([m.senderId, m.recipientId]).toContain(c.user.id);

    // Nor does any other list of C's carry them.
    const everything = [
      ...(await inbox(c)),
      ...(await sent(c)),
      ...(await conversation(c, b.user.id)),
      ...(await conversations(c)).map((row) => row.lastMessage),
      ...(await conversations(c, { search: 'Secret' })).map((row) => row.lastMessage),
    ];
    expect(everything.some((m) => secretIds.includes(m.id))).toBe(false);
    expect(await conversations(c, { search: 'Secret plans' })).toEqual([]);
  });
});

describe('conversations', () => {
  /** Me with three counterparts: P1 (two unread from them, my reply last), P2 a club I wrote to,
   *  P3 who wrote last. Newest first: P3, P1, P2. */
  async function scene(prefix: string) {
    const [me, p1, p2, p3] = await Promise.all([
      member(`${prefix} Me`),
      member(`${prefix} Partner One`),
      member(`${prefix} Owner`, `${prefix} Harriers`),
      member(`${prefix} Partner Three`),
    ]);
    const a1 = await sendOk(p1, me, { subject: 'Fixture list', content: 'Here is the fixture list for May.' });
    const a2 = await sendOk(p1, me, { subject: 'Fixture list again', content: 'Did you get the list I sent?' });
    const b1 = await sendOk(me, p2, { subject: 'Joining the club', content: 'How do I join your running club?' });
    const a3 = await sendOk(me, p1, { replyToId: a2.id, content: 'Yes, got it, thanks!' });
    const c1 = await sendOk(p3, me, { subject: 'Volunteer rota', content: 'Can you cover the tea stall?' });
    return { me, p1, p2, p3, a1, a2, a3, b1, c1 };
  }

  it('answers one row per counterpart with the last message either way and the unread count, newest first', async () => {
    const s = await scene('Rows');
    const rows = await conversations(s.me);
    expect(rows.map((r) => r.partnerId)).toEqual([s.p3.user.id, s.p1.user.id, s.p2.user.id]);
    expect(rows.map((r) => r.partnerName)).toEqual(['Rows Partner Three', 'Rows Partner One', 'Rows Harriers']);
    expect(rows.map((r) => r.lastMessage.id)).toEqual([s.c1.id, s.a3.id, s.b1.id]);
    expect(rows.map((r) => r.unreadCount)).toEqual([1, 2, 0]);
    expect(rows[1]!.lastMessage).toMatchObject({ senderId: s.me.user.id, recipientId: s.p1.user.id, subject: 'Re: Fixture list again', senderName: 'Rows Me', recipientName: 'Rows Partner One', read: false });
    expect(rows[2]!.lastMessage).toMatchObject({ senderName: 'Rows Me', recipientName: 'Rows Harriers' });

    // The partner sees the same conversation from the other side: nothing of theirs unread.
    const partnerRows = await conversations(s.p1);
    expect(partnerRows).toHaveLength(1);
    expect(partnerRows[0]).toMatchObject({ partnerId: s.me.user.id, partnerName: 'Rows Me', unreadCount: 1, lastMessage: { id: s.a3.id } });
  });

  it('counts as unread only received messages not read yet, and moves a conversation up when a message arrives', async () => {
    const s = await scene('Moves');
    await gqlOk(s.me.client, MARK_MESSAGES_READ, { ids: [s.a1.id] });
    let rows = await conversations(s.me);
    expect(rows.find((r) => r.partnerId === s.p1.user.id)!.unreadCount).toBe(1);

    const b2 = await sendOk(s.p2, s.me, { replyToId: s.b1.id, content: 'Come along on Tuesday' });
    rows = await conversations(s.me);
    expect(rows.map((r) => r.partnerId)).toEqual([s.p2.user.id, s.p3.user.id, s.p1.user.id]);
    expect(rows[0]).toMatchObject({ unreadCount: 1, lastMessage: { id: b2.id, senderName: 'Moves Harriers' } });
  });

  it('filter UNREAD lists only conversations with unread messages from the partner', async () => {
    const s = await scene('Unread');
    expect((await conversations(s.me, { filter: 'UNREAD' })).map((r) => r.partnerId)).toEqual([s.p3.user.id, s.p1.user.id]);
    await gqlOk(s.me.client, MARK_CONVERSATION_READ, { senderId: s.p1.user.id });
    const rows = await conversations(s.me, { filter: 'UNREAD' });
    expect(rows.map((r) => r.partnerId)).toEqual([s.p3.user.id]);
    expect(rows.every((r) => r.unreadCount > 0)).toBe(true);
    // P2 has an unread message of mine: that does not make the conversation unread for me.
    expect(rows.some((r) => r.partnerId === s.p2.user.id)).toBe(false);
  });

  it('filter SENT lists only counterparts the caller has sent to', async () => {
    const s = await scene('Sent');
    const rows = await conversations(s.me, { filter: 'SENT' });
    expect(rows.map((r) => r.partnerId)).toEqual([s.p1.user.id, s.p2.user.id]);
    // From P3's side, the conversation with me is one they sent in.
    expect((await conversations(s.p3, { filter: 'SENT' })).map((r) => r.partnerId)).toEqual([s.me.user.id]);
    expect(await conversations(s.p3, { filter: 'UNREAD' })).toEqual([]);
  });

  it("searches the partner's name, any subject and any text of the conversation, ignoring letter case", async () => {
    const s = await scene('Search');
    const ids = async (search: string, filter?: string) => (await conversations(s.me, { search, filter })).map((r) => r.partnerId);
    expect(await ids('partner three')).toEqual([s.p3.user.id]);
    expect(await ids('HARRIERS')).toEqual([s.p2.user.id]);
    expect(await ids('volunteer ROTA')).toEqual([s.p3.user.id]); // a subject
    expect(await ids('tea stall')).toEqual([s.p3.user.id]); // a content
    // An earlier message than the last one still matches.
    expect(await ids('for May')).toEqual([s.p1.user.id]);
    expect(await ids('Fixture')).toEqual([s.p1.user.id]);
    expect(await ids('search partner')).toEqual([s.p3.user.id, s.p1.user.id]);
    expect(await ids('nothing like this anywhere')).toEqual([]);
    // Search and filter together.
    expect(await ids('search partner', 'SENT')).toEqual([s.p1.user.id]);
    // A search that finds the conversation still answers its last message.
    const [row] = await conversations(s.me, { search: 'for May' });
    expect(row!.lastMessage.id).toBe(s.a3.id);
  });

  it("takes '%' and '_' in a search literally", async () => {
    const [me, p, q, r] = await Promise.all([member('Lit Me'), member('Lit Percent'), member('Lit Underscore'), member('Lit Plain')]);
    await sendOk(p, me, { subject: 'Progress report', content: 'We are 100% ready for Saturday.' });
    await sendOk(q, me, { subject: 'Kit sizes', content: 'Sizes are in file kit_sizes.' });
    await sendOk(r, me, { subject: 'Plain subject', content: 'Nothing special in here.' });
    const ids = async (search: string) => (await conversations(me, { search })).map((row) => row.partnerId).sort();
    expect(await ids('%')).toEqual([p.user.id]);
    expect(await ids('100%')).toEqual([p.user.id]);
    expect(await ids('_')).toEqual([q.user.id]);
    expect(await ids('kit_s')).toEqual([q.user.id]);
    expect(await ids('kit%s')).toEqual([]);
    expect(await ids('100_')).toEqual([]);
    expect((await counts(me, '%')).all).toBe(1);
    expect((await counts(me, '_')).all).toBe(1);
  });

  it('pages with limit and offset, and answers at most 50 by default', async () => {
    const me = await member('Page Me');
    const partners = await insertUsers(server, Array.from({ length: 55 }, (_, i) => `Page Partner ${String(i).padStart(2, '0')}`));
    const base = Date.now() - 100_000;
    await insertMessages(server, partners.map((id, i) => ({ senderId: id, recipientId: me.user.id, createdAt: new Date(base + i * 1000) })));
    const newestFirst = [...partners].reverse();

    const all = await conversations(me);
    expect(all.map((r) => r.partnerId)).toEqual(newestFirst.slice(0, 50));
    expect((await conversations(me, { offset: 50 })).map((r) => r.partnerId)).toEqual(newestFirst.slice(50));
    expect((await conversations(me, { limit: 5, offset: 10 })).map((r) => r.partnerId)).toEqual(newestFirst.slice(10, 15));
    expect((await counts(me)).all).toBe(55);
  });

  it('answers an empty list and zero counts for someone with no messages', async () => {
    const me = await member('Nobody Writes');
    expect(await conversations(me)).toEqual([]);
    expect(await counts(me)).toEqual({ all: 0, unread: 0, sent: 0 });
    expect(await unreadCount(me)).toBe(0);
  });

  it('refuses an unknown filter', async () => {
    const me = await member('Filter Me');
    const answer = await me.client.gql(CONVERSATIONS, { filter: 'EVERYTHING' });
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('conversationCounts', () => {
  it('gives the sizes of the All, Unread and Sent lists, with and without a search', async () => {
    const [me, p1, p2, p3] = await Promise.all([member('Count Me'), member('Count Alpha'), member('Count Beta'), member('Count Gamma')]);
    await sendOk(p1, me, { subject: 'Alpha subject' });
    await sendOk(me, p2, { subject: 'Beta subject' });
    const g = await sendOk(p3, me, { subject: 'Gamma subject' });
    await sendOk(me, p3, { replyToId: g.id, content: 'Gamma reply' });

    const check = async (search?: string) => {
      const c = await counts(me, search);
      expect(c.all).toBe((await conversations(me, { search })).length);
      expect(c.unread).toBe((await conversations(me, { search, filter: 'UNREAD' })).length);
      expect(c.sent).toBe((await conversations(me, { search, filter: 'SENT' })).length);
      return c;
    };
    expect(await check()).toEqual({ all: 3, unread: 2, sent: 2 });
    expect(await check('gamma')).toEqual({ all: 1, unread: 1, sent: 1 });
    expect(await check('beta')).toEqual({ all: 1, unread: 0, sent: 1 });
    await gqlOk(me.client, MARK_CONVERSATION_READ, { senderId: p1.user.id });
    expect(await check()).toEqual({ all: 3, unread: 1, sent: 2 });
  });
});

describe('unreadMessageCount', () => {
  it('counts the messages to the caller not read yet, whatever they sent themselves', async () => {
    const [me, p, q] = await Promise.all([member('Unread Me'), member('Unread P'), member('Unread Q')]);
    expect(await unreadCount(me)).toBe(0);
    const m1 = await sendOk(p, me);
    await sendOk(p, me);
    await sendOk(q, me);
    await sendOk(me, p);
    expect(await unreadCount(me)).toBe(3);
    expect(await unreadCount(p)).toBe(1);
    await gqlOk(me.client, MARK_MESSAGES_READ, { ids: [m1.id] });
    expect(await unreadCount(me)).toBe(2);
    await gqlOk(me.client, MARK_CONVERSATION_READ, { senderId: p.user.id });
    expect(await unreadCount(me)).toBe(1);
  });
});

describe('messageRecipients', () => {
  it('lists volunteers and approved clubs by name, never the caller, a platform administrator, a pending or rejected club, or a suspended account', async () => {
    const [me, vol, approved, pending, rejected, suspended] = await Promise.all([
      member('Zephyr Caller'),
      member('Zephyr Volunteer'),
      member('Owner Approved', 'Zephyr Approved FC'),
      member('Owner Pending', 'Zephyr Pending FC'),
      member('Owner Rejected', 'Zephyr Rejected FC'),
      member('Zephyr Suspended'),
    ]);
    await approveClub(server, approved.user.id);
    await setClubStatus(server, rejected.user.id, 'rejected');
    await setUserStatus(server, suspended.user.id, 'suspended');

    const { messageRecipients } = await gqlOk<{ messageRecipients: Array<{ id: string; name: string; kind: string }> }>(me.client, RECIPIENTS, { search: 'zephyr' });
    expect(messageRecipients).toEqual([
      { id: approved.user.id, name: 'Zephyr Approved FC', kind: 'CLUB' },
      { id: vol.user.id, name: 'Zephyr Volunteer', kind: 'VOLUNTEER' },
    ]);
    expect(messageRecipients.map((r) => r.id)).not.toContain(pending.user.id);

    const admin = await gqlOk<{ messageRecipients: unknown[] }>(me.client, RECIPIENTS, { search: 'Platform Administrator' });
    expect(admin.messageRecipients).toEqual([]);

    // Without a search: still never the caller, the administrator or a pending club.
    const everyone = (await gqlOk<{ messageRecipients: Array<{ id: string; name: string }> }>(me.client, RECIPIENTS, { limit: 50 })).messageRecipients;
    expect(everyone.length).toBeGreaterThan(0);
    expect(everyone.map((r) => r.id)).not.toContain(me.user.id);
    expect(everyone.map((r) => r.name)).not.toContain('Platform Administrator');
    expect(everyone.map((r) => r.name)).not.toContain('Zephyr Pending FC');
  });

  it('shows a club once it is approved', async () => {
    const [me, club] = await Promise.all([member('Yara Caller'), member('Owner Later', 'Yonder Yachting')]);
    const find = async () => (await gqlOk<{ messageRecipients: Array<{ id: string }> }>(me.client, RECIPIENTS, { search: 'Yonder' })).messageRecipients;
    expect(await find()).toEqual([]);
    await approveClub(server, club.user.id);
    expect((await find()).map((r) => r.id)).toEqual([club.user.id]);
  });

  it('searches by name ignoring letter case, sorted by name, 20 by default', async () => {
    const me = await member('Quokka Caller');
    await insertUsers(server, Array.from({ length: 25 }, (_, i) => `Quokka Person ${String(i).padStart(2, '0')}`));
    const first = (await gqlOk<{ messageRecipients: Array<{ name: string; kind: string }> }>(me.client, RECIPIENTS, { search: 'QUOKKA person' })).messageRecipients;
    expect(first).toHaveLength(20);
    expect(first.map((r) => r.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Quokka Person ${String(i).padStart(2, '0')}`));
    expect(first.every((r) => r.kind === 'VOLUNTEER')).toBe(true);
    const five = (await gqlOk<{ messageRecipients: unknown[] }>(me.client, RECIPIENTS, { search: 'quokka', limit: 5 })).messageRecipients;
    expect(five).toHaveLength(5);
    // Wildcards are literal.
    expect((await gqlOk<{ messageRecipients: unknown[] }>(me.client, RECIPIENTS, { search: 'quokka%person' })).messageRecipients).toEqual([]);
    expect((await gqlOk<{ messageRecipients: unknown[] }>(me.client, RECIPIENTS, { search: 'quokka_person' })).messageRecipients).toEqual([]);
  });
});
