// Runs the signed-in user's offline queue (offline-queue.ts) when the browser is back online (and
// at start-up, when a reload left one behind): one tab at a time (navigator.locks, else a
// localStorage lease), in order, each with its stored Idempotency-Key; then the active queries
// are fetched again. A sign-out empties the user's queue: another user's queue never runs.
import type { ApolloClient } from '@apollo/client';
import './apollo-context';
import { createOfflineLink, outcomeOfError, outcomeOfResult } from './offline-link';
import { clearQueue, newIdempotencyKey, readQueue, runQueue, type KeyValueStore, type QueuedOperation, type ReplayOutcome } from './offline-queue';
import { getAuthState, onAuthEvent, subscribeAuthState } from './session';
import { notify } from './toaster';

const LOCK_NAME = 'clubroom-offline-queue';
const LEASE_KEY = 'clubroom.offlineQueue.lease';
const LEASE_MS = 60_000;

function browserStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const currentUserId = () => getAuthState().session?.user.id ?? null;
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** The link that adds the Idempotency-Key and queues opted-in mutations while offline. */
export function createBrowserOfflineLink() {
  return createOfflineLink({ currentUserId, store: browserStore, isOffline, notify });
}

async function execute(client: ApolloClient, op: QueuedOperation): Promise<ReplayOutcome> {
  let mutation;
  try {
    // The parser's chunk did not load (the network went again): the operation stays queued.
    const loaded = await import('./parse-document').catch(() => null);
    if (!loaded) return { status: 'unsent' };
    mutation = loaded.parse(op.query);
  } catch {
    return { status: 'failed', message: 'An unexpected error occurred' };
  }
  try {
    const result = await client.mutate({
      mutation,
      variables: op.variables,
      context: { idempotencyKey: op.key, silent: true, documentHash: op.hash },
      fetchPolicy: 'no-cache',
      errorPolicy: 'all',
    });
    return outcomeOfResult(result);
  } catch (error) {
    return outcomeOfError(error);
  }
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

type Lease = { owner: string; until: number };

function readLease(store: KeyValueStore): Lease | null {
  try {
    return JSON.parse(store.getItem(LEASE_KEY) ?? 'null') as Lease | null;
  } catch {
    return null;
  }
}

/** Without Web Locks: a lease in localStorage; a tab that finds another's lease leaves the run to it. */
async function withLease(store: KeyValueStore, task: () => Promise<void>): Promise<void> {
  const owner = newIdempotencyKey();
  const held = readLease(store);
  if (held && held.until > Date.now()) return;
  store.setItem(LEASE_KEY, JSON.stringify({ owner, until: Date.now() + LEASE_MS }));
  // Two tabs writing at once: the last write wins, the other sees it and steps back.
  await wait(100);
  if (readLease(store)?.owner !== owner) return;
  try {
    await task();
  } finally {
    if (readLease(store)?.owner === owner) store.removeItem(LEASE_KEY);
  }
}

function tabLock(store: KeyValueStore, userId: string) {
  return async (task: () => Promise<void>) => {
    if (typeof navigator !== 'undefined' && navigator.locks) {
      await navigator.locks.request(`${LOCK_NAME}:${userId}`, task);
      return;
    }
    await withLease(store, task);
  };
}

/** Starts watching for reconnects and sign-outs; returns the stop function. */
export function startOfflineReplay(client: ApolloClient): () => void {
  let running: Promise<void> | null = null;
  let again = false;

  const runOnce = async () => {
    const store = browserStore();
    const userId = currentUserId();
    if (!store || !userId || isOffline() || readQueue(store, userId).length === 0) return;
    const summary = await runQueue({
      store,
      userId,
      lock: tabLock(store, userId),
      execute: (op) => execute(client, op),
      notify,
      stillSignedIn: () => currentUserId() === userId,
    });
    if (summary && summary.total > summary.remaining) {
      await client.refetchQueries({ include: 'active' }).catch((error: unknown) => console.error('Refreshing after the offline queue failed:', error));
    }
  };

  const trigger = () => {
    if (running) {
      again = true;
      return;
    }
    running = runOnce()
      .catch((error: unknown) => console.error('Running the offline queue failed:', error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          trigger();
        }
      });
  };

  let userId = currentUserId();
  const stopAuthState = subscribeAuthState(() => {
    const next = currentUserId();
    if (next && next !== userId) trigger();
    if (next) userId = next;
  });
  const stopAuthEvents = onAuthEvent((event) => {
    if (event !== 'SIGNED_OUT' || !userId) return;
    const store = browserStore();
    if (store) clearQueue(store, userId);
    userId = null;
  });
  window.addEventListener('online', trigger);
  if (userId) trigger();
  return () => {
    stopAuthState();
    stopAuthEvents();
    window.removeEventListener('online', trigger);
  };
}
