// The security token sent as X-CSRF-Token on every POST, PUT and DELETE to /api.
// Fetched at start, every 30 minutes, and after sign-in or refresh; re-fetched when it is about
// to expire or the server calls it invalid.
import { CSRF_REFRESH_MS } from './constants';
import { networkFailure, readEnvelope } from './envelope';

interface CsrfToken {
  value: string;
  expiresAt: number;
}

const EXPIRY_MARGIN_MS = 60_000;

let current: CsrfToken | null = null;
let inflight: Promise<string | null> | null = null;

async function requestToken(): Promise<string | null> {
  try {
    const response = await fetch('/api/auth/csrf', { credentials: 'include', headers: { Accept: 'application/json' } });
    const result = await readEnvelope<{ token: string; expires_at: string }>(response);
    if (!result.success || typeof result.data?.token !== 'string') {
      console.error('Security token request failed:', result.error);
      return null;
    }
    const expiresAt = Date.parse(result.data.expires_at);
    current = {
      value: result.data.token,
      expiresAt: Number.isFinite(expiresAt) ? expiresAt : Date.now() + CSRF_REFRESH_MS,
    };
    return current.value;
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

/** The current token, fetched first when there is none or it is about to expire. */
export async function getCsrfToken(): Promise<string | null> {
  if (current && current.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return current.value;
  return refreshCsrfToken();
}

export function startCsrfRefresh(): () => void {
  void refreshCsrfToken();
  const timer = window.setInterval(() => void refreshCsrfToken(), CSRF_REFRESH_MS);
  return () => window.clearInterval(timer);
}
