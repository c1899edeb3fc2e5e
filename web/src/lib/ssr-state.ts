// The data a server-rendered page came with: the results of its queries by operation and variables
// (lib/page-query.ts), written by the server into the HTML as a JSON data block (never executed,
// so the strict CSP holds) and read by the browser once.
export const SERVER_STATE_ID = 'clubroom-page-data';

export interface ServerState {
  /** Each query's data, by pageQueryKey (lib/page-query.ts). */
  results: Record<string, unknown>;
}

/** The server's data, the first time it is asked for (null on a page rendered in the browser). */
export function takeServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element) return null;
  element.remove();
  try {
    const state = JSON.parse(element.textContent ?? '') as Partial<ServerState> | null;
    return state && typeof state.results === 'object' && state.results !== null ? { results: state.results } : null;
  } catch {
    return null;
  }
}
