import type { FastifyBaseLogger } from 'fastify';
import type { Viewer, RequestMeta } from '../modules/auth/viewer.js';
import type { Services } from '../services.js';
import { createLoaders, type Loaders } from './loaders.js';

export interface Context {
  viewer: Viewer | null;
  services: Services;
  loaders: Loaders;
  meta: RequestMeta;
  requestId: string;
  log: FastifyBaseLogger;
}

export function createContext(args: Omit<Context, 'loaders'>): Context {
  return { ...args, loaders: createLoaders(args.services) };
}
