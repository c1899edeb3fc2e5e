// The offline queue: writes that opt in with `context: { offlineQueue: { label } }` are, while the
// browser is offline, persisted per signed-in user and run again on reconnect with their stored
// Idempotency-Key. The mutate promise then rejects with QueuedOfflineError: the write is accepted
// for later (close the dialog, clear the form, no error toast).
//
// This module holds the queue itself (storage, the run and its toasts) without the browser or
// Apollo: offline-link.ts queues, offline-replay.ts runs it on reconnect.
// Unit-tested in tests/unit/offline-queue.test.ts, which type-checks it under Node's resolution:
// hence the imports name their .js files.
import type { OfflineQueueOption } from './apollo-context.js';
import type { Notice } from './toaster.js';

export type { OfflineQueueOption };

export class QueuedOfflineError extends Error {
  readonly label: string;
  constructor(label: string) {
    super(queuedText(label));
    this.name = 'QueuedOfflineError';
    this.label = label;
  }
}

/** True when a mutation was queued to run on reconnect (not a failure). */
export function isQueuedOffline(error: unknown): boolean {
  if (error instanceof QueuedOfflineError) return true;
  if (!error || typeof error !== 'object') return false;
  const { name, cause } = error as { name?: unknown; cause?: unknown };
  return name === 'QueuedOfflineError' || (cause !== undefined && cause !== error && isQueuedOffline(cause));
}

/** crypto.randomUUID exists only in secure contexts (https, localhost): elsewhere the key is 128
 *  random bits from getRandomValues, which every context has. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface QueuedOperation {
  id: string;
  /** The Idempotency-Key it was first given: the replay sends the same one. */
  key: string;
  label: string;
  /** The mutation's document text and variables. */
  query: string;
  /** Its trusted document's hash, which the replay sends instead of the text (a session may run
   *  only the build's documents, by hash: trusted-documents.ts). Absent in entries queued before. */
  hash?: string;
  variables: Record<string, unknown>;
  queuedAt: string;
}

/** The part of localStorage the queue uses (tests pass a Map-backed one). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const PREFIX = 'clubroom.offlineQueue.';

export function queueStorageKey(userId: string): string {
  return `${PREFIX}${userId}`;
}

function isOperation(value: unknown): value is QueuedOperation {
  if (!value || typeof value !== 'object') return false;
  const op = value as Record<string, unknown>;
  return (
    typeof op.id === 'string' &&
    typeof op.key === 'string' &&
    typeof op.label === 'string' &&
    typeof op.query === 'string' &&
    !!op.variables &&
    typeof op.variables === 'object'
  );
}

export function readQueue(store: KeyValueStore, userId: string): QueuedOperation[] {
  try {
    const parsed: unknown = JSON.parse(store.getItem(queueStorageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isOperation) : [];
  } catch {
    return [];
  }
}

function writeQueue(store: KeyValueStore, userId: string, queue: QueuedOperation[]): void {
  try {
    if (queue.length === 0) store.removeItem(queueStorageKey(userId));
    else store.setItem(queueStorageKey(userId), JSON.stringify(queue));
  } catch (error) {
    // Storage full or disabled: the queue then lives only in what was stored before.
    console.error('The offline queue could not be stored:', error);
  }
}

export function enqueue(store: KeyValueStore, userId: string, op: Omit<QueuedOperation, 'id' | 'queuedAt'>): QueuedOperation {
  const entry: QueuedOperation = { ...op, id: newIdempotencyKey(), queuedAt: new Date().toISOString() };
  writeQueue(store, userId, [...readQueue(store, userId), entry]);
  return entry;
}

export function removeFromQueue(store: KeyValueStore, userId: string, id: string): void {
  writeQueue(store, userId, readQueue(store, userId).filter((op) => op.id !== id));
}

export function clearQueue(store: KeyValueStore, userId: string): void {
  try {
    store.removeItem(queueStorageKey(userId));
  } catch {
    // Nothing stored, nothing to remove.
  }
}

// --- Texts (contract section 5; administration spec section 8) ---

function queuedText(label: string): string {
  return `Cannot perform ${label} while offline. It will be queued and run when you are back online.`;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const QUEUE_TOASTS = {
  queued: (label: string): Notice => ({ title: 'Offline', description: queuedText(label), type: 'warning' }),
  running: (total: number): Notice => ({ title: 'Back Online', description: `Executing ${total} queued operation(s)...`, type: 'info' }),
  success: (total: number): Notice => ({ id: 'offline-queue-result', title: 'Success', description: `${total} queued operation(s) completed.`, type: 'success', duration: 5_000 }),
  partial: (done: number, total: number, lines: string[]): Notice => ({
    id: 'offline-queue-result',
    title: 'Partial Success',
    description: [`${done} of ${total} queued operations completed. ${total - done} failed.`, ...lines].join('\n'),
    type: 'warning',
    duration: 10_000,
  }),
  failed: (total: number, lines: string[]): Notice => ({
    id: 'offline-queue-result',
    title: 'Operation Failed',
    description: [`${total} queued operation(s) failed.`, ...lines].join('\n'),
    type: 'error',
    duration: 10_000,
  }),
  failureLine: (label: string, message: string) => `${capitalised(label)}: ${message}`,
};

// --- The run ---

/** What running one queued operation came to: done, refused by the server (with its message), or
 *  not sent at all (the network went again): it stays queued for the next reconnect. */
export type ReplayOutcome = { status: 'completed' } | { status: 'failed'; message: string } | { status: 'unsent' };

export interface RunQueueOptions {
  store: KeyValueStore;
  userId: string;
  /** Runs `task` while no other tab runs this queue (navigator.locks, see offline-replay.ts). */
  lock: (task: () => Promise<void>) => Promise<void>;
  execute: (op: QueuedOperation) => Promise<ReplayOutcome>;
  notify: (notice: Notice) => void;
  /** Whether the user is still the one signed in: a sign-out stops the run. */
  stillSignedIn: () => boolean;
}

export interface QueueRunSummary {
  total: number;
  completed: number;
  failures: string[];
  /** Left queued: not sent because the connection went again (or the user signed out). */
  remaining: number;
}

/** Runs the user's queue once, in order, each operation with its stored key. The queue is read
 *  inside the lock, and each operation leaves it as soon as it has run, so another tab (waiting
 *  for the lock) finds only what is left: nothing runs twice. */
export async function runQueue(options: RunQueueOptions): Promise<QueueRunSummary | null> {
  const { store, userId, execute, notify, stillSignedIn } = options;
  let summary: QueueRunSummary | null = null;
  await options.lock(async () => {
    const queue = readQueue(store, userId);
    if (queue.length === 0 || !stillSignedIn()) return;
    notify(QUEUE_TOASTS.running(queue.length));
    const run: QueueRunSummary = { total: queue.length, completed: 0, failures: [], remaining: 0 };
    for (const [index, op] of queue.entries()) {
      const outcome = stillSignedIn() ? await execute(op) : ({ status: 'unsent' } as const);
      if (outcome.status === 'unsent') {
        run.remaining = queue.length - index;
        break;
      }
      removeFromQueue(store, userId, op.id);
      if (outcome.status === 'completed') run.completed++;
      else run.failures.push(QUEUE_TOASTS.failureLine(op.label, outcome.message));
    }
    announce(run, notify);
    summary = run;
  });
  return summary;
}

function announce(run: QueueRunSummary, notify: (notice: Notice) => void): void {
  const ran = run.total - run.remaining;
  if (ran === 0) return;
  if (run.failures.length === 0) notify(QUEUE_TOASTS.success(run.completed));
  else if (run.completed > 0) notify(QUEUE_TOASTS.partial(run.completed, ran, run.failures));
  else notify(QUEUE_TOASTS.failed(ran, run.failures));
}
