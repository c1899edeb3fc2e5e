// What every resolver receives: the caller, the services and the request's DataLoaders. A
// foundation, so it names no module: `Services` (lib/services.ts) and `Loaders` below are filled
// in by the modules by declaration merging, and the composition root makes the values
// (app/context.ts, app/loaders.ts, app/ws-context.ts).
import type { FastifyBaseLogger } from 'fastify';
import type { AppError } from '../lib/errors.js';
import type { Services } from '../lib/services.js';
import type { RequestMeta, Viewer } from '../lib/viewer.js';

/**
 * The DataLoaders of one request (made lazily by app/loaders.ts). Each module adds the loaders it
 * makes, next to them:
 *
 *   declare module '../../graphql/context.js' {
 *     interface Loaders extends ClubLoaders {}
 *   }
 */
export interface Loaders {}

export interface Context {
  viewer: Viewer | null;
  /** Why the bearer token was refused, when it was: operations that need a viewer answer it. */
  authError: AppError | null;
  services: Services;
  loaders: Loaders;
  meta: RequestMeta;
  requestId: string;
  log: FastifyBaseLogger;
}
