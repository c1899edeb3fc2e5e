// Web push end to end (issue 28, section 5): a member registers a device (a subscription made by
// the tests' own push receiver, which also decrypts like a browser), a notification queues a
// VAPID-signed, encrypted push for it through the job table, the payload carries no private text
// unless the member allowed previews, the app badge count rides along, a device the push service
// says is gone (410) or no longer knows (404) is dropped, and endpoints on private networks are refused. A session
// reminder's push carries two buttons, Going and Can't make it, each a one-tap link of its own
// (not the email's), with previews off too; each answers once.
import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, pushSubscriptions, sessionAnswers } from '../../server/src/db/schema/index.js';
import { SESSION_REMINDER_JOB } from '../../server/src/modules/sessions/session-reminders.schedule.js';
import { SESSION_MESSAGES } from '../../server/src/modules/sessions/sessions.rules.js';
import { ApiClient, newMember } from '../helpers/client.js';
import { clubGlobalId, newClubOwner, payloadOk, refusalOf } from '../helpers/clubs.js';
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

  it('drops a device the push service no longer knows (404), keeping the others', async () => {
    const [from, to] = await Promise.all([newMember(server.url), newMember(server.url)]);
    payloadOk(await register(to, receiver.device('unknown-phone'), 'Old phone'), 'registerPushDevice');
    payloadOk(await register(to, receiver.device('known-tablet'), 'Tablet'), 'registerPushDevice');
    receiver.answer('unknown-phone', 404);
    await sendOk(from, to);
    await receiver.waitFor(1, 'known-tablet');
    for (let i = 0; i < 50 && (await gqlOk(to.client, DEVICES)).pushDevices.length > 1; i++) await server.clubroom.jobWorker.runOnce();
    expect((await gqlOk(to.client, DEVICES)).pushDevices.map((d: { label: string }) => d.label)).toEqual(['Tablet']);
    expect(await dbOf(server).select({ label: pushSubscriptions.label }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, to.user.id))).toEqual([{ label: 'Tablet' }]);
    // Dropped because the push service answered 404 to a real attempt, once (no retry after it).
    expect(receiver.refused.filter((r) => r.device === 'unknown-phone')).toEqual([{ device: 'unknown-phone', status: 404 }]);
    expect(receiver.received.filter((r) => r.device === 'unknown-phone')).toEqual([]);
    expect(receiver.received.filter((r) => r.device === 'known-tablet')).toHaveLength(1);
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

describe('reminder pushes', () => {
  const FOLLOW = 'mutation($i: ClubFollowInput!) { followClub(input: $i) { club { id } userErrors { message } } }';
  const CREATE_EVENT = 'mutation($i: ClubEventInput!) { createClubEvent(input: $i) { session { id } userErrors { field code message } } }';
  const BY_LINK = 'mutation($i: AnswerSessionByLinkInput!) { answerSessionByLink(input: $i) { answer { answer } userErrors { field code message } } }';
  const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  /** A follower with a push device, not answered, reminded 48 hours before a new event: the push
   *  the device received, the reminder email's text, and the session's row id. */
  async function reminded(device: string, withPreviews: boolean) {
    const owner = await newClubOwner(server, { status: 'approved' });
    const fan = await newMember(server.url, { fullName: 'Paula Pocket' });
    payloadOk(await fan.client.gql(FOLLOW, { i: { clubId: clubGlobalId(owner.user.id) } }), 'followClub');
    payloadOk(await register(fan, receiver.device(device)), 'registerPushDevice');
    payloadOk(await previews(fan, withPreviews), 'updateNotificationDelivery');
    const input = { title: 'Pocket cup', description: null, place: 'Main pitch', startsAt: at(72), endsAt: at(74), capacity: null };
    const event = payloadOk<{ session: { id: string } }>(await owner.client.gql(CREATE_EVENT, { i: input }), 'createClubEvent').session.id;
    const sessionId = Buffer.from(event, 'base64url').toString('utf8').split(':')[1]!;
    // Only the 48-hour reminder, due now (time moved forward, not waited for).
    await dbOf(server).execute(sql`delete from jobs where key = ${`${SESSION_REMINDER_JOB}:${sessionId}:120`}`);
    await dbOf(server).execute(sql`update jobs set run_at = now() where key = ${`${SESSION_REMINDER_JOB}:${sessionId}:2880`} and status = 'pending'`);
    await server.clubroom.jobWorker.runOnce();
    const [push] = await receiver.waitFor(1, device);
    const [mail] = await dbOf(server).select().from(mailOutbox).where(and(eq(mailOutbox.to, fan.email), like(mailOutbox.subject, 'Reminder:%')));
    return { fan, sessionId, push: push!.payload, mailText: mail!.text };
  }

  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;
  const answerOf = async (sessionId: string, userId: string) =>
    (await dbOf(server).select().from(sessionAnswers).where(and(eq(sessionAnswers.sessionId, sessionId), eq(sessionAnswers.userId, userId))))[0]?.answer ?? null;

  it("carries Going and Can't make it buttons whose links answer once each, apart from the email's", async () => {
    const { fan, sessionId, push, mailText } = await reminded('reminded-phone', true);
    expect(push).toMatchObject({ title: expect.stringContaining('Reminder: Pocket cup'), body: expect.stringContaining('Are you coming?') });
    const actions = push.actions as Array<{ action: string; title: string; url: string }>;
    expect(actions).toEqual([
      { action: 'going', title: 'Going', url: expect.stringMatching(/^\/sessions\/answer\?token=[\w.-]+$/) },
      { action: 'cant', title: 'Can’t make it', url: expect.stringMatching(/^\/sessions\/answer\?token=[\w.-]+$/) },
    ]);
    const [going, cant] = actions.map((a) => tokenOf(a.url)) as [string, string];
    const emailTokens = [...mailText.matchAll(/\/sessions\/answer\?token=([\w.-]+)/g)].map((m) => m[1]!);
    expect(emailTokens).toHaveLength(2);
    for (const token of [going, cant]) expect(emailTokens).not.toContain(token);

    const anonymous = new ApiClient(server.url);
    // The push's Can't make it answers, once.
    expect(payloadOk<{ answer: { answer: string } }>(await anonymous.gql(BY_LINK, { i: { token: cant } }), 'answerSessionByLink').answer.answer).toBe('CANT');
    expect(await answerOf(sessionId, fan.user.id)).toBe('cant');
    expect(refusalOf(await anonymous.gql(BY_LINK, { i: { token: cant } }), 'answerSessionByLink').message).toBe(SESSION_MESSAGES.linkUsed);
    // The push's Going, then the email's Going: each its own link, each once.
    expect(payloadOk<{ answer: { answer: string } }>(await anonymous.gql(BY_LINK, { i: { token: going } }), 'answerSessionByLink').answer.answer).toBe('GOING');
    expect(await answerOf(sessionId, fan.user.id)).toBe('going');
    // The email's Can't make it still works though the push's was used.
    expect(payloadOk<{ answer: { answer: string } }>(await anonymous.gql(BY_LINK, { i: { token: emailTokens[1]! } }), 'answerSessionByLink').answer.answer).toBe('CANT');
    expect(await answerOf(sessionId, fan.user.id)).toBe('cant');
    expect(refusalOf(await anonymous.gql(BY_LINK, { i: { token: going } }), 'answerSessionByLink').message).toBe(SESSION_MESSAGES.linkUsed);
    expect(await answerOf(sessionId, fan.user.id)).toBe('cant');
  });

  it('keeps the buttons with previews off, under a generic title and body', async () => {
    const { fan, sessionId, push } = await reminded('private-phone', false);
    expect(push).toEqual({
      title: 'Clubroom',
      body: 'Reminder of a session',
      url: expect.stringMatching(/^\/clubs\/.+\/sessions\//),
      tag: expect.any(String),
      badge: 1,
      actions: [
        { action: 'going', title: 'Going', url: expect.stringMatching(/^\/sessions\/answer\?token=/) },
        { action: 'cant', title: 'Can’t make it', url: expect.stringMatching(/^\/sessions\/answer\?token=/) },
      ],
    });
    expect(JSON.stringify(push)).not.toMatch(/Pocket|Main pitch/);
    const going = tokenOf((push.actions as Array<{ url: string }>)[0]!.url);
    payloadOk(await new ApiClient(server.url).gql(BY_LINK, { i: { token: going } }), 'answerSessionByLink');
    expect(await answerOf(sessionId, fan.user.id)).toBe('going');
  });
});
