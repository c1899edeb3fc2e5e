// The durable job table (jobs/worker.ts) runs each job exactly once across workers and restarts,
// shown with members' digests: two workers at once over the same due digests, and a worker process
// killed (SIGKILL) in the middle of a digest, after it built and queued the mail but before its
// transaction committed. Needs TEST_DATABASE_URL (a second process shares the database).
import { spawn } from 'node:child_process';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/client.js';
import { jobs, mailOutbox, notificationDigestItems } from '../../server/src/db/schema/index.js';
import { JobWorker } from '../../server/src/jobs/worker.js';
import { DIGEST_JOB } from '../../server/src/modules/notifications/notification-preferences.service.js';
import { digestJobHandler } from '../../server/src/modules/notifications/notifications.digest.js';
import { newMember } from '../helpers/client.js';
import { payloadOk } from '../helpers/clubs.js';
import { dbOf, sendOk, type Member } from '../helpers/messages.js';
import { TEST_DATABASE_URL } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';

const ROOT = new URL('../..', import.meta.url).pathname;
let server: TestServer;
let second: Database | undefined;

beforeAll(async () => {
  server = await startServer();
  // The test decides when workers run: the server's own worker neither polls nor wakes by itself
  // (its runOnce still works when called).
  await server.clubroom.jobWorker.stop();
});

afterAll(async () => {
  await second?.close();
  await server?.close();
});

const UPDATE_DELIVERY = `mutation($input: UpdateNotificationDeliveryInput!) { updateNotificationDelivery(input: $input) { userErrors { message } } }`;

/** `n` members on a daily digest with two gathered messages each, their digests due now. */
async function dueDigests(n: number, sender: Member): Promise<Member[]> {
  const readers = await Promise.all(Array.from({ length: n }, (_, i) => newMember(server.url, { fullName: `Reader ${i}` })));
  for (const r of readers) {
    payloadOk(
      await r.client.gql(UPDATE_DELIVERY, { input: { emailCadence: 'DAILY', quietHoursStart: null, quietHoursEnd: null, timeZone: 'UTC', digestHour: 6, pushPreviews: false } }),
      'updateNotificationDelivery',
    );
    await sendOk(sender, r, { subject: 'First note', content: `First for ${r.user.id}` });
    await sendOk(sender, r, { subject: 'Second note', content: `Second for ${r.user.id}` });
  }
  await dbOf(server)
    .update(jobs)
    .set({ runAt: sql`now()` })
    .where(inArray(jobs.key, readers.map((r) => `digest:${r.user.id}`)));
  return readers;
}

/** Each reader's digest mails in the outbox, and whether every item was claimed by exactly one. */
async function digestsOf(readers: Member[]) {
  const mails = await dbOf(server)
    .select()
    .from(mailOutbox)
    .where(like(mailOutbox.subject, 'Your Clubroom day%'));
  const items = await dbOf(server)
    .select()
    .from(notificationDigestItems)
    .where(inArray(notificationDigestItems.userId, readers.map((r) => r.user.id)));
  return readers.map((r) => ({
    mails: mails.filter((m) => m.to === r.email).map((m) => m.text),
    claimedBy: new Set(items.filter((i) => i.userId === r.user.id).map((i) => i.digestId)),
    unclaimed: items.filter((i) => i.userId === r.user.id && i.digestId === null).length,
  }));
}

function expectExactlyOnce(result: Awaited<ReturnType<typeof digestsOf>>, readers: Member[]) {
  result.forEach((r, i) => {
    expect(r.mails, `reader ${i}`).toHaveLength(1);
    expect(r.mails[0]).toContain(`First for ${readers[i]!.user.id}`);
    expect(r.mails[0]).toContain(`Second for ${readers[i]!.user.id}`);
    expect(r.unclaimed).toBe(0);
    expect(r.claimedBy.size).toBe(1);
  });
}

describe.runIf(Boolean(TEST_DATABASE_URL))('the job table', () => {
  it('runs each due digest once when two workers (two connection pools) work it at the same moment', async () => {
    const sender = await newMember(server.url, { fullName: 'Pair Sender' });
    const readers = await dueDigests(8, sender);
    second = await openDatabase({ databaseUrl: server.db.url! });
    const handlers = { [DIGEST_JOB]: digestJobHandler({ appUrl: server.config.appUrl, pubsub: server.clubroom.pubsub }) };
    const other = new JobWorker(second.db, handlers, { intervalMs: 600_000, leaseSeconds: 60, log: console });
    const [a, b] = await Promise.all([server.clubroom.jobWorker.runOnce(), other.runOnce()]);
    expect(a + b).toBe(8);
    expectExactlyOnce(await digestsOf(readers), readers);
  });

  it('runs a digest again, once, after the worker running it is killed before it committed', async () => {
    const sender = await newMember(server.url, { fullName: 'Kill Sender' });
    const readers = await dueDigests(3, sender);
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/job-worker-child.ts', server.db.url!], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', TSX_TSCONFIG_PATH: 'server/tsconfig.json', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const holding = new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('HOLDING')) resolve();
      });
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => reject(new Error(`the worker process ended (${code}) before holding a digest: ${output}`)));
    });
    await holding;
    // Its digest was built and its mail queued, inside a transaction that has not committed.
    const [claimed] = await dbOf(server).select().from(jobs).where(eq(jobs.key, `digest:${output.match(/HOLDING (\S+)/)![1]}`));
    expect(claimed!.claimId).not.toBeNull();
    expect((await digestsOf(readers)).every((r) => r.mails.length === 0)).toBe(true);
    // A running worker's claims are not taken while their lease holds.
    expect(await server.clubroom.jobWorker.runOnce()).toBe(0);

    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // Once the child's lease (2 s) has run out, this worker takes the jobs over.
    let ran = 0;
    for (let i = 0; ran < 3 && i < 100; i++) {
      ran += await server.clubroom.jobWorker.runOnce();
      if (ran < 3) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ran).toBe(3);
    expectExactlyOnce(await digestsOf(readers), readers);
    // Nothing left to run until tomorrow's digests.
    expect(await server.clubroom.jobWorker.runOnce()).toBe(0);
  });
});
