// Floods that reach other people (issue 25, items 7 and 8), run against a real server with the
// defaults an operator gets:
// - 30 apply/withdraw cycles in a row by one volunteer on one position once sent the club's owner
//   60 notifications and 60 emails. Now the limits refuse the flood with RATE_LIMITED and a time to
//   try again, a refused call changes nothing, and what did pass reaches the owner once per kind
//   (one bell entry and one email for the applications, one of each for the withdrawals).
// - 60 create/revoke cycles of API tokens once left 60 rows behind. Now creations per member per
//   hour are limited, and revoked tokens are purged after the retention period.
// - Item 9, every write that tells someone else: 100 messages from one member to another are 60
//   messages (each its own notification) and at most one email a collapse window; 30 shift swap
//   propose/cancel cycles are 3 proposals and one notification to the asked volunteer, not 30.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { apiTokens, mailOutbox, messages, notifications, shiftSwaps, volunteerApplications } from '../../server/src/db/schema/index.js';
import type { GqlAnswer } from '../helpers/client.js';
import { CREATE_TOKEN, REVOKE_TOKEN } from '../helpers/api-tokens.js';
import { newMember } from '../helpers/client.js';
import { SEND, dbOf, memberId } from '../helpers/messages.js';
import { readMails } from '../helpers/mail.js';
import { apply, clubWithOpportunity, GOOD_MESSAGE, liveOpportunity, payload, uuid, withdraw } from '../helpers/opportunities.js';
import { createVolunteer } from '../helpers/volunteers.js';
import type { TestServer } from '../helpers/server.js';
import { startAttackServer } from './support.js';

let server: TestServer;

beforeAll(async () => {
  server = await startAttackServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** A refusal by a limit: RATE_LIMITED, saying when to try again. */
function rateLimited(answer: GqlAnswer): boolean {
  const error = answer.errors?.[0];
  if (!error) return false;
  expect(error.extensions?.code).toBe('RATE_LIMITED');
  expect(error.message).toMatch(/Please try again in (about )?\d+ (minute|minutes|hour|hours)\.$/);
  return true;
}

describe('30 apply/withdraw cycles by one volunteer on one position', () => {
  it('are refused past the limits (RATE_LIMITED, a time to try again, nothing changed) and reach the owner once per kind: at most 2 notifications and 2 emails, not 60', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Flooded Falcons', position: { title: 'Flood Steward' } });
    const volunteer = await createVolunteer(server, { firstName: 'Fay', lastName: 'Flood' });
    const db = dbOf(server);
    const applications = async () => Number((await db.select({ n: count() }).from(volunteerApplications).where(eq(volunteerApplications.positionId, uuid(owner.positionId))))[0]!.n);

    let passed = 0;
    let refused = 0;
    for (let cycle = 0; cycle < 30; cycle++) {
      const before = await applications();
      const applied = await apply(volunteer.client, owner.positionId);
      if (rateLimited(applied)) {
        refused++;
        expect(await applications()).toBe(before);
        continue;
      }
      expect(applied.data.applyToOpportunity.userErrors).toEqual([]);
      const id = applied.data.applyToOpportunity.application.id as string;
      const withdrawn = await withdraw(volunteer.client, id);
      if (rateLimited(withdrawn)) {
        refused++;
        const [row] = await db.select({ status: volunteerApplications.status }).from(volunteerApplications).where(eq(volunteerApplications.id, uuid(id)));
        expect(row!.status).toBe('pending');
        break;
      }
      expect(withdrawn.data.withdrawVolunteerApplication.userErrors).toEqual([]);
      passed++;
    }
    // Drain the outbox so that what was queued is also what was delivered.
    while ((await server.clubroom.mailWorker.runOnce()) > 0);
    const bell = await db.select().from(notifications).where(eq(notifications.userId, owner.clubUuid));
    const queued = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email))).filter((m) => m.subject.includes("Flood Steward"));
    const delivered = (await readMails(server.dataDir)).filter((m) => m.headers.to === owner.email && m.headers.subject.includes("Flood Steward"));
    console.info(`30 apply/withdraw cycles: ${passed} passed, ${refused} refused; the owner got ${bell.length} notifications, ${queued.length} queued and ${delivered.length} delivered emails`);
    expect(refused).toBeGreaterThan(0);
    expect(passed).toBeLessThan(30);
    expect(bell.map((n) => n.title).sort()).toEqual(['Application withdrawn', 'New volunteer application']);
    expect(queued.length).toBeLessThanOrEqual(2);
    expect(delivered.map((m) => m.headers.subject).sort()).toEqual(['Application withdrawn: Flood Steward', 'New volunteer application for Flood Steward']);
  }, 120_000);
});

describe('60 API token create/revoke cycles by one member', () => {
  it('are refused past the hourly creation limit (RATE_LIMITED, a time to try again, no row), and the revoked tokens are purged after the retention period', async () => {
    const member = await newMember(server.url);
    const db = dbOf(server);
    const rows = async () => Number((await db.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, member.user.id)))[0]!.n);

    let created = 0;
    let refused = 0;
    for (let cycle = 0; cycle < 60; cycle++) {
      const before = await rows();
      const answer = await member.client.gql(CREATE_TOKEN, { input: { name: `Churn ${cycle}`, scopes: ['READ'] } });
      if (rateLimited(answer)) {
        refused++;
        expect(await rows()).toBe(before);
        continue;
      }
      created++;
      const revoked = await member.client.gql(REVOKE_TOKEN, { id: answer.data.createApiToken.token.id });
      expect(revoked.data.revokeApiToken.userErrors).toEqual([]);
    }
    console.info(`60 token create/revoke cycles: ${created} created, ${refused} refused; ${await rows()} token rows`);
    expect(refused).toBeGreaterThan(0);
    expect(await rows()).toBe(created);
    expect(created).toBeLessThanOrEqual(20);

    // The retention period later, the maintenance pass purges them.
    await db.execute(sql`update api_tokens set revoked_at = now() - interval '31 days' where user_id = ${member.user.id}`);
    await server.clubroom.services.apiTokens.purgeRetired();
    expect(await rows()).toBe(0);
    expect(await db.select().from(apiTokens).where(and(eq(apiTokens.userId, member.user.id)))).toEqual([]);
  }, 120_000);
});

describe('100 messages from one member to another (item 9)', () => {
  it('are refused past 60 in the hour (RATE_LIMITED, a time to try again, nothing sent); the recipient gets one notification per message sent and at most one email while they wait, not 100', async () => {
    const [sender, recipient] = [await newMember(server.url), await newMember(server.url)];
    const db = dbOf(server);
    const sent = async () => Number((await db.select({ n: count() }).from(messages).where(eq(messages.senderId, sender.user.id)))[0]!.n);
    const bell = async () => Number((await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, recipient.user.id)))[0]!.n);

    let passed = 0;
    let refused = 0;
    for (let i = 0; i < 100; i++) {
      const before = [await sent(), await bell()];
      const answer = await sender.client.gql(SEND, { input: { recipientId: memberId(recipient.user.id), subject: 'Flood subject', content: `Flood message number ${i}.` } });
      if (rateLimited(answer)) {
        refused++;
        expect([await sent(), await bell()]).toEqual(before);
        continue;
      }
      expect(answer.data.sendMessage.userErrors).toEqual([]);
      passed++;
    }
    while ((await server.clubroom.mailWorker.runOnce()) > 0);
    const queued = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, recipient.email))).filter((m) => m.subject.includes('Flood subject'));
    console.info(`100 messages: ${passed} sent, ${refused} refused; the recipient got ${await bell()} notifications and ${queued.length} emails`);
    expect(passed).toBe(60);
    expect(refused).toBe(40);
    expect(await sent()).toBe(60);
    expect(await bell()).toBe(60);
    expect(queued.length).toBeLessThanOrEqual(1);
  }, 120_000);
});

describe('30 shift swap propose/cancel cycles by one volunteer to another (item 9)', () => {
  const ERRORS = 'userErrors { field code message }';
  const ADD = `mutation($i: AddPositionShiftsInput!) { addPositionShifts(input: $i) { shifts { id } ${ERRORS} } }`;
  const APPLY = `mutation($i: ApplyToOpportunityInput!) { applyToOpportunity(input: $i) { application { id shiftSignups { id } } ${ERRORS} } }`;
  const DECIDE = `mutation($i: DecideShiftSignupInput!) { decideShiftSignup(input: $i) { signup { id status } ${ERRORS} } }`;
  const PROPOSE = `mutation($i: ProposeShiftSwapInput!) { proposeShiftSwap(input: $i) { swap { id status } ${ERRORS} } }`;
  const CANCEL_SWAP = `mutation($i: CancelShiftSwapInput!) { cancelShiftSwap(input: $i) { swap { id status } ${ERRORS} } }`;
  const day = (n: number, hour: number) => {
    const d = new Date(Date.now() + n * 86_400_000);
    d.setUTCHours(hour, 0, 0, 0);
    return d.toISOString();
  };

  it('are refused past 3 proposals to one volunteer in the hour (RATE_LIMITED, a time to try again, nothing changed); the asked volunteer gets 1 notification and at most 1 email, not 30', async () => {
    const owner = await clubWithOpportunity(server, { clubName: 'Swapping Swallows' });
    const positionId = await liveOpportunity(owner.client, { title: 'Swap Steward' });
    const shift = async (n: number) => payload<Array<{ id: string }>>(await owner.client.gql(ADD, { i: { positionId, startsAt: day(n, 10), endsAt: day(n, 12), places: 1 } }), 'addPositionShifts', 'shifts')[0]!.id;
    const [s1, s2] = [await shift(14), await shift(15)];
    const [proposer, asked] = [await createVolunteer(server, { firstName: 'Sid', lastName: 'Swap' }), await createVolunteer(server, { firstName: 'Ada', lastName: 'Asked' })];
    const signUp = async (v: typeof proposer, shiftId: string) => {
      const app = payload<{ shiftSignups: Array<{ id: string }> }>(await v.client.gql(APPLY, { i: { positionId, message: GOOD_MESSAGE, shiftIds: [shiftId] } }), 'applyToOpportunity', 'application');
      const id = app.shiftSignups[0]!.id;
      payload(await owner.client.gql(DECIDE, { i: { id, decision: 'ACCEPT' } }), 'decideShiftSignup', 'signup');
      return id;
    };
    const [mine, theirs] = [await signUp(proposer, s1), await signUp(asked, s2)];
    const db = dbOf(server);
    const swaps = async () => Number((await db.select({ n: count() }).from(shiftSwaps).where(eq(shiftSwaps.proposedBy, proposer.user.id)))[0]!.n);
    const told = () => db.select().from(notifications).where(and(eq(notifications.userId, asked.user.id), eq(notifications.kind, 'volunteer_shift_swap')));

    let passed = 0;
    let refused = 0;
    for (let cycle = 0; cycle < 30; cycle++) {
      const before = [await swaps(), (await told()).length];
      const proposed = await proposer.client.gql(PROPOSE, { i: { signupId: mine, withSignupId: theirs } });
      if (rateLimited(proposed)) {
        refused++;
        expect([await swaps(), (await told()).length]).toEqual(before);
        continue;
      }
      const swap = payload<{ id: string }>(proposed, 'proposeShiftSwap', 'swap');
      payload(await proposer.client.gql(CANCEL_SWAP, { i: { id: swap.id } }), 'cancelShiftSwap', 'swap');
      passed++;
    }
    while ((await server.clubroom.mailWorker.runOnce()) > 0);
    const mails = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, asked.email))).filter((m) => /swap/i.test(m.subject));
    console.info(`30 swap propose/cancel cycles: ${passed} passed, ${refused} refused; the asked volunteer got ${(await told()).length} notifications and ${mails.length} emails`);
    expect(passed).toBe(3);
    expect(refused).toBe(27);
    expect(await told()).toHaveLength(1);
    expect(mails.length).toBeLessThanOrEqual(1);
  }, 120_000);
});
