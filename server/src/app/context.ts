// The context of an operation over HTTP: the request's caller and the process's services, with
// this request's own DataLoaders.
import type { Context } from '../graphql/context.js';
import { createLoaders } from './loaders.js';

export function createContext(args: Omit<Context, 'loaders'>): Context {
  return { ...args, loaders: createLoaders(args.services) };
}
