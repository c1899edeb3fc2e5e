// Floods that reach other people (issue 25, items 7 and 8), run against a real server with the
// defaults an operator gets:
// - 30 apply/withdraw cycles in a row by one volunteer on one position once sent the club's owner
//   60 notifications and 60 emails. Now the limits refuse the flood with RATE_LIMITED and a time to
//   try again, a refused call changes nothing, and what did pass reaches the owner once per kind
//   (one bell entry and one email for the applications, one of each for the withdrawals).
// - 60 create/revoke cycles of API tokens once left 60 rows behind. Now creations per member per
//   hour are limited, and revoked tokens are purged after the retention period.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { apiTokens, mailOutbox, notifications, volunteerApplications } from '../../server/src/db/schema/index.js';
import type { GqlAnswer } from '../helpers/client.js';
import { CREATE_TOKEN, REVOKE_TOKEN } from '../helpers/api-tokens.js';
import { newMember } from '../helpers/client.js';
import { dbOf } from '../helpers/messages.js';
import { readMails } from '../helpers/mail.js';
import { apply, clubWithOpportunity, uuid, withdraw } from '../helpers/opportunities.js';
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
