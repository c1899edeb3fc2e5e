// The context of an operation on the GraphQL socket. A subscription keeps its context for as long
// as it runs (hours, in an open tab, thousands of them in one process), so it is kept small: its
// DataLoaders are made only when an event needs one and are dropped after each event (ws.ts
// onNext), so an idle subscription holds none and one event's rows are neither served stale to a
// later event nor kept until the socket closes; its request id is made when something first
// reads it (a log line, an error); its methods are on the prototype.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RequestMeta, Viewer } from '../lib/viewer.js';
import type { Services } from '../lib/services.js';
import { createLoaders } from './loaders.js';
import type { Context, Loaders } from '../graphql/context.js';

export class SocketContext implements Context {
  readonly authError = null;
  #loaders: Loaders | undefined;
  #requestId: string | undefined;

  constructor(
    readonly viewer: Viewer | null,
    readonly services: Services,
    readonly meta: RequestMeta,
    readonly log: FastifyBaseLogger,
  ) {}

  get loaders(): Loaders {
    return (this.#loaders ??= createLoaders(this.services));
  }

  get requestId(): string {
    return (this.#requestId ??= randomUUID());
  }

  /** Forgets the loaders (and what they cached): the next use makes fresh ones. */
  dropLoaders(): void {
    this.#loaders = undefined;
  }
}
