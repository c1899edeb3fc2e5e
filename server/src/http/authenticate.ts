// Reads the bearer token of every HTTP request once. A token that is forged, expired or whose
// session was revoked is refused before anything acts on it: REST answers 401 here (the routes
// that carry credentials of their own — sign-in, sign-up, refresh, password reset, the security
// token — ignore the header, as GraphQL's credential operations do), and GraphQL answers 401
// before any operation runs (app/clubroom.ts), public reads included, so a client never gets an anonymous
// answer while it believes it is signed in. Every 401 carries an RFC 6750 challenge
// (`WWW-Authenticate: Bearer …`; error="invalid_token" with the refusal's own words when a token
// was refused). The bearer is a session's JWT or a personal API token (`clubroom_pat_…`, GraphQL
// only).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, errors } from '../lib/errors.js';
import type { Viewer } from '../lib/viewer.js';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
    authError: AppError | null;
  }
}

export const API_TOKEN_NOT_FOR_REST = 'API tokens work with the GraphQL API only: send your requests to /graphql.';

/** The REST adapter's paths. */
export function isRestRoute(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/admin/club-applications');
}

/** REST routes that carry credentials of their own (a password, a refresh or reset token) or none
 *  at all (the security token): a stale bearer header never blocks getting a new session. */
const CREDENTIAL_ROUTES = new Set(['/api/auth/csrf', '/api/auth/signin', '/api/auth/signup', '/api/auth/refresh', '/api/auth/reset-password', '/api/auth/reset-password/confirm']);

/** The challenge of a 401 without a refused token (none sent, or a password refused). */
export const BEARER_CHALLENGE = 'Bearer realm="clubroom"';

/** The challenge of a 401 for a refused token: RFC 6750 §3 error="invalid_token" and the refusal's
 *  own message as error_description (only the characters §3 allows in it). */
export function invalidTokenChallenge(err: AppError): string {
  const description = err.message.replace(/[^\x20\x21\x23-\x5b\x5d-\x7e]/g, '');
  return `${BEARER_CHALLENGE}, error="invalid_token", error_description="${description}"`;
}

/** WWW-Authenticate for a 401 answer to `request`. */
export function challengeFor(request: FastifyRequest, err: AppError): string {
  return err === request.authError ? invalidTokenChallenge(err) : BEARER_CHALLENGE;
}

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1]! : null;
}

/** What checks a bearer token (the auth module's service): the caller it stands for, or an
 *  AppError saying why not. */
export interface BearerAuthenticator {
  authenticate(token: string): Promise<Viewer>;
}

export function registerAuthentication(app: FastifyInstance, auth: BearerAuthenticator) {
  app.decorateRequest('viewer', null);
  app.decorateRequest('authError', null);
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    try {
      request.viewer = await auth.authenticate(token);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      request.authError = err;
    }
    // A refused credential is refused on every REST route but those that ignore the header.
    if (request.authError && isRestRoute(request.url) && !CREDENTIAL_ROUTES.has(request.routeOptions.url ?? '')) throw request.authError;
    // Personal API tokens are for the GraphQL API, where their scopes are enforced; the REST
    // adapter (the web client's sign-in calls and the specification's routes) refuses them.
    if (request.viewer?.credential === 'token' && isRestRoute(request.url)) throw errors.forbidden(API_TOKEN_NOT_FOR_REST);
  });
}

/** The signed-in caller of a REST route, or 401: the token's problem, else `message`. */
export function requireViewer(request: FastifyRequest, message?: string): Viewer {
  if (request.viewer) return request.viewer;
  throw request.authError ?? errors.unauthenticated(message);
}
