// Each API token's cost budget (docs/API.md, 'Cost and rate limits'): a token bucket, as Shopify's
// GraphQL API has. It holds at most `maximum` points and fills again at `restoreRate` points a
// second (a whole budget per `API_TOKEN_COST_WINDOW_MINUTES`). An operation is run only when the
// bucket holds its cost, and is then charged it; one it cannot pay for is refused and charged
// nothing, so a request too large never spends what smaller ones could use.
//
// The bucket is one row of `rate_limits` per token, changed by one atomic statement, so every
// instance on the database shares it. The row keeps a single instant, `expire`: when the bucket is
// full again (the generic cell rate algorithm). What it holds at any moment follows from it:
// maximum − (expire − now) × restoreRate. Charging c points moves the instant c / restoreRate
// seconds later, refunding moves it back; the row is meaningless once the instant has passed (a
// full bucket), which is when the rate limits' sweep deletes it. Sessions are never charged.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';

export interface BudgetState {
  /** The most points the bucket holds. */
  maximum: number;
  /** Points in it now (whole points, rounded down). */
  remaining: number;
  /** Points restored per second. */
  restoreRate: number;
  /** When it is full again. */
  fullAt: Date;
}

export type BudgetOutcome =
  | { granted: true; charged: number; state: BudgetState }
  /** `retryAfterSeconds`: until the bucket holds the points asked for (or is full, if it never can). */
  | { granted: false; charged: 0; state: BudgetState; retryAfterSeconds: number };

const KEY_PREFIX = 'api_token_cost_bucket:';

export class TokenBudget {
  readonly maximum: number;
  /** Points restored per second. */
  readonly restoreRate: number;
  /** The window of the policy: seconds an empty bucket takes to fill. */
  readonly windowSeconds: number;

  constructor(
    private readonly db: Db,
    config: { budget: number; windowMinutes: number },
  ) {
    this.maximum = config.budget;
    this.windowSeconds = config.windowMinutes * 60;
    this.restoreRate = config.budget / this.windowSeconds;
  }

  /** Points charged for an operation of this cost: its cost rounded up (introspection: 0). */
  pointsFor(cost: number): number {
    return Math.max(0, Math.ceil(cost));
  }

  /** Charges `points` to the token when the bucket holds them; otherwise charges nothing. */
  async take(tokenId: string, points: number): Promise<BudgetOutcome> {
    const key = KEY_PREFIX + tokenId;
    const seconds = points / this.restoreRate;
    const capacity = this.windowSeconds;
    // A free operation (introspection) takes nothing: no write.
    if (points <= 0) return { granted: true, charged: 0, state: await this.state(tokenId) };
    if (points <= this.maximum) {
      // Charged only if, after it, the bucket is at most a whole window from full (never below 0).
      const rows = await this.db
        .insert(rateLimits)
        .values({ key, points: 0, expire: sql`now() + make_interval(secs => ${seconds}::float8)` })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { expire: sql`greatest(${rateLimits.expire}, now()) + make_interval(secs => ${seconds}::float8)` },
          setWhere: sql`greatest(${rateLimits.expire}, now()) + make_interval(secs => ${seconds}::float8) <= now() + make_interval(secs => ${capacity}::float8)`,
        })
        .returning({ untilFull: sql<number>`extract(epoch from (${rateLimits.expire} - now()))::float8`.mapWith(Number) });
      if (rows.length > 0) return { granted: true, charged: points, state: this.stateOf(rows[0]!.untilFull) };
    }
    const state = await this.state(tokenId);
    const missing = Math.min(points, this.maximum) - state.remaining;
    const retryAfterSeconds = Math.max(1, Math.ceil(missing / this.restoreRate));
    return { granted: false, charged: 0, state, retryAfterSeconds };
  }

  /** Gives back points charged for an operation that did not run after all. */
  async refund(tokenId: string, points: number): Promise<BudgetState> {
    if (points <= 0) return this.state(tokenId);
    const rows = await this.db
      .update(rateLimits)
      .set({ expire: sql`${rateLimits.expire} - make_interval(secs => ${points / this.restoreRate}::float8)` })
      .where(sql`${rateLimits.key} = ${KEY_PREFIX + tokenId}`)
      .returning({ untilFull: sql<number>`extract(epoch from (${rateLimits.expire} - now()))::float8`.mapWith(Number) });
    return this.stateOf(rows[0]?.untilFull ?? 0);
  }

  /** What the token's bucket holds now. */
  async state(tokenId: string): Promise<BudgetState> {
    const rows = await this.db
      .select({ untilFull: sql<number>`extract(epoch from (${rateLimits.expire} - now()))::float8`.mapWith(Number) })
      .from(rateLimits)
      .where(sql`${rateLimits.key} = ${KEY_PREFIX + tokenId}`);
    return this.stateOf(rows[0]?.untilFull ?? 0);
  }

  private stateOf(untilFullSeconds: number): BudgetState {
    const untilFull = Math.max(0, untilFullSeconds);
    // A hair of tolerance: 5 points charged at 0.04 a second are 125 seconds, which float
    // arithmetic may give back as 124.99999.
    const remaining = Math.max(0, Math.floor(this.maximum - untilFull * this.restoreRate + 1e-6));
    return { maximum: this.maximum, remaining, restoreRate: this.restoreRate, fullAt: new Date(Date.now() + untilFull * 1000) };
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Each API token's cost budget (a token bucket in the database). */
    tokenBudget: TokenBudget;
  }
}
