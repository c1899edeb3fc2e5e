// Limits on writes that reach other people (applying and withdrawing, messages, shift swap proposals,
// hours claims, creating API tokens; docs/API.md lists every notifying write and its bound):
// rate-limiter-flexible fixed windows in `rate_limits` (its RateLimiterDrizzle store, atomic
// upserts through the app's drizzle client), so every instance on the database shares the
// counters, as the sign-in limits do. Every attempt past the checks that precede it counts, a
// refused one included; a refusal is RATE_LIMITED with the spec's tone of message and says when
// to try again, and is raised before the write, so nothing changes.
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { sha256 } from './crypto.js';
import { AppError } from './errors.js';

/** 'in 1 minute', 'in 12 minutes', 'in 2 hours': when a refused writer may try again. */
export function retryIn(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes <= 90) return `in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}

export interface WriteLimit {
  /** A short name, the counters' key prefix. */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  windowSeconds: number;
}

export class WriteLimiter {
  private readonly limiters: Map<string, RateLimiterDrizzle>;

  /** `message` words the refusal; it is given when to try again ('in 12 minutes'). */
  constructor(
    db: Db,
    limits: WriteLimit[],
    private readonly message: (retry: string) => string,
  ) {
    this.limiters = new Map(
      limits.map((l) => [
        l.name,
        new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: `write_${l.name}`, points: l.points, duration: l.windowSeconds, clearExpiredByTimeout: false }),
      ]),
    );
  }

  /** Counts one attempt against each named limit (its key the hash of the given parts, never raw
   *  input); past any of them, refuses it with RATE_LIMITED and the longest wait. */
  async consume(keys: Record<string, string[]>): Promise<void> {
    const waits = await Promise.all(
      Object.entries(keys).map(async ([name, parts]) => {
        const limiter = this.limiters.get(name);
        if (!limiter) throw new Error(`unknown write limit ${name}`);
        try {
          await limiter.consume(sha256(JSON.stringify(parts)));
          return 0;
        } catch (err) {
          if (err instanceof RateLimiterRes) return err.msBeforeNext;
          throw err;
        }
      }),
    );
    const wait = Math.max(...waits);
    if (wait > 0) throw new AppError('RATE_LIMITED', this.message(retryIn(wait)));
  }
}
