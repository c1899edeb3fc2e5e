// Reads the bearer token of every HTTP request once. A token that is forged, expired or whose
// session was revoked leaves the caller anonymous and is remembered: public operations (sign-in,
// refresh, the directory) still work, and any operation that needs a signed-in user answers 401
// with that reason (requireViewer for REST, the auth checker for GraphQL). The bearer is a
// session's JWT or a personal API token (`clubroom_pat_…`, GraphQL only).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, errors } from '../lib/errors.js';
import type { Viewer } from '../modules/auth/viewer.js';
import type { AuthService } from '../modules/auth/auth.service.js';

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

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1]! : null;
}

export function registerAuthentication(app: FastifyInstance, auth: AuthService) {
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
