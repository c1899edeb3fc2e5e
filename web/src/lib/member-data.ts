// Whether the data on screen may still be the server's anonymous render (issue 27: the server
// renders a public page as an anonymous visitor, and a member signed in on this device gets the
// page's queries fetched again as them a moment after hydrating: lib/apollo.ts). Until that
// answer is in, a field about the caller (a club's `followedByMe`) says what it says to anyone,
// so controls built on it wait rather than show a member 'Follow' for a club they follow.
import { useStoreAfterHydration } from './use-hydrated';

let anonymous = false;
const listeners = new Set<() => void>();

export function setServerDataAnonymous(value: boolean): void {
  if (anonymous === value) return;
  anonymous = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the page's data may still be the anonymous render's (outside React). */
export function isServerDataAnonymous(): boolean {
  return anonymous;
}

const rendersAnonymous = () => true;

/** True while the page's data is the anonymous render's and has not been fetched as the member. */
export function useServerDataAnonymous(): boolean {
  return useStoreAfterHydration(subscribe, isServerDataAnonymous, rendersAnonymous);
}
