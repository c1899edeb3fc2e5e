// Resuming notificationAdded over graphql-ws with `after` (docs/API.md 'Resuming a subscription'):
// the notifications added while a subscriber was away are replayed in order, then the live ones,
// one added during the replay exactly once; a cursor too old, or with too many events after it,
// is CURSOR_EXPIRED; a malformed one BAD_USER_INPUT; another member's events never appear.
// No timing is asserted: every wait is for an event, with generous time limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { newMember } from '../helpers/client.js';
import { NOTIFICATIONS, collect, gqlOk, pause, sendOk, settled, type Member } from '../helpers/messages.js';
import { TEST_DATABASE_URL } from '../helpers/pg.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { rawConnectionInit, wsClient } from '../helpers/ws.js';
import { NOTIFICATION_REPLAY_HOURS, NOTIFICATION_REPLAY_MAX } from '../../server/src/modules/notifications/notifications.rules.js';

type Added = { notificationAdded: { cursor: string; notification: { id: string; title: string; message: { id: string } | null } } };
const FIELDS = '{ cursor notification { id title message { id } } }';
const added = (after?: string) => `subscription { notificationAdded${after === undefined ? '' : `(after: ${JSON.stringify(after)})`} ${FIELDS} }`;

let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  // One sender's messages fold into one notification within the collapse window; here each is its own.
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } }, { NOTIFICATION_COLLAPSE_MINUTES: '0' });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await server?.close();
});

const member = (fullName: string) => newMember(server.url, { fullName });
function socket(m: Member): Client {
  const ws = wsClient(server.url, m.client.accessToken ?? undefined);
  sockets.push(ws);
  return ws;
}
const messageIds = (events: Added[]) => events.map((e) => e.notificationAdded.notification.message?.id);
/** What the server answered a subscribe with `variables` on a raw connection: its error, if any. */
async function subscribeError(m: Member, after: string) {
  const outcome = await rawConnectionInit(server.url, { authorization: `Bearer ${m.client.accessToken}` }, {
    query: 'subscription Resume($after: String) { notificationAdded(after: $after) { cursor } }',
    variables: { after },
  });
  // An error of the subscribe resolver comes as a `next` with errors, then `complete`.
  type Errors = Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string> } }>;
  const result = outcome.messages.find((msg) => msg.type === 'next' || msg.type === 'error');
  return result?.type === 'next' ? (result.payload as { errors?: Errors }).errors?.[0] : (result?.payload as Errors | undefined)?.[0];
}
/** The cursor `cursor` with another instant (cursors are base64url JSON: list name, instant, id). */
function withInstant(cursor: string, instant: Date): string {
  const [list, , id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string, string];
  return Buffer.from(JSON.stringify([list, instant.toISOString().replace('Z', '000Z'), id]), 'utf8').toString('base64url');
}

describe('notificationAdded(after:)', () => {
  it('replays what arrived while disconnected, in order, then goes live; each event carries its list cursor', async () => {
    const [me, sender, other] = await Promise.all([member('Rae Resumer'), member('Sol Sender'), member('Oona Other')]);
    const first = socket(me);
    const live = collect<Added>(first, added());
    await settled(first);
    const m1 = await sendOk(sender, me, { content: 'The first message, heard live before the connection dropped.' });
    const seen = await live.nth(1);
    expect(seen.notificationAdded.notification.message?.id).toBe(m1.id);
    await first.dispose();

    // While away: three for me, one for another member.
    const m2 = await sendOk(sender, me, { content: 'The second message, sent while the connection was down.' });
    const m3 = await sendOk(sender, me, { content: 'The third message, sent while the connection was down.' });
    await sendOk(sender, other, { content: 'A message for another member, never for the resumer.' });
    const m4 = await sendOk(sender, me, { content: 'The fourth message, sent while the connection was down.' });

    const again = socket(me);
    const resumed = collect<Added>(again, added(seen.notificationAdded.cursor));
    await resumed.nth(3);
    await settled(again);
    const m5 = await sendOk(sender, me, { content: 'The fifth message, heard live after the replay.' });
    await resumed.nth(4);
    await pause(500);
    expect(resumed.errors).toEqual([]);
    expect(messageIds(resumed.values)).toEqual([m2.id, m3.id, m4.id, m5.id]);

    // The cursors are the list's edge cursors: resuming from the list works the same.
    const list = await gqlOk<{ notifications: { edges: Array<{ cursor: string; node: { id: string } }> } }>(me.client, NOTIFICATIONS, { first: 10 });
    const byId = new Map(list.notifications.edges.map((e) => [e.node.id, e.cursor]));
    for (const event of resumed.values) expect(event.notificationAdded.cursor).toBe(byId.get(event.notificationAdded.notification.id));
    expect(seen.notificationAdded.cursor).toBe(byId.get(seen.notificationAdded.notification.id));

    // From the newest cursor there is nothing to replay.
    const caughtUp = collect<Added>(socket(me), added(resumed.values[3]!.notificationAdded.cursor));
    const m6 = await sendOk(sender, me, { content: 'The sixth message: the only one after the newest cursor.' });
    await caughtUp.nth(1);
    await pause(500);
    expect(messageIds(caughtUp.values)).toEqual([m6.id]);
  });

  it("never replays another member's events, even from that member's cursor", async () => {
    const [me, other, sender] = await Promise.all([member('Mia Mine'), member('Theo Theirs'), member('Sam Sends')]);
    const otherWs = socket(other);
    const theirs = collect<Added>(otherWs, added());
    await settled(otherWs);
    await sendOk(sender, other, { content: 'For the other member: this gives us their cursor to try.' });
    const cursor = (await theirs.nth(1)).notificationAdded.cursor;
    await sendOk(sender, other, { content: 'For the other member again, after their cursor.' });
    const mine = await sendOk(sender, me, { content: 'For me, after the other member’s cursor.' });
    await theirs.nth(2);

    const resumed = collect<Added>(socket(me), added(cursor));
    await resumed.nth(1);
    await pause(1000);
    expect(messageIds(resumed.values)).toEqual([mine.id]);
  });

  it('a malformed cursor, or one of another list, is BAD_USER_INPUT on `after`', async () => {
    const me = await member('Mal Formed');
    for (const after of ['not a cursor!', 'bm90IGpzb24', Buffer.from(JSON.stringify(['inbox', '2026-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000'])).toString('base64url')]) {
      const error = await subscribeError(me, after);
      expect(error).toMatchObject({ message: 'Invalid cursor: pass a cursor this list gave you.', extensions: { code: 'BAD_USER_INPUT', fields: { after: expect.any(String) } } });
    }
  });

  it(`a cursor older than ${NOTIFICATION_REPLAY_HOURS} hours, or with more than ${NOTIFICATION_REPLAY_MAX} events after it, is CURSOR_EXPIRED`, async () => {
    const [me, sender] = await Promise.all([member('Olive Old'), member('Owen Older')]);
    const ws = socket(me);
    const live = collect<Added>(ws, added());
    await settled(ws);
    await sendOk(sender, me, { content: 'One message to have a cursor of my own.' });
    const cursor = (await live.nth(1)).notificationAdded.cursor;

    const old = await subscribeError(me, withInstant(cursor, new Date(Date.now() - (NOTIFICATION_REPLAY_HOURS + 1) * 3_600_000)));
    expect(old).toMatchObject({ extensions: { code: 'CURSOR_EXPIRED', fields: { after: expect.stringContaining('Read the notifications list again') } } });
    expect(old!.message).toContain(`${NOTIFICATION_REPLAY_HOURS} hours`);

    // More than the replay's bound after the cursor (written straight into the bell).
    await server.db.database.db.execute(
      sql`insert into notifications (user_id, type, kind, title, description) select ${me.user.id}::uuid, 'system', 'message_received', 'Filler ' || n, 'Filler' from generate_series(1, ${NOTIFICATION_REPLAY_MAX + 1}) as n`,
    );
    const many = await subscribeError(me, cursor);
    expect(many).toMatchObject({ extensions: { code: 'CURSOR_EXPIRED' } });

    // Without a cursor, the subscription works as ever.
    const fresh = collect<Added>(socket(me), added());
    const later = collect<Added>(socket(me), added());
    await Promise.all([settled(sockets.at(-1)!), settled(sockets.at(-2)!)]);
    const m = await sendOk(sender, me, { content: 'Live again without a cursor after the expired one.' });
    expect((await fresh.nth(1)).notificationAdded.notification.message?.id).toBe(m.id);
    expect((await later.nth(1)).notificationAdded.notification.message?.id).toBe(m.id);
  });
});

// Holding a lock on the bell from another connection: PostgreSQL only (npm test runs on it).
describe.runIf(Boolean(TEST_DATABASE_URL))('an event committed during the replay', () => {
  it('arrives exactly once, after the replayed ones', async () => {
    const [me, sender] = await Promise.all([member('Seam Watcher'), member('Seam Sender')]);
    const first = socket(me);
    const live = collect<Added>(first, added());
    await settled(first);
    await sendOk(sender, me, { content: 'Before the drop: this one gives the cursor.' });
    const cursor = (await live.nth(1)).notificationAdded.cursor;
    await first.dispose();
    const m2 = await sendOk(sender, me, { content: 'While away: replayed on resuming.' });

    // Another connection adds a notification (and its live event) and holds the bell locked, so
    // the replay's read waits for it; it commits while the replay waits.
    const holder = postgres(server.db.url!, { max: 1, onnotice: () => {} });
    const watcher = postgres(server.db.url!, { max: 1, onnotice: () => {} });
    try {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: (id: string) => void;
      const isLocked = new Promise<string>((resolve) => (locked = resolve));
      const held = holder.begin(async (tx) => {
        const [row] = await tx`insert into notifications (user_id, type, kind, title, description) values (${me.user.id}, 'system', 'message_received', 'At the seam', 'Added during the replay') returning id`;
        const id = row!.id as string;
        await tx`select pg_notify('clubroom_events', ${JSON.stringify({ topic: 'NOTIFICATION_ADDED', id: me.user.id, payload: { notificationId: id } })})`;
        await tx.unsafe('lock table notifications in access exclusive mode');
        locked(id);
        await released;
      });
      const seamId = await isLocked;
      const resumed = collect<Added>(socket(me), added(cursor));
      for (;;) {
        const [row] = await watcher`select count(*)::int as n from pg_locks where relation = 'notifications'::regclass and not granted`;
        if ((row!.n as number) > 0) break;
        await pause(20);
      }
      release();
      await held;

      await resumed.nth(2);
      const m3 = await sendOk(sender, me, { content: 'After the seam: live.' });
      await resumed.until((e) => e.notificationAdded.notification.message?.id === m3.id);
      await pause(500);
      expect(resumed.errors).toEqual([]);
      expect(resumed.values.map((e) => e.notificationAdded.notification.message?.id ?? e.notificationAdded.notification.id)).toEqual([m2.id, toGlobalId('Notification', seamId), m3.id]);
    } finally {
      await holder.end();
      await watcher.end();
    }
  });
});
