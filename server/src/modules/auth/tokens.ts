// Access tokens: short-lived JWTs (HS256, jose) naming the user and the session. The session row
// is checked on every request, so a revoked session's token stops working at once.
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db/client.js';
import { loadSecret } from '../../lib/secrets.js';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  expiresAt: number;
}

const ISSUER = 'clubroom';
/** How far apart the clocks of two instances may be. */
const CLOCK_SKEW_SECONDS = 60;

export class TokenService {
  private constructor(
    private readonly key: Uint8Array,
    private readonly ttlSeconds: number,
  ) {}

  /** JWT_SECRET when configured; otherwise a secret generated once and kept in the database so
   *  that every instance on the same database signs with the same key. */
  static async create(db: Db, configured: string | undefined, ttlSeconds: number): Promise<TokenService> {
    const secret = await loadSecret(db, 'jwt_secret', configured);
    return new TokenService(new TextEncoder().encode(secret), ttlSeconds);
  }

  async sign(userId: string, sessionId: string): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = Math.floor(Date.now() / 1000) + this.ttlSeconds;
    const token = await new SignJWT({ sid: sessionId, expires_at: expiresAt })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Returns the claims, or null for any token that is malformed, forged or expired. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (!isUuid(payload.sub) || !isUuid(payload.sid)) return null;
      // jose checks iat only with maxTokenAge: a token that says it was issued later than now was
      // not issued by any instance of this server (beyond their clocks' difference).
      if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + CLOCK_SKEW_SECONDS) return null;
      return { userId: payload.sub, sessionId: payload.sid, expiresAt: Number(payload.expires_at ?? payload.exp) };
    } catch {
      return null;
    }
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
