// A club application's status as the responses tell it, in the order the requests were sent.
//
// An answer can leave the server before a decision commits and arrive after the decision's own
// answer: a list poll in flight across an approval once put 'PENDING' (and the Approve button)
// back on the review screen. A cache merge function cannot stop it: Apollo writes refetches with
// `overwrite`, which hides the existing value from merge functions, and it lets a refetch share a
// request already in flight. So the answers are corrected here, where it is known when each
// request was sent: an application this client has seen decided (in any answer, its own decision
// included) is not put back to PENDING by an answer to a request sent before it saw that. An
// answer to a later request is taken as it is.
import { ApolloLink } from '@apollo/client';
import { OperationTypeNode } from 'graphql';
import { defer, map } from 'rxjs';

/** `lastSentBefore`: the number of the last request sent before this client saw the decision. */
type Decided = { status: string; lastSentBefore: number };

/** How many decided applications are remembered (the oldest are forgotten first). */
export const DECISIONS_REMEMBERED = 2_000;

export class DecisionMemory {
  private readonly decided = new Map<string, Decided>();
  private sent = 0;

  constructor(private readonly limit = DECISIONS_REMEMBERED) {}

  /** Numbers a request as it is sent (1, 2, ...). */
  send(): number {
    return ++this.sent;
  }

  /** Reads `data`, the answer to request number `request`: remembers the decided applications in
   *  it and gives back their decision where it says PENDING although this client saw the decision
   *  after the request was sent. Changes `data` in place. */
  apply(data: unknown, request: number): void {
    this.visit(data, request);
  }

  /** The decision remembered for an application, if any. */
  statusOf(clubId: string): string | undefined {
    return this.decided.get(clubId)?.status;
  }

  private visit(value: unknown, request: number): void {
    if (Array.isArray(value)) {
      for (const item of value) this.visit(item, request);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const object = value as Record<string, unknown>;
    if (object.__typename === 'Club' && typeof object.id === 'string' && typeof object.applicationStatus === 'string') this.club(object, request);
    for (const key in object) {
      const child = object[key];
      if (child !== null && typeof child === 'object') this.visit(child, request);
    }
  }

  private club(club: Record<string, unknown>, request: number): void {
    const id = club.id as string;
    const status = club.applicationStatus as string;
    const known = this.decided.get(id);
    if (status === 'PENDING') {
      if (known && request <= known.lastSentBefore) club.applicationStatus = known.status;
      return;
    }
    if (known?.status === status) return;
    this.decided.delete(id);
    this.decided.set(id, { status, lastSentBefore: this.sent });
    if (this.decided.size > this.limit) this.decided.delete(this.decided.keys().next().value!);
  }
}

/** Numbers each request as it is sent (just above the transport: each retry is a request of its
 *  own) and corrects its answer through `memory`. A subscription's events are news when they
 *  arrive: they are only read for decisions, never corrected. */
export function createDecisionsLink(memory = new DecisionMemory()): ApolloLink {
  return new ApolloLink((operation, forward) =>
    defer(() => {
      const request = operation.operationType === OperationTypeNode.SUBSCRIPTION ? Number.POSITIVE_INFINITY : memory.send();
      return forward(operation).pipe(
        map((result) => {
          if (result.data) memory.apply(result.data, request);
          return result;
        }),
      );
    }),
  );
}
