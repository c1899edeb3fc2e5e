// Running a durable job from a test: one made due now (runJobNow), or one taken over after its
// worker was killed mid-run (runAfterKill; the durable job tests of issues 29–30).
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../server/src/db/client.js';
import type { JobWorker } from '../../server/src/jobs/worker.js';
import { dbOf } from './messages.js';
import type { TestServer } from './server.js';

/**
 * Runs `worker` until it has run a job, at most ~20 s, as a restarted instance would once the
 * killed worker's lease ran out. A worker whose connection (not whose process) was killed also
 * runs its failure path and puts the job back with a retry backoff (15 s for a first attempt); a
 * real killed process would not, so the backoff of the job keyed `key` is moved to now (time moved
 * forward, not waited for) while the lease still decides when it may be taken. Answers how many
 * jobs ran.
 */
export async function runAfterKill(server: TestServer, worker: JobWorker, key: string): Promise<number> {
  let ran = 0;
  for (let i = 0; ran < 1 && i < 100; i++) {
    await dbOf(server).execute(sql`update jobs set run_at = now() where key = ${key} and status = 'pending' and run_at > now() and claim_id is null`);
    ran += await worker.runOnce();
    if (ran < 1) await new Promise((r) => setTimeout(r, 200));
  }
  return ran;
}

/**
 * Makes the pending job keyed `key` due now and has it run, answering once it has been worked:
 * finished, failed, or moved to a later run (a digest's next one). The server's own worker runs
 * too (any event kicks it) and may claim the job first, in which case this worker's pass skips it
 * and the job is still mid-run when the pass returns: so the row, not the pass, says when it is
 * done. At most ~10 s.
 */
export async function runJobNow(server: TestServer, key: string): Promise<void> {
  const db = dbOf(server);
  const due = rowsOf(await db.execute(sql`update jobs set run_at = now() where key = ${key} and status = 'pending' returning id`));
  if (due.length !== 1) throw new Error(`runJobNow: no pending job keyed ${key}`);
  for (let i = 0; i < 200; i++) {
    await server.clubroom.jobWorker.runOnce();
    const [row] = rowsOf<{ worked: boolean }>(
      await db.execute(sql`select claim_id is null and (status <> 'pending' or run_at > now()) as worked from jobs where key = ${key}`),
    );
    if (row?.worked) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`runJobNow: the job keyed ${key} was not worked within ~10 s`);
}
