// Each API token's cost budget (docs/API.md, 'Cost and rate limits'): every operation it runs is
// charged its cost (at least 1 point) against `budget` points per window. The counters are rows of
// `rate_limits` (rate-limiter-flexible's RateLimiterDrizzle store, atomic upserts), so every
// instance on the database shares them. Sessions are never charged (no write per request).
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import type { AppError } from '../../lib/errors.js';

export interface BudgetState {
  /** Points per window. */
  budget: number;
  /** Points left in the current window (0 when spent). */
  remaining: number;
  /** When the window ends. */
  resetAt: Date;
}

export class BudgetExceeded extends Error {
  constructor(
    readonly state: BudgetState,
    readonly error: AppError = errors.rateLimited(),
  ) {
    super(error.message);
  }
}

export class TokenBudget {
  private readonly limiter: RateLimiterDrizzle;

  constructor(
    db: Db,
    readonly config: { budget: number; windowMinutes: number },
  ) {
    this.limiter = new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix: 'api_token_cost',
      points: config.budget,
      duration: config.windowMinutes * 60,
      clearExpiredByTimeout: false,
    });
  }

  /** Charges `cost` points to the token; past its budget, throws BudgetExceeded (nothing runs). */
  async charge(tokenId: string, cost: number): Promise<BudgetState> {
    const points = Math.max(1, Math.ceil(cost));
    try {
      return this.stateOf(await this.limiter.consume(tokenId, points));
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new BudgetExceeded(this.stateOf(err));
      throw err;
    }
  }

  private stateOf(res: RateLimiterRes): BudgetState {
    return {
      budget: this.config.budget,
      remaining: Math.max(0, res.remainingPoints),
      resetAt: new Date(Date.now() + res.msBeforeNext),
    };
  }
}
