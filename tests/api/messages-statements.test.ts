// The number of SQL statements behind one request does not grow with the number of rows it
// answers: the conversation list is grouped in one query and the names of every row are loaded in
// one batch, by the same statement texts whatever the batch size (so prepared statements are
// reused). Statements are counted at the database handle (drizzle's query logger) of a server
// started for this file, on PostgreSQL or PGlite alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../helpers/client.js';
import { clubs } from '../../server/src/db/schema/index.js';
import {
  CONVERSATION,
  INBOX,
  RECIPIENTS,
  SENT,
  dbOf,
  gqlOk,
  insertMessages,
  insertUsers,
  memberId,
  nodesOf,
  pause,
  startCountingServer,
  type Connection,
  type ConversationView,
  type CountingServer,
  type Member,
  type MessageView,
} from '../helpers/messages.js';

const CONVERSATIONS_WITH_NAMES = `query Conversations($first: Int) {
  conversations(first: $first) {
    totalCount
    edges { cursor node { partner { id name kind } unreadCount lastMessage { id subject sender { id name } recipient { id name } } } }
  }
}`;

let server: CountingServer;
let me: Member;
let partners: string[];
const PARTNERS = 60;

beforeAll(async () => {
  server = await startCountingServer();
  me = await newMember(server.url, { fullName: 'Counting Member' });
  partners = await insertUsers(server, Array.from({ length: PARTNERS }, (_, i) => `Counted Partner ${String(i).padStart(2, '0')}`));
  // Every third partner is a club account, named by its club.
  await dbOf(server)
    .insert(clubs)
    .values(partners.filter((_, i) => i % 3 === 0).map((id, i) => ({ id, name: `Counted Club ${i}`, contactEmail: `club${i}@example.com`, applicationStatus: 'approved' as const })));
  // Messages both ways; some unread, the last message sometimes mine, sometimes theirs.
  const base = Date.now() - 10 * 60_000;
  const rows = partners.flatMap((id, i) => [
    { senderId: id, recipientId: me.user.id, subject: `From partner ${i}`, read: i % 2 === 0, createdAt: new Date(base + i * 2000) },
    ...(i % 4 === 0 ? [{ senderId: me.user.id, recipientId: id, subject: `To partner ${i}`, createdAt: new Date(base + i * 2000 + 1000) }] : []),
  ]);
  await insertMessages(server, rows);
  // One long conversation, both ways.
  await insertMessages(
    server,
    Array.from({ length: 60 }, (_, i) => ({
      senderId: i % 2 ? me.user.id : partners[1]!,
      recipientId: i % 2 ? partners[1]! : me.user.id,
      subject: `Long talk ${i}`,
      createdAt: new Date(base - 60_000 + i * 100),
    })),
  );
  // Let the sign-up's background work (the welcome mail) settle before anything is counted.
  await pause(500);
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** The statements one GraphQL request runs (background mail polling left out). */
async function statementsOf<T>(query: string, variables: Record<string, unknown>): Promise<{ data: T; statements: string[] }> {
  const start = server.statements.length;
  const data = await gqlOk<T>(me.client, query, variables);
  const statements = server.statements.slice(start).filter((s) => !/mail_outbox/i.test(s));
  return { data, statements };
}

describe('SQL statements per request', () => {
  it('counts statements at all (the counter is wired to the server the requests go to)', async () => {
    const { data, statements } = await statementsOf<{ conversations: Connection<ConversationView> }>(CONVERSATIONS_WITH_NAMES, { first: 5 });
    expect(data.conversations.edges).toHaveLength(5);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => /from messages/i.test(s) && /distinct on/i.test(s))).toBe(true);
  });

  it('runs as many statements for a conversations request of 50 rows as for one of 5 (names, last messages and unread counts included)', async () => {
    // Warm up once so that nothing loaded once per process is counted.
    await statementsOf(CONVERSATIONS_WITH_NAMES, { first: 5 });

    const five = await statementsOf<{ conversations: Connection<ConversationView> }>(CONVERSATIONS_WITH_NAMES, { first: 5 });
    const fifty = await statementsOf<{ conversations: Connection<ConversationView> }>(CONVERSATIONS_WITH_NAMES, { first: 50 });
    expect(five.data.conversations.edges).toHaveLength(5);
    expect(fifty.data.conversations.edges).toHaveLength(50);
    expect(fifty.data.conversations.totalCount).toBe(PARTNERS);

    // The answer is complete: every row has its partner and both members of its last message.
    const clubIds = new Set(partners.filter((_, i) => i % 3 === 0).map((id) => memberId(id)));
    for (const row of nodesOf(fifty.data.conversations)) {
      expect(row.partner.name).toMatch(clubIds.has(row.partner.id) ? /^Counted Club \d+$/ : /^Counted Partner \d+$/);
      const names = [row.lastMessage.sender.name, row.lastMessage.recipient.name];
      expect(names).toContain('Counting Member');
      expect(names).toContain(row.partner.name);
      expect(row.unreadCount).toBeGreaterThanOrEqual(0);
    }

    expect(fifty.statements.length, `5 rows:\n${five.statements.join('\n---\n')}\n\n50 rows:\n${fifty.statements.join('\n---\n')}`).toBe(five.statements.length);
    // One for the conversation rows, one for their count, a batch or two for the members, plus
    // whatever checks the caller's session: a handful, never one per row.
    expect(five.statements.length).toBeLessThanOrEqual(5);
    // The same texts too (lists of ids go as one array parameter): each is prepared once and reused.
    expect(new Set(fifty.statements)).toEqual(new Set(five.statements));
  });

  it('runs as many statements for an inbox, sent list or conversation of 50 messages with names as for one of 5', async () => {
    const lists: Array<[string, string, Record<string, unknown>]> = [
      [INBOX, 'inbox', {}],
      [SENT, 'sentMessages', {}],
      [CONVERSATION, 'conversation', { partnerId: memberId(partners[1]!) }],
    ];
    for (const [query, field, vars] of lists) {
      const five = await statementsOf<Record<string, Connection<MessageView>>>(query, { ...vars, last: 5 });
      expect(nodesOf(five.data[field]!)).toHaveLength(5);
      const fifty = await statementsOf<Record<string, Connection<MessageView>>>(query, { ...vars, last: 50 });
      const rows = nodesOf(fifty.data[field]!);
      expect(rows.length, field).toBeGreaterThan(5);
      expect(rows.length, field).toBe(Math.min(50, fifty.data[field]!.totalCount));
      expect(rows.every((m) => m.sender.name && m.recipient.name)).toBe(true);
      expect(fifty.statements.length, `${field}\n${fifty.statements.join('\n---\n')}`).toBe(five.statements.length);
      expect(new Set(fifty.statements), field).toEqual(new Set(five.statements));
    }
  });

  it('runs as many statements for a page of 50 recipients as for one of 5', async () => {
    const five = await statementsOf<{ messageRecipients: Connection<{ id: string; name: string; kind: string }> }>(RECIPIENTS, { search: 'Counted', first: 5 });
    const fifty = await statementsOf<{ messageRecipients: Connection<{ id: string; name: string; kind: string }> }>(RECIPIENTS, { search: 'Counted', first: 50 });
    expect(fifty.data.messageRecipients.edges).toHaveLength(50);
    expect(fifty.data.messageRecipients.totalCount).toBe(PARTNERS);
    expect(fifty.statements.length).toBe(five.statements.length);
  });
});
