import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.js';
import { loadSecret } from './secrets.js';

/** A stored value that is not one this box sealed, or one sealed under another key. */
export class SecretBoxError extends Error {}

const VERSION = 'v1';

/**
 * Secrets the server must read back (a webhook endpoint's signing secret cannot be hashed: it signs
 * every request) are stored sealed: AES-256-GCM with a random 96-bit nonce, the purpose as
 * additional data (a value sealed for one purpose does not open for another), as
 * `v1.<nonce>.<ciphertext>.<tag>` in base64url. The key comes from the environment when configured
 * (then a copy of the database alone does not reveal the secrets); otherwise it is generated once
 * and kept in the database, as the JWT secret is, so every instance on that database shares it.
 */
export class SecretBox {
  private constructor(
    private readonly key: Buffer,
    private readonly purpose: string,
  ) {}

  /** The box of `purpose`, keyed by `configured` (any string; SHA-256 makes it 32 bytes) or by a
   *  key generated once into app_settings under `<purpose>_key`. */
  static async create(db: Db, purpose: string, configured?: string): Promise<SecretBox> {
    return SecretBox.withKey(await loadSecret(db, `${purpose}_key`, configured), purpose);
  }

  static withKey(keyMaterial: string, purpose: string): SecretBox {
    return new SecretBox(createHash('sha256').update(keyMaterial).digest(), purpose);
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(this.purpose));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, nonce, body, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
  }

  /** The plain value; SecretBoxError when `sealed` is not this box's (another key, another purpose,
   *  changed, or never sealed). */
  open(sealed: string): string {
    const [version, nonce, body, tag, ...rest] = sealed.split('.');
    if (version !== VERSION || !nonce || body === undefined || !tag || rest.length > 0) throw new SecretBoxError('Not a sealed value');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
      decipher.setAAD(Buffer.from(this.purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('The sealed value does not open with this key');
    }
  }
}
