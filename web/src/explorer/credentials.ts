// Whose rights the explorer's requests carry: an Authorization header typed in the headers
// editor, else an API token pasted in the page, else the web app's signed-in session from this
// browser (read fresh for every request; the explorer never refreshes it), else none.
import { isSessionExpired, readStoredSession } from '../lib/session-storage';

export type CredentialSource = 'headers' | 'token' | 'session' | 'none';

let pastedToken: string | null = null;
const listeners = new Set<() => void>();

/** Keeps a pasted API token for this page only (never stored). Null forgets it. */
export function setPastedToken(token: string | null): void {
  pastedToken = token?.trim() || null;
  for (const listener of listeners) listener();
}

export function onCredentialChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in session's access token, while it has not expired. */
export function sessionCredential(): { token: string; email: string } | null {
  const session = readStoredSession();
  if (!session || isSessionExpired(session)) return null;
  return { token: session.access_token, email: session.user.email };
}

/** What the next request will carry when the headers editor names no Authorization. */
export function defaultCredential(): { source: Exclude<CredentialSource, 'headers'>; authorization?: string; email?: string } {
  if (pastedToken) return { source: 'token', authorization: `Bearer ${pastedToken}` };
  const session = sessionCredential();
  if (session) return { source: 'session', authorization: `Bearer ${session.token}`, email: session.email };
  return { source: 'none' };
}

/** An Authorization value worth sending: not an empty 'Bearer ' template. */
function isUsableAuthorization(value: unknown): value is string {
  return typeof value === 'string' && /^bearer\s+\S+/i.test(value.trim());
}

/** The headers to send: the editor's own, with the Authorization chosen as above. */
export function withAuthorization(headers: Record<string, unknown> | undefined): { headers: Record<string, unknown>; authorization?: string; source: CredentialSource } {
  const kept: Record<string, unknown> = {};
  let typed: string | undefined;
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'authorization') kept[name] = value;
    else if (isUsableAuthorization(value)) typed = value.trim();
  }
  if (typed) return { headers: { ...kept, Authorization: typed }, authorization: typed, source: 'headers' };
  const fallback = defaultCredential();
  if (fallback.authorization) return { headers: { ...kept, Authorization: fallback.authorization }, authorization: fallback.authorization, source: fallback.source };
  return { headers: kept, source: 'none' };
}
