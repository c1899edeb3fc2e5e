import { useSyncExternalStore } from 'react';
import { getAuthState, subscribeAuthState, type AuthState } from './session';

/** The current auth state; re-renders on sign-in, sign-out, refresh and user changes. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuthState, getAuthState);
}
