// One shared clock that ticks every minute, so relative times ('5 minutes ago') stay true.
import { useSyncExternalStore } from 'react';

const TICK_MS = 60_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: number | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    timer = window.setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time of the latest tick; components using it re-render every minute. */
export function useMinuteTick(): number {
  return useSyncExternalStore(subscribe, () => now);
}
