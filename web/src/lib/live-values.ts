// The values the server keeps live for the signed-in member (the unread counts: a subscription
// sends the value at once and again after every change), as the newest one this client heard.
//
// The app also reads them by query: the first paint, the poll while the socket is down, the
// catch-up after a reconnection, a refetch. A query's answer is the value when the server read it,
// so one sent before a newer value reached the cache (an event of the subscription, or the client's
// own write after 'Mark all as read') can be older than that value, and Apollo writes it over the
// newer one: the bell went back to '2 unread' after 'Mark all as read' (a CI run) and stayed so
// until the next poll, a minute later. As with decisions (decisions-link.ts), the answer is
// corrected where it is known when its request was sent: a live field keeps the value heard after
// the request went out. Nothing is lost by it: the subscription sends the value again after every
// change, so a change the corrected answer held is heard soon after anyway.
import type { ApolloCache, TypedDocumentNode } from '@apollo/client';
import { ApolloLink } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { defer, map } from 'rxjs';

/** `lastSentBefore`: the number of the last request sent before this client heard the value. */
type Heard = { value: unknown; lastSentBefore: number };

export class LiveValues {
  private readonly heardValues = new Map<string, Heard>();
  private sent = 0;

  /** Numbers a query as it is sent (1, 2, ...). */
  send(): number {
    return ++this.sent;
  }

  /** A new value of the root field `field` reached the cache (an event, the client's own change). */
  heard(field: string, value: unknown): void {
    this.heardValues.set(field, { value, lastSentBefore: this.sent });
  }

  /** Corrects `data`, the answer to query number `request`, in place: each live root field in it
   *  that this client heard a value of after the query was sent gets that value back. */
  apply(data: Record<string, unknown>, request: number): void {
    for (const [field, heard] of this.heardValues) {
      if (field in data && request <= heard.lastSentBefore) data[field] = heard.value;
    }
  }

  /** Another member (or none) is signed in: what was heard was about the one before. */
  forget(): void {
    this.heardValues.clear();
  }
}

/** The app's one memory of live values (the link and the writers share it). */
export const liveValues = new LiveValues();

/** Numbers each query as it is sent (just above the transport: each retry is a request of its
 *  own) and corrects its answer through `memory`. Mutations and subscriptions pass untouched. */
export function createLiveValuesLink(memory: LiveValues = liveValues): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (operation.operationType !== OperationTypeNode.QUERY) return forward(operation);
    return defer(() => {
      const request = memory.send();
      return forward(operation).pipe(
        map((result) => {
          if (result.data) memory.apply(result.data as Record<string, unknown>, request);
          return result;
        }),
      );
    });
  });
}

/** Writes a newly heard live value into the cache as the answer of `query` (a query of live root
 *  fields only, without variables), and remembers it against answers to queries sent before. */
export function writeLiveValue<TData extends Record<string, unknown>>(
  cache: ApolloCache,
  query: TypedDocumentNode<TData, Record<string, never>>,
  data: TData,
  memory: LiveValues = liveValues,
): void {
  for (const [field, value] of Object.entries(data)) memory.heard(field, value);
  cache.writeQuery({ query, data });
}
