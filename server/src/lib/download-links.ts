// Signed, short-lived download addresses of exports (the administration area's, a club's volunteer
// hours): an HS256 token whose audience names the kind of export, signed with one secret generated
// once into app_settings (`export_secret`), carrying who asked and what to build. The address is
// the credential (a browser follows it without its bearer token); the service that opens it checks
// the asker again. One place for the signing, the expiry and their refusals.
import { SignJWT, errors as jose, jwtVerify } from 'jose';
import type { Db } from '../db/client.js';
import { errors } from './errors.js';
import { loadSecret } from './secrets.js';

/** How long a download address works. */
export const EXPORT_LINK_TTL_SECONDS = 5 * 60;

export const DOWNLOAD_LINK_MESSAGES = {
  linkInvalid: 'This download link is not valid. Please export again.',
  linkExpired: 'This download link has expired. Please export again.',
} as const;

/** A download address that was signed here but whose time is over (answered 410). */
export class ExportLinkExpiredError extends Error {
  constructor() {
    super(DOWNLOAD_LINK_MESSAGES.linkExpired);
    this.name = 'ExportLinkExpiredError';
  }
}

const ISSUER = 'clubroom';

export interface SignedDownload {
  token: string;
  expiresAt: Date;
}

export class DownloadLinks {
  /** The links of one kind of export: `audience` (e.g. 'clubroom:admin-export') keeps a token of
   *  one kind from opening another. */
  static async create(db: Db, audience: string): Promise<DownloadLinks> {
    const secret = await loadSecret(db, 'export_secret', undefined);
    return new DownloadLinks(new TextEncoder().encode(secret), audience);
  }

  private constructor(
    private readonly secret: Uint8Array,
    private readonly audience: string,
  ) {}

  /** A token for `subject` (the asker's user id) carrying `claims`, valid for EXPORT_LINK_TTL_SECONDS from `now`. */
  async sign(subject: string, claims: Record<string, unknown>, now = Date.now()): Promise<SignedDownload> {
    const expiresAt = Math.floor(now / 1000) + EXPORT_LINK_TTL_SECONDS;
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(this.audience)
      .setIssuedAt(Math.floor(now / 1000))
      .setExpirationTime(expiresAt)
      .sign(this.secret);
    return { token, expiresAt: new Date(expiresAt * 1000) };
  }

  /**
   * The claims of a token signed here for this audience. A forged, altered, malformed or foreign
   * token is NOT_FOUND ('This download link is not valid…'); an expired one ExportLinkExpiredError.
   */
  async verify(token: string): Promise<Record<string, unknown>> {
    try {
      const { payload } = await jwtVerify(token, this.secret, { issuer: ISSUER, audience: this.audience, algorithms: ['HS256'] });
      return payload as Record<string, unknown>;
    } catch (err) {
      // jose checks the signature before the expiry: an expired address was signed here.
      if (err instanceof jose.JWTExpired) throw new ExportLinkExpiredError();
      throw errors.notFound(DOWNLOAD_LINK_MESSAGES.linkInvalid);
    }
  }
}
