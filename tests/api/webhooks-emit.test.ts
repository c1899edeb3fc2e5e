// Webhooks' outbox (issue 31): emit/emitMany write the event and one delivery per matching active
// endpoint in the caller's transaction, in one statement, and nothing when it rolls back.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../server/src/db/schema/index.js';
import { newMember } from '../helpers/client.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ allowPrivateOutboundUrls: true });
});
afterAll(async () => {
  await server?.close();
});
const db = () => server.clubroom.database.db;
const webhooks = () => server.clubroom.services.webhooks;

async function endpoint(userId: string, kind: 'member' | 'club' | 'platform', eventKinds: string[], over: Partial<typeof webhookEndpoints.$inferInsert> = {}) {
  const [row] = await db()
    .insert(webhookEndpoints)
    .values({ userId, kind, url: 'http://127.0.0.1:1/hook', eventKinds, scopes: ['read'], secret: 'whsec_dGVzdA==', ...over })
    .returning();
  return row!;
}

describe('emit', () => {
  it('writes one delivery per matching active endpoint, none for the others, in event order', async () => {
    const a = await newMember(server.url, { clubName: 'Emit Rowing Club' });
    const b = await newMember(server.url);
    const clubId = (await db().execute(sql`select id from clubs where id = ${a.user.id}`)) as unknown;
    const club = ((Array.isArray(clubId) ? clubId : (clubId as { rows: unknown[] }).rows) as Array<{ id: string }>)[0]!.id;
    const mine = await endpoint(a.user.id, 'member', ['message.received', 'council.meeting.published']);
    const theirs = await endpoint(b.user.id, 'member', ['message.received']);
    const clubs = await endpoint(a.user.id, 'club', ['volunteer.application.received', 'council.meeting.published'], { clubId: club });
    const off = await endpoint(a.user.id, 'member', ['message.received'], { status: 'disabled' });
    // A member endpoint that asked for a kind members may not receive.
    const wrong = await endpoint(a.user.id, 'member', ['volunteer.application.received']);

    await db().transaction(async (tx) => {
      await webhooks().emitMany(tx, [
        { kind: 'message.received', audience: { memberIds: [a.user.id] }, data: { n: 1 } },
        { kind: 'volunteer.application.received', audience: { clubId: club }, data: { n: 2 } },
        { kind: 'council.meeting.published', audience: { public: true }, data: { n: 3 } },
        { kind: 'club.session.answered', audience: { clubId: club }, data: { n: 4 } },
      ]);
    });
    const rows = await db()
      .select({ endpointId: webhookDeliveries.endpointId, seq: webhookDeliveries.seq, data: webhookEvents.data })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, sql`${webhookEvents.id} = ${webhookDeliveries.eventId}`)
      .orderBy(webhookDeliveries.seq, webhookDeliveries.endpointId);
    const got = (id: string) => rows.filter((r) => r.endpointId === id).map((r) => (r.data as { n: number }).n);
    expect(got(mine.id)).toEqual([1, 3]);
    expect(got(clubs.id)).toEqual([2, 3]);
    expect(got(theirs.id)).toEqual([]);
    expect(got(off.id)).toEqual([]);
    expect(got(wrong.id)).toEqual([]);
    // The event no endpoint asked for was not written.
    const kinds = (await db().select({ kind: webhookEvents.kind }).from(webhookEvents)).map((r) => r.kind);
    expect(kinds).not.toContain('club.session.answered');
  });

  it('writes nothing when the transaction rolls back', async () => {
    const a = await newMember(server.url);
    await endpoint(a.user.id, 'member', ['message.received']);
    const before = (await db().select().from(webhookEvents)).length;
    await expect(
      db().transaction(async (tx) => {
        await webhooks().emit(tx, { kind: 'message.received', audience: { memberIds: [a.user.id] }, data: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await db().select().from(webhookEvents)).length).toBe(before);
  });
});
