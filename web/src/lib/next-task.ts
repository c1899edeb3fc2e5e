// The browser evaluates a page's whole module graph in one task: on a cheap phone (4x CPU
// slowdown) the app's ~400 ms of it blocked every tap, all of it counted by Lighthouse's total
// blocking time. A module that awaits nextTask at its top level (top-level await: the modules
// after it in the graph wait for it) ends that task there and goes on in a new one, so the
// browser can paint and answer input in between.

type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a new task of the event loop (scheduler.yield, which goes on before other queued
 *  work, where the browser has it); at once on the server, which has no one to yield to. */
export function nextTask(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
