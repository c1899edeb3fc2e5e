// Whether the page has loaded and the browser has had a moment with nothing to do: false on the
// server, while hydrating and until then. A page's optional extras (a visitor's live updates, which
// bring the GraphQL client) wait for it, so that they do not compete with the page's own start on a
// slow phone (its scripts, hydration) for the network or the main thread.
import { startTransition, useEffect, useState } from 'react';

/** requestIdleCallback's deadline: past it the callback runs even if the page never goes idle. */
const IDLE_TIMEOUT_MS = 3_000;
/** Where the browser has no requestIdleCallback (Safari): this long after the page's load. */
const NO_IDLE_CALLBACK_MS = 1_000;

/** Runs `run` once the page's load event has passed (at once if it has); returns a cancel. */
export function afterLoad(run: () => void): () => void {
  if (document.readyState === 'complete') {
    const id = window.setTimeout(run);
    return () => window.clearTimeout(id);
  }
  window.addEventListener('load', run, { once: true });
  return () => window.removeEventListener('load', run);
}

function afterLoadAndIdle(run: () => void): () => void {
  let cancel = () => {};
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, NO_IDLE_CALLBACK_MS);
      cancel = () => window.clearTimeout(id);
    }
  };
  cancel = afterLoad(whenIdle);
  return () => cancel();
}

export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  // A transition: what it brings in renders in short slices, not in one task.
  useEffect(() => afterLoadAndIdle(() => startTransition(() => setIdle(true))), []);
  return idle;
}
