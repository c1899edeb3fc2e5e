// Links that carry their own authority: a signed, expiring token (HS256 JWT, jose) naming what it
// allows, for a member who is not signed in (a notification email's one-click unsubscribe, and the
// later issues' one-tap answers and download links). Each purpose has its own secret, generated
// once into app_settings, so a token of one purpose is never valid for another.
import { SignJWT, errors as jose, jwtVerify, type JWTPayload } from 'jose';
import type { Db } from '../db/client.js';
import { loadSecret } from './secrets.js';

const ISSUER = 'clubroom';

export type LinkCheck<T> = { ok: true; claims: T & JWTPayload } | { ok: false; reason: 'invalid' | 'expired' };

export class SignedLinks {
  private constructor(
    private readonly purpose: string,
    private readonly secret: Uint8Array,
  ) {}

  static async create(db: Db, purpose: string): Promise<SignedLinks> {
    return new SignedLinks(purpose, new TextEncoder().encode(await loadSecret(db, `${purpose}_link_secret`)));
  }

  /** A token for `claims`, valid for `ttlSeconds`. */
  sign(claims: Record<string, string>, ttlSeconds: number): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(this.purpose)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.secret);
  }

  /** The claims of a token signed here for this purpose and not expired. */
  async verify<T extends Record<string, unknown>>(token: string): Promise<LinkCheck<T>> {
    if (typeof token !== 'string' || token.length > 2048) return { ok: false, reason: 'invalid' };
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, audience: this.purpose, algorithms: ['HS256'] });
      return { ok: true, claims: payload as T & JWTPayload };
    } catch (err) {
      // jose checks the signature before the expiry: an expired token was signed here.
      return { ok: false, reason: err instanceof jose.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
