// Inactivity timeout: mouse, key, touch, scroll and visibility events record activity in the
// shared 'clubroom.lastActivity'; a periodic check ends a session idle beyond the timeout.
// Activity is checked against the timeout before it is recorded, so coming back to a tab that
// slept for hours ends the session instead of reviving it.
import { isInactive, inactivityCheckMs, touchActivity } from './activity';
import { ACTIVITY_WRITE_THROTTLE_MS } from './constants';
import { SESSION_EXPIRED_NOTICE } from './messages';
import { getAuthState } from './session';
import { expireSession } from './session-expiry';

const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/** Ends the session when it has been idle too long. Returns true when it did. */
export function expireIfInactive(): boolean {
  if (getAuthState().status !== 'signed-in' || !isInactive()) return false;
  expireSession(SESSION_EXPIRED_NOTICE, { revoke: true });
  return true;
}

export function startInactivityWatch(): () => void {
  let lastWrite = 0;
  const onActivity = () => {
    if (document.visibilityState === 'hidden') return;
    if (getAuthState().status !== 'signed-in' || expireIfInactive()) return;
    const now = Date.now();
    if (now - lastWrite < ACTIVITY_WRITE_THROTTLE_MS) return;
    lastWrite = now;
    touchActivity(now);
  };
  const options = { capture: true, passive: true };
  ACTIVITY_EVENTS.forEach((name) => document.addEventListener(name, onActivity, options));
  document.addEventListener('visibilitychange', onActivity);
  const timer = window.setInterval(expireIfInactive, inactivityCheckMs());
  expireIfInactive();
  return () => {
    ACTIVITY_EVENTS.forEach((name) => document.removeEventListener(name, onActivity, options));
    document.removeEventListener('visibilitychange', onActivity);
    window.clearInterval(timer);
  };
}
