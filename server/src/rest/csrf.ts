// The security token for REST writes: 32 random bytes as hex, valid one hour, bound to the visitor
// by an httpOnly cookie that carries the token, its expiry and an HMAC. Stateless, so every
// instance accepts a token any other instance issued.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import { randomToken } from '../lib/crypto.js';

export const CSRF_HEADER = 'x-csrf-token';
export const CSRF_COOKIE = 'clubroom_csrf';
export const CSRF_TTL_MS = 60 * 60 * 1000;
export const CSRF_MISSING = 'Security token missing. Please refresh the page.';
export const CSRF_INVALID = 'Invalid security token. Please refresh the page.';

export class Csrf {
  constructor(
    private readonly secret: string,
    private readonly secureCookies: boolean,
  ) {}

  private sign(token: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${token}.${expires}`).digest('hex');
  }

  issue(reply: FastifyReply): { token: string; expires_at: string } {
    const token = randomToken(32);
    const expires = Date.now() + CSRF_TTL_MS;
    reply.setCookie(CSRF_COOKIE, `${token}.${expires}.${this.sign(token, expires)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secureCookies,
      path: '/',
      maxAge: CSRF_TTL_MS / 1000,
    });
    return { token, expires_at: new Date(expires).toISOString() };
  }

  /** Throws CSRF_MISSING without the header, CSRF_INVALID when it does not match this visitor's
   *  live token. */
  verify(request: FastifyRequest): void {
    const header = request.headers[CSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new AppError('CSRF_MISSING', CSRF_MISSING);
    const [cookieToken, expiresRaw, mac] = (request.cookies[CSRF_COOKIE] ?? '').split('.');
    const expires = Number(expiresRaw);
    const valid =
      cookieToken !== undefined &&
      mac !== undefined &&
      Number.isFinite(expires) &&
      expires > Date.now() &&
      safeEqual(mac, this.sign(cookieToken, expires)) &&
      safeEqual(token, cookieToken);
    if (!valid) throw new AppError('CSRF_INVALID', CSRF_INVALID);
  }
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
