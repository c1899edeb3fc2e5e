// Brute-force protection of sign-in and the limits of sign-up and password reset, with
// rate-limiter-flexible's "login endpoint protection" pattern:
// - consecutive FAILED sign-ins per email + IP: after `failsPerEmailIp` of them that email is
//   refused from that IP for `windowMinutes` (anyone else, anywhere else, can still sign in with
//   it); a successful sign-in from that IP starts the count again;
// - failed sign-ins per IP per day: after `failsPerIpPerDay` of them that IP is refused for a day;
// - successful sign-ins are never counted;
// - sign-ups and reset requests per IP per window, and reset requests per email + IP per window.
// The counters are rows of `rate_limits` (RateLimiterDrizzle store, atomic upserts), so every
// instance on the database shares them, on PostgreSQL and on PGlite alike.
import { lt } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rateLimits } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { errors } from '../../lib/errors.js';

const DAY_SECONDS = 86_400;

/** A limiter key: never raw input (an email may hold any character, a NUL included, and any
 *  length), but a hash of the already normalised parts. */
export const rateLimitKey = (...parts: string[]) => sha256(JSON.stringify(parts));
const keyOf = rateLimitKey;

export class RateLimitService {
  private readonly failsByEmailIp: RateLimiterDrizzle;
  private readonly failsByIpPerDay: RateLimiterDrizzle;
  private readonly signUpsByIp: RateLimiterDrizzle;
  private readonly resetsByIp: RateLimiterDrizzle;
  private readonly resetsByEmailIp: RateLimiterDrizzle;
  private readonly windowSeconds: number;

  constructor(
    private readonly db: Db,
    private readonly config: Config['rateLimit'],
  ) {
    this.windowSeconds = config.windowMinutes * 60;
    const store = (keyPrefix: string, points: number, duration: number, blockDuration = 0) =>
      new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix, points, duration, blockDuration, clearExpiredByTimeout: false });
    // Failures are remembered for a day from the first one unless a success clears them; reaching
    // the limit blocks the pair for the window.
    this.failsByEmailIp = store('signin_fail_email_ip', config.failsPerEmailIp, DAY_SECONDS, this.windowSeconds);
    this.failsByIpPerDay = store('signin_fail_ip_day', config.failsPerIpPerDay, DAY_SECONDS, DAY_SECONDS);
    this.signUpsByIp = store('signup_ip', config.perIp, this.windowSeconds);
    this.resetsByIp = store('reset_ip', config.perIp, this.windowSeconds);
    this.resetsByEmailIp = store('reset_email_ip', config.failsPerEmailIp, this.windowSeconds);
  }

  /** Refuses a sign-in when its email + IP pair or its IP is blocked. `email` is the validated,
   *  normalised address. Counts nothing. */
  async checkSignIn(email: string, ip: string): Promise<void> {
    const [pair, byIp] = await Promise.all([this.failsByEmailIp.get(keyOf(email, ip)), this.failsByIpPerDay.get(keyOf(ip))]);
    if (reached(pair, this.config.failsPerEmailIp) || reached(byIp, this.config.failsPerIpPerDay)) throw errors.rateLimited();
  }

  /** Counts a refused sign-in (wrong password, unknown email, suspended account). The failure that
   *  reaches a limit blocks that key; the next attempt is refused by `checkSignIn`. */
  async signInFailed(email: string, ip: string): Promise<void> {
    await Promise.all([
      countFailure(this.failsByEmailIp, keyOf(email, ip), this.windowSeconds),
      countFailure(this.failsByIpPerDay, keyOf(ip), DAY_SECONDS),
    ]);
  }

  /** A successful sign-in clears the consecutive failures of its pair (not those of the IP). */
  async signInSucceeded(email: string, ip: string): Promise<void> {
    await this.failsByEmailIp.delete(keyOf(email, ip));
  }

  /** Counts one sign-up attempt from `ip`; refuses it past the limit. */
  async signUp(ip: string): Promise<void> {
    await consumeOrRefuse(this.signUpsByIp.consume(keyOf(ip)));
  }

  /** Counts one password-reset request; refuses it past the per-IP or the per-email+IP limit. */
  async resetRequest(email: string, ip: string): Promise<void> {
    await consumeOrRefuse(Promise.all([this.resetsByIp.consume(keyOf(ip)), this.resetsByEmailIp.consume(keyOf(email, ip))]));
  }

  /** Removes counters and blocks that have ended (maintenance). */
  async purgeExpired(now = new Date()): Promise<void> {
    await this.db.delete(rateLimits).where(lt(rateLimits.expire, now));
  }
}

function reached(res: RateLimiterRes | null, limit: number): boolean {
  return res !== null && res.consumedPoints >= limit;
}

async function countFailure(limiter: RateLimiterDrizzle, key: string, blockSeconds: number): Promise<void> {
  try {
    const res = await limiter.consume(key);
    if (res.consumedPoints === limiter.points) await limiter.block(key, blockSeconds);
  } catch (err) {
    // Already past the limit (concurrent failures): the library has blocked the key.
    if (!(err instanceof RateLimiterRes)) throw err;
  }
}

/** The library rejects with a RateLimiterRes when a key is over its limit, with an Error when the
 *  store fails. */
async function consumeOrRefuse(consumed: Promise<unknown>): Promise<void> {
  try {
    await consumed;
  } catch (err) {
    if (err instanceof RateLimiterRes) throw errors.rateLimited();
    throw err;
  }
}

declare module '../../lib/services.js' {
  interface Services {
    rateLimits: RateLimitService;
  }
}
