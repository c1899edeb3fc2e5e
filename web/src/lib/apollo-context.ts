// Per-operation context flags understood by the client's links.
// `useQuery(Doc, { context: { silent: true } })` and the like.

declare module '@apollo/client' {
  interface DefaultContext {
    /** The caller shows its own error messages (e.g. field errors): no toast from the error link.
     *  Authentication failures are still handled. */
    silent?: boolean;
    /** false: never retry this query (the current-user query, for instance). */
    retry?: boolean;
    /** Set by the error link on the one retry after a token refresh. */
    authRetried?: boolean;
  }
}

export {};
