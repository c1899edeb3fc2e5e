// sendMessage's idempotency key: a client that retries after a lost answer sends the same key again
// and gets the first message back, with no second message, notification or live event. The unique
// index on (sender_id, idempotency_key) holds even for concurrent duplicates.
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { collideOnInsert } from '../helpers/pg.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, notifications } from '../../server/src/db/schema/index.js';
import { newMember } from '../helpers/client.js';
import { CONTENT, SUBJECT, collect, countSentBy, dbOf, memberId, messageUuid, notificationsOf, onlyError, onlyUserError, send, sendOk, settled, type Member } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { wsClient } from '../helpers/ws.js';

const KEY_RULE = 'Idempotency key must be 1 to 100 visible ASCII characters';
const MESSAGE_RECEIVED = 'subscription { messageReceived { message { id subject } } }';

let server: TestServer;
let alice: Member;
let bob: Member;
let carol: Member;

beforeAll(async () => {
  server = await startServer();
  [alice, bob, carol] = await Promise.all([
    newMember(server.url, { fullName: 'Alice Retry' }),
    newMember(server.url, { fullName: 'Bob Receiver' }),
    newMember(server.url, { fullName: 'Carol Other' }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

const db = () => dbOf(server);

async function rowsWithKey(senderId: string, key: string) {
  return db().select().from(messages).where(and(eq(messages.senderId, senderId), eq(messages.idempotencyKey, key)));
}

async function notificationsOfMessage(messageId: string): Promise<number> {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(notifications).where(eq(notifications.messageId, messageUuid(messageId)));
  return row!.n;
}

describe('sendMessage with an idempotency key', () => {
  it('stores the key with the message', async () => {
    const key = randomUUID();
    const answer = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: key });
    expect(answer.errors).toBeUndefined();
    const rows = await rowsWithKey(alice.user.id, key);
    expect(rows.map((r) => r.id)).toEqual([messageUuid(answer.data!.sendMessage.message!.id)]);
  });

  it('answers a repeat with the first message: one row, one notification', async () => {
    const key = randomUUID();
    const input = { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: key };
    const sentBefore = await countSentBy(server, alice.user.id);
    const notifiedBefore = (await notificationsOf(server, bob.user.id)).length;

    const first = await send(alice.client, input);
    const repeat = await send(alice.client, input);
    expect(first.errors).toBeUndefined();
    expect(repeat.errors).toBeUndefined();
    expect(repeat.data!.sendMessage).toEqual(first.data!.sendMessage);
    expect(first.data!.sendMessage.userErrors).toEqual([]);

    expect(await countSentBy(server, alice.user.id)).toBe(sentBefore + 1);
    expect(await rowsWithKey(alice.user.id, key)).toHaveLength(1);
    expect((await notificationsOf(server, bob.user.id)).length).toBe(notifiedBefore + 1);
    expect(await notificationsOfMessage(first.data!.sendMessage.message!.id)).toBe(1);
  });

  it('answers a repeat with different content (or a reply) with the first message, unchanged', async () => {
    const key = randomUUID();
    const first = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: key });
    const changed = await send(alice.client, { recipientId: memberId(carol), subject: 'Another subject', content: 'Quite another text here', idempotencyKey: key });
    expect(changed.errors).toBeUndefined();
    expect(changed.data!.sendMessage).toEqual(first.data!.sendMessage);
    expect(changed.data!.sendMessage.message).toMatchObject({ recipient: { id: memberId(bob) }, subject: SUBJECT, content: CONTENT });
    const asReply = await send(alice.client, { recipientId: memberId(bob), replyToId: first.data!.sendMessage.message!.id, content: 'ok', idempotencyKey: key });
    expect(asReply.data!.sendMessage.message!.id).toBe(first.data!.sendMessage.message!.id);
    expect(await rowsWithKey(alice.user.id, key)).toHaveLength(1);
    expect((await notificationsOf(server, carol.user.id)).length).toBe(0);
  });

  it("keeps senders apart: another sender's same key sends their own message", async () => {
    const key = randomUUID();
    const mine = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: key });
    const theirs = await send(carol.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: key });
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data!.sendMessage.message!.id).not.toBe(mine.data!.sendMessage.message!.id);
    expect(theirs.data!.sendMessage.message!.sender.id).toBe(memberId(carol));
    expect(await rowsWithKey(alice.user.id, key)).toHaveLength(1);
    expect(await rowsWithKey(carol.user.id, key)).toHaveLength(1);
  });

  it('sends a new message each time without a key, and for each new key', async () => {
    const before = await countSentBy(server, alice.user.id);
    await sendOk(alice, bob);
    await sendOk(alice, bob);
    for (let i = 0; i < 2; i++) {
      const answer = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: randomUUID() });
      expect(answer.errors).toBeUndefined();
      expect(answer.data.sendMessage.userErrors).toEqual([]);
    }
    expect(await countSentBy(server, alice.user.id)).toBe(before + 4);
  });

  it('stores one message for concurrent duplicates, all answered with it, and notifies once', async () => {
    const key = randomUUID();
    const input = { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: key };
    const sentBefore = await countSentBy(server, alice.user.id);
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(alice.client, input)));
    for (const a of answers) expect(a.errors).toBeUndefined();
    const ids = new Set(answers.map((a) => a.data!.sendMessage.message!.id));
    expect(answers.every((a) => a.data.sendMessage.userErrors.length === 0)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await countSentBy(server, alice.user.id)).toBe(sentBefore + 1);
    expect(await notificationsOfMessage([...ids][0]!)).toBe(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL, duplicates that all pass the first lookup still store one message (the unique index decides)', async () => {
    // A separate connection holds a SHARE lock on messages: each send's lookup of the key gets
    // through (finding nothing) but its INSERT waits. Once all are seen waiting, the lock goes and
    // the inserts collide for real.
    const key = randomUUID();
    const input = { recipientId: memberId(bob), subject: 'Raced', content: CONTENT, idempotencyKey: key };
    const { results: answers, waiting } = await collideOnInsert(server.db.url!, 'messages', 3, () => [send(alice.client, input), send(alice.client, input), send(alice.client, input)]);
    expect(waiting, 'all three inserts were in flight together').toBe(3);
    for (const a of answers) expect(a.errors).toBeUndefined();
    expect(new Set(answers.map((a) => a.data!.sendMessage.message!.id)).size).toBe(1);
    const rows = await rowsWithKey(alice.user.id, key);
    expect(rows).toHaveLength(1);
    expect(await notificationsOfMessage(rows[0]!.id)).toBe(1);
  });

  it('publishes one live event for a repeated send', async () => {
    const ws = wsClient(server.url, bob.client.accessToken!);
    try {
      const received = collect<{ messageReceived: { message: { id: string; subject: string } } }>(ws, MESSAGE_RECEIVED);
      await settled(ws);
      const key = randomUUID();
      const input = { recipientId: memberId(bob), subject: 'Once only please', content: CONTENT, idempotencyKey: key };
      const first = await send(alice.client, input);
      await send(alice.client, input);
      await Promise.all([send(alice.client, input), send(alice.client, input)]);
      // A last message without a key marks the end: events arrive in the order sent.
      const marker = await sendOk(alice, bob, { subject: 'The marker' });
      await received.until((v) => v.messageReceived.message.id === marker.id);
      expect(received.values.map((v) => v.messageReceived.message.id)).toEqual([first.data!.sendMessage.message!.id, marker.id]);
      received.dispose();
    } finally {
      await ws.dispose();
    }
  });

  it('refuses a key that is empty, longer than 100 characters or not visible ASCII, and stores nothing', async () => {
    const before = await countSentBy(server, alice.user.id);
    for (const key of ['', 'x'.repeat(101), 'has space', 'clé', 'tab\there']) {
      const answer = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: key });
      expect(onlyUserError(answer, 'sendMessage'), JSON.stringify(key)).toEqual({ field: 'idempotencyKey', code: 'BAD_USER_INPUT', message: KEY_RULE });
    }
    // A NUL never reaches PostgreSQL (the input boundary may refuse it before the key's own rule).
    const nul = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: 'nul\u0000char' });
    expect(onlyError(nul).extensions?.code).toBe('BAD_USER_INPUT');
    const longest = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, idempotencyKey: 'k'.repeat(100) });
    expect(longest.errors).toBeUndefined();
    expect(longest.data.sendMessage.userErrors).toEqual([]);
    expect(await countSentBy(server, alice.user.id)).toBe(before + 1);
  });
});
