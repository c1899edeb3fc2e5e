// The signed-in user's unread message count, shown on the navigation badges. The messaging
// feature writes it; the navigation reads it.
import { useSyncExternalStore } from 'react';

let count = 0;
const listeners = new Set<() => void>();

export function setUnreadCount(next: number): void {
  const value = Math.max(0, Math.floor(next));
  if (value === count) return;
  count = value;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUnreadCount(): number {
  return useSyncExternalStore(subscribe, () => count, () => 0);
}
