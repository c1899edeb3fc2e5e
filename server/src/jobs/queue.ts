// The durable job table's writing side: a job is scheduled in the transaction of the change that
// causes it, so it exists exactly when that change committed. See db/schema/notifications.ts `jobs`.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { jobs } from '../db/schema/index.js';
import { inParts } from '../db/batch.js';

export interface JobRequest {
  /** Which handler runs it (JobWorker's `handlers`). */
  kind: string;
  /** Names the job: scheduling one with a key already present moves that job (to `runAt`, with
   *  `payload`, pending again) instead of adding another. */
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

export async function scheduleJob(executor: Executor, job: JobRequest): Promise<void> {
  await scheduleJobs(executor, [job]);
}

/** Schedules many jobs as scheduleJob would one after another (a key given twice: the later one),
 *  in one statement per ROWS_PER_INSERT jobs. */
export async function scheduleJobs(executor: Executor, requests: readonly JobRequest[]): Promise<void> {
  const byKey = new Map(requests.map((job) => [job.key, job]));
  for (const part of inParts([...byKey.values()])) {
    if (part.length === 0) continue;
    await executor
      .insert(jobs)
      .values(part.map((job) => ({ kind: job.kind, key: job.key, runAt: job.runAt, payload: job.payload ?? {} })))
      .onConflictDoUpdate({
        target: jobs.key,
        set: { kind: sql`excluded.kind`, runAt: sql`excluded.run_at`, payload: sql`excluded.payload`, status: 'pending', attempts: 0, claimId: null, leaseUntil: null, lastError: null, finishedAt: null },
      });
  }
}

/** Removes a job that has not run (a digest the member no longer wants). */
export async function cancelJob(executor: Executor, key: string): Promise<void> {
  await executor.delete(jobs).where(sql`${jobs.key} = ${key} and ${jobs.status} = 'pending'`);
}
