import { getAuthState, subscribeAuthState, type AuthState } from './session';
import { useStoreAfterHydration } from './use-hydrated';

/** What the server renders (it never knows who is signed in) and so what a server-rendered page
 *  hydrates with; the real state follows once the page has hydrated (use-hydrated.tsx). */
const SERVER_STATE: AuthState = { status: 'checking', session: null, expiredAt: null };
const serverState = () => SERVER_STATE;

/** The current auth state; re-renders on sign-in, sign-out, refresh and user changes. */
export function useAuth(): AuthState {
  return useStoreAfterHydration(subscribeAuthState, getAuthState, serverState);
}
