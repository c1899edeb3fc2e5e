// Access tokens: short-lived JWTs (HS256, jose) naming the user and the session. The session row
// is checked on every request, so a revoked session's token stops working at once.
import type { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
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
/** Tokens whose signature this process has already checked (a few per signed-in client). */
const VERIFIED_CACHE_SIZE = 5_000;

/** A verified token: its claims and the times that decide whether it is still usable. */
interface Verified {
  claims: AccessClaims;
  iat: number;
  exp: number | undefined;
  nbf: number | undefined;
}

export class TokenService {
  /** Verified tokens by their exact text, oldest use first. Only the signature check is skipped
   *  for them: the time claims are checked again on every use, and the session row still is. */
  private readonly verified = new Map<string, Verified>();

  private constructor(
    private readonly key: webcrypto.CryptoKey,
    private readonly ttlSeconds: number,
  ) {}

  /** JWT_SECRET when configured; otherwise a secret generated once and kept in the database so
   *  that every instance on the same database signs with the same key. */
  static async create(db: Db, configured: string | undefined, ttlSeconds: number): Promise<TokenService> {
    const secret = await loadSecret(db, 'jwt_secret', configured);
    // Imported once: given the raw bytes, jose imports the key again on every sign and verify.
    const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    return new TokenService(key, ttlSeconds);
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
    const checked = await this.check(token);
    return typeof checked === 'string' ? null : checked;
  }

  /** The claims, or why the token is refused: 'expired' for a token this server signed whose time
   *  is over, 'invalid' for anything else (malformed, forged, altered, not yet valid). */
  async check(token: string): Promise<AccessClaims | 'expired' | 'invalid'> {
    const known = this.verified.get(token);
    if (known) {
      // Moved to the newest end; a token no longer timely is dropped (and refused by jose later).
      this.verified.delete(token);
      const refused = untimely(known);
      if (refused) return refused;
      this.verified.set(token, known);
      return known.claims;
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] }));
    } catch (err) {
      // jose checks the signature before the times: only a token signed with our key is 'expired'.
      return (err as { code?: string }).code === 'ERR_JWT_EXPIRED' ? 'expired' : 'invalid';
    }
    if (!isUuid(payload.sub) || !isUuid(payload.sid) || typeof payload.iat !== 'number') return 'invalid';
    const entry: Verified = {
      claims: Object.freeze({ userId: payload.sub, sessionId: payload.sid, expiresAt: Number(payload.expires_at ?? payload.exp) }),
      iat: payload.iat,
      exp: payload.exp,
      nbf: payload.nbf,
    };
    const refused = untimely(entry);
    if (refused) return refused;
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, entry);
    return entry.claims;
  }
}

/** The checks of a token's times, as jose makes them (no clock tolerance) plus our own on iat:
 *  null when the token is timely, else why not. */
function untimely({ iat, exp, nbf }: Verified): 'expired' | 'invalid' | null {
  const now = Date.now() / 1000;
  const seconds = Math.floor(now);
  if (exp !== undefined && exp <= seconds) return 'expired';
  if (nbf !== undefined && nbf > seconds) return 'invalid';
  // jose checks iat only with maxTokenAge: a token that says it was issued later than now was
  // not issued by any instance of this server (beyond their clocks' difference).
  return iat <= now + CLOCK_SKEW_SECONDS ? null : 'invalid';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
