// Works the durable job table like the mail outbox: due jobs are claimed with FOR UPDATE SKIP
// LOCKED under a lease (several instances may run the worker), and each runs in one transaction
// with its effects and its own completion. A worker killed mid-run leaves the transaction
// uncommitted: nothing of it happened, and once the lease runs out another worker runs it again.
// A worker whose lease ran out while it worked finds the job claimed by another (a new claim id)
// and rolls back. So each job's effects happen exactly once.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type Executor } from '../db/client.js';
import { serializeError } from '../lib/log.js';
import { PollLoop } from '../lib/poll-loop.js';

export const JOB_MAX_ATTEMPTS = 8;
const BATCH = 10;

interface Logger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  payload: Record<string, unknown>;
  attempts: number;
  claimId: string;
}

/** What a handler says when it is done: finished, or to run again at `runAt` (a digest's next
 *  one) with the same key. */
export type JobOutcome = { done: true } | { again: Date; payload?: Record<string, unknown> };

/** Runs one job inside `tx`, the transaction that also marks it finished. */
export type JobHandler = (tx: Executor, job: ClaimedJob) => Promise<JobOutcome>;

export class JobWorker {
  private readonly loop: PollLoop;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly opts: { intervalMs: number; leaseSeconds: number; log: Logger },
  ) {
    this.loop = new PollLoop({
      intervalMs: opts.intervalMs,
      pass: () => this.runOnce(),
      onError: (err) => opts.log.error({ err }, 'job worker failed'),
    });
  }

  start(): void {
    this.loop.start();
  }

  kick(): void {
    this.loop.kick();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Claims due jobs (under a lease) and runs each; answers how many finished or moved on. */
  async runOnce(): Promise<number> {
    const claimed = rowsOf<ClaimedJob>(
      await this.db.execute(sql`
        update jobs set attempts = attempts + 1, claim_id = gen_random_uuid(), lease_until = now() + make_interval(secs => ${this.opts.leaseSeconds})
        where id in (
          select id from jobs where status = 'pending' and run_at <= now() and (lease_until is null or lease_until <= now())
          order by run_at limit ${BATCH} for update skip locked)
        returning id, kind, key, payload, attempts, claim_id as "claimId"`),
    );
    let ran = 0;
    for (const job of claimed) if (await this.run(job)) ran++;
    return ran;
  }

  private async run(job: ClaimedJob): Promise<boolean> {
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await this.db.transaction(async (tx) => {
        // Still ours? Locks the row until commit; a later claim (our lease ran out) means another
        // worker runs it, and this transaction must not commit.
        const [mine] = rowsOf<{ id: string }>(await tx.execute(sql`select id from jobs where id = ${job.id} and claim_id = ${job.claimId} and status = 'pending' for update`));
        if (!mine) throw new LeaseLost();
        const outcome = await handler(tx, job);
        if ('done' in outcome) {
          await tx.execute(sql`update jobs set status = 'done', finished_at = now(), claim_id = null, attempts = 0, lease_until = null, last_error = null where id = ${job.id}`);
        } else {
          await tx.execute(sql`
            update jobs set run_at = ${outcome.again.toISOString()}::timestamptz, attempts = 0, claim_id = null, lease_until = null, last_error = null,
              payload = coalesce(${outcome.payload ? JSON.stringify(outcome.payload) : null}::jsonb, payload)
            where id = ${job.id}`);
        }
      });
      return true;
    } catch (err) {
      if (err instanceof LeaseLost) return false;
      // No statement parameter in the row or the log (a drizzle message carries them).
      const message = serializeError(err).message;
      const failed = job.attempts >= JOB_MAX_ATTEMPTS;
      const backoffSeconds = Math.min(3600, 15 * 2 ** (job.attempts - 1));
      await this.db.execute(sql`
        update jobs set status = ${failed ? 'failed' : 'pending'}, last_error = ${message.slice(0, 500)}, lease_until = null,
          claim_id = null, run_at = now() + make_interval(secs => ${backoffSeconds})
        where id = ${job.id} and claim_id = ${job.claimId}`);
      this.opts.log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, err }, failed ? 'job failed for good' : 'job failed; will retry');
      return false;
    }
  }
}

class LeaseLost extends Error {}
