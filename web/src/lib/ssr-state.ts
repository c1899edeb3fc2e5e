// The Apollo cache of a server-rendered page: the server writes it into the HTML as a JSON data
// block (never executed, so the strict CSP holds), the browser's client starts from it once.
import type { NormalizedCacheObject } from '@apollo/client/cache';

export const SERVER_STATE_ID = 'clubroom-apollo-state';

/** The server's cache, the first time it is asked for (later clients start empty). */
export function takeServerState(): NormalizedCacheObject | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as NormalizedCacheObject;
  } catch {
    return null;
  }
}
