// The security token sent as X-CSRF-Token on every POST, PUT and DELETE to /api.
// Fetched at start, every 30 minutes, and after sign-in or refresh; re-fetched when it is about
// to expire or the server calls it invalid. The server binds the token to one cookie per browser,
// so the newest token is shared with the other tabs through localStorage: a tab that used its own
// older token would be refused after another tab fetched one.
import { CSRF_REFRESH_MS, STORAGE_KEYS } from './constants';
import { networkFailure, readEnvelope } from './envelope';
import { readItem, writeItem } from './storage';

interface CsrfToken {
  value: string;
  expiresAt: number;
}

const EXPIRY_MARGIN_MS = 60_000;

let inflight: Promise<string | null> | null = null;
/** This tab's newest token, for when localStorage is unavailable. */
let latest: CsrfToken | null = null;

function readShared(): CsrfToken | null {
  try {
    const parsed = JSON.parse(readItem(STORAGE_KEYS.csrf) ?? 'null') as Partial<CsrfToken> | null;
    return typeof parsed?.value === 'string' && typeof parsed.expiresAt === 'number'
      ? { value: parsed.value, expiresAt: parsed.expiresAt }
      : null;
  } catch {
    return null;
  }
}

async function requestToken(): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/csrf', { credentials: 'include', headers: { Accept: 'application/json' } });
    const result = await readEnvelope<{ token: string; expires_at: string }>(response);
    if (!result.success || typeof result.data?.token !== 'string') {
      console.error('Security token request failed:', result.error);
      return null;
    }
    const expiresAt = Date.parse(result.data.expires_at);
    const token: CsrfToken = {
      value: result.data.token,
      expiresAt: Number.isFinite(expiresAt) ? expiresAt : Date.now() + CSRF_REFRESH_MS,
    };
    latest = token;
    writeItem(STORAGE_KEYS.csrf, JSON.stringify(token));
    return token.value;
  } catch (cause) {
    console.error('Security token request failed:', networkFailure(cause).error);
    return null;
  }
}

/** Fetches a new token (one request at a time). */
export function refreshCsrfToken(): Promise<string | null> {
  inflight ??= requestToken().finally(() => {
    inflight = null;
  });
  return inflight;
}

/** The current token, fetched first when there is none or it is about to expire. A fetch in
 *  flight is awaited: it is about to replace the cookie that the stored token matches. */
export async function getCsrfToken(): Promise<string | null> {
  if (inflight) return inflight;
  const current = readShared() ?? latest;
  if (current && current.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return current.value;
  return refreshCsrfToken();
}

export function startCsrfRefresh(): () => void {
  void refreshCsrfToken();
  const timer = window.setInterval(() => void refreshCsrfToken(), CSRF_REFRESH_MS);
  return () => window.clearInterval(timer);
}
