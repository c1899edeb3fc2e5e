// Taking a job over after its worker was killed mid-run (the durable job tests of issues 29–30).
import { sql } from 'drizzle-orm';
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
