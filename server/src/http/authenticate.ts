// Reads the bearer token of every HTTP request once. A token that is forged, expired or whose
// session was revoked answers 401 at once, for REST and GraphQL alike.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';
import type { Viewer } from '../modules/auth/viewer.js';
import type { AuthService } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match ? match[1]! : null;
}

export function registerAuthentication(app: FastifyInstance, auth: AuthService) {
  app.decorateRequest('viewer', null);
  app.addHook('preHandler', async (request: FastifyRequest, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (!token) return;
    try {
      request.viewer = await auth.authenticate(token);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (request.url.startsWith('/graphql')) {
        return reply.status(err.status).send({ errors: [{ message: err.message, extensions: { code: err.code } }] });
      }
      throw err;
    }
  });
}
