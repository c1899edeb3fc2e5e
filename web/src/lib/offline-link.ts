// The outermost link for mutations: every mutation carries an `Idempotency-Key` header (a new
// uuid, or the stored one on a replay), and one that opted in with `context.offlineQueue` is,
// while the browser is offline, stored in the signed-in user's queue instead of being sent
// (see offline-queue.ts): the 'Offline' toast, and the caller gets QueuedOfflineError.
// Unit-tested in tests/unit/offline-queue.test.ts, which type-checks it under Node's resolution:
// hence the imports name their .js files.
import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { OperationTypeNode, print } from 'graphql';
import { throwError } from 'rxjs';
import './apollo-context.js';
import { documentHash } from './trusted-documents.js';
import { enqueue, newIdempotencyKey, QUEUE_TOASTS, QueuedOfflineError, type KeyValueStore, type ReplayOutcome } from './offline-queue.js';
import type { Notice } from './toaster.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const UNEXPECTED = 'An unexpected error occurred';

export interface OfflineLinkOptions {
  /** The signed-in user's id, or null. */
  currentUserId: () => string | null;
  store: () => KeyValueStore | null;
  isOffline: () => boolean;
  notify: (notice: Notice) => void;
}

export function createOfflineLink(options: OfflineLinkOptions): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (operation.operationType !== OperationTypeNode.MUTATION) return forward(operation);
    const context = operation.getContext();
    const key = context.idempotencyKey ?? newIdempotencyKey();
    const userId = options.currentUserId();
    const store = options.store();
    const queueing = context.offlineQueue;
    if (queueing && userId && store && options.isOffline()) {
      enqueue(store, userId, { key, label: queueing.label, query: print(operation.query), ...hashOf(operation.query), variables: { ...operation.variables } });
      options.notify(QUEUE_TOASTS.queued(queueing.label));
      return throwError(() => new QueuedOfflineError(queueing.label));
    }
    operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
      idempotencyKey: key,
      headers: { ...headers, [IDEMPOTENCY_HEADER]: key },
    }));
    return forward(operation);
  });
}

function hashOf(document: Parameters<typeof documentHash>[0]): { hash?: string } {
  const hash = documentHash(document);
  return hash ? { hash } : {};
}

/** The first user error of a payload (`{ field: { userErrors: [...] } }`), if any. */
function userErrorOf(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  for (const value of Object.values(data as Record<string, unknown>)) {
    const errors = value && typeof value === 'object' ? (value as { userErrors?: unknown }).userErrors : null;
    if (Array.isArray(errors) && errors.length > 0) {
      const message = (errors[0] as { message?: unknown }).message;
      return typeof message === 'string' ? message : UNEXPECTED;
    }
  }
  return null;
}

function messageFromBody(bodyText: string): string | null {
  try {
    const body = JSON.parse(bodyText) as { errors?: Array<{ message?: unknown }>; error?: unknown };
    const message = body.errors?.[0]?.message ?? body.error;
    return typeof message === 'string' ? message : null;
  } catch {
    return null;
  }
}

/** How a replayed operation went: an answer from the server is final (done or refused); no answer
 *  (the network went again, a timeout) leaves it queued for the next reconnect. */
export function outcomeOfError(error: unknown): ReplayOutcome {
  if (CombinedGraphQLErrors.is(error)) return { status: 'failed', message: error.errors[0]?.message ?? UNEXPECTED };
  // 409: the same key is still running elsewhere (a tab that went away mid-run): later.
  if (ServerError.is(error) && error.statusCode === 409) return { status: 'unsent' };
  if (ServerError.is(error)) return { status: 'failed', message: messageFromBody(error.bodyText) ?? UNEXPECTED };
  if (ServerParseError.is(error)) return { status: 'failed', message: UNEXPECTED };
  return { status: 'unsent' };
}

export function outcomeOfResult(result: { data?: unknown; error?: unknown }): ReplayOutcome {
  if (result.error) return outcomeOfError(result.error);
  const refused = userErrorOf(result.data);
  return refused === null ? { status: 'completed' } : { status: 'failed', message: refused };
}
