// The notification dispatcher and the member's preferences (issue 28, sections 1–3): every message
// to a member goes through notify(); each channel follows the member's choices, the email cadence,
// quiet hours and muted clubs; settings are saved on the server and every device hears of a
// change; a digest sends what the instant email would have, grouped, once.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, notificationDigestItems, notifications } from '../../server/src/db/schema/index.js';
import { NOTIFICATION_KINDS } from '../../server/src/modules/notifications/notifications.rules.js';
import { ApiClient, STRONG_PASSWORD, newMember } from '../helpers/client.js';
import { toGlobalId } from '../../server/src/graphql/relay.js';
import { payloadOk, refusalOf } from '../helpers/clubs.js';
import { waitForMails } from '../helpers/mail.js';
import { collect, dbOf, gqlOk, sendOk, settled, type Member } from '../helpers/messages.js';
import { accept, applyOk, clubWithOpportunity, liveOpportunity } from '../helpers/opportunities.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { runJobNow } from '../helpers/jobs.js';
import { createVolunteer } from '../helpers/volunteers.js';
import { wsClient } from '../helpers/ws.js';

let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  for (const ws of sockets) await ws.dispose();
  await server?.close();
});

const SETTINGS_FIELDS = `preferences { kind label channels { channel enabled choosable } } emailCadence quietHoursStart quietHoursEnd timeZone digestHour pushPreviews lastDigestAt nextDigestAt mutedClubs { id name }`;
const SETTINGS = `{ notificationSettings { ${SETTINGS_FIELDS} } }`;
const UPDATE_PREFERENCES = `mutation($input: UpdateNotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { settings { ${SETTINGS_FIELDS} } userErrors { field code message } } }`;
const UPDATE_DELIVERY = `mutation($input: UpdateNotificationDeliveryInput!) { updateNotificationDelivery(input: $input) { settings { ${SETTINGS_FIELDS} } userErrors { field code message } } }`;
const SET_MUTED = `mutation($input: SetClubMutedInput!) { setClubMuted(input: $input) { settings { mutedClubs { id name } } userErrors { field code message } } }`;

interface SettingsView {
  preferences: Array<{ kind: string; label: string; channels: Array<{ channel: string; enabled: boolean; choosable: boolean }> }>;
  emailCadence: string;
  quietHoursStart: string | null;
  quietHoursEnd: string | null;
  timeZone: string;
  digestHour: number;
  nextDigestAt: string | null;
  lastDigestAt: string | null;
  mutedClubs: Array<{ id: string; name: string }>;
}

const settingsOf = async (m: Member) => (await gqlOk<{ notificationSettings: SettingsView }>(m.client, SETTINGS)).notificationSettings;
const channel = (s: SettingsView, kind: string, ch: string) => s.preferences.find((p) => p.kind === kind)!.channels.find((c) => c.channel === ch)!;
const choose = (m: Member, kind: string, ch: string, enabled: boolean) => m.client.gql(UPDATE_PREFERENCES, { input: { changes: [{ kind, channel: ch, enabled }] } });
const delivery = (over: Record<string, unknown> = {}) => ({ emailCadence: 'INSTANT', quietHoursStart: null, quietHoursEnd: null, timeZone: 'Europe/London', digestHour: 8, pushPreviews: false, ...over });
const setDelivery = (m: Member, over: Record<string, unknown> = {}) => m.client.gql(UPDATE_DELIVERY, { input: delivery(over) });

const outboxTo = (email: string) => dbOf(server).select().from(mailOutbox).where(eq(mailOutbox.to, email));
const digestItemsOf = (userId: string) => dbOf(server).select().from(notificationDigestItems).where(eq(notificationDigestItems.userId, userId));
const bellOf = (userId: string) => dbOf(server).select().from(notifications).where(eq(notifications.userId, userId));

/** Makes the member's digest due now and lets the job worker run it. */
function runDigestNow(userId: string): Promise<void> {
  return runJobNow(server, `digest:${userId}`);
}

describe('preferences', () => {
  it("start at each kind's defaults, in the platform's time zone, instant email", async () => {
    const m = await newMember(server.url);
    const s = await settingsOf(m);
    expect(s).toMatchObject({ emailCadence: 'INSTANT', quietHoursStart: null, quietHoursEnd: null, timeZone: server.config.councilTimeZone, nextDigestAt: null, mutedClubs: [] });
    for (const [kind, info] of Object.entries(NOTIFICATION_KINDS)) {
      const row = s.preferences.find((p) => p.kind === kind.toUpperCase())!;
      expect(row.label).toBe(info.label);
      for (const c of row.channels) {
        const ch = c.channel.toLowerCase() as 'in_app' | 'email' | 'push';
        const required = (info.required as readonly string[]).includes(ch);
        const unused = (info.unused as readonly string[]).includes(ch);
        expect(c, `${kind} ${ch}`).toEqual({ channel: c.channel, enabled: !unused && (required || info.defaults[ch]), choosable: !required && !unused });
      }
    }
  });

  it('are saved per member: a change shows on the next read and nobody else’s changes', async () => {
    const [m, other] = await Promise.all([newMember(server.url), newMember(server.url)]);
    const saved = payloadOk<{ settings: SettingsView }>(await choose(m, 'MESSAGE_RECEIVED', 'EMAIL', false), 'updateNotificationPreferences');
    expect(channel(saved.settings, 'MESSAGE_RECEIVED', 'EMAIL').enabled).toBe(false);
    expect(channel(await settingsOf(m), 'MESSAGE_RECEIVED', 'EMAIL').enabled).toBe(false);
    expect(channel(await settingsOf(other), 'MESSAGE_RECEIVED', 'EMAIL').enabled).toBe(true);
  });

  it('refuse a channel that cannot change with the field’s message, and an unknown kind at the schema, changing nothing', async () => {
    const m = await newMember(server.url);
    const refusal = refusalOf(await choose(m, 'ACCOUNT_STATUS', 'EMAIL', false), 'updateNotificationPreferences');
    expect(refusal.userErrors).toEqual([{ field: 'changes.0.channel', code: 'BAD_USER_INPUT', message: 'Your account’s status: email cannot be changed' }]);
    const unknown = await choose(m, 'NO_SUCH_KIND', 'EMAIL', false);
    expect(unknown.errors?.[0]?.message).toMatch(/NO_SUCH_KIND/);
    const [{ n }] = (await dbOf(server).execute(sql`select count(*)::int as n from notification_preferences where user_id = ${m.user.id}`)) as unknown as [{ n: number }];
    expect(n).toBe(0);
  });

  it('refuse quiet hours with one end, changing nothing', async () => {
    const m = await newMember(server.url);
    const refusal = refusalOf(await setDelivery(m, { quietHoursStart: '22:00' }), 'updateNotificationDelivery');
    expect(refusal.userErrors).toEqual([{ field: 'quietHoursEnd', code: 'BAD_USER_INPUT', message: 'Give both the start and the end of quiet hours, or neither' }]);
    const bad = refusalOf(await setDelivery(m, { timeZone: 'Mars/Olympus' }), 'updateNotificationDelivery');
    expect(bad.userErrors).toEqual([{ field: 'timeZone', code: 'BAD_USER_INPUT', message: 'Unknown time zone' }]);
    expect((await settingsOf(m)).quietHoursStart).toBeNull();
  });

  it('reach every device of the member at once (notificationSettingsChanged)', async () => {
    const m = await newMember(server.url);
    const ws = wsClient(server.url, m.client.accessToken!);
    sockets.push(ws);
    const events = collect<{ notificationSettingsChanged: { settings: SettingsView } }>(ws, `subscription { notificationSettingsChanged { settings { ${SETTINGS_FIELDS} } } }`);
    expect((await events.nth(1)).notificationSettingsChanged.settings.emailCadence).toBe('INSTANT');
    await settled(ws);
    // Another device of the same member (a second sign-in).
    const other = new ApiClient(server.url);
    await other.signIn(m.email, STRONG_PASSWORD);
    payloadOk(await other.gql(UPDATE_DELIVERY, { input: delivery({ emailCadence: 'WEEKLY', digestHour: 18 }) }), 'updateNotificationDelivery');
    const changed = await events.until((e) => e.notificationSettingsChanged.settings.emailCadence === 'WEEKLY');
    expect(changed.notificationSettingsChanged.settings.digestHour).toBe(18);
    events.dispose();
  });
});

describe('the dispatcher', () => {
  it('stores the bell entry with its kind and mails per the member’s choice: no mail with message emails off, one with both parts and a footer with them on', async () => {
    const [from, to] = await Promise.all([newMember(server.url, { fullName: 'Fran Sender' }), newMember(server.url, { fullName: 'Tom Reader' })]);
    payloadOk(await choose(to, 'MESSAGE_RECEIVED', 'EMAIL', false), 'updateNotificationPreferences');
    await sendOk(from, to, { subject: 'Quiet one', content: 'Not by email, please.' });
    expect((await bellOf(to.user.id)).map((n) => [n.kind, n.type])).toEqual([['message_received', 'message']]);
    expect((await outboxTo(to.email)).filter((m) => m.subject.startsWith('New message'))).toEqual([]);

    payloadOk(await choose(to, 'MESSAGE_RECEIVED', 'EMAIL', true), 'updateNotificationPreferences');
    await sendOk(from, to, { subject: 'Loud one', content: 'By email, please.' });
    const [mail] = await waitForMails(server, (m) => m.headers.to === to.email && m.headers.subject === 'New message from Fran Sender: Loud one');
    expect(mail!.text).toContain('Hello Tom Reader,');
    expect(mail!.text).toContain('By email, please.');
    expect(mail!.text).toContain(`${server.config.appUrl}/messages/`);
    expect(mail!.text).toContain(`"New private message" emails are on in your notification settings. Change them: ${server.config.appUrl}/profile/notifications`);
    const [row] = (await outboxTo(to.email)).filter((m) => m.subject.endsWith('Loud one'));
    expect(row!.html).toContain('<p>By email, please.</p>');
  });

  it('sends a required email (a password reset) whatever the member chose, with no settings footer', async () => {
    const m = await newMember(server.url, { fullName: 'Rae Reset' });
    payloadOk(await setDelivery(m, { emailCadence: 'OFF' }), 'updateNotificationDelivery');
    await m.client.gql('mutation($i: RequestPasswordResetInput!) { requestPasswordReset(input: $i) { userErrors { message } } }', { i: { email: m.email } });
    const [mail] = await waitForMails(server, (x) => x.headers.to === m.email && x.headers.subject === 'Reset your Clubroom password');
    expect(mail!.text).toMatch(/reset-password\?token=[0-9a-f]{64}/);
    expect(mail!.text).not.toContain('notification settings');
  });

  it('holds an instant email until quiet hours end, but not a required one', async () => {
    const [from, to] = await Promise.all([newMember(server.url, { fullName: 'Night Owl' }), newMember(server.url)]);
    // Quiet hours around now, on UTC's clock.
    const now = new Date();
    const clock = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const start = new Date(now.getTime() - 60 * 60_000);
    const end = new Date(now.getTime() + 60 * 60_000);
    payloadOk(await setDelivery(to, { quietHoursStart: clock(start), quietHoursEnd: clock(end), timeZone: 'UTC' }), 'updateNotificationDelivery');
    await sendOk(from, to, { subject: 'Late night', content: 'Sorry for the hour.' });
    const [held] = await outboxTo(to.email).then((rows) => rows.filter((r) => r.subject.endsWith('Late night')));
    const expectedEnd = new Date(end);
    expectedEnd.setUTCSeconds(0, 0);
    expect(held!.nextAttemptAt.toISOString()).toBe(expectedEnd.toISOString());
    await server.clubroom.mailWorker.runOnce();
    const [still] = await outboxTo(to.email).then((rows) => rows.filter((r) => r.subject.endsWith('Late night')));
    expect(still!.status).toBe('pending');
  });

  it('keeps a muted club’s notifications in the bell only, and mails again once unmuted', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Muted Marlins', position: { title: 'Mute Role' } });
    const volunteer = await createVolunteer(server, { firstName: 'Vi', lastName: 'Muted' });
    const muted = payloadOk<{ settings: { mutedClubs: Array<{ id: string; name: string }> } }>(
      await volunteer.client.gql(SET_MUTED, { input: { clubId: owner.clubId, muted: true } }),
      'setClubMuted',
    );
    expect(muted.settings.mutedClubs).toEqual([{ id: owner.clubId, name: 'Muted Marlins' }]);
    const app = await applyOk(volunteer.client, owner.positionId);
    payloadOk(await accept(owner.client, app.id), 'acceptVolunteerApplication');
    expect((await bellOf(volunteer.user.id)).filter((n) => n.kind === 'volunteer_application_decided')).toHaveLength(1);
    expect((await outboxTo(volunteer.email)).filter((m) => m.subject === 'Application accepted')).toEqual([]);

    payloadOk(await volunteer.client.gql(SET_MUTED, { input: { clubId: owner.clubId, muted: false } }), 'setClubMuted');
    const second = await applyOk(volunteer.client, await liveOpportunity(owner.client, { title: 'Loud Role' }));
    payloadOk(await accept(owner.client, second.id), 'acceptVolunteerApplication');
    expect((await outboxTo(volunteer.email)).filter((m) => m.subject === 'Application accepted')).toHaveLength(1);
  });

  it('refuses to mute a club the member cannot see (NOT_FOUND), changing nothing', async () => {
    const m = await newMember(server.url);
    const pending = await newMember(server.url, { clubName: 'Hidden Herons' });
    // A club still pending approval: only its owner and the administrators may see it.
    const answer = await m.client.gql(SET_MUTED, { input: { clubId: toGlobalId('Club', pending.user.id), muted: true } });
    expect(refusalOf(answer, 'setClubMuted').userErrors).toEqual([{ field: null, code: 'NOT_FOUND', message: 'Club not found' }]);
    expect((await settingsOf(m)).mutedClubs).toEqual([]);
  });
});

describe('digests', () => {
  it('gather what the instant email would have sent, and send it once, grouped per conversation, at the digest time', async () => {
    const [ann, bo, reader] = await Promise.all([
      newMember(server.url, { fullName: 'Ann Early' }),
      newMember(server.url, { fullName: 'Bo Later' }),
      newMember(server.url, { fullName: 'Dee Digest' }),
    ]);
    const saved = payloadOk<{ settings: SettingsView }>(await setDelivery(reader, { emailCadence: 'DAILY', digestHour: 7, timeZone: 'UTC' }), 'updateNotificationDelivery');
    expect(new Date(saved.settings.nextDigestAt!).getUTCHours()).toBe(7);
    const [job] = await dbOf(server).select().from(jobs).where(eq(jobs.key, `digest:${reader.user.id}`));
    expect(job!.runAt.toISOString()).toBe(saved.settings.nextDigestAt);

    await sendOk(ann, reader, { subject: 'First note', content: 'First from Ann' });
    await sendOk(bo, reader, { subject: 'Second note', content: 'Only from Bo' });
    await sendOk(ann, reader, { subject: 'Third note', content: 'Second from Ann' });
    expect((await outboxTo(reader.email)).filter((m) => m.subject.startsWith('New message'))).toEqual([]);
    expect(await digestItemsOf(reader.user.id)).toHaveLength(3);
    // The bell has them at once.
    expect(await bellOf(reader.user.id)).toHaveLength(3);

    await runDigestNow(reader.user.id);
    const [digest] = await waitForMails(server, (m) => m.headers.to === reader.email && m.headers.subject === 'Your Clubroom day: 3 updates');
    const annAt = digest!.text.indexOf('Messages from Ann Early');
    const boAt = digest!.text.indexOf('Messages from Bo Later');
    expect(annAt).toBeGreaterThan(-1);
    expect(boAt).toBeGreaterThan(annAt);
    expect(digest!.text.indexOf('First from Ann')).toBeLessThan(digest!.text.indexOf('Second from Ann'));
    expect(digest!.text.indexOf('Second from Ann')).toBeLessThan(boAt);
    // Claimed, once: a second run sends nothing, and the next digest is tomorrow's.
    expect((await digestItemsOf(reader.user.id)).every((i) => i.digestId !== null)).toBe(true);
    await runDigestNow(reader.user.id);
    expect((await outboxTo(reader.email)).filter((m) => m.subject.startsWith('Your Clubroom day'))).toHaveLength(1);
    const [next] = await dbOf(server).select().from(jobs).where(eq(jobs.key, `digest:${reader.user.id}`));
    expect(next!.status).toBe('pending');
    expect(next!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect((await settingsOf(reader)).lastDigestAt).not.toBeNull();
  });

  it('leaves an item committed while a digest is being built to the next digest: nothing lost, nothing twice', async () => {
    const [from, reader] = await Promise.all([newMember(server.url, { fullName: 'Edge Sender' }), newMember(server.url, { fullName: 'Edge Reader' })]);
    payloadOk(await setDelivery(reader, { emailCadence: 'DAILY', timeZone: 'UTC' }), 'updateNotificationDelivery');
    await sendOk(from, reader, { subject: 'Before', content: 'Committed before the digest' });
    const { db } = server.clubroom.database;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const insertedP = new Promise<void>((r) => (inserted = r));
    // A notification whose transaction is still open while the digest runs.
    const open = db.transaction(async (tx) => {
      await server.clubroom.services.notify.notify(tx, reader.user.id, { kind: 'message_received', title: 'During', description: 'Committed during the digest', group: { key: 'other', label: 'Other news' } });
      inserted();
      await held;
    });
    await insertedP;
    await runDigestNow(reader.user.id);
    release();
    await open;
    const first = await waitForMails(server, (m) => m.headers.to === reader.email && m.headers.subject.startsWith('Your Clubroom day'));
    expect(first[0]!.text).toContain('Committed before the digest');
    expect(first[0]!.text).not.toContain('Committed during the digest');
    await runDigestNow(reader.user.id);
    const both = await waitForMails(server, (m) => m.headers.to === reader.email && m.headers.subject.startsWith('Your Clubroom day'), 2);
    expect(both).toHaveLength(2);
    expect(both[1]!.text).toContain('Committed during the digest');
    expect(both[1]!.text).not.toContain('Committed before the digest');
    expect(await dbOf(server).select().from(notificationDigestItems).where(and(eq(notificationDigestItems.userId, reader.user.id), isNull(notificationDigestItems.digestId)))).toEqual([]);
  });

  it('sends what was gathered at once when the member goes back to instant email', async () => {
    const [from, reader] = await Promise.all([newMember(server.url, { fullName: 'Back Sender' }), newMember(server.url)]);
    payloadOk(await setDelivery(reader, { emailCadence: 'WEEKLY' }), 'updateNotificationDelivery');
    await sendOk(from, reader, { subject: 'Gathered', content: 'Waiting for the week' });
    payloadOk(await setDelivery(reader, { emailCadence: 'INSTANT' }), 'updateNotificationDelivery');
    await server.clubroom.jobWorker.runOnce();
    const [mail] = await waitForMails(server, (m) => m.headers.to === reader.email && m.headers.subject === 'Your Clubroom week: 1 update');
    expect(mail!.text).toContain('Waiting for the week');
    const [job] = await dbOf(server).select().from(jobs).where(eq(jobs.key, `digest:${reader.user.id}`));
    expect(job!.status).toBe('done');
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const LINK = `query($token: String!) { unsubscribeLink(token: $token) { what email off } }`;
  const oneClick = (url: string, body = 'List-Unsubscribe=One-Click') =>
    fetch(url.replace(server.config.appUrl, server.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });

  /** A message email to `to`, as delivered (.eml parsed by postal-mime). */
  async function messageMail(to: Member, subject: string) {
    const from = await newMember(server.url, { fullName: 'Una Sender' });
    await sendOk(from, to, { subject, content: 'Unsubscribe me, please.' });
    const [mail] = await waitForMails(server, (m) => m.headers.to === to.email && m.headers.subject.endsWith(subject));
    return mail!;
  }

  it('turns that kind of email off for that member with one POST, no sign-in; the link’s page says so', async () => {
    const reader = await newMember(server.url, { fullName: 'Lou Leaving' });
    const mail = await messageMail(reader, 'Click away');
    expect(mail.headers.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    const url = mail.headers.listUnsubscribe!.replace(/^<|>$/g, '');
    expect(url).toMatch(new RegExp(`^${server.config.appUrl}/unsubscribe\\?token=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    expect(mail.text).toContain(`Turn these emails off with one click: ${url}`);
    const token = new URL(url).searchParams.get('token')!;
    const anonymous = new ApiClient(server.url);
    expect((await gqlOk(anonymous, LINK, { token })).unsubscribeLink).toEqual({ what: 'New private message', email: expect.stringMatching(/^\w{2}\*+@example\.com$/), off: false });

    const answer = await oneClick(url);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('You will no longer receive these emails.');
    expect(channel(await settingsOf(reader), 'MESSAGE_RECEIVED', 'EMAIL').enabled).toBe(false);
    // Only that kind, and other channels stay.
    expect(channel(await settingsOf(reader), 'MESSAGE_RECEIVED', 'IN_APP').enabled).toBe(true);
    expect(channel(await settingsOf(reader), 'VOLUNTEER_APPLICATION_DECIDED', 'EMAIL').enabled).toBe(true);
    expect((await gqlOk(anonymous, LINK, { token })).unsubscribeLink.off).toBe(true);
    // Again: the same answer, nothing more changes.
    expect((await oneClick(url)).status).toBe(200);
  });

  it('refuses a tampered link, one naming another member or kind, an expired one and another purpose’s, changing nothing', async () => {
    const reader = await newMember(server.url);
    const victim = await newMember(server.url);
    const url = (await messageMail(reader, 'Tamper test')).headers.listUnsubscribe!.replace(/^<|>$/g, '');
    const [head, payload, signature] = new URL(url).searchParams.get('token')!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = (over: Record<string, unknown>) => `${head}.${Buffer.from(JSON.stringify({ ...claims, ...over })).toString('base64url')}.${signature}`;
    const { SignedLinks } = await import('../../server/src/lib/signed-links.js');
    const expired = await (await SignedLinks.create(server.clubroom.database.db, 'unsubscribe')).sign({ sub: reader.user.id, target: 'message_received' }, -60);
    const otherPurpose = await (await SignedLinks.create(server.clubroom.database.db, 'export')).sign({ sub: reader.user.id, target: 'message_received' }, 600);
    for (const token of [forged({ sub: victim.user.id }), forged({ target: 'volunteer_application_decided' }), expired, otherPurpose, 'not-a-token']) {
      const answer = await oneClick(`${server.url}/unsubscribe?token=${token}`);
      expect(answer.status, token).toBe(404);
      expect(await answer.text()).toBe('This unsubscribe link is invalid or has expired. Sign in to change your notification settings.');
      expect((await gqlOk(new ApiClient(server.url), LINK, { token })).unsubscribeLink).toBeNull();
    }
    expect(channel(await settingsOf(reader), 'MESSAGE_RECEIVED', 'EMAIL').enabled).toBe(true);
    expect(channel(await settingsOf(victim), 'MESSAGE_RECEIVED', 'EMAIL').enabled).toBe(true);
    expect(channel(await settingsOf(reader), 'VOLUNTEER_APPLICATION_DECIDED', 'EMAIL').enabled).toBe(true);
    // The one-click body is required (a link scanner's empty POST changes nothing).
    expect((await oneClick(url, '')).status).toBe(400);
    expect(channel(await settingsOf(reader), 'MESSAGE_RECEIVED', 'EMAIL').enabled).toBe(true);
  });

  it('puts no unsubscribe link on required email (a password reset)', async () => {
    const m = await newMember(server.url);
    await m.client.gql('mutation($i: RequestPasswordResetInput!) { requestPasswordReset(input: $i) { userErrors { message } } }', { i: { email: m.email } });
    const [mail] = await waitForMails(server, (x) => x.headers.to === m.email && x.headers.subject === 'Reset your Clubroom password');
    expect(mail!.headers.listUnsubscribe).toBeUndefined();
  });

  it('turns the digest off from a digest’s link (the unsubscribe mutation does the same as the POST)', async () => {
    const [from, reader] = await Promise.all([newMember(server.url, { fullName: 'Digest Sender' }), newMember(server.url)]);
    payloadOk(await setDelivery(reader, { emailCadence: 'DAILY', timeZone: 'UTC' }), 'updateNotificationDelivery');
    await sendOk(from, reader, { subject: 'Digest line', content: 'In the digest' });
    await runDigestNow(reader.user.id);
    const [digest] = await waitForMails(server, (m) => m.headers.to === reader.email && m.headers.subject.startsWith('Your Clubroom day'));
    const url = digest!.headers.listUnsubscribe!.replace(/^<|>$/g, '');
    const done = payloadOk<{ link: { what: string; off: boolean } }>(
      await new ApiClient(server.url).gql('mutation($i: UnsubscribeInput!) { unsubscribe(input: $i) { link { what off } userErrors { message } } }', { i: { token: new URL(url).searchParams.get('token')! } }),
      'unsubscribe',
    );
    expect(done.link).toEqual({ what: 'Email digests', off: true });
    expect((await settingsOf(reader)).emailCadence).toBe('OFF');
    const [job] = await dbOf(server).select().from(jobs).where(eq(jobs.key, `digest:${reader.user.id}`));
    expect(job).toBeUndefined();
  });
});
