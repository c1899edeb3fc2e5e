// The messaging lists as connections: inbox, sentMessages, conversation, conversations and
// messageRecipients each page forward and backward without skipping or repeating an item while rows
// are added between page reads (at the end each pass walks away from), with times that tie or differ
// by a microsecond; and each refuses a page of more than 100.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../helpers/client.js';
import {
  CONVERSATION,
  CONVERSATIONS,
  INBOX,
  RECIPIENTS,
  SENT,
  dbOf,
  gqlOk,
  insertUsers,
  memberId,
  messageId,
  nodesOf,
  onlyError,
  type Connection,
  type ConversationView,
  type Member,
  type MessageView,
} from '../helpers/messages.js';
import { rowsOf } from '../../server/src/db/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
});

const db = () => dbOf(server);
const member = (fullName: string) => newMember(server.url, { fullName });

/** Long ago, and a moment ago: the two ends of every time-ordered list here. */
const OLD = "timestamptz '2001-01-01 00:00:00+00'";
const originalsAt = (g: string) => sql.raw(`timestamptz '2020-06-01 12:00:00+00' + (${g} / 3) * interval '1 microsecond'`);

/** `n` messages from one user to another whose times tie in threes and differ by a microsecond
 *  otherwise; answers their global ids, oldest first (ties by id, as the lists order them). */
async function originals(from: string, to: string, n: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await db().execute(sql`insert into messages (sender_id, recipient_id, subject, content, created_at)
      select ${from}, ${to}, 'Paged ' || g, 'A message to page through.', ${originalsAt('g')} from generate_series(1, ${n}) g
      returning id`),
  );
  const ordered = rowsOf<{ id: string }>(await db().execute(sql`select id from messages where id in ${sql`(${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})`} order by created_at, id`));
  return ordered.map((r) => messageId(r.id));
}

async function insertMessage(from: string, to: string, when: 'old' | 'now'): Promise<void> {
  await db().execute(sql`insert into messages (sender_id, recipient_id, subject, content, created_at)
    values (${from}, ${to}, 'Added while paging', 'A row added between two page reads.', ${when === 'old' ? sql.raw(OLD) : sql`now()`})`);
}

/**
 * Reads a list whole with `first` and `after`, then with `last` and `before`, calling the inserter
 * of the end being walked away from after every page; both passes must answer exactly `expected`
 * (the list before any insert), each item once, in list order.
 */
async function pageBothWays<T>(opts: {
  fetch: (vars: Record<string, unknown>) => Promise<Connection<T>>;
  key: (node: T) => string;
  expected: string[];
  /** Adds an item at the start of the list (behind a forward reader). */
  insertAtStart: () => Promise<void>;
  /** Adds an item at the end of the list (behind a backward reader). */
  insertAtEnd: () => Promise<void>;
  size: number;
}): Promise<void> {
  const forward: string[] = [];
  let after: string | null = null;
  for (let pages = 0; ; pages++) {
    expect(pages).toBeLessThan(50);
    const page = await opts.fetch({ first: opts.size, after });
    forward.push(...nodesOf(page).map(opts.key));
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    await opts.insertAtStart();
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  expect(forward).toEqual(opts.expected);

  const backward: string[] = [];
  let before: string | null = null;
  for (let pages = 0; ; pages++) {
    expect(pages).toBeLessThan(50);
    const page = await opts.fetch({ last: opts.size, before });
    backward.unshift(...nodesOf(page).map(opts.key));
    expect(page.pageInfo.hasNextPage).toBe(before !== null);
    await opts.insertAtEnd();
    if (!page.pageInfo.hasPreviousPage) break;
    before = page.pageInfo.startCursor;
  }
  // Whatever was added at the start while going forward is at the start now.
  const added = backward.length - opts.expected.length;
  expect(backward.slice(added)).toEqual(opts.expected);
  expect(new Set(backward).size).toBe(backward.length);
}

const connection = async <T,>(m: Member, query: string, field: string, vars: Record<string, unknown>): Promise<Connection<T>> => (await gqlOk(m.client, query, vars))[field];

describe('paging while rows are added', () => {
  it('inbox: newest first, both ways', async () => {
    const [me, p] = await Promise.all([member('Pager Inbox'), member('Pager Writer')]);
    const expected = (await originals(p.user.id, me.user.id, 25)).reverse();
    await pageBothWays<MessageView>({
      fetch: (vars) => connection(me, INBOX, 'inbox', vars),
      key: (m) => m.id,
      expected,
      insertAtStart: () => insertMessage(p.user.id, me.user.id, 'now'),
      insertAtEnd: () => insertMessage(p.user.id, me.user.id, 'old'),
      size: 7,
    });
  });

  it('sentMessages: newest first, both ways', async () => {
    const [me, p] = await Promise.all([member('Pager Sender'), member('Pager Reader')]);
    const expected = (await originals(me.user.id, p.user.id, 23)).reverse();
    await pageBothWays<MessageView>({
      fetch: (vars) => connection(me, SENT, 'sentMessages', vars),
      key: (m) => m.id,
      expected,
      insertAtStart: () => insertMessage(me.user.id, p.user.id, 'now'),
      insertAtEnd: () => insertMessage(me.user.id, p.user.id, 'old'),
      size: 6,
    });
  });

  it('conversation: oldest to newest, both ways, while messages arrive either way', async () => {
    const [me, p] = await Promise.all([member('Pager Chat'), member('Pager Partner')]);
    const mine = await originals(me.user.id, p.user.id, 12);
    const theirs = await originals(p.user.id, me.user.id, 12);
    const rows = rowsOf<{ id: string }>(
      await db().execute(sql`select id from messages where (sender_id = ${me.user.id} and recipient_id = ${p.user.id}) or (sender_id = ${p.user.id} and recipient_id = ${me.user.id}) order by created_at, id`),
    );
    const expected = rows.map((r) => messageId(r.id));
    expect(new Set(expected)).toEqual(new Set([...mine, ...theirs]));
    let turn = 0;
    await pageBothWays<MessageView>({
      fetch: (vars) => connection(me, CONVERSATION, 'conversation', { partnerId: memberId(p), ...vars }),
      key: (m) => m.id,
      expected,
      insertAtStart: () => (turn++ % 2 ? insertMessage(me.user.id, p.user.id, 'old') : insertMessage(p.user.id, me.user.id, 'old')),
      insertAtEnd: () => (turn++ % 2 ? insertMessage(me.user.id, p.user.id, 'now') : insertMessage(p.user.id, me.user.id, 'now')),
      size: 5,
    });
  });

  it('conversations: newest conversation first, both ways, while new conversations start', async () => {
    const me = await member('Pager Lists');
    const partners = await insertUsers(server, Array.from({ length: 22 }, (_, i) => `Conversation Partner ${i}`));
    await db().execute(sql`insert into messages (sender_id, recipient_id, subject, content, created_at)
      select p.id, ${me.user.id}, 'Hello', 'A conversation to page through.', ${originalsAt('p.n')}
      from unnest(${sql.raw(`array[${partners.map((id) => `'${id}'::uuid`).join(',')}]`)}) with ordinality as p(id, n)`);
    const rows = rowsOf<{ partner: string }>(await db().execute(sql`select sender_id as partner from messages where recipient_id = ${me.user.id} order by created_at desc, sender_id desc`));
    const expected = rows.map((r) => memberId(r.partner));
    const newConversation = async (when: 'old' | 'now') => {
      const [partner] = await insertUsers(server, [`Late Partner ${when}`]);
      await insertMessage(partner!, me.user.id, when);
    };
    await pageBothWays<ConversationView>({
      fetch: (vars) => connection(me, CONVERSATIONS, 'conversations', vars),
      key: (c) => c.partner.id,
      expected,
      insertAtStart: () => newConversation('now'),
      insertAtEnd: () => newConversation('old'),
      size: 4,
    });
  });

  it('messageRecipients: by name, both ways, while members join', async () => {
    const me = await member('Pager Picker');
    const ids = await insertUsers(server, Array.from({ length: 21 }, (_, i) => `Paging Recipient 1${String(i % 7).padStart(2, '0')}`));
    const rows = rowsOf<{ id: string }>(
      await db().execute(sql`select id from users where id in ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`} order by lower(full_name), id`),
    );
    const expected = rows.map((r) => memberId(r.id));
    await pageBothWays<{ id: string }>({
      fetch: (vars) => connection(me, RECIPIENTS, 'messageRecipients', { search: 'paging recipient', ...vars }),
      key: (r) => r.id,
      expected,
      insertAtStart: async () => void (await insertUsers(server, ['Paging Recipient 000'])),
      insertAtEnd: async () => void (await insertUsers(server, ['Paging Recipient 999'])),
      size: 5,
    });
  });
});

describe('page size', () => {
  it('refuses first or last over 100 on every messaging list, and takes 100', async () => {
    const [me, p] = await Promise.all([member('Pager Limits'), member('Pager Other')]);
    const lists: Array<[string, string, Record<string, unknown>]> = [
      [INBOX, 'inbox', {}],
      [SENT, 'sentMessages', {}],
      [CONVERSATION, 'conversation', { partnerId: memberId(p) }],
      [CONVERSATIONS, 'conversations', {}],
      [RECIPIENTS, 'messageRecipients', {}],
    ];
    for (const [query, field, vars] of lists) {
      for (const size of [{ first: 101 }, { last: 101 }]) {
        const error = onlyError(await me.client.gql(query, { ...vars, ...size }));
        expect(error, `${field} ${JSON.stringify(size)}`).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: { [Object.keys(size)[0]!]: `${Object.keys(size)[0]} must be between 1 and 100.` } } });
      }
      const answer = await me.client.gql(query, { ...vars, first: 100 });
      expect(answer.errors, field).toBeUndefined();
      expect(answer.data[field].pageInfo.hasNextPage, field).toBe(false);
    }
  });
});
