// Renews the access token through POST /api/auth/refresh (the httpOnly cookie carries the refresh
// token). Tabs share one refresh cookie, so refreshes are serialized across tabs with the Web
// Locks API and storage is re-read inside the lock: another tab may already have refreshed.
import { send } from './api-core';
import { REFRESH_LOCK_NAME, TOKEN_REFRESH_LEAD_MS } from './constants';
import { readStoredSession } from './session-storage';
import { getAuthState, replaceSession, syncFromStorage } from './session';
import type { AuthSessionPayload, Session } from './session-types';

export type RefreshOutcome =
  | { status: 'refreshed'; session: Session }
  /** The server refused: the session is over. */
  | { status: 'rejected' }
  /** The server could not be reached: the session may still be valid. */
  | { status: 'unavailable' };

let inflight: Promise<RefreshOutcome> | null = null;

function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    // The lock callback's promise is adopted by request(): unwrap it for the type checker.
    return navigator.locks.request(REFRESH_LOCK_NAME, task).then((result) => result);
  }
  return task();
}

/** Another tab's token is fresh enough to adopt when it is not yet due for its own refresh. */
function isFresh(session: Session): boolean {
  const remaining = session.expires_at * 1000 - Date.now();
  return remaining > Math.min(TOKEN_REFRESH_LEAD_MS, remaining / 2 + 1);
}

async function refreshUnderLock(staleToken: string | null): Promise<RefreshOutcome> {
  const stored = readStoredSession();
  if (!stored) return { status: 'rejected' };
  if (stored.access_token !== staleToken && isFresh(stored)) {
    syncFromStorage();
    return { status: 'refreshed', session: stored };
  }
  const result = await send<{ session: AuthSessionPayload }>('POST', '/auth/refresh');
  if (result.success && result.data?.session) {
    const { access_token, expires_at, user } = result.data.session;
    const session: Session = { access_token, expires_at, user };
    replaceSession(session);
    return { status: 'refreshed', session };
  }
  if (result.status === 401) return { status: 'rejected' };
  return { status: 'unavailable' };
}

/** One refresh at a time in this tab; concurrent callers share the outcome. */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!inflight) {
    // The token being replaced: this tab's, or the stored one while the start-up check runs.
    const staleToken = getAuthState().session?.access_token ?? readStoredSession()?.access_token ?? null;
    inflight = withRefreshLock(() => refreshUnderLock(staleToken)).finally(() => {
      inflight = null;
    });
  }
  return inflight;
}
