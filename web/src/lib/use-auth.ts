import { useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuthState, type AuthState } from './session';

/** What the server renders (it never knows who is signed in) and so what a server-rendered page
 *  hydrates with; the real state follows in the next render. */
const SERVER_STATE: AuthState = { status: 'checking', session: null, expiredAt: null };

/** The current auth state; re-renders on sign-in, sign-out, refresh and user changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState, () => SERVER_STATE);
}
