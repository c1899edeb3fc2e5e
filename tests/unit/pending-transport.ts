// An Apollo transport for race tests (apollo-decision-race, live-values-race): each operation waits
// in `pending` until the test answers it, so the test decides in which order answers arrive.
import { ApolloLink } from '@apollo/client';
import { Observable, type Observer } from 'rxjs';

type Pending = { name: string; observer: Observer<{ data: never }> };

export function pendingTransport() {
  const pending: Pending[] = [];
  const link = new ApolloLink((op) => new Observable((observer) => void pending.push({ name: op.operationName ?? '', observer: observer as Observer<{ data: never }> })));
  /** Answers the oldest operation named `name` still waiting, with `data`. */
  const answer = (name: string, data: unknown) => {
    const i = pending.findIndex((p) => p.name === name);
    if (i < 0) throw new Error(`no ${name} in flight: ${pending.map((p) => p.name).join(', ')}`);
    const [p] = pending.splice(i, 1);
    p!.observer.next({ data: data as never });
    p!.observer.complete();
  };
  return { link, pending, answer };
}
