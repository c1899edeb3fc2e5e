// The number of SQL statements behind one request does not grow with the number of rows it
// answers: the conversation list is grouped in one query and the names of every row are loaded in
// one batch. Statements are counted at the database handle (drizzle's query logger) of a server
// started for this file, on PostgreSQL or PGlite alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../helpers/client.js';
import { clubs } from '../../server/src/db/schema/index.js';
import {
  CONVERSATIONS,
  INBOX,
  SENT,
  dbOf,
  gqlOk,
  insertMessages,
  insertUsers,
  pause,
  startCountingServer,
  type ConversationView,
  type CountingServer,
  type Member,
  type MessageView,
} from '../helpers/messages.js';

const CONVERSATIONS_WITH_NAMES = `query Conversations($limit: Int) {
  conversations(limit: $limit) {
    partnerId partnerName unreadCount
    lastMessage { id subject senderName recipientName }
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
    const { data, statements } = await statementsOf<{ conversations: ConversationView[] }>(CONVERSATIONS_WITH_NAMES, { limit: 5 });
    expect(data.conversations).toHaveLength(5);
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.some((s) => /from messages/i.test(s) && /distinct on/i.test(s))).toBe(true);
  });

  it('runs as many statements for a conversations request of 50 rows as for one of 5 (names, last messages and unread counts included)', async () => {
    // Warm up once so that nothing loaded once per process is counted.
    await statementsOf(CONVERSATIONS_WITH_NAMES, { limit: 5 });

    const five = await statementsOf<{ conversations: ConversationView[] }>(CONVERSATIONS_WITH_NAMES, { limit: 5 });
    const fifty = await statementsOf<{ conversations: ConversationView[] }>(CONVERSATIONS_WITH_NAMES, { limit: 50 });
    expect(five.data.conversations).toHaveLength(5);
    expect(fifty.data.conversations).toHaveLength(50);

    // The answer is complete: every row has its partner's name and both names of its last message.
    const clubIds = new Set(partners.filter((_, i) => i % 3 === 0));
    for (const row of fifty.data.conversations) {
      expect(row.partnerName).toMatch(clubIds.has(row.partnerId) ? /^Counted Club \d+$/ : /^Counted Partner \d+$/);
      const names = [row.lastMessage.senderName, row.lastMessage.recipientName];
      expect(names).toContain('Counting Member');
      expect(names).toContain(row.partnerName);
      expect(row.unreadCount).toBeGreaterThanOrEqual(0);
    }

    expect(fifty.statements.length, `5 rows:\n${five.statements.join('\n---\n')}\n\n50 rows:\n${fifty.statements.join('\n---\n')}`).toBe(five.statements.length);
    // One for the conversation rows, one batch for the display names, plus whatever checks the
    // caller's session: a handful, never one per row.
    expect(five.statements.length).toBeLessThanOrEqual(4);
  });

  it('runs as many statements for an inbox or sent list of 50 messages with names as for one of 5', async () => {
    for (const query of [INBOX, SENT]) {
      const five = await statementsOf<{ inbox?: MessageView[]; sentMessages?: MessageView[] }>(query, { limit: 5 });
      const fifty = await statementsOf<{ inbox?: MessageView[]; sentMessages?: MessageView[] }>(query, { limit: 50 });
      const rows = fifty.data.inbox ?? fifty.data.sentMessages ?? [];
      expect(rows.length, query).toBeGreaterThan(5);
      expect(rows.every((m) => m.senderName && m.recipientName)).toBe(true);
      expect(fifty.statements.length, query).toBe(five.statements.length);
    }
  });
});
