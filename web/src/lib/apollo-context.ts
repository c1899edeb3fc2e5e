// Per-operation context flags understood by the client's links.
// `useQuery(Doc, { context: { silent: true } })` and the like.

export interface OfflineQueueOption {
  /** Lower case, e.g. 'suspend user': 'Cannot perform {label} while offline. …' */
  label: string;
}

declare module '@apollo/client' {
  interface DefaultContext {
    /** The caller shows its own error messages (e.g. field errors): no toast from the error link.
     *  Authentication failures are still handled. */
    silent?: boolean;
    /** false: never retry this query (the current-user query, for instance). */
    retry?: boolean;
    /** Set by the error link on the one retry after a token refresh. */
    authRetried?: boolean;
    /** Mutations only: when the browser is offline, queue this write (persisted per user) and run
     *  it on reconnect; `label` (lower case) names it in the 'Offline' toast. See offline-queue.ts. */
    offlineQueue?: OfflineQueueOption;
    /** Set by the offline link: the Idempotency-Key this mutation is sent with. */
    idempotencyKey?: string;
    /** The trusted document's hash when the document itself no longer carries it (a queued
     *  mutation replayed from its stored text): trusted-documents.ts. */
    documentHash?: string;
  }
}

export {};
