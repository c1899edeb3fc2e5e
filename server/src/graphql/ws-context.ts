// The context of an operation on the GraphQL socket. A subscription keeps its context for as long
// as it runs (hours, in an open tab), so its DataLoaders are made only when an event needs one and
// are dropped after each event (ws.ts onNext): an idle subscription holds none, and one event's
// rows are neither served stale to a later event nor kept until the socket closes.
import { createLoaders, type Loaders } from './loaders.js';
import type { Context } from './context.js';

export interface SocketContext extends Context {
  /** Forgets the loaders (and what they cached): the next use makes fresh ones. */
  dropLoaders(): void;
}

export function createSocketContext(args: Omit<Context, 'loaders'>): SocketContext {
  let loaders: Loaders | undefined;
  return {
    ...args,
    get loaders() {
      return (loaders ??= createLoaders(args.services));
    },
    dropLoaders() {
      loaders = undefined;
    },
  };
}
