// Webhooks (issue 31 §1): endpoints made over GraphQL, deliveries signed per Standard Webhooks and
// verified by a receiver of the tests' own with the `standardwebhooks` library; retries (time
// moved forward, not waited for), exactly one successful delivery per event per endpoint,
// redelivery with the same webhook-id, the rotation's grace, disabling after failures with the
// owner told, refused URLs (at creation and at connect time), authorization, two workers and a
// worker killed mid-delivery.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromGlobalId } from '../../server/src/graphql/relay.js';
import { SecretBox } from '../../server/src/lib/secret-box.js';
import type { Viewer } from '../../server/src/lib/viewer.js';
import { WebhooksService } from '../../server/src/modules/webhooks/webhooks.service.js';
import { UNREADABLE_SECRET, WebhookWorker } from '../../server/src/modules/webhooks/webhooks.worker.js';
import type { WebhookEvent } from '../../server/src/modules/webhooks/webhooks.rules.js';
import { newMember, type ApiClient } from '../helpers/client.js';
import { payloadOk, refusalOf } from '../helpers/clubs.js';
import { waitForMails } from '../helpers/mail.js';
import { TEST_DATABASE_URL } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { WebhookReceiver } from '../helpers/webhook-receiver.js';

const CREATE = `mutation($input: CreateWebhookEndpointInput!) { createWebhookEndpoint(input: $input) { endpoint { id kind url eventKinds scopes status } secret userErrors { field code message } } }`;
const ROTATE = `mutation($input: WebhookEndpointIdInput!) { rotateWebhookSecret(input: $input) { endpoint { id previousSecretExpiresAt } secret userErrors { field code message } } }`;
const REDELIVER = `mutation($input: RedeliverWebhookInput!) { redeliverWebhook(input: $input) { delivery { id webhookId status } userErrors { field code message } } }`;
const REPLAY = `mutation($input: ReplayWebhookDeliveriesInput!) { replayWebhookDeliveries(input: $input) { endpoint { id } requeuedCount userErrors { field code message } } }`;
const UPDATE = `mutation($input: UpdateWebhookEndpointInput!) { updateWebhookEndpoint(input: $input) { endpoint { id url eventKinds } userErrors { field code message } } }`;
const DELETE = `mutation($input: WebhookEndpointIdInput!) { deleteWebhookEndpoint(input: $input) { deletedEndpointId userErrors { field code message } } }`;
const ENABLE = `mutation($input: WebhookEndpointIdInput!) { enableWebhookEndpoint(input: $input) { endpoint { id status consecutiveFailures } userErrors { field code message } } }`;
const LOG = `query($id: ID!) { node(id: $id) { ... on WebhookEndpoint { id status disabledReason consecutiveFailures deliveries(first: 20) { totalCount nodes { id webhookId status eventKind attemptCount payload attempts { attemptNumber responseStatus responseBody error redelivery durationMs } } } } } }`;

const ROOT = join(import.meta.dirname, '..', '..');
let server: TestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
  // 6000 a minute: the rate limit never holds a test up (another test checks it holds).
  server = await startServer({ allowPrivateOutboundUrls: true }, { WEBHOOK_DELIVERIES_PER_MINUTE: '6000' });
  // The tests run the worker's passes themselves.
  await server.clubroom.webhookWorker.stop();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const db = () => server.clubroom.database.db;
const worker = () => server.clubroom.webhookWorker;
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
let paths = 0;
const newPath = () => `/hook-${++paths}`;

async function emit(event: WebhookEvent): Promise<void> {
  await db().transaction((tx) => server.clubroom.services.webhooks.emit(tx, event));
}

/** Time moved forward: every pending delivery is due now, the rate's spacing spent. */
async function moveTime(): Promise<void> {
  await db().execute(sql`update webhook_deliveries set next_attempt_at = now() where status = 'pending'`);
  await db().execute(sql`update webhook_endpoints set next_send_at = now()`);
}

/** Passes until nothing is pending (moving time forward each time); answers how many passes. */
async function drain(max = 100): Promise<number> {
  let passes = 0;
  for (; passes < max; passes++) {
    await moveTime();
    const [left] = rowsOf<{ n: number }>(await db().execute(sql`select count(*)::int as n from webhook_deliveries d join webhook_endpoints p on p.id = d.endpoint_id where d.status = 'pending' and p.status = 'active'`));
    if (left!.n === 0) break;
    await worker().runOnce();
  }
  return passes;
}

async function createEndpoint(client: ApiClient, path: string, over: Record<string, unknown> = {}) {
  const payload = payloadOk<{ endpoint: { id: string; scopes: string[] }; secret: string }>(
    await client.gql(CREATE, { input: { kind: 'MEMBER', url: receiver.url + path, eventKinds: ['message.received'], description: 'tests', ...over } }),
    'createWebhookEndpoint',
  );
  receiver.secrets.set(path, [payload.secret]);
  return payload;
}

describe('delivery', () => {
  it('signs every request, retries the first two failures and delivers each event once', async () => {
    const { client, user } = await newMember(server.url);
    const path = newPath();
    const { endpoint, secret } = await createEndpoint(client, path);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(endpoint.scopes).toEqual(['read']);
    receiver.failFirst.set(path, 2);
    await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: { message: { id: 'TWVzc2FnZTox', body: 'hello' } } });

    expect(await worker().runOnce()).toBe(1);
    // Not due before its backoff: nothing is sent.
    expect(await worker().runOnce()).toBe(0);
    await drain();
    const got = receiver.at(path);
    expect(got.map((r) => r.answered)).toEqual([500, 500, 204]);
    // The same webhook-id on every attempt, each one signed and verified.
    expect(new Set(got.map((r) => r.id)).size).toBe(1);
    for (const r of got) expect(r.verifiedWith).toEqual([secret]);
    expect(got[0]!.body.type).toBe('message.received');
    expect(got[0]!.body.data).toEqual({ message: { id: 'TWVzc2FnZTox', body: 'hello' } });
    // Nothing more goes out.
    await drain();
    expect(receiver.at(path)).toHaveLength(3);

    const log = await client.gql(LOG, { id: endpoint.id });
    const [delivery] = log.data.node.deliveries.nodes;
    expect(delivery).toMatchObject({ status: 'DELIVERED', eventKind: 'message.received', attemptCount: 3, webhookId: got[0]!.id });
    expect(JSON.parse(delivery.payload)).toEqual({ message: { id: 'TWVzc2FnZTox', body: 'hello' } });
    expect(delivery.attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([500, 500, 204]);
    expect(delivery.attempts[0]).toMatchObject({ attemptNumber: 1, responseBody: 'not now', redelivery: false });
  });

  it('delivers an endpoint’s events in event order, one at a time', async () => {
    const { client, user } = await newMember(server.url);
    const path = newPath();
    await createEndpoint(client, path);
    receiver.failFirst.set(path, 1);
    for (let n = 1; n <= 4; n++) await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: { n } });
    await drain();
    // The first event's retry came before the second event.
    expect(receiver.at(path).map((r) => r.body.data.n)).toEqual([1, 1, 2, 3, 4]);
  });

  it('redelivers with the same webhook-id, only the owner’s delivery', async () => {
    const { client, user } = await newMember(server.url);
    const other = await newMember(server.url);
    const path = newPath();
    const { endpoint } = await createEndpoint(client, path);
    await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: { n: 1 } });
    await drain();
    const delivery = (await client.gql(LOG, { id: endpoint.id })).data.node.deliveries.nodes[0];

    const refused = refusalOf(await other.client.gql(REDELIVER, { input: { id: delivery.id } }), 'redeliverWebhook');
    expect(refused.code).toBe('NOT_FOUND');
    expect((await other.client.gql(LOG, { id: endpoint.id })).data.node).toBeNull();

    const again = payloadOk<{ delivery: { webhookId: string; status: string } }>(await client.gql(REDELIVER, { input: { id: delivery.id } }), 'redeliverWebhook');
    expect(again.delivery).toMatchObject({ webhookId: delivery.webhookId, status: 'PENDING' });
    await drain();
    const got = receiver.at(path);
    expect(got).toHaveLength(2);
    expect(got[1]!.id).toBe(got[0]!.id);
    const attempts = (await client.gql(LOG, { id: endpoint.id })).data.node.deliveries.nodes[0].attempts;
    expect(attempts.map((a: { attemptNumber: number; redelivery: boolean }) => [a.attemptNumber, a.redelivery])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('signs with the old and the new secret during a rotation’s grace', async () => {
    const { client, user } = await newMember(server.url);
    const path = newPath();
    const { endpoint, secret: first } = await createEndpoint(client, path);
    const rotated = payloadOk<{ secret: string; endpoint: { previousSecretExpiresAt: string } }>(await client.gql(ROTATE, { input: { id: endpoint.id } }), 'rotateWebhookSecret');
    expect(rotated.secret).not.toBe(first);
    expect(new Date(rotated.endpoint.previousSecretExpiresAt).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    receiver.secrets.set(path, [first, rotated.secret]);
    await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: {} });
    await drain();
    expect(receiver.at(path)[0]!.verifiedWith.sort()).toEqual([first, rotated.secret].sort());
    // After the grace, only the new one signs.
    await db().execute(sql`update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = ${await idOf(endpoint.id)}`);
    await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: {} });
    await drain();
    expect(receiver.at(path)[1]!.verifiedWith).toEqual([rotated.secret]);
    // The secret is not a field of the endpoint.
    const type = await client.gql(`{ __type(name: "WebhookEndpoint") { fields { name } } }`);
    expect(type.data.__type.fields.map((f: { name: string }) => f.name).filter((n: string) => /secret/i.test(n))).toEqual(['previousSecretExpiresAt']);
  });

  it('keeps the secrets sealed at rest; one that no longer opens fails the attempt and sends nothing', async () => {
    const { client, user } = await newMember(server.url);
    const path = newPath();
    const { endpoint, secret: first } = await createEndpoint(client, path);
    const { secret: second } = payloadOk<{ secret: string }>(await client.gql(ROTATE, { input: { id: endpoint.id } }), 'rotateWebhookSecret');
    const id = await idOf(endpoint.id);
    const [stored] = rowsOf<{ secret: string; previous_secret: string }>(await db().execute(sql`select secret, previous_secret from webhook_endpoints where id = ${id}`));
    for (const [sealed, plain] of [[stored!.secret, second], [stored!.previous_secret, first]] as const) {
      expect(sealed).not.toContain(plain.slice('whsec_'.length));
      expect(sealed).toMatch(/^v1\./);
      expect(server.clubroom.services.webhooks.secretBox.open(sealed)).toBe(plain);
    }
    // Sealed under another key (WEBHOOK_SECRETS_KEY changed): the attempt fails with a message, unsent.
    const other = SecretBox.withKey('another-key-of-at-least-32-characters', 'webhook_secrets');
    await db().execute(sql`update webhook_endpoints set secret = ${other.seal(second)}, previous_secret = null where id = ${id}`);
    await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: {} });
    expect(await worker().runOnce()).toBe(1);
    expect(receiver.at(path)).toHaveLength(0);
    const log = await client.gql(LOG, { id: endpoint.id });
    const [delivery] = log.data.node.deliveries.nodes;
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1 });
    expect(delivery.attempts[0]).toMatchObject({ responseStatus: null, error: UNREADABLE_SECRET });
    // A rotation mends it: the retry is signed with the new secret.
    const { secret: third } = payloadOk<{ secret: string }>(await client.gql(ROTATE, { input: { id: endpoint.id } }), 'rotateWebhookSecret');
    await db().execute(sql`update webhook_endpoints set previous_secret = null where id = ${id}`);
    receiver.secrets.set(path, [third]);
    await drain();
    expect(receiver.at(path).map((r) => r.verifiedWith)).toEqual([[third]]);
  });

  it('disables an endpoint after five deliveries failed for good and tells its owner', async () => {
    const { client, user, email } = await newMember(server.url);
    const path = newPath();
    const { endpoint } = await createEndpoint(client, path);
    receiver.failFirst.set(path, Infinity);
    for (let n = 1; n <= 6; n++) await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: { n } });
    await drain(200);
    // 5 deliveries × 8 attempts; the sixth waits.
    expect(receiver.at(path)).toHaveLength(40);
    const node = (await client.gql(LOG, { id: endpoint.id })).data.node;
    expect(node).toMatchObject({ status: 'DISABLED', consecutiveFailures: 5 });
    expect(node.disabledReason).toContain('5 deliveries in a row failed');
    expect(node.deliveries.nodes.map((d: { status: string }) => d.status)).toEqual(['PENDING', 'FAILED', 'FAILED', 'FAILED', 'FAILED', 'FAILED']);
    const told = rowsOf<{ kind: string }>(await db().execute(sql`select kind from notifications where user_id = ${user.id} and kind = 'webhook_endpoint_disabled'`));
    expect(told).toHaveLength(1);
    const [mail] = await waitForMails(server, (m) => m.headers.to.includes(email) && /webhook endpoint was disabled/i.test(m.headers.subject));
    expect(mail!.text).toContain('enable it again');

    // Enabled again, the waiting delivery goes out.
    receiver.failFirst.set(path, 0);
    const enabled = payloadOk<{ endpoint: { status: string; consecutiveFailures: number } }>(await client.gql(ENABLE, { input: { id: endpoint.id } }), 'enableWebhookEndpoint');
    expect(enabled.endpoint).toEqual({ id: endpoint.id, status: 'ACTIVE', consecutiveFailures: 0 });
    await drain();
    expect(receiver.at(path).at(-1)!.body.data).toEqual({ n: 6 });
  });

  it('skips, without sending, what the owner may no longer read', async () => {
    const { client, user } = await newMember(server.url);
    const path = newPath();
    const { endpoint } = await createEndpoint(client, path);
    // Made by a token without the scope the kind needs.
    await db().execute(sql`update webhook_endpoints set scopes = ${sql.param(['read:public'])}::text[] where id = ${await idOf(endpoint.id)}`);
    await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: {} });
    await drain();
    expect(receiver.at(path)).toHaveLength(0);
    const [delivery] = (await client.gql(LOG, { id: endpoint.id })).data.node.deliveries.nodes;
    expect(delivery).toMatchObject({ status: 'SKIPPED', payload: null });
  });

  it('replays a period of finished deliveries, within the limits', async () => {
    const { client, user } = await newMember(server.url);
    const path = newPath();
    const { endpoint } = await createEndpoint(client, path);
    for (let n = 1; n <= 2; n++) await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: { n } });
    await drain();
    const day = 86_400_000;
    const tooLong = refusalOf(await client.gql(REPLAY, { input: { endpointId: endpoint.id, since: new Date(Date.now() - 8 * day).toISOString() } }), 'replayWebhookDeliveries');
    expect(tooLong.message).toBe('Replay at most 7 days at a time');
    const tooOld = refusalOf(
      await client.gql(REPLAY, { input: { endpointId: endpoint.id, since: new Date(Date.now() - 40 * day).toISOString(), until: new Date(Date.now() - 35 * day).toISOString() } }),
      'replayWebhookDeliveries',
    );
    expect(tooOld.message).toContain('30 days');
    const replayed = payloadOk<{ requeuedCount: number }>(await client.gql(REPLAY, { input: { endpointId: endpoint.id, since: new Date(Date.now() - 3_600_000).toISOString() } }), 'replayWebhookDeliveries');
    expect(replayed.requeuedCount).toBe(2);
    await drain();
    const got = receiver.at(path);
    expect(got.map((r) => r.body.data.n)).toEqual([1, 2, 1, 2]);
    expect(got[2]!.id).toBe(got[0]!.id);
  });
});

describe('endpoints', () => {
  it('refuses unknown and not-allowed event kinds, and more than 10 endpoints', async () => {
    const { client } = await newMember(server.url);
    const unknown = refusalOf(await client.gql(CREATE, { input: { kind: 'MEMBER', url: `${receiver.url}/x`, eventKinds: ['message.sent'] } }), 'createWebhookEndpoint');
    expect(unknown).toMatchObject({ code: 'BAD_USER_INPUT', fields: { eventKinds: 'Unknown event kind: message.sent' } });
    const notAllowed = refusalOf(await client.gql(CREATE, { input: { kind: 'MEMBER', url: `${receiver.url}/x`, eventKinds: ['volunteer.application.received'] } }), 'createWebhookEndpoint');
    expect(notAllowed.fields.eventKinds).toBe('A member endpoint cannot receive volunteer.application.received');
    const none = refusalOf(await client.gql(CREATE, { input: { kind: 'MEMBER', url: `${receiver.url}/x`, eventKinds: [] } }), 'createWebhookEndpoint');
    expect(none.fields.eventKinds).toBe('Choose at least one event kind');
    for (let i = 0; i < 10; i++) await createEndpoint(client, newPath());
    const tooMany = refusalOf(await client.gql(CREATE, { input: { kind: 'MEMBER', url: `${receiver.url}/x`, eventKinds: ['message.received'] } }), 'createWebhookEndpoint');
    expect(tooMany.message).toContain('at most 10');
  });

  it('refuses a missing, malformed or too long URL and a too long description with the form\'s messages; nothing is made', async () => {
    const { client } = await newMember(server.url);
    const create = async (input: Record<string, unknown>) =>
      refusalOf(await client.gql(CREATE, { input: { kind: 'MEMBER', url: `${receiver.url}/x`, eventKinds: ['message.received'], ...input } }), 'createWebhookEndpoint');
    expect((await create({ url: '   ' })).fields).toEqual({ url: 'URL is required' });
    expect((await create({ url: 'hooks.example.com/x' })).fields).toEqual({ url: 'Enter a full URL, starting with https://' });
    expect((await create({ url: `https://example.com/${'a'.repeat(2000)}` })).fields).toEqual({ url: 'The URL must be at most 2000 characters' });
    expect((await create({ description: 'd'.repeat(501) })).fields).toEqual({ description: 'The description must be at most 500 characters' });
    const path = newPath();
    const { endpoint } = await createEndpoint(client, path);
    const change = async (input: Record<string, unknown>) => refusalOf(await client.gql(UPDATE, { input: { id: endpoint.id, ...input } }), 'updateWebhookEndpoint');
    expect((await change({ url: 'ftp://example.com/x' })).fields).toEqual({ url: 'Enter a full URL, starting with https://' });
    expect((await change({ eventKinds: ['volunteer.application.received'] })).fields).toEqual({ eventKinds: 'A member endpoint cannot receive volunteer.application.received' });
    const list = await client.gql('{ webhookEndpoints { totalCount nodes { url eventKinds description } } }');
    expect(list.data.webhookEndpoints).toEqual({ totalCount: 1, nodes: [{ url: receiver.url + path, eventKinds: ['message.received'], description: 'tests' }] });
  });

  it('lets a member make member endpoints only, a club owner club ones, an administrator platform ones', async () => {
    const member = await newMember(server.url);
    for (const kind of ['CLUB', 'PLATFORM']) {
      const answer = await member.client.gql(CREATE, { input: { kind, url: `${receiver.url}/x`, eventKinds: ['council.meeting.published'] } });
      expect(answer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const owner = await newMember(server.url, { clubName: 'Webhook Rowing Club' });
    const club = payloadOk<{ endpoint: { kind: string } }>(
      await owner.client.gql(CREATE, { input: { kind: 'CLUB', url: `${receiver.url}/club`, eventKinds: ['volunteer.application.received'] } }),
      'createWebhookEndpoint',
    );
    expect(club.endpoint.kind).toBe('CLUB');
  });

  it('answers NOT_FOUND for another owner’s endpoint', async () => {
    const mine = await newMember(server.url);
    const theirs = await newMember(server.url);
    const { endpoint } = await createEndpoint(mine.client, newPath());
    for (const [doc, key, input] of [
      [UPDATE, 'updateWebhookEndpoint', { id: endpoint.id, description: 'mine now' }],
      [DELETE, 'deleteWebhookEndpoint', { id: endpoint.id }],
      [ROTATE, 'rotateWebhookSecret', { id: endpoint.id }],
      [ENABLE, 'enableWebhookEndpoint', { id: endpoint.id }],
      [REPLAY, 'replayWebhookDeliveries', { endpointId: endpoint.id, since: new Date(Date.now() - 60_000).toISOString() }],
    ] as const) {
      expect(refusalOf(await theirs.client.gql(doc, { input }), key).code).toBe('NOT_FOUND');
    }
    const list = await theirs.client.gql('{ webhookEndpoints { totalCount } }');
    expect(list.data.webhookEndpoints.totalCount).toBe(0);
    expect(payloadOk<{ deletedEndpointId: string }>(await mine.client.gql(DELETE, { input: { id: endpoint.id } }), 'deleteWebhookEndpoint').deletedEndpointId).toBe(endpoint.id);
  });

  it('lists the event kinds for the form', async () => {
    const { client } = await newMember(server.url);
    const answer = await client.gql('{ webhookEventKinds { name description endpointKinds } }');
    expect(answer.data.webhookEventKinds).toContainEqual({ name: 'message.received', description: expect.any(String), endpointKinds: ['MEMBER'] });
  });
});

describe('outbound addresses', () => {
  const viewer = (userId: string): Viewer => ({ userId, sessionId: 's', email: 'x@example.com', role: 'volunteer', isPlatformAdmin: false, isCouncilAdmin: false });

  it('refuses http, loopback, private and metadata addresses when made', async () => {
    const { user } = await newMember(server.url);
    const strict = new WebhooksService(db(), { allowPrivateOutboundUrls: false, secrets: server.clubroom.services.webhooks.secretBox, resolve: async (host) => (host === 'private.example.test' ? ['10.0.0.5'] : ['93.184.216.34']) });
    const refused = async (url: string) => {
      try {
        await strict.create(viewer(user.id), { kind: 'member', url, eventKinds: ['message.received'] });
        return null;
      } catch (err) {
        return (err as Error).message;
      }
    };
    expect(await refused('http://hooks.example.test/x')).toBe('The address must use https.');
    expect(await refused('https://127.0.0.1/x')).toMatch(/private or reserved/);
    expect(await refused('https://[::1]/x')).toMatch(/private or reserved/);
    expect(await refused('https://192.168.1.10/x')).toMatch(/private or reserved/);
    expect(await refused('https://169.254.169.254/latest/meta-data')).toMatch(/private or reserved/);
    expect(await refused('https://private.example.test/x')).toMatch(/private or reserved/);
    expect(await refused('https://hooks.example.test/x')).toBeNull();
  });

  it('refuses at connect time a name that now resolves to a private address (DNS rebinding)', async () => {
    const { user } = await newMember(server.url);
    // Public when the URL was checked…
    const strict = new WebhooksService(db(), { allowPrivateOutboundUrls: false, secrets: server.clubroom.services.webhooks.secretBox, resolve: async () => ['93.184.216.34'] });
    const port = new URL(receiver.url).port;
    const path = newPath();
    const { endpoint } = await strict.create(viewer(user.id), { kind: 'member', url: `https://rebind.example.test:${port}${path}`, eventKinds: ['message.received'] });
    // …and the receiver's loopback address when the worker connects.
    const rebound = new WebhookWorker(db(), {
      intervalMs: 1000,
      allowPrivateOutboundUrls: false,
      perMinute: 6000,
      notify: server.clubroom.services.notify,
      secrets: server.clubroom.services.webhooks.secretBox,
      log: { warn: () => {}, error: () => {} },
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: {} });
    await moveTime();
    expect(await rebound.runOnce()).toBe(1);
    expect(receiver.at(path)).toHaveLength(0);
    const [attempt] = rowsOf<{ error: string; response_status: number | null }>(
      await db().execute(sql`select a.error, a.response_status from webhook_attempts a join webhook_deliveries d on d.id = a.delivery_id where d.endpoint_id = ${endpoint.id}`),
    );
    expect(attempt).toEqual({ error: 'Refused: the host name resolves to a private or reserved address.', response_status: null });
    // An address literal is judged without a lookup.
    const literal = await rebound.post('https://169.254.169.254/latest', '{}', {});
    expect(literal.error).toMatch(/private or reserved/);
  });
});

describe('several workers', () => {
  it('two workers side by side deliver each event once per endpoint, in order', async () => {
    const a = await newMember(server.url);
    const b = await newMember(server.url);
    const [pathA, pathB] = [newPath(), newPath()];
    await createEndpoint(a.client, pathA);
    await createEndpoint(b.client, pathB);
    for (let n = 1; n <= 8; n++) await emit({ kind: 'message.received', audience: { memberIds: [a.user.id, b.user.id] }, data: { n } });
    const second = new WebhookWorker(db(), { intervalMs: 1000, allowPrivateOutboundUrls: true, perMinute: 6000, notify: server.clubroom.services.notify, secrets: server.clubroom.services.webhooks.secretBox, log: { warn: () => {}, error: () => {} } });
    for (let i = 0; i < 40; i++) {
      await moveTime();
      await Promise.all([worker().runOnce(), second.runOnce()]);
    }
    for (const path of [pathA, pathB]) {
      const got = receiver.at(path);
      expect(got.map((r) => r.body.data.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(new Set(got.map((r) => r.id)).size).toBe(8);
    }
  });

  it('a worker killed mid-delivery loses nothing: its lease lapses and the delivery goes out once more', async () => {
    const { client, user } = await newMember(server.url);
    const path = newPath();
    const { endpoint } = await createEndpoint(client, path);
    for (let n = 1; n <= 3; n++) await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: { n } });
    const id = await idOf(endpoint.id);
    // What a worker killed after claiming the first delivery (and before recording it) leaves.
    await db().execute(sql`
      update webhook_deliveries set attempts = 1, lease_until = now() + interval '60 seconds'
      where id = (select id from webhook_deliveries where endpoint_id = ${id} order by seq limit 1)`);
    // While the lease holds, nothing of that endpoint goes out (one in flight per endpoint).
    await db().execute(sql`update webhook_endpoints set next_send_at = now()`);
    await worker().runOnce();
    expect(receiver.at(path)).toHaveLength(0);
    // The lease lapses (time moved forward): everything goes out, in order, once.
    await db().execute(sql`update webhook_deliveries set lease_until = now() - interval '1 second' where endpoint_id = ${id} and lease_until is not null`);
    await drain();
    expect(receiver.at(path).map((r) => r.body.data.n)).toEqual([1, 2, 3]);
  });
});

// Needs TEST_DATABASE_URL (a second process shares the database), as tests/api/jobs-durability.test.ts.
describe.runIf(Boolean(TEST_DATABASE_URL))('a worker process killed mid-delivery', () => {
  it('loses no event and sends none twice but the one it never saw answered', async () => {
    const a = await newMember(server.url);
    const b = await newMember(server.url);
    const [pathA, pathB] = [newPath(), newPath()];
    await createEndpoint(a.client, pathA);
    await createEndpoint(b.client, pathB);
    receiver.holdFirst.add(pathA);
    for (let n = 1; n <= 3; n++) await emit({ kind: 'message.received', audience: { memberIds: [a.user.id, b.user.id] }, data: { n } });
    await moveTime();
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/webhook-worker-child.ts', server.db.url!], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TSX_TSCONFIG_PATH: 'server/tsconfig.json', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await Promise.race([receiver.held, exited.then(() => Promise.reject(new Error(`the worker process ended before sending: ${output}`)))]);
    // The child claimed B's first delivery in the same pass: let it record that one (a request
    // answered but not recorded before the kill would be sent again too, as documented).
    const endpointB = (await db().execute(sql`select id from webhook_endpoints where user_id = ${b.user.id}`)) as unknown;
    const bId = rowsOf<{ id: string }>(endpointB)[0]!.id;
    for (let i = 0; i < 100; i++) {
      const [first] = rowsOf<{ status: string }>(await db().execute(sql`select status from webhook_deliveries where endpoint_id = ${bId} order by seq limit 1`));
      if (first!.status === 'delivered') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // While the child holds A's first delivery, this instance sends nothing of A.
    await db().execute(sql`update webhook_endpoints set next_send_at = now()`);
    await worker().runOnce();
    expect(receiver.at(pathA)).toHaveLength(1);

    child.kill('SIGKILL');
    await exited;
    // Its lease lapses (time moved forward) and this instance takes over.
    await db().execute(sql`update webhook_deliveries set lease_until = now() - interval '1 second' where lease_until is not null and status = 'pending'`);
    await drain();
    const byEvent = (path: string) => receiver.at(path).map((r) => r.body.data.n);
    // A: the unacknowledged request is the one sent twice (same webhook-id), then the rest in order.
    expect(byEvent(pathA)).toEqual([1, 1, 2, 3]);
    expect(receiver.at(pathA)[1]!.id).toBe(receiver.at(pathA)[0]!.id);
    expect(new Set(receiver.at(pathA).map((r) => r.id)).size).toBe(3);
    // B: each event once, in order (the child may have sent its first before it was killed).
    expect(byEvent(pathB)).toEqual([1, 2, 3]);
  });
});

describe('rate limit', () => {
  it('holds an endpoint to its requests per minute: the excess waits', async () => {
    const { client, user } = await newMember(server.url);
    const path = newPath();
    await createEndpoint(client, path);
    for (let n = 1; n <= 3; n++) await emit({ kind: 'message.received', audience: { memberIds: [user.id] }, data: { n } });
    const slow = new WebhookWorker(db(), { intervalMs: 1000, allowPrivateOutboundUrls: true, perMinute: 1, notify: server.clubroom.services.notify, secrets: server.clubroom.services.webhooks.secretBox, log: { warn: () => {}, error: () => {} } });
    await db().execute(sql`update webhook_endpoints set next_send_at = now()`);
    await slow.runOnce();
    await slow.runOnce();
    await slow.runOnce();
    expect(receiver.at(path)).toHaveLength(1);
    await drain();
    expect(receiver.at(path)).toHaveLength(3);
  });
});

async function idOf(globalId: string): Promise<string> {
  return fromGlobalId(globalId)!.id;
}
