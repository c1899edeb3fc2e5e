// Webhook events end to end (issue 31): a member makes an endpoint over GraphQL, another member
// sends them a message over GraphQL, and the delivery worker brings `message.received` to the
// endpoint, signed (verified with the `standardwebhooks` library by the tests' receiver), in the
// envelope docs/API.md describes; nobody else's endpoint hears of it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { newMember, type ApiClient } from '../helpers/client.js';
import { payloadOk } from '../helpers/clubs.js';
import { sendOk } from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const CREATE = `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id } secret userErrors { field code message } } }`;

let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  server = await startServer({ allowPrivateOutboundUrls: true }, { WEBHOOK_DELIVERIES_PER_MINUTE: '6000' });
  // The test runs the worker's passes itself.
  await server.clubroom.webhookWorker.stop();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

async function endpoint(client: ApiClient, path: string): Promise<void> {
  const made = payloadOk<{ secret: string }>(await client.gql(CREATE, { input: { kind: 'MEMBER', url: receiver.url + path, eventKinds: ['message.received'], description: 'inbox' } }), 'createWebhookEndpoint');
  receiver.secrets.set(path, [made.secret]);
}

/** Worker passes until nothing is pending (each delivery due at once). */
async function drain(): Promise<void> {
  const db = server.clubroom.database.db;
  for (let pass = 0; pass < 20; pass++) {
    await db.execute(sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
    await db.execute(sql`update webhook_endpoints set next_send_at = now()`);
    const left = await db.execute(sql`select count(*)::int as n from webhook_deliveries where status = 'pending'`);
    const rows = (Array.isArray(left) ? left : (left as { rows: unknown[] }).rows) as Array<{ n: number }>;
    if (rows[0]!.n === 0) return;
    await server.clubroom.webhookWorker.runOnce();
  }
}

describe('message.received', () => {
  it('reaches the recipient\'s endpoint once, signed, and no one else\'s', async () => {
    const alice = await newMember(server.url, { fullName: 'Alice Sender' });
    const bob = await newMember(server.url, { fullName: 'Bob Receiver' });
    const carol = await newMember(server.url, { fullName: 'Carol Other' });
    await endpoint(bob.client, '/bob');
    await endpoint(carol.client, '/carol');

    const message = await sendOk(alice, bob, { subject: 'Kit for Saturday', content: 'Bring the spare bibs, please.' });
    await drain();

    const got = receiver.at('/bob');
    expect(got).toHaveLength(1);
    expect(got[0]!.verifiedWith).toHaveLength(1);
    expect(got[0]!.body).toEqual({
      type: 'message.received',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        message: {
          id: message.id,
          subject: 'Kit for Saturday',
          content: 'Bring the spare bibs, please.',
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          sender: { id: toGlobalId('Member', alice.user.id), name: 'Alice Sender' },
          recipient: { id: toGlobalId('Member', bob.user.id) },
        },
      },
    });
    expect(receiver.at('/carol')).toEqual([]);
  });
});
