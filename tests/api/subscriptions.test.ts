import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../helpers/client.js';
import { startSecondInstance, startServer, type TestServer } from '../helpers/server.js';
import { closeCodeOf, firstEvent, rawConnectionInit, wsClient } from '../helpers/ws.js';
import { collect } from '../helpers/messages.js';

let a: TestServer;
let b: Awaited<ReturnType<typeof startSecondInstance>>;

beforeAll(async () => {
  a = await startServer();
  b = await startSecondInstance(a);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('graphql-ws subscriptions on /graphql', () => {
  it('tells a subscriber on instance B at once when its session is signed out through instance A', async () => {
    const { client } = await newMember(a.url);
    const ws = wsClient(b.url, client.accessToken!);
    try {
      const { event, ready } = firstEvent<{ sessionRevoked: { reason: string | null } }>(ws, 'subscription { sessionRevoked { reason } }');
      await ready;
      const signOut = await client.rest('POST', '/api/auth/signout');
      expect(signOut.body.success).toBe(true);
      await expect(event).resolves.toEqual({ sessionRevoked: { reason: 'SIGNED_OUT' } });
    } finally {
      await ws.dispose();
    }
  });

  it('does not tell other sessions when one session signs out', async () => {
    const first = await newMember(a.url);
    const other = await newMember(a.url);
    const ws = wsClient(b.url, other.client.accessToken!);
    try {
      const { event, ready } = firstEvent(ws, 'subscription { sessionRevoked { reason } }');
      await ready;
      await first.client.rest('POST', '/api/auth/signout');
      const outcome = await Promise.race([event.then(() => 'event'), new Promise((r) => setTimeout(() => r('quiet'), 1500))]);
      expect(outcome).toBe('quiet');
    } finally {
      await ws.dispose();
    }
  });

  it('refuses connection_init with a token that is not valid: closes 4403 Forbidden, acknowledges nothing, carries nothing', async () => {
    for (const authorization of ['Bearer not-a-token', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', 'Bearer ' + 'a'.repeat(5000)]) {
      const outcome = await rawConnectionInit(a.url, { authorization }, { query: 'subscription { unreadNotificationCount { count } }' });
      expect(outcome.code, authorization.slice(0, 40)).toBe(4403);
      expect(outcome.messages, authorization.slice(0, 40)).toEqual([]);
    }
    // The same through the graphql-ws client: the subscription ends with that close, no value.
    const ws = wsClient(a.url, 'not-a-token');
    try {
      const sub = collect(ws, 'subscription { unreadNotificationCount { count } }');
      expect(closeCodeOf(await sub.failure())).toBe(4403);
      expect(sub.values).toEqual([]);
    } finally {
      await ws.dispose();
    }
  });

  it('refuses a subscription that needs a signed-in user when connection_init carries none', async () => {
    const ws = wsClient(a.url);
    try {
      const { event } = firstEvent(ws, 'subscription { sessionRevoked { reason } }');
      await expect(event).rejects.toThrow('Authentication required');
    } finally {
      await ws.dispose();
    }
  });
});
