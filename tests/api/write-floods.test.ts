// Floods that reach other people (issue 25, items 7 and 8), in the words of the issue:
// - "Limit per volunteer per position and per volunteer overall (rate-limiter-flexible, shared
//   across instances like the sign-in limits), answer the limit with the spec's tone of message":
//   RATE_LIMITED, saying when to try again, and nothing changes when refused.
// - "collapse repeated notifications to one recipient about the same thing within a short window
//   (one email, not 60)": in the notifications and mail layer, so every sender can use it.
// - "Limit [token] creations per member per hour; purge revoked tokens after a retention period".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { apiTokens, mailOutbox, messages, notifications, volunteerApplications } from '../../server/src/db/schema/index.js';
import { enqueueMail } from '../../server/src/mail/outbox.js';
import { newMember, type GqlAnswer } from '../helpers/client.js';
import { CREATE_TOKEN } from '../helpers/api-tokens.js';
import { SEND, dbOf, memberId } from '../helpers/messages.js';
import { apply, applyOk, clubWithOpportunity, liveOpportunity, uuid, withdraw } from '../helpers/opportunities.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer } from '../helpers/volunteers.js';

/** Small limits, so that reaching them is quick: 4 applications and withdrawals per volunteer per
 *  position, 7 per volunteer, 3 token creations, 3 messages to one member and 5 in all, per hour. */
let limited: TestServer;
/** Limits out of the way, to see the folding alone. */
let unlimited: TestServer;

beforeAll(async () => {
  [limited, unlimited] = await Promise.all([
    startServer({}, { APPLICATION_LIMIT_PER_POSITION: '4', APPLICATION_LIMIT_PER_VOLUNTEER: '7', API_TOKEN_CREATIONS_PER_HOUR: '3', MESSAGE_LIMIT_PER_RECIPIENT: '3', MESSAGE_LIMIT_PER_SENDER: '5' }),
    startServer({}, { APPLICATION_LIMIT_PER_POSITION: '1000', APPLICATION_LIMIT_PER_VOLUNTEER: '1000' }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([limited?.close(), unlimited?.close()]);
});

const TRY_AGAIN = /^You have applied and withdrawn too many times in a short while\. Please try again in (\d+) minutes?\.$/;

function refusedByLimit(answer: GqlAnswer, pattern: RegExp): void {
  expect(answer.errors).toHaveLength(1);
  expect(answer.errors![0]!.extensions?.code).toBe('RATE_LIMITED');
  expect(answer.errors![0]!.message).toMatch(pattern);
  const minutes = Number(pattern.exec(answer.errors![0]!.message)![1]);
  expect(minutes).toBeGreaterThanOrEqual(1);
  expect(minutes).toBeLessThanOrEqual(60);
}

const rowCount = async (server: TestServer, table: typeof volunteerApplications | typeof apiTokens | typeof notifications | typeof mailOutbox | typeof messages) =>
  Number((await dbOf(server).select({ n: count() }).from(table))[0]!.n);

describe('applying and withdrawing are limited per volunteer per position and per volunteer', () => {
  it('refuses the 5th application or withdrawal of one volunteer on one position within the hour with RATE_LIMITED and when to try again, and changes nothing', async () => {
    const owner = await clubWithOpportunity(limited, { clubName: 'Limit Larks', position: { title: 'Limited Role' } });
    const volunteer = await createVolunteer(limited);
    const first = await applyOk(volunteer.client, owner.positionId);
    expect((await withdraw(volunteer.client, first.id)).data.withdrawVolunteerApplication.userErrors).toEqual([]);
    const second = await applyOk(volunteer.client, owner.positionId);
    expect((await withdraw(volunteer.client, second.id)).data.withdrawVolunteerApplication.userErrors).toEqual([]);

    const [applications, bell, outbox] = await Promise.all([rowCount(limited, volunteerApplications), rowCount(limited, notifications), rowCount(limited, mailOutbox)]);
    refusedByLimit(await apply(volunteer.client, owner.positionId), TRY_AGAIN);
    expect([await rowCount(limited, volunteerApplications), await rowCount(limited, notifications), await rowCount(limited, mailOutbox)]).toEqual([applications, bell, outbox]);

    // Another volunteer on the same position is not held back by this one.
    expect((await applyOk((await createVolunteer(limited)).client, owner.positionId)).status).toBe('PENDING');
  });

  it('refuses a withdrawal past the limit too, leaving the application pending; another volunteer’s application or an unknown id counts nothing', async () => {
    const owner = await clubWithOpportunity(limited, { clubName: 'Withdraw Wrens', position: { title: 'Withdraw Role' } });
    const volunteer = await createVolunteer(limited);
    const other = await createVolunteer(limited);
    const theirs = await applyOk(other.client, owner.positionId);
    for (let i = 0; i < 5; i++) expect((await withdraw(volunteer.client, theirs.id)).data.withdrawVolunteerApplication.userErrors[0].code).toBe('NOT_FOUND');

    const a1 = await applyOk(volunteer.client, owner.positionId);
    await withdraw(volunteer.client, a1.id);
    const a2 = await applyOk(volunteer.client, owner.positionId);
    // A refused attempt counts too (the 4th write here).
    expect((await apply(volunteer.client, owner.positionId)).data.applyToOpportunity.userErrors[0].message).toBe('You have already applied to this opportunity.');
    const bell = await rowCount(limited, notifications);
    refusedByLimit(await withdraw(volunteer.client, a2.id), TRY_AGAIN);
    const [row] = await dbOf(limited).select({ status: volunteerApplications.status }).from(volunteerApplications).where(eq(volunteerApplications.id, uuid(a2.id)));
    expect(await rowCount(limited, notifications)).toBe(bell);
    expect(row!.status).toBe('pending');
  });

  it('counts per volunteer across positions: the 8th write within the hour is refused whatever the position', async () => {
    const owner = await clubWithOpportunity(limited, { clubName: 'Spread Sparrows', position: { title: 'Spread 0' } });
    const volunteer = await createVolunteer(limited);
    const positions = [owner.positionId];
    for (let i = 1; i < 8; i++) positions.push(await liveOpportunity(owner.client, { title: `Spread ${i}` }));
    for (const id of positions.slice(0, 7)) expect((await applyOk(volunteer.client, id)).status).toBe('PENDING');
    const before = await rowCount(limited, volunteerApplications);
    refusedByLimit(await apply(volunteer.client, positions[7]!), TRY_AGAIN);
    expect(await rowCount(limited, volunteerApplications)).toBe(before);
  });
});

describe('repeated notices to one recipient about the same thing are one (notifications and mail layer)', () => {
  it('30 apply/withdraw cycles with the limits out of the way: the owner gets 2 notifications (the latest of each kind, unread) and 2 emails, not 60 and 60', async () => {
    const owner = await clubWithOpportunity(unlimited, { clubName: 'Folded Finches', position: { title: 'Folded Role' } });
    const volunteer = await createVolunteer(unlimited, { firstName: 'Rey', lastName: 'Peat' });
    let last = '';
    for (let i = 0; i < 30; i++) {
      const app = await applyOk(volunteer.client, owner.positionId);
      expect((await withdraw(volunteer.client, app.id)).data.withdrawVolunteerApplication.userErrors).toEqual([]);
      last = app.id;
    }
    const db = dbOf(unlimited);
    const bell = await db.select().from(notifications).where(eq(notifications.userId, owner.clubUuid));
    expect(bell.map((n) => [n.title, n.description, n.actionUrl, n.read]).sort()).toEqual([
      ['Application withdrawn', 'Rey Peat withdrew their application for Folded Role', `/applications/${last}`, false],
      ['New volunteer application', 'Rey Peat applied for Folded Role', `/applications/${last}`, false],
    ]);
    const mails = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).filter((m) => m.subject.includes('Folded Role'));
    expect(mails.map((m) => m.subject).sort()).toEqual(['Application withdrawn: Folded Role', 'New volunteer application for Folded Role']);
  }, 120_000);

  it('NotificationsService.create folds a notification with the same recipient and key within the window into one entry, and adds one without a key, for another key or recipient, or after the window', async () => {
    const services = unlimited.clubroom.services;
    const db = dbOf(unlimited);
    const [one, two] = await Promise.all([newMember(unlimited.url), newMember(unlimited.url)]);
    const add = (userId: string, title: string, collapseKey?: string) =>
      db.transaction((tx) => services.notifications.create(tx, { userId, kind: 'report_outcome', type: 'system', title, description: title, collapseKey }));
    const mine = async (userId: string) => (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title).sort();

    const first = await add(one.user.id, 'First', 'same-thing');
    await db.update(notifications).set({ read: true }).where(eq(notifications.id, first.id));
    const again = await add(one.user.id, 'Second', 'same-thing');
    expect(again.id).toBe(first.id);
    expect(again.read).toBe(false);
    expect(await mine(one.user.id)).toEqual(['Second']);

    await add(one.user.id, 'Keyless');
    await add(one.user.id, 'Keyless');
    await add(one.user.id, 'Other thing', 'other-thing');
    await add(two.user.id, 'Theirs', 'same-thing');
    expect(await mine(one.user.id)).toEqual(['Keyless', 'Keyless', 'Other thing', 'Second']);
    expect(await mine(two.user.id)).toEqual(['Theirs']);

    await db.execute(sql`update notifications set created_at = now() - interval '11 minutes' where id = ${first.id}`);
    const later = await add(one.user.id, 'Later', 'same-thing');
    expect(later.id).not.toBe(first.id);
    expect(await mine(one.user.id)).toEqual(['Keyless', 'Keyless', 'Later', 'Other thing', 'Second']);
  });

  it('enqueueMail with a key: an unsent mail takes the latest text, a recent one stops a second, and after the window (or to another address) one is queued', async () => {
    const db = dbOf(unlimited);
    // The worker would pick the mails up while the test looks at them unsent.
    await unlimited.clubroom.mailWorker.stop();
    const to = `fold.${Date.now()}@example.com`;
    const queue = (text: string, address = to) => db.transaction((tx) => enqueueMail(tx, { to: address, subject: 'About the same thing', text, collapseKey: 'same-thing' }, 10));
    const rows = async (address = to) => db.select().from(mailOutbox).where(eq(mailOutbox.to, address));

    expect(await queue('one')).toBe(true);
    expect(await queue('two')).toBe(false);
    expect((await rows()).map((m) => m.text)).toEqual(['two']);

    await db.update(mailOutbox).set({ status: 'sent', attempts: 1, sentAt: new Date() }).where(eq(mailOutbox.to, to));
    expect(await queue('three')).toBe(false);
    expect(await rows()).toHaveLength(1);
    expect(await queue('elsewhere', `other.${to}`)).toBe(true);

    await db.execute(sql`update mail_outbox set created_at = now() - interval '11 minutes' where "to" = ${to}`);
    expect(await queue('four')).toBe(true);
    expect((await rows()).map((m) => m.text).sort()).toEqual(['four', 'two']);

    // Without a key, every mail is queued.
    await db.transaction((tx) => enqueueMail(tx, { to, subject: 'Plain', text: 'a' }, 10));
    await db.transaction((tx) => enqueueMail(tx, { to, subject: 'Plain', text: 'a' }, 10));
    expect((await rows()).filter((m) => m.subject === 'Plain')).toHaveLength(2);
    unlimited.clubroom.mailWorker.start();
  });
});

describe('API tokens: creations per member per hour, and revoked tokens purged after the retention period', () => {
  const TOO_MANY = /^You have created too many API tokens in the last hour\. Please try again in (\d+) minutes?\.$/;

  it('refuses the 4th creation within the hour with RATE_LIMITED and when to try again, and creates nothing; another member is not held back', async () => {
    const member = await newMember(limited.url);
    for (let i = 0; i < 3; i++) expect((await member.client.gql(CREATE_TOKEN, { input: { name: `Token ${i}`, scopes: ['READ'] } })).data.createApiToken.userErrors).toEqual([]);
    const before = await rowCount(limited, apiTokens);
    refusedByLimit(await member.client.gql(CREATE_TOKEN, { input: { name: 'One too many', scopes: ['READ'] } }), TOO_MANY);
    expect(await rowCount(limited, apiTokens)).toBe(before);
    const other = await newMember(limited.url);
    expect((await other.client.gql(CREATE_TOKEN, { input: { name: 'Theirs', scopes: ['READ'] } })).data.createApiToken.userErrors).toEqual([]);
  });

  it('purgeRetired deletes tokens revoked or expired more than API_TOKEN_RETENTION_DAYS (30) ago, and keeps working, recently revoked and recently expired ones', async () => {
    const member = await newMember(unlimited.url);
    const db = dbOf(unlimited);
    const insert = (name: string, revokedAt: string | null, expiresAt: string | null) =>
      db.execute(sql`insert into api_tokens (user_id, name, token_hash, prefix, scopes, revoked_at, expires_at)
        values (${member.user.id}, ${name}, md5(random()::text), 'clubroom_pat_test', '{read}',
          ${revokedAt === null ? null : sql.raw(`now() - interval '${revokedAt}'`)}, ${expiresAt === null ? null : sql.raw(`now() - interval '${expiresAt}'`)})`);
    await insert('working', null, null);
    await insert('revoked yesterday', '1 day', null);
    await insert('revoked 29 days ago', '29 days', null);
    await insert('revoked 31 days ago', '31 days', null);
    await insert('expired 2 days ago', null, '2 days');
    await insert('expired 40 days ago', null, '40 days');
    expect(await unlimited.clubroom.services.apiTokens.purgeRetired()).toBe(2);
    const left = await db.select({ name: apiTokens.name }).from(apiTokens).where(and(eq(apiTokens.userId, member.user.id)));
    expect(left.map((t) => t.name).sort()).toEqual(['expired 2 days ago', 'revoked 29 days ago', 'revoked yesterday', 'working']);
  });
});

describe('sendMessage is limited per sender per recipient and per sender (issue 25, item 9)', () => {
  const TOO_MANY_MESSAGES = /^You have sent too many messages in a short while\. Please try again in (\d+) minutes?\.$/;
  const send = (from: Awaited<ReturnType<typeof newMember>>, to: Awaited<ReturnType<typeof newMember>>) =>
    from.client.gql(SEND, { input: { recipientId: memberId(to.user.id), subject: 'Hello there', content: 'A message about Saturday.' } });

  it('refuses the 4th message to one member within the hour and the 6th in all with RATE_LIMITED and when to try again, changing nothing; the recipient can still write back', async () => {
    const [a, b, c] = await Promise.all([newMember(limited.url), newMember(limited.url), newMember(limited.url)]);
    for (let i = 0; i < 3; i++) expect((await send(a, b)).data.sendMessage.userErrors).toEqual([]);
    const before = [await rowCount(limited, messages), await rowCount(limited, notifications)];
    refusedByLimit(await send(a, b), TOO_MANY_MESSAGES);
    expect([await rowCount(limited, messages), await rowCount(limited, notifications)]).toEqual(before);
    expect((await send(a, c)).data.sendMessage.userErrors).toEqual([]);
    refusedByLimit(await send(a, c), TOO_MANY_MESSAGES);
    expect((await send(b, a)).data.sendMessage.userErrors).toEqual([]);
  });
});
