import type { FastifyBaseLogger } from 'fastify';
import type { AppError } from '../lib/errors.js';
import type { Viewer, RequestMeta } from '../modules/auth/viewer.js';
import type { Services } from '../services.js';
import { createLoaders, type Loaders } from './loaders.js';

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

export function createContext(args: Omit<Context, 'loaders'>): Context {
  return { ...args, loaders: createLoaders(args.services) };
}
export type { Loaders };
