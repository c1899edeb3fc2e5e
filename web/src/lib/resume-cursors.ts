// The subscriptions that resume where they left off (docs/API.md 'Resuming a subscription'): each
// event carries a `cursor`, and a subscription sent again (graphql-ws resubscribes on every
// reconnect) passes the last one as `after`, so the server first replays what came meanwhile.
// Kept apart from the graphql-ws client, which loads lazily: the features register here.

/** Operation name → its root field (whose events carry `cursor`). */
const resumable = new Map<string, string>();
/** Operation name → the cursor of the last event seen, while the same identity is signed in. */
const cursors = new Map<string, string>();

/** Makes the subscription `operationName` (its root field `field` takes `after: String`) resume
 *  from the last event it saw whenever it is sent again. */
export function resumeFromLastEvent(operationName: string, field: string): void {
  resumable.set(operationName, field);
}

/** The root field of a resumable operation, or undefined. */
export const resumableField = (operationName: string | null | undefined): string | undefined => (operationName ? resumable.get(operationName) : undefined);

export const lastCursor = (operationName: string): string | undefined => cursors.get(operationName);

export function rememberCursor(operationName: string, cursor: unknown): void {
  if (typeof cursor === 'string' && cursor) cursors.set(operationName, cursor);
}

/** Forgets one operation's cursor (the server found it too old), or all (another identity). */
export function forgetCursors(operationName?: string): void {
  if (operationName) cursors.delete(operationName);
  else cursors.clear();
}
