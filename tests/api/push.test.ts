// Web push end to end (issue 28, section 5): a member registers a device (a subscription made by
// the tests' own push receiver, which also decrypts like a browser), a notification queues a
// VAPID-signed, encrypted push for it through the job table, the payload carries no private text
// unless the member allowed previews, the app badge count rides along, a device the push service
// says is gone (410) is dropped, and endpoints on private networks are refused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, pushSubscriptions } from '../../server/src/db/schema/index.js';
import { newMember } from '../helpers/client.js';
import { payloadOk, refusalOf } from '../helpers/clubs.js';
import { dbOf, gqlOk, sendOk, type Member } from '../helpers/messages.js';
import { PushReceiver, type PushDeviceKeys } from '../helpers/push-receiver.js';
import { startServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let strict: TestServer;
let receiver: PushReceiver;

beforeAll(async () => {
  receiver = await PushReceiver.start();
  // The receiver listens on 127.0.0.1: this server may reach it (as in development).
  server = await startServer({ allowPrivateOutboundUrls: true });
  // The production default: private addresses refused.
  strict = await startServer();
});

afterAll(async () => {
  await strict?.close();
  await server?.close();
  await receiver?.close();
});

const REGISTER = 'mutation($i: RegisterPushDeviceInput!) { registerPushDevice(input: $i) { device { id label pushService } userErrors { field code message } } }';
const REMOVE = 'mutation($i: RemovePushDeviceInput!) { removePushDevice(input: $i) { removedDeviceId userErrors { field code message } } }';
const DEVICES = '{ pushDevices { id label pushService lastSuccessAt } }';
const DELIVERY = 'mutation($i: UpdateNotificationDeliveryInput!) { updateNotificationDelivery(input: $i) { userErrors { message } } }';

const register = (m: Member, keys: PushDeviceKeys, label = 'Test phone') => m.client.gql(REGISTER, { i: { ...keys, label } });
const previews = (m: Member, on: boolean) =>
  m.client.gql(DELIVERY, { i: { emailCadence: 'INSTANT', quietHoursStart: null, quietHoursEnd: null, timeZone: 'UTC', digestHour: 8, pushPreviews: on } });

describe('web push', () => {
  it('delivers an encrypted, VAPID-signed push with no private text by default, and the text once previews are allowed', async () => {
    const [from, to] = await Promise.all([newMember(server.url, { fullName: 'Pia Pusher' }), newMember(server.url, { fullName: 'Rex Receiver' })]);
    const device = payloadOk<{ device: { id: string; label: string; pushService: string } }>(await register(to, receiver.device('rex-phone'), 'Rex phone'), 'registerPushDevice').device;
    expect(device).toMatchObject({ label: 'Rex phone', pushService: new URL(receiver.origin).host });
    const publicKey = (await gqlOk(to.client, '{ pushPublicKey }')).pushPublicKey as string;

    await sendOk(from, to, { subject: 'Secret plans', content: 'Meet behind the clubhouse.' });
    const [first] = await receiver.waitFor(1, 'rex-phone');
    expect(first!.payload).toEqual({ title: 'Clubroom', body: 'New private message', url: expect.stringMatching(/^\/messages\//), tag: expect.any(String), badge: 1 });
    expect(JSON.stringify(first!.payload)).not.toMatch(/Pia|Secret|clubhouse/);
    expect(first!.vapid).toEqual({ aud: receiver.origin, sub: server.config.vapid.subject, publicKey });
    expect(first!.headers.ttl).toBe('86400');
    expect(first!.headers['content-encoding']).toBe('aes128gcm');

    payloadOk(await previews(to, true), 'updateNotificationDelivery');
    await sendOk(from, to, { subject: 'Open plans', content: 'Training moved to Thursday.' });
    const [, second] = await receiver.waitFor(2, 'rex-phone');
    expect(second!.payload).toMatchObject({ title: 'New message from Pia Pusher', body: 'Training moved to Thursday.', badge: 2 });
    const [listed] = (await gqlOk(to.client, DEVICES)).pushDevices;
    expect(listed.lastSuccessAt).not.toBeNull();
  });

  it('sends nothing to a member who turned message push off', async () => {
    const [from, to] = await Promise.all([newMember(server.url), newMember(server.url)]);
    payloadOk(await register(to, receiver.device('quiet-phone')), 'registerPushDevice');
    payloadOk(await to.client.gql('mutation($i: UpdateNotificationPreferencesInput!) { updateNotificationPreferences(input: $i) { userErrors { message } } }', { i: { changes: [{ kind: 'MESSAGE_RECEIVED', channel: 'PUSH', enabled: false }] } }), 'updateNotificationPreferences');
    await sendOk(from, to);
    await server.clubroom.jobWorker.runOnce();
    expect(receiver.received.filter((r) => r.device === 'quiet-phone')).toEqual([]);
    // Nothing was even queued for the device.
    const [device] = await dbOf(server).select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, to.user.id));
    const queued = (await dbOf(server).select().from(jobs).where(eq(jobs.kind, 'push'))).filter((j) => (j.payload as { subscriptionId: string }).subscriptionId === device!.id);
    expect(queued).toEqual([]);
  });

  it('drops a device the push service says is gone (410), and lets the member remove one', async () => {
    const [from, to] = await Promise.all([newMember(server.url), newMember(server.url)]);
    payloadOk(await register(to, receiver.device('gone-phone')), 'registerPushDevice');
    const kept = payloadOk<{ device: { id: string } }>(await register(to, receiver.device('kept-laptop'), 'Laptop'), 'registerPushDevice').device;
    receiver.answer('gone-phone', 410);
    await sendOk(from, to);
    await receiver.waitFor(1, 'kept-laptop');
    for (let i = 0; i < 50 && (await gqlOk(to.client, DEVICES)).pushDevices.length > 1; i++) await server.clubroom.jobWorker.runOnce();
    expect((await gqlOk(to.client, DEVICES)).pushDevices.map((d: { label: string }) => d.label)).toEqual(['Laptop']);

    const other = await newMember(server.url);
    expect(refusalOf(await other.client.gql(REMOVE, { i: { id: kept.id } }), 'removePushDevice').userErrors).toEqual([{ field: 'id', code: 'NOT_FOUND', message: 'Device not found' }]);
    expect(payloadOk<{ removedDeviceId: string }>(await to.client.gql(REMOVE, { i: { id: kept.id } }), 'removePushDevice').removedDeviceId).toBe(kept.id);
    expect((await gqlOk(to.client, DEVICES)).pushDevices).toEqual([]);
  });

  it('holds a push until quiet hours end', async () => {
    const [from, to] = await Promise.all([newMember(server.url), newMember(server.url)]);
    payloadOk(await register(to, receiver.device('night-phone')), 'registerPushDevice');
    const now = new Date();
    const clock = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    payloadOk(
      await to.client.gql(DELIVERY, { i: { emailCadence: 'INSTANT', quietHoursStart: clock(new Date(now.getTime() - 3_600_000)), quietHoursEnd: clock(new Date(now.getTime() + 3_600_000)), timeZone: 'UTC', digestHour: 8, pushPreviews: false } }),
      'updateNotificationDelivery',
    );
    await sendOk(from, to);
    const [device] = await dbOf(server).select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, to.user.id));
    const held = (await dbOf(server).select().from(jobs).where(eq(jobs.kind, 'push'))).filter((j) => (j.payload as { subscriptionId: string }).subscriptionId === device!.id);
    expect(held).toHaveLength(1);
    expect(held[0]!.runAt.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    await server.clubroom.jobWorker.runOnce();
    expect(receiver.received.filter((r) => r.device === 'night-phone')).toEqual([]);
  });

  it('refuses endpoints on private networks, over http, or bad keys, with the field’s message, storing nothing', async () => {
    const m = await newMember(strict.url);
    const keys = receiver.device('refused');
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ endpoint: keys.endpoint }, 'endpoint', 'The address must use https.'],
      [{ endpoint: 'https://127.0.0.1:9/push/x' }, 'endpoint', 'This address points to a private or reserved network and cannot be used.'],
      [{ endpoint: 'https://169.254.169.254/latest' }, 'endpoint', 'This address points to a private or reserved network and cannot be used.'],
      [{ endpoint: 'https://[::1]/push' }, 'endpoint', 'This address points to a private or reserved network and cannot be used.'],
      [{ endpoint: 'https://93.184.216.34/push', p256dh: 'short' }, 'p256dh', 'The subscription keys are not valid (p256dh: a P-256 public key, auth: 16 bytes, both base64url)'],
    ];
    for (const [over, field, message] of cases) {
      const refusal = refusalOf(await m.client.gql(REGISTER, { i: { ...keys, label: 'Phone', ...over } }), 'registerPushDevice');
      expect(refusal.userErrors, JSON.stringify(over)).toEqual([{ field, code: 'BAD_USER_INPUT', message }]);
    }
    expect(await dbOf(strict).select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.user.id))).toEqual([]);
  });
});
