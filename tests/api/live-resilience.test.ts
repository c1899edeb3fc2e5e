// Live updates that survive trouble: the LISTEN connection killed under a running server (it
// listens again, and every open live count is sent afresh, since the events of that moment are
// lost), and a client that stops reading (cut off before the server holds 1 MB for it). Real
// server and PostgreSQL; no timing is asserted: every wait is for an event, with a time limit.
import type { Socket } from 'node:net';
import postgres from 'postgres';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { LISTEN_APPLICATION_NAME } from '../../server/src/db/listener.js';
import { Topic } from '../../server/src/graphql/pubsub.js';
import { newMember } from '../helpers/client.js';
import { collect, messageUuid, pause, sendOk, type Member } from '../helpers/messages.js';
import { TEST_DATABASE_URL } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { rawConnectionInit, wsClient } from '../helpers/ws.js';
import { createToken } from '../helpers/api-tokens.js';

const UNREAD_MESSAGES = 'subscription { unreadMessageCount { count } }';
type UnreadMessages = { unreadMessageCount: { count: number } };

let a: TestServer;
let sql: postgres.Sql | undefined;
const sockets: Client[] = [];

beforeAll(async () => {
  a = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  if (a.db.url) sql = postgres(a.db.url, { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await sql?.end();
  await a?.close();
});

const member = (fullName: string) => newMember(a.url, { fullName });

/** The backend holding this server's LISTEN (its database is this test's own). */
async function listenBackend(db: postgres.Sql): Promise<{ pid: number; backendStart: Date } | undefined> {
  const [row] = await db<{ pid: number; backend_start: Date }[]>`
    select pid, backend_start from pg_stat_activity
    where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME} and query ilike 'listen%'`;
  return row ? { pid: row.pid, backendStart: row.backend_start } : undefined;
}

/** Polls until `check` answers something, for at most `timeoutMs`. */
async function eventually<T>(check: () => Promise<T | undefined>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(50);
  }
}

describe.skipIf(!TEST_DATABASE_URL)('the LISTEN connection dies (PostgreSQL)', () => {
  it('listens again and sends every open live count afresh, the change made while it was down included', async () => {
    const db = sql!;
    const [me, p] = await Promise.all([member('Lou Listen'), member('Pia Probe')]);
    const ws = wsClient(a.url, me.client.accessToken ?? undefined);
    sockets.push(ws);
    const counts = collect<UnreadMessages>(ws, UNREAD_MESSAGES);
    expect(await counts.nth(1)).toEqual({ unreadMessageCount: { count: 0 } });

    // Kill the listening backend and send while it is gone. Should the server be back (listening
    // again) before the send commits, that NOTIFY was heard: the round is repeated until one was
    // certainly lost (the new LISTEN began after the send had committed).
    let sent = 0;
    let lost = false;
    for (let round = 1; round <= 5 && !lost; round++) {
      const before = await eventually(() => listenBackend(db), 'the LISTEN backend', 5000);
      await db`select pg_terminate_backend(${before.pid})`;
      await sendOk(p, me);
      sent++;
      const [{ now }] = await db<{ now: Date }[]>`select clock_timestamp() as now`;
      // Listens again within 5 s.
      const after = await eventually(async () => {
        const b = await listenBackend(db);
        return b && b.pid !== before.pid ? b : undefined;
      }, 'a new LISTEN backend', 5000);
      lost = after.backendStart > now;
    }
    expect(lost).toBe(true);
    // Once listening again, /health says so (it answers 503 'reconnecting' while the LISTEN is lost).
    const health = await eventually(async () => {
      const res = await fetch(`${a.url}/health`);
      const body = (await res.json()) as { liveEvents: string };
      return res.status === 200 && body.liveEvents === 'listening' ? body : undefined;
    }, 'the health check to say listening', 5000);
    expect(health).toMatchObject({ status: 'ok', liveEvents: 'listening' });
    // The count, sent again after listening again, includes the message whose event was lost.
    expect(await counts.until((v) => v.unreadMessageCount.count === sent, { timeoutMs: 5000 })).toEqual({ unreadMessageCount: { count: sent } });

    // And live events flow again.
    const mark = counts.values.length;
    await sendOk(p, me);
    expect(await counts.until((v) => v.unreadMessageCount.count === sent + 1, { after: mark })).toEqual({ unreadMessageCount: { count: sent + 1 } });
    counts.dispose();
  }, 60_000);
});

describe.skipIf(!TEST_DATABASE_URL)('a session that ends while LISTEN is down (PostgreSQL)', () => {
  it('is checked again once listening again: its sockets (a session, an API token) get the notice and are closed, others stay', async () => {
    const db = sql!;
    const [ended, token, kept] = await Promise.all([member('Eve Ended'), member('Tom Token'), member('Kim Kept')]);
    const { secret } = await createToken(token.client, ['READ']);
    const SESSION_REVOKED = 'subscription { sessionRevoked { reason } }';
    const listening = a.clubroom.pubsub.stats().listeners;
    // Each socket subscribes to its live count; the signed-in one to the session notice as well.
    const watch = (authorization: string, query: string) => rawConnectionInit(a.url, { authorization: `Bearer ${authorization}` }, { query, timeoutMs: 20_000 });
    const endedSocket = watch(ended.client.accessToken!, SESSION_REVOKED);
    const tokenSocket = watch(secret, UNREAD_MESSAGES);
    const keptSocket = watch(kept.client.accessToken!, UNREAD_MESSAGES);
    // All three are open and subscribed (the server answers the live counts it was asked for).
    await eventually(async () => (a.clubroom.pubsub.stats().listeners >= listening + 3 ? true : undefined), 'the three subscriptions', 10_000);

    // The LISTEN connection goes; the session and the token end without any event (as if their
    // NOTIFY had been lost with it).
    const before = await eventually(() => listenBackend(db), 'the LISTEN backend', 5000);
    await db`select pg_terminate_backend(${before.pid})`;
    await db`update sessions set revoked_at = now() where user_id = ${ended.user.id}`;
    await db`update api_tokens set revoked_at = now() where user_id = ${token.user.id}`;

    const [endedOutcome, tokenOutcome] = await Promise.all([endedSocket, tokenSocket]);
    expect(endedOutcome.code).toBe(4401);
    expect(endedOutcome.messages).toContainEqual(expect.objectContaining({ type: 'next', payload: { data: { sessionRevoked: { reason: null } }, extensions: { schemaVersion: expect.any(String) } } }));
    expect(tokenOutcome.code).toBe(4401);
    // The other member's socket was not touched: it stays open until this test closes it.
    expect((await keptSocket).code).toBe(0);
  }, 60_000);
});

/** A raw graphql-transport-ws connection for `m`, subscribed `times` times to `query`. */
function rawSubscriber(m: Member, query: string, times: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${a.url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${m.client.accessToken}` } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string };
      if (message.type === 'connection_ack') {
        for (let i = 1; i <= times; i++) socket.send(JSON.stringify({ id: String(i), type: 'subscribe', payload: { query } }));
        // A live count after them: its first value means the earlier subscribes were handled too.
        socket.send(JSON.stringify({ id: 'count', type: 'subscribe', payload: { query: UNREAD_MESSAGES } }));
      }
      if (message.type === 'next') resolve(socket);
    });
    socket.on('error', reject);
  });
}

describe('a client that stops reading', () => {
  it('is cut off before the server holds 1 MB of messages for it', async () => {
    const [me, p] = await Promise.all([member('Sal Slow'), member('Rex Rapid')]);
    const big = await sendOk(p, me, { content: 'A long message. '.repeat(312) });

    // The server's end of the connection, to read how much it holds unsent.
    let serverSide: Socket | undefined;
    const onUpgrade = (_request: unknown, socket: Socket) => (serverSide = socket);
    a.clubroom.app.server.on('upgrade', onUpgrade);
    // Ten subscriptions to new messages: each event sends ten copies (~50 KB).
    const client = await rawSubscriber(me, 'subscription { messageReceived { message { id content } } }', 10);
    a.clubroom.app.server.off('upgrade', onUpgrade);
    const server = serverSide!;
    let closed = false;
    server.once('close', () => (closed = true));
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, server.writableLength)), 1);

    // The client stops reading; the events keep coming (the same ~5 KB message announced again and
    // again, through the server's own pub/sub, as sendMessage announces it).
    (client as unknown as { _socket: Socket })._socket.pause();
    const publish = () => a.clubroom.pubsub.publish(Topic.MessageReceived, { messageId: messageUuid(big.id) }, { id: me.user.id });
    let published = 0;
    while (!closed && published < 5000) {
      await Promise.all(Array.from({ length: 10 }, publish));
      published += 10;
      most = Math.max(most, server.writableLength);
    }
    await eventually(async () => (closed ? true : undefined), 'the server to close the socket', 30_000);
    clearInterval(watch);

    expect(closed).toBe(true);
    expect(most).toBeLessThan(1024 * 1024);
    // The limit is what cut it: the buffer had grown well past what one message needs.
    expect(most).toBeGreaterThan(256 * 1024);
    client.terminate();
  }, 120_000);
});
