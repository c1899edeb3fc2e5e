import { STORAGE_KEYS } from './constants';
import type { Session, SessionUser } from './session-types';
import { readItem, removeItem, writeItem } from './storage';

function isUser(value: unknown): value is SessionUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  return typeof user.id === 'string' && typeof user.node_id === 'string' && typeof user.email === 'string' && typeof user.role === 'string';
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const session = value as Record<string, unknown>;
  return (
    typeof session.access_token === 'string' &&
    session.access_token.length > 0 &&
    typeof session.expires_at === 'number' &&
    isUser(session.user)
  );
}

/** The stored session, or null when there is none or it is malformed. */
export function readStoredSession(): Session | null {
  const raw = readItem(STORAGE_KEYS.session);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(session: Session): void {
  const { access_token, expires_at, user } = session;
  writeItem(STORAGE_KEYS.session, JSON.stringify({ access_token, expires_at, user }));
}

export function clearStoredSession(): void {
  removeItem(STORAGE_KEYS.session);
  removeItem(STORAGE_KEYS.lastActivity);
}

export function isSessionExpired(session: Session, now = Date.now()): boolean {
  return session.expires_at * 1000 <= now;
}
