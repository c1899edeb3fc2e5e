// Reading messages: inbox, sentMessages, one conversation, the conversation list (filters, search,
// paging), the tab counts, the unread count and the recipient picker. Every list shows the caller
// only what they are party to. (Paging while rows are added: messages-paging.test.ts.)
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
  memberId,
  messageId,
  mutateOk,
  nodesOf,
  onlyError,
  sendOk,
  setClubStatus,
  setUserStatus,
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

const member = (fullName: string, clubName?: string) => newMember(server.url, { fullName, clubName });

/** A partner as conversation() takes it: a member, or any id string as sent. */
const partnerArg = (partner: Member | string) => (typeof partner === 'string' ? partner : memberId(partner));

const inboxPage = async (m: Member, vars: Record<string, unknown> = {}) => (await gqlOk<{ inbox: Connection<MessageView> }>(m.client, INBOX, vars)).inbox;
const sentPage = async (m: Member, vars: Record<string, unknown> = {}) => (await gqlOk<{ sentMessages: Connection<MessageView> }>(m.client, SENT, vars)).sentMessages;
const conversationPage = async (m: Member, partner: Member | string, vars: Record<string, unknown> = {}) =>
  (await gqlOk<{ conversation: Connection<MessageView> }>(m.client, CONVERSATION, { partnerId: partnerArg(partner), ...vars })).conversation;
const conversationsPage = async (m: Member, vars: Record<string, unknown> = {}) =>
  (await gqlOk<{ conversations: Connection<ConversationView> }>(m.client, CONVERSATIONS, vars)).conversations;
const inbox = async (m: Member, vars: Record<string, unknown> = {}) => nodesOf(await inboxPage(m, vars));
const sent = async (m: Member, vars: Record<string, unknown> = {}) => nodesOf(await sentPage(m, vars));
const conversation = async (m: Member, partner: Member | string, vars: Record<string, unknown> = {}) => nodesOf(await conversationPage(m, partner, vars));
const conversations = async (m: Member, vars: Record<string, unknown> = {}) => nodesOf(await conversationsPage(m, vars));
const counts = async (m: Member, search?: string) =>
  (await gqlOk<{ conversationCounts: { all: number; unread: number; sent: number } }>(m.client, COUNTS, { search })).conversationCounts;
const unreadCount = async (m: Member) => (await gqlOk<{ unreadMessageCount: number }>(m.client, UNREAD_COUNT)).unreadMessageCount;
const markConversationRead = (m: Member, partner: Member) => mutateOk(m.client, MARK_CONVERSATION_READ, { partnerId: memberId(partner) }, 'markConversationRead');
const markMessagesRead = (m: Member, ids: string[]) => mutateOk(m.client, MARK_MESSAGES_READ, { ids }, 'markMessagesRead');
const partnerIds = (rows: ConversationView[]) => rows.map((r) => r.partner.id);

/** `n` messages from `from` to `to` inserted directly, one second apart, the last one newest;
 *  answers their global ids, oldest first. */
async function bulkMessages(from: string, to: string, n: number): Promise<string[]> {
  const base = Date.now() - n * 1000;
  const rows = await insertMessages(
    server,
    Array.from({ length: n }, (_, i) => ({ senderId: from, recipientId: to, subject: `Bulk ${i}`, content: `Bulk message number ${i}`, createdAt: new Date(base + i * 1000) })),
  );
  return rows.map((r) => messageId(r.id));
}

const PAGING_REFUSALS: Array<Record<string, unknown>> = [{ first: 0 }, { first: 101 }, { last: 0 }, { last: 101 }, { first: 1, last: 1 }, { after: 'bm90LWEtY3Vyc29y' }, { before: 'garbage!' }];

describe('inbox', () => {
  it('lists the messages the caller received, newest first, and nothing they sent or that others exchanged', async () => {
    const [me, p, q] = await Promise.all([member('Ines Inbox'), member('Paul Partner'), member('Quinn Other')]);
    const m1 = await sendOk(p, me, { subject: 'First one' });
    await sendOk(me, p, { subject: 'My own message' });
    const m2 = await sendOk(q, me, { subject: 'Second one' });
    await sendOk(p, q, { subject: 'Between others' });
    const m3 = await sendOk(p, me, { subject: 'Third one' });

    const page = await inboxPage(me);
    expect(nodesOf(page).map((m) => m.id)).toEqual([m3.id, m2.id, m1.id]);
    expect(page.totalCount).toBe(3);
    expect(page.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
    expect(nodesOf(page).every((m) => m.recipient.id === memberId(me))).toBe(true);
    expect(nodesOf(page)[0]).toMatchObject({ sender: { id: memberId(p), name: 'Paul Partner' }, recipient: { name: 'Ines Inbox' }, subject: 'Third one', read: false });
  });

  it('answers 50 by default, the newest ones, and pages on with first and after', async () => {
    const [me, p] = await Promise.all([member('Ivy Bulk'), member('Pete Bulk')]);
    const newestFirst = (await bulkMessages(p.user.id, me.user.id, 55)).reverse();

    const first = await inboxPage(me);
    expect(nodesOf(first).map((m) => m.id)).toEqual(newestFirst.slice(0, 50));
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.totalCount).toBe(55);
    const rest = await inboxPage(me, { after: first.pageInfo.endCursor });
    expect(nodesOf(rest).map((m) => m.id)).toEqual(newestFirst.slice(50));
    expect(rest.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    // Any edge's cursor is a place to continue from.
    const three = await inboxPage(me, { first: 3, after: first.edges[1]!.cursor });
    expect(nodesOf(three).map((m) => m.id)).toEqual(newestFirst.slice(2, 5));
    // The newest-first list's end: the oldest ones.
    expect((await inbox(me, { last: 2 })).map((m) => m.id)).toEqual(newestFirst.slice(53));
  });

  it('refuses first or last outside 1..100, both at once, and a cursor it did not give, with BAD_USER_INPUT', async () => {
    const me = await member('Ivan Limits');
    for (const vars of PAGING_REFUSALS) {
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
    const error = onlyError(await anonymous.gql(CONVERSATION, { partnerId: memberId(randomUUID()) }));
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
    expect(list[0]).toMatchObject({ sender: { id: memberId(me), name: 'Sam Sender' }, recipient: { name: 'Quay Cricket' } });
  });

  it('answers 50 by default and pages on with first and after', async () => {
    const [me, p] = await Promise.all([member('Sid Bulk'), member('Pam Bulk')]);
    const newestFirst = (await bulkMessages(me.user.id, p.user.id, 53)).reverse();
    const first = await sentPage(me);
    expect(nodesOf(first).map((m) => m.id)).toEqual(newestFirst.slice(0, 50));
    expect(nodesOf(await sentPage(me, { after: first.pageInfo.endCursor })).map((m) => m.id)).toEqual(newestFirst.slice(50));
    expect(nodesOf(await sentPage(me, { first: 2, after: first.edges[0]!.cursor })).map((m) => m.id)).toEqual(newestFirst.slice(1, 3));
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

    const forA = await conversationPage(a, b);
    expect(nodesOf(forA).map((m) => m.id)).toEqual([m1.id, m2.id, m3.id]);
    expect(forA.totalCount).toBe(3);
    const forB = await conversation(b, a);
    expect(forB.map((m) => m.id)).toEqual([m1.id, m2.id, m3.id]);
    expect(nodesOf(forA)[1]).toMatchObject({ sender: { id: memberId(b), name: 'Ben Chat' }, recipient: { id: memberId(a), name: 'Ann Chat' }, content: 'Two' });
  });

  it('answers the newest messages with last, still oldest to newest, and older ones with before', async () => {
    const [a, b] = await Promise.all([member('Ada Limit'), member('Bo Limit')]);
    const ids = await bulkMessages(a.user.id, b.user.id, 6);
    const newest = await conversationPage(a, b, { last: 2 });
    expect(nodesOf(newest).map((m) => m.id)).toEqual(ids.slice(4));
    expect(newest.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(newest.totalCount).toBe(6);
    const older = await conversationPage(a, b, { last: 3, before: newest.pageInfo.startCursor });
    expect(nodesOf(older).map((m) => m.id)).toEqual(ids.slice(1, 4));
    expect(older.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
    const oldest = await conversationPage(a, b, { last: 3, before: older.pageInfo.startCursor });
    expect(nodesOf(oldest).map((m) => m.id)).toEqual(ids.slice(0, 1));
    expect(oldest.pageInfo.hasPreviousPage).toBe(false);
    // Without first or last: from the oldest on.
    expect((await conversation(b, a)).map((m) => m.id)).toEqual(ids);
    expect((await conversation(b, a, { first: 2 })).map((m) => m.id)).toEqual(ids.slice(0, 2));
  });

  it('answers an empty list for someone the caller never wrote to, who does not exist, or an id that names no member', async () => {
    const [a, b] = await Promise.all([member('Al Empty'), member('Bea Empty')]);
    expect(await conversation(a, b)).toEqual([]);
    for (const partnerId of [memberId(randomUUID()), '', 'abc', b.user.id, `${memberId(b)}0`]) {
      const page = await conversationPage(a, partnerId);
      expect(page, partnerId).toMatchObject({ edges: [], totalCount: 0, pageInfo: { hasNextPage: false, hasPreviousPage: false } });
    }
  });

  it('refuses bad paging arguments with BAD_USER_INPUT', async () => {
    const [a, b] = await Promise.all([member('Abe Invalid'), member('Bob Invalid')]);
    for (const vars of PAGING_REFUSALS) {
      const error = onlyError(await a.client.gql(CONVERSATION, { partnerId: memberId(b), ...vars }));
      expect(error.extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
    }
  });

  it("never shows a third user the messages between two others: conversation(partnerId: A) answers only the caller's own messages with A", async () => {
    const [a, b, c] = await Promise.all([member('Amy Private'), member('Bill Private'), member('Cora Snoop')]);
    const secret1 = await sendOk(a, b, { subject: 'Secret plans', content: 'Only for you, Bill.' });
    const secret2 = await sendOk(b, a, { replyToId: secret1.id, content: 'Understood, Amy.' });
    const secretIds = [secret1.id, secret2.id];

    // Nothing yet between C and A or C and B.
    expect(await conversation(c, a)).toEqual([]);
    expect(await conversation(c, b)).toEqual([]);

    const own1 = await sendOk(c, a, { subject: 'Hello Amy' });
    const own2 = await sendOk(a, c, { replyToId: own1.id, content: 'Hi Cora' });
    const seen = await conversation(c, a);
    expect(seen.map((m) => m.id)).toEqual([own1.id, own2.id]);
    for (const m of seen) expect([m.sender.id, m.recipient.id]).toContain(memberId(c));

    // Nor does any other list of C's carry them, nor node(id).
    const everything = [
      ...(await inbox(c)),
      ...(await sent(c)),
      ...(await conversation(c, b)),
      ...(await conversations(c)).map((row) => row.lastMessage),
      ...(await conversations(c, { search: 'Secret' })).map((row) => row.lastMessage),
    ];
    expect(everything.some((m) => secretIds.includes(m.id))).toBe(false);
    expect(await conversations(c, { search: 'Secret plans' })).toEqual([]);
    const nodes = await gqlOk(c.client, 'query ($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: [...secretIds, own1.id] });
    expect(nodes.nodes).toEqual([null, null, { id: own1.id }]);
    const mine = await gqlOk(a.client, 'query ($id: ID!) { node(id: $id) { ... on Message { subject sender { name } } } }', { id: secret1.id });
    expect(mine.node).toEqual({ subject: 'Secret plans', sender: { name: 'Amy Private' } });
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
    const page = await conversationsPage(s.me);
    const rows = nodesOf(page);
    expect(page.totalCount).toBe(3);
    expect(partnerIds(rows)).toEqual([memberId(s.p3), memberId(s.p1), memberId(s.p2)]);
    expect(rows.map((r) => r.partner.name)).toEqual(['Rows Partner Three', 'Rows Partner One', 'Rows Harriers']);
    expect(rows.map((r) => r.lastMessage.id)).toEqual([s.c1.id, s.a3.id, s.b1.id]);
    expect(rows.map((r) => r.unreadCount)).toEqual([1, 2, 0]);
    expect(rows[1]!.lastMessage).toMatchObject({
      sender: { id: memberId(s.me), name: 'Rows Me' },
      recipient: { id: memberId(s.p1), name: 'Rows Partner One' },
      subject: 'Re: Fixture list again',
      read: false,
    });
    expect(rows[2]!.lastMessage).toMatchObject({ sender: { name: 'Rows Me' }, recipient: { name: 'Rows Harriers' } });

    // The partner sees the same conversation from the other side: nothing of theirs unread.
    const partnerRows = await conversations(s.p1);
    expect(partnerRows).toHaveLength(1);
    expect(partnerRows[0]).toMatchObject({ partner: { id: memberId(s.me), name: 'Rows Me' }, unreadCount: 1, lastMessage: { id: s.a3.id } });
  });

  it('counts as unread only received messages not read yet, and moves a conversation up when a message arrives', async () => {
    const s = await scene('Moves');
    await markMessagesRead(s.me, [s.a1.id]);
    let rows = await conversations(s.me);
    expect(rows.find((r) => r.partner.id === memberId(s.p1))!.unreadCount).toBe(1);

    const b2 = await sendOk(s.p2, s.me, { replyToId: s.b1.id, content: 'Come along on Tuesday' });
    rows = await conversations(s.me);
    expect(partnerIds(rows)).toEqual([memberId(s.p2), memberId(s.p3), memberId(s.p1)]);
    expect(rows[0]).toMatchObject({ unreadCount: 1, lastMessage: { id: b2.id, sender: { name: 'Moves Harriers' } } });
  });

  it('filter UNREAD lists only conversations with unread messages from the partner', async () => {
    const s = await scene('Unread');
    expect(partnerIds(await conversations(s.me, { filter: 'UNREAD' }))).toEqual([memberId(s.p3), memberId(s.p1)]);
    await markConversationRead(s.me, s.p1);
    const page = await conversationsPage(s.me, { filter: 'UNREAD' });
    const rows = nodesOf(page);
    expect(partnerIds(rows)).toEqual([memberId(s.p3)]);
    expect(page.totalCount).toBe(1);
    expect(rows.every((r) => r.unreadCount > 0)).toBe(true);
    // P2 has an unread message of mine: that does not make the conversation unread for me.
    expect(partnerIds(rows)).not.toContain(memberId(s.p2));
  });

  it('filter SENT lists only counterparts the caller has sent to', async () => {
    const s = await scene('Sent');
    const rows = await conversations(s.me, { filter: 'SENT' });
    expect(partnerIds(rows)).toEqual([memberId(s.p1), memberId(s.p2)]);
    // From P3's side, the conversation with me is one they sent in.
    expect(partnerIds(await conversations(s.p3, { filter: 'SENT' }))).toEqual([memberId(s.me)]);
    expect(await conversations(s.p3, { filter: 'UNREAD' })).toEqual([]);
  });

  it("searches the partner's name, any subject and any text of the conversation, ignoring letter case", async () => {
    const s = await scene('Search');
    const ids = async (search: string, filter?: string) => partnerIds(await conversations(s.me, { search, filter }));
    expect(await ids('partner three')).toEqual([memberId(s.p3)]);
    expect(await ids('HARRIERS')).toEqual([memberId(s.p2)]);
    expect(await ids('volunteer ROTA')).toEqual([memberId(s.p3)]); // a subject
    expect(await ids('tea stall')).toEqual([memberId(s.p3)]); // a content
    // An earlier message than the last one still matches.
    expect(await ids('for May')).toEqual([memberId(s.p1)]);
    expect(await ids('Fixture')).toEqual([memberId(s.p1)]);
    expect(await ids('search partner')).toEqual([memberId(s.p3), memberId(s.p1)]);
    expect(await ids('nothing like this anywhere')).toEqual([]);
    // Search and filter together.
    expect(await ids('search partner', 'SENT')).toEqual([memberId(s.p1)]);
    // A search that finds the conversation still answers its last message.
    const [row] = await conversations(s.me, { search: 'for May' });
    expect(row!.lastMessage.id).toBe(s.a3.id);
  });

  it("takes '%' and '_' in a search literally", async () => {
    const [me, p, q, r] = await Promise.all([member('Lit Me'), member('Lit Percent'), member('Lit Underscore'), member('Lit Plain')]);
    await sendOk(p, me, { subject: 'Progress report', content: 'We are 100% ready for Saturday.' });
    await sendOk(q, me, { subject: 'Kit sizes', content: 'Sizes are in file kit_sizes.' });
    await sendOk(r, me, { subject: 'Plain subject', content: 'Nothing special in here.' });
    const ids = async (search: string) => partnerIds(await conversations(me, { search })).sort();
    expect(await ids('%')).toEqual([memberId(p)]);
    expect(await ids('100%')).toEqual([memberId(p)]);
    expect(await ids('_')).toEqual([memberId(q)]);
    expect(await ids('kit_s')).toEqual([memberId(q)]);
    expect(await ids('kit%s')).toEqual([]);
    expect(await ids('100_')).toEqual([]);
    expect((await counts(me, '%')).all).toBe(1);
    expect((await counts(me, '_')).all).toBe(1);
  });

  it('answers 50 by default and pages on with first and after, and back with last and before', async () => {
    const me = await member('Page Me');
    const partners = await insertUsers(server, Array.from({ length: 55 }, (_, i) => `Page Partner ${String(i).padStart(2, '0')}`));
    const base = Date.now() - 100_000;
    await insertMessages(server, partners.map((id, i) => ({ senderId: id, recipientId: me.user.id, createdAt: new Date(base + i * 1000) })));
    const newestFirst = [...partners].reverse().map((id) => memberId(id));

    const first = await conversationsPage(me);
    expect(partnerIds(nodesOf(first))).toEqual(newestFirst.slice(0, 50));
    expect(first.totalCount).toBe(55);
    expect(partnerIds(await conversations(me, { after: first.pageInfo.endCursor }))).toEqual(newestFirst.slice(50));
    expect(partnerIds(await conversations(me, { first: 5, after: first.edges[9]!.cursor }))).toEqual(newestFirst.slice(10, 15));
    expect(partnerIds(await conversations(me, { last: 5, before: first.edges[10]!.cursor }))).toEqual(newestFirst.slice(5, 10));
    expect((await counts(me)).all).toBe(55);
  });

  it('answers an empty list and zero counts for someone with no messages', async () => {
    const me = await member('Nobody Writes');
    expect(await conversationsPage(me)).toMatchObject({ edges: [], totalCount: 0, pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
    expect(await counts(me)).toEqual({ all: 0, unread: 0, sent: 0 });
    expect(await unreadCount(me)).toBe(0);
  });

  it('refuses an unknown filter and bad paging arguments', async () => {
    const me = await member('Filter Me');
    const answer = await me.client.gql(CONVERSATIONS, { filter: 'EVERYTHING' });
    expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    for (const vars of PAGING_REFUSALS) {
      expect(onlyError(await me.client.gql(CONVERSATIONS, vars)).extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
    }
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
      expect(c.all).toBe((await conversationsPage(me, { search })).totalCount);
      expect(c.unread).toBe((await conversations(me, { search, filter: 'UNREAD' })).length);
      expect(c.sent).toBe((await conversationsPage(me, { search, filter: 'SENT' })).totalCount);
      return c;
    };
    expect(await check()).toEqual({ all: 3, unread: 2, sent: 2 });
    expect(await check('gamma')).toEqual({ all: 1, unread: 1, sent: 1 });
    expect(await check('beta')).toEqual({ all: 1, unread: 0, sent: 1 });
    await markConversationRead(me, p1);
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
    await markMessagesRead(me, [m1.id]);
    expect(await unreadCount(me)).toBe(2);
    await markConversationRead(me, p);
    expect(await unreadCount(me)).toBe(1);
  });
});

describe('messageRecipients', () => {
  type Recipient = { id: string; name: string; kind: string };
  const recipientsPage = async (m: Member, vars: Record<string, unknown>) => (await gqlOk<{ messageRecipients: Connection<Recipient> }>(m.client, RECIPIENTS, vars)).messageRecipients;
  const recipients = async (m: Member, vars: Record<string, unknown>) => nodesOf(await recipientsPage(m, vars));

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

    const page = await recipientsPage(me, { search: 'zephyr' });
    expect(nodesOf(page)).toEqual([
      { id: memberId(approved), name: 'Zephyr Approved FC', kind: 'CLUB' },
      { id: memberId(vol), name: 'Zephyr Volunteer', kind: 'VOLUNTEER' },
    ]);
    expect(page.totalCount).toBe(2);
    expect(nodesOf(page).map((r) => r.id)).not.toContain(memberId(pending));

    expect(await recipients(me, { search: 'Platform Administrator' })).toEqual([]);

    // Without a search: still never the caller, the administrator or a pending club.
    const everyone = await recipients(me, { first: 100 });
    expect(everyone.length).toBeGreaterThan(0);
    expect(everyone.map((r) => r.id)).not.toContain(memberId(me));
    expect(everyone.map((r) => r.name)).not.toContain('Platform Administrator');
    expect(everyone.map((r) => r.name)).not.toContain('Zephyr Pending FC');
  });

  it('shows a club once it is approved', async () => {
    const [me, club] = await Promise.all([member('Yara Caller'), member('Owner Later', 'Yonder Yachting')]);
    expect(await recipients(me, { search: 'Yonder' })).toEqual([]);
    await approveClub(server, club.user.id);
    expect((await recipients(me, { search: 'Yonder' })).map((r) => r.id)).toEqual([memberId(club)]);
  });

  it('searches by name ignoring letter case, sorted by name, 20 a page by default', async () => {
    const me = await member('Quokka Caller');
    await insertUsers(server, Array.from({ length: 25 }, (_, i) => `Quokka Person ${String(i).padStart(2, '0')}`));
    const first = await recipientsPage(me, { search: 'QUOKKA person' });
    expect(nodesOf(first).map((r) => r.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Quokka Person ${String(i).padStart(2, '0')}`));
    expect(nodesOf(first).every((r) => r.kind === 'VOLUNTEER')).toBe(true);
    expect(first.pageInfo.hasNextPage).toBe(true);
    expect(first.totalCount).toBe(25);
    const rest = await recipients(me, { search: 'QUOKKA person', after: first.pageInfo.endCursor });
    expect(rest.map((r) => r.name)).toEqual(Array.from({ length: 5 }, (_, i) => `Quokka Person ${String(i + 20).padStart(2, '0')}`));
    expect(await recipients(me, { search: 'quokka', first: 5 })).toHaveLength(5);
    // Wildcards are literal.
    expect(await recipients(me, { search: 'quokka%person' })).toEqual([]);
    expect(await recipients(me, { search: 'quokka_person' })).toEqual([]);
  });

  it('refuses bad paging arguments with BAD_USER_INPUT', async () => {
    const me = await member('Quill Caller');
    for (const vars of PAGING_REFUSALS) {
      expect(onlyError(await me.client.gql(RECIPIENTS, vars)).extensions?.code, JSON.stringify(vars)).toBe('BAD_USER_INPUT');
    }
  });
});
