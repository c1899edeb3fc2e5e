// Fixed-window counters in the database, so that every instance shares them.
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';

export class RateLimitService {
  constructor(
    private readonly db: Db,
    private readonly windowMinutes: number,
  ) {}

  /** Counts one attempt for each key and refuses when any key is over its limit. */
  async hit(entries: Array<{ key: string; limit: number }>): Promise<void> {
    const windowMs = this.windowMinutes * 60_000;
    const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
    let over = false;
    for (const { key, limit } of entries) {
      const [row] = await this.db
        .insert(rateLimits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
        .returning({ count: rateLimits.count });
      if ((row?.count ?? 0) > limit) over = true;
    }
    if (over) throw errors.rateLimited();
  }

  async purgeExpired(): Promise<void> {
    const cutoff = new Date(Date.now() - 2 * this.windowMinutes * 60_000);
    await this.db.delete(rateLimits).where(lt(rateLimits.windowStart, cutoff));
  }
}
