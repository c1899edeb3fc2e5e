// A certificate's PDF is made exactly once (issue 30 §4, through the durable job table): two workers
// on two connection pools at the same moment, and a worker process killed (SIGKILL) after it made
// and stored the PDF and wrote the notification but before its transaction committed. Each time:
// one PDF, one notification, the job done. Needs TEST_DATABASE_URL (a second process shares it).
import { spawn } from 'node:child_process';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/src/db/client.js';
import { jobs, notifications, volunteerCertificates } from '../../server/src/db/schema/index.js';
import { JobWorker } from '../../server/src/jobs/worker.js';
import { CERTIFICATE_JOB } from '../../server/src/modules/certificates/certificates.service.js';
import { REQUEST_CERTIFICATE, clubWithPositions, insertHours } from '../helpers/certificates.js';
import { payloadOk } from '../helpers/clubs.js';
import { dbOf } from '../helpers/messages.js';
import { TEST_DATABASE_URL } from '../helpers/pg.js';
import { startServer, type TestServer } from '../helpers/server.js';
import { createVolunteer } from '../helpers/volunteers.js';

const ROOT = new URL('../..', import.meta.url).pathname;
let server: TestServer;
let second: Database | undefined;

beforeAll(async () => {
  server = await startServer();
  // The test decides when workers run.
  await server.clubroom.jobWorker.stop();
});

afterAll(async () => {
  await second?.close();
  await server?.close();
});

/** `n` volunteers, each with approved hours and a certificate asked for (its job due now). */
async function askedFor(n: number): Promise<Array<{ userId: string; certificateId: string }>> {
  const asked: Array<{ userId: string; certificateId: string }> = [];
  for (let i = 0; i < n; i++) {
    const v = await createVolunteer(server, { firstName: `Worker${i}`, lastName: 'Tested' });
    const club = await clubWithPositions(server, `Job Club ${i} ${v.user.id.slice(0, 6)}`, ['Steward'], v.user.id);
    await insertHours(server, v.user.id, club.clubId, club.position('Steward'), [{ workDate: '2026-02-14', minutes: 60 * (i + 1) }]);
    const payload = payloadOk<{ certificate: { code: string } }>(await v.client.gql(REQUEST_CERTIFICATE, { input: { fromDate: '2026-01-01', toDate: '2026-03-31' } }), 'requestVolunteerCertificate');
    const [row] = await dbOf(server).select().from(volunteerCertificates).where(eq(volunteerCertificates.code, payload.certificate.code));
    asked.push({ userId: v.user.id, certificateId: row!.id });
  }
  return asked;
}

async function expectMadeOnce(asked: Array<{ userId: string; certificateId: string }>) {
  const rows = await dbOf(server).select().from(volunteerCertificates).where(inArray(volunteerCertificates.id, asked.map((a) => a.certificateId)));
  expect(rows.map((r) => r.status)).toEqual(asked.map(() => 'ready'));
  for (const r of rows) expect(Buffer.from(r.pdf!).subarray(0, 5).toString()).toBe('%PDF-');
  const told = await dbOf(server).select().from(notifications).where(inArray(notifications.userId, asked.map((a) => a.userId)));
  for (const a of asked) expect(told.filter((n) => n.userId === a.userId && n.kind === 'volunteer_certificate_ready'), a.userId).toHaveLength(1);
  const done = await dbOf(server).select().from(jobs).where(inArray(jobs.key, asked.map((a) => `volunteer-certificate:${a.certificateId}`)));
  expect(done.map((j) => j.status)).toEqual(asked.map(() => 'done'));
}

describe.runIf(Boolean(TEST_DATABASE_URL))('making the PDF', () => {
  it('happens once per certificate when two workers (two connection pools) work the jobs at the same moment', async () => {
    const asked = await askedFor(6);
    second = await openDatabase({ databaseUrl: server.db.url! });
    const other = new JobWorker(second.db, { [CERTIFICATE_JOB]: server.clubroom.services.certificates.build }, { intervalMs: 600_000, leaseSeconds: 60, log: console });
    const [a, b] = await Promise.all([server.clubroom.jobWorker.runOnce(), other.runOnce()]);
    expect(a + b).toBe(6);
    await expectMadeOnce(asked);
  });

  it('happens again, once, after the worker making it is killed before it committed', async () => {
    const asked = await askedFor(2);
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/helpers/certificate-worker-child.ts', server.db.url!], {
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
      child.on('exit', (code) => reject(new Error(`the worker process ended (${code}) before holding a certificate: ${output}`)));
    });
    await holding;
    // Its PDF was made and its notification written, inside a transaction that has not committed.
    const heldId = output.match(/HOLDING (\S+)/)![1]!;
    const [held] = await dbOf(server).select().from(volunteerCertificates).where(eq(volunteerCertificates.id, heldId));
    expect(held).toMatchObject({ status: 'pending', pdf: null });
    expect(await dbOf(server).select().from(notifications).where(inArray(notifications.userId, asked.map((a) => a.userId)))).toEqual([]);
    // A running worker's claims are not taken while their lease holds.
    expect(await server.clubroom.jobWorker.runOnce()).toBe(0);

    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    let ran = 0;
    for (let i = 0; ran < 2 && i < 100; i++) {
      ran += await server.clubroom.jobWorker.runOnce();
      if (ran < 2) await new Promise((r) => setTimeout(r, 200));
    }
    expect(ran).toBe(2);
    await expectMadeOnce(asked);
    expect(await server.clubroom.jobWorker.runOnce()).toBe(0);
  });
});
