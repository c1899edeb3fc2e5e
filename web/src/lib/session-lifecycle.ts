// Start-up check of the stored session, the 5-second auth-state poll (which also follows the
// other tabs), and the token refresh shortly before expires_at.
import { isInactive, readLastActivity, touchActivity } from './activity';
import { fetchCurrentUser } from './auth-api';
import { AUTH_POLL_MS, TOKEN_REFRESH_LEAD_MS, TOKEN_REFRESH_RETRY_MS } from './constants';
import { expireIfInactive } from './inactivity';
import { SESSION_EXPIRED_NOTICE } from './messages';
import { getAuthState, settleSession, subscribeAuthState, syncFromStorage } from './session';
import { expireSession } from './session-expiry';
import { refreshSession } from './session-refresh';
import { isSessionExpired, readStoredSession } from './session-storage';
import type { Session } from './session-types';

const MIN_REFRESH_DELAY_MS = 5_000;
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A refresh that could not reach the server while the browser is offline ends nothing: the
 *  session (and its offline queue, lib/offline-queue) is kept, and the first request back online
 *  refreshes it (the error link) or finds it really ended. */
const offlineAndUnreached = (outcome: { status: string }) => outcome.status === 'unavailable' && navigator.onLine === false;

/** The page is being left (a link followed, a reload, the tab closed): the browser cuts off its
 *  requests, and a refresh cut off that way says nothing about the session. Ending it then would
 *  sign the member out of the page they are going to (seen in the e2e suite: a page left while its
 *  refresh was in flight removed the stored session, and the next page showed Sign In). */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/** Whether an outcome that is not a refresh ends the session here. */
const endsSession = (outcome: { status: string }) => outcome.status !== 'refreshed' && !offlineAndUnreached(outcome) && !(outcome.status === 'unavailable' && leaving);

async function renewOrExpire(): Promise<void> {
  const outcome = await refreshSession();
  if (endsSession(outcome)) expireSession(SESSION_EXPIRED_NOTICE);
}

/** While the auth state is still 'checking': refresh, or adopt the stale session and expire it
 *  (offline: keep it, see offlineAndUnreached). */
async function renewDuringCheck(stored: Session): Promise<void> {
  const outcome = await refreshSession();
  if (outcome.status === 'refreshed') return;
  settleSession(stored);
  if (endsSession(outcome)) expireSession(SESSION_EXPIRED_NOTICE);
}

/** Decides the start-up auth state: no session, a confirmed one, a refreshed one, or expired. */
export async function bootstrapSession(): Promise<void> {
  const stored = readStoredSession();
  if (!stored) {
    settleSession(null);
    return;
  }
  if (readLastActivity() === null) touchActivity();
  if (isInactive()) {
    settleSession(stored);
    expireIfInactive();
    return;
  }
  if (isSessionExpired(stored)) {
    await renewDuringCheck(stored);
    return;
  }
  const result = await fetchCurrentUser(stored.access_token);
  if (result.success && result.data?.user) {
    settleSession({ ...stored, user: result.data.user });
  } else if (result.status === 401) {
    await renewDuringCheck(stored);
  } else {
    settleSession(stored);
  }
}

function poll(): void {
  if (getAuthState().status === 'checking') return;
  const stored = syncFromStorage();
  if (!stored || expireIfInactive()) return;
  if (isSessionExpired(stored)) void renewOrExpire();
}

export function startSessionPolling(): () => void {
  const timer = window.setInterval(poll, AUTH_POLL_MS);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith('clubroom.session')) poll();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
}

export function startRefreshScheduler(): () => void {
  let timer: number | undefined;
  let scheduledFor: string | null = null;

  const run = async () => {
    if (expireIfInactive()) return;
    const outcome = await refreshSession();
    if (outcome.status === 'rejected') expireSession(SESSION_EXPIRED_NOTICE);
    if (outcome.status === 'unavailable') timer = window.setTimeout(run, TOKEN_REFRESH_RETRY_MS);
  };

  const reschedule = () => {
    const session = getAuthState().session;
    const token = session?.access_token ?? null;
    if (token === scheduledFor) return;
    scheduledFor = token;
    window.clearTimeout(timer);
    if (!session) return;
    // A minute ahead, or halfway through a token that lives less than two minutes.
    const remaining = session.expires_at * 1000 - Date.now();
    const due = remaining > 2 * TOKEN_REFRESH_LEAD_MS ? remaining - TOKEN_REFRESH_LEAD_MS : remaining / 2;
    timer = window.setTimeout(run, Math.min(Math.max(due, MIN_REFRESH_DELAY_MS), MAX_TIMER_MS));
  };

  reschedule();
  const unsubscribe = subscribeAuthState(reschedule);
  return () => {
    unsubscribe();
    window.clearTimeout(timer);
  };
}
