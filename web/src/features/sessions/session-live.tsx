// A session's live changes (an answer, a move, a cancellation): the subscription's session merges
// into the GraphQL client's cache, from which the page's query (lib/page-query.ts, taken over by
// the client once it is loaded) shows it. An island of its own, loaded with the client.
import { useSubscription } from '@apollo/client/react';
import { SessionChangedDocument } from './session-actions.generated';

export function SessionLiveUpdates({ sessionId }: { sessionId: string }) {
  useSubscription(SessionChangedDocument, { variables: { sessionId } });
  return null;
}
