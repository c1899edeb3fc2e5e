// The auth-state store: the one source of truth for "who is signed in" in this tab, kept in step
// with localStorage (and so with the other tabs) and announcing SIGNED_IN, SIGNED_OUT and
// TOKEN_REFRESHED to whoever listens (CSRF token, Apollo cache, WebSocket).
import { touchActivity } from './activity';
import { clearStoredSession, readStoredSession, writeStoredSession } from './session-storage';
import type { Session, SessionUser } from './session-types';

export type AuthStatus = 'checking' | 'signed-in' | 'signed-out';
export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED';
/** Why a session ended: only 'expired' sends the user to /login with a notice. */
export type SignOutReason = 'user' | 'expired' | 'other-tab';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  /** Set when the session expired; the app navigates to /login and acknowledges it. */
  expiredAt: number | null;
}

type StateListener = () => void;
type EventListener = (event: AuthEvent, session: Session | null) => void;

let state: AuthState = { status: 'checking', session: null, expiredAt: null };
const stateListeners = new Set<StateListener>();
const eventListeners = new Set<EventListener>();

function setState(next: Partial<AuthState>): void {
  state = { ...state, ...next };
  stateListeners.forEach((listener) => listener());
}

function emit(event: AuthEvent, session: Session | null): void {
  eventListeners.forEach((listener) => listener(event, session));
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuthState(listener: StateListener): () => void {
  stateListeners.add(listener);
  return () => stateListeners.delete(listener);
}

export function onAuthEvent(listener: EventListener): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

export function getAccessToken(): string | null {
  return state.session?.access_token ?? null;
}

/** The start-up check is over: adopt its outcome without announcing a change. */
export function settleSession(session: Session | null): void {
  if (session) writeStoredSession(session);
  setState({ status: session ? 'signed-in' : 'signed-out', session });
}

export function beginSession(session: Session): void {
  writeStoredSession(session);
  touchActivity();
  setState({ status: 'signed-in', session, expiredAt: null });
  emit('SIGNED_IN', session);
}

export function replaceSession(session: Session): void {
  writeStoredSession(session);
  setState({ status: 'signed-in', session });
  emit('TOKEN_REFRESHED', session);
}

export function updateSessionUser(user: SessionUser): void {
  if (!state.session) return;
  const session = { ...state.session, user };
  writeStoredSession(session);
  setState({ session });
}

export function endSession(reason: SignOutReason): void {
  const hadSession = state.session !== null;
  if (reason !== 'other-tab') clearStoredSession();
  setState({
    status: 'signed-out',
    session: null,
    expiredAt: reason === 'expired' ? Date.now() : state.expiredAt,
  });
  if (hadSession) emit('SIGNED_OUT', null);
}

export function acknowledgeExpiry(): void {
  if (state.expiredAt !== null) setState({ expiredAt: null });
}

/** Adopts what another tab wrote to localStorage. Returns the stored session. */
export function syncFromStorage(): Session | null {
  if (state.status === 'checking') return state.session;
  const stored = readStoredSession();
  const current = state.session;
  if (!stored) {
    if (current) endSession('other-tab');
    return null;
  }
  if (!current) {
    setState({ status: 'signed-in', session: stored, expiredAt: null });
    emit('SIGNED_IN', stored);
  } else if (stored.access_token !== current.access_token) {
    setState({ session: stored });
    emit(stored.user.id === current.user.id ? 'TOKEN_REFRESHED' : 'SIGNED_IN', stored);
  } else if (JSON.stringify(stored.user) !== JSON.stringify(current.user)) {
    setState({ session: stored });
  }
  return stored;
}
