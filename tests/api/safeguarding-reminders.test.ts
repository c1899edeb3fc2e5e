// Expiry reminders of safeguarding checks (issue 30 §5): one durable job per check
// (`check-expiry:<check>`), scheduled in the transaction that records the check, moved when its
// dates change and dropped when it is deleted, due 30 days before it expires (at once when that is
// past). It tells the volunteer and the owner of each club that verified the check, through the
// dispatcher, and writes a 'reminded' event — exactly once with two workers at once and with a
// worker killed mid-run.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../server/src/db/client.js';
import { jobs, notifications, volunteerCheckEvents } from '../../server/src/db/schema/index.js';
import { JobWorker } from '../../server/src/jobs/worker.js';
import { addDays, CHECK_TEXTS as T } from '../../server/src/modules/safeguarding/safeguarding.rules.js';
import { CHECK_EXPIRY_JOB, checkExpiryJobKey, reminderAt } from '../../server/src/modules/safeguarding/check-reminders.service.js';
import { payloadOk } from '../helpers/clubs.js';
import { adminClient, dbOf, gqlOk } from '../helpers/messages.js';
import { applyOk, clubWithOpportunity, uuid } from '../helpers/opportunities.js';
import { TEST_DATABASE_URL } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { runAfterKill } from '../helpers/jobs.js';
import { createVolunteer } from '../helpers/volunteers.js';
import type { ApiClient } from '../helpers/client.js';

let server: TestServer;
let admin: ApiClient;
let second: Database | undefined;
beforeAll(async () => {
  server = await startServer();
  // The test decides when jobs run.
  await server.clubroom.jobWorker.stop();
  admin = await adminClient(server.url);
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

const ERRORS = 'userErrors { field code message }';
const CREATE_KIND = `mutation($i: CreateCheckKindInput!) { createCheckKind(input: $i) { checkKind { id name } ${ERRORS} } }`;
const RECORD = `mutation($i: RecordVolunteerCheckInput!) { recordVolunteerCheck(input: $i) { check { id } ${ERRORS} } }`;
const CHANGE = `mutation($i: ChangeVolunteerCheckInput!) { changeVolunteerCheck(input: $i) { check { id } ${ERRORS} } }`;
const DELETE = `mutation($i: DeleteVolunteerCheckInput!) { deleteVolunteerCheck(input: $i) { deletedCheckId ${ERRORS} } }`;
const VERIFY = `mutation($i: VerifyVolunteerCheckInput!) { verifyVolunteerCheck(input: $i) { check { id } ${ERRORS} } }`;
const APPLICANT = 'query($id: ID!) { applicantChecks(applicationId: $id) { id } }';

const tag = () => Math.random().toString(36).slice(2, 8);
const today = () => server.clubroom.services.safeguarding.today();
const jobOf = async (checkId: string) => (await dbOf(server).select().from(jobs).where(eq(jobs.key, checkExpiryJobKey(uuid(checkId)))))[0];
const bellOf = (userId: string, kind: string) => dbOf(server).select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
const remindedOf = (checkId: string) => dbOf(server).select().from(volunteerCheckEvents).where(and(eq(volunteerCheckEvents.checkId, uuid(checkId)), eq(volunteerCheckEvents.action, 'reminded')));

/** A volunteer with a check of a new kind expiring `expiresIn` days from today, verified by the club
 *  they applied to. */
async function verifiedCheck(expiresIn: number) {
  const kind = payloadOk<{ checkKind: { id: string; name: string } }>(await admin.gql(CREATE_KIND, { i: { name: `Enhanced DBS ${tag()}` } }), 'createCheckKind').checkKind;
  const club = await clubWithOpportunity(server, { clubName: `Reminder Club ${tag()}` });
  const volunteer = await createVolunteer(server, { email: `remind.${tag()}@example.com`, firstName: 'Rita', lastName: 'Renew' });
  const application = await applyOk(volunteer.client, club.positionId);
  const check = payloadOk<{ check: { id: string } }>(
    await volunteer.client.gql(RECORD, { i: { kindId: kind.id, issuedOn: addDays(today(), -300), expiresOn: addDays(today(), expiresIn) } }),
    'recordVolunteerCheck',
  ).check;
  await gqlOk(club.client, APPLICANT, { id: application.id });
  payloadOk(await club.client.gql(VERIFY, { i: { checkId: check.id, verified: true } }), 'verifyVolunteerCheck');
  return { kind, club, volunteer, check };
}

const dueNow = (checkId: string) => dbOf(server).update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.key, checkExpiryJobKey(uuid(checkId))));

describe('scheduling', () => {
  it('schedules a reminder 30 days before expiry with the check, moves it with new dates and drops it with the check', async () => {
    const { volunteer, check } = await verifiedCheck(400);
    const job = await jobOf(check.id);
    expect(job).toMatchObject({ kind: CHECK_EXPIRY_JOB, status: 'pending', runAt: reminderAt(addDays(today(), 400)) });
    expect(job!.runAt.toISOString().slice(0, 10)).toBe(addDays(today(), 370));

    payloadOk(await volunteer.client.gql(CHANGE, { i: { checkId: check.id, issuedOn: addDays(today(), -10), expiresOn: addDays(today(), 700) } }), 'changeVolunteerCheck');
    expect((await jobOf(check.id))!.runAt).toEqual(reminderAt(addDays(today(), 700)));
    // Expiring within 30 days: at once.
    const before = Date.now();
    payloadOk(await volunteer.client.gql(CHANGE, { i: { checkId: check.id, issuedOn: addDays(today(), -10), expiresOn: addDays(today(), 5) } }), 'changeVolunteerCheck');
    const soon = (await jobOf(check.id))!;
    expect(soon.runAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(soon.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    payloadOk(await volunteer.client.gql(DELETE, { i: { checkId: check.id } }), 'deleteVolunteerCheck');
    expect(await jobOf(check.id)).toBeUndefined();
  });
});

describe('the reminder', () => {
  it('tells the volunteer and the club that verified the check, and writes a reminded event', async () => {
    const { kind, club, volunteer, check } = await verifiedCheck(20);
    const expiresOn = addDays(today(), 20);
    expect(await server.clubroom.jobWorker.runOnce()).toBeGreaterThanOrEqual(1);
    const [mine] = await bellOf(volunteer.user.id, 'volunteer_check_expiring');
    expect(mine).toMatchObject({ title: T.volunteerReminderTitle(kind.name), description: T.volunteerReminder(kind.name, expiresOn) });
    const [clubs] = await bellOf(club.user.id, 'club_volunteer_check_expiring');
    expect(clubs).toMatchObject({ title: T.clubReminderTitle('Rita Renew', kind.name), description: T.clubReminder('Rita Renew', kind.name, expiresOn) });
    expect(await remindedOf(check.id)).toEqual([expect.objectContaining({ actorId: null, detail: { expiresOn, clubs: 1 } })]);
    expect((await jobOf(check.id))!.status).toBe('done');
  });

  it('does nothing for a check whose dates changed behind its back or that has expired', async () => {
    const { volunteer, check } = await verifiedCheck(20);
    // The job as it was queued for other dates (a stale payload).
    await dbOf(server).update(jobs).set({ payload: sql`jsonb_set(payload, '{expiresOn}', '"2020-01-01"')` }).where(eq(jobs.key, checkExpiryJobKey(uuid(check.id))));
    await dueNow(check.id);
    await server.clubroom.jobWorker.runOnce();
    expect(await bellOf(volunteer.user.id, 'volunteer_check_expiring')).toEqual([]);
    expect(await remindedOf(check.id)).toEqual([]);
  });
});

describe.runIf(Boolean(TEST_DATABASE_URL))('exactly once', () => {
  it('reminds once when two workers (two connection pools) run the due jobs at the same moment', async () => {
    const made = [];
    for (let i = 0; i < 4; i++) made.push(await verifiedCheck(10 + i));
    second ??= await openDatabase({ databaseUrl: server.db.url! });
    const handlers = { [CHECK_EXPIRY_JOB]: server.clubroom.services.checkReminders.reminderJob };
    const other = new JobWorker(second.db, handlers, { intervalMs: 600_000, leaseSeconds: 60, log: console });
    await Promise.all([server.clubroom.jobWorker.runOnce(), other.runOnce()]);
    for (const { volunteer, club, check } of made) {
      expect(await bellOf(volunteer.user.id, 'volunteer_check_expiring')).toHaveLength(1);
      expect(await bellOf(club.user.id, 'club_volunteer_check_expiring')).toHaveLength(1);
      expect(await remindedOf(check.id)).toHaveLength(1);
    }
  });

  it('reminds once after the worker running it is killed before it committed', async () => {
    const kind = payloadOk<{ checkKind: { id: string } }>(await admin.gql(CREATE_KIND, { i: { name: `Kill check ${tag()}` } }), 'createCheckKind').checkKind;
    const volunteer = await createVolunteer(server, { email: `kill.${tag()}@example.com` });
    // Recorded with a far expiry (its job not due), then made due by hand: only this job runs.
    const check = payloadOk<{ check: { id: string } }>(
      await volunteer.client.gql(RECORD, { i: { kindId: kind.id, issuedOn: addDays(today(), -300), expiresOn: addDays(today(), 20) } }),
      'recordVolunteerCheck',
    ).check;
    second ??= await openDatabase({ databaseUrl: server.db.url! });
    let backendPid = 0;
    const reminderJob = server.clubroom.services.checkReminders.reminderJob;
    const holding = new Promise<void>((resolve) => {
      const handlers = {
        [CHECK_EXPIRY_JOB]: async (tx: Parameters<typeof reminderJob>[0], job: Parameters<typeof reminderJob>[1]) => {
          const outcome = await reminderJob(tx, job);
          backendPid = Number(rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`))[0]!.pid);
          resolve();
          await new Promise<void>(() => {});
          return outcome;
        },
      };
      const doomed = new JobWorker(second!.db, handlers, { intervalMs: 600_000, leaseSeconds: 2, log: { warn: () => {}, error: () => {} } });
      void doomed.runOnce();
    });
    await holding;
    expect((await jobOf(check.id))!.claimId).not.toBeNull();
    expect(await bellOf(volunteer.user.id, 'volunteer_check_expiring')).toHaveLength(0);
    expect(await server.clubroom.jobWorker.runOnce()).toBe(0);

    await dbOf(server).execute(sql`select pg_terminate_backend(${backendPid})`);
    // Once the killed worker's claim is gone (its lease ran out, or its failure path let the job go),
    // the server's worker takes the job over, exactly once.
    const ran = await runAfterKill(server, server.clubroom.jobWorker, checkExpiryJobKey(uuid(check.id)));
    expect(ran).toBe(1);
    expect(await bellOf(volunteer.user.id, 'volunteer_check_expiring')).toHaveLength(1);
    expect(await remindedOf(check.id)).toHaveLength(1);
  });
});
