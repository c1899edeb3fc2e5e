// The REST client the features use: the envelope rules of api-core plus the signed-in user's
// bearer token. A 401 on a bearer call gets one token refresh and one retry; after that the
// session is cleared with 'Session expired. Please log in again.'
import { send, type HttpMethod } from './api-core';
import { failure, type ApiResult } from './envelope';
import { SESSION_CLEARED_MESSAGE, SESSION_CLEARED_NOTICE } from './messages';
import { getAccessToken } from './session';
import { expireSession } from './session-expiry';
import { refreshSession } from './session-refresh';

async function request<T>(method: HttpMethod, path: string, body?: unknown): Promise<ApiResult<T>> {
  const token = getAccessToken();
  const first = await send<T>(method, path, { body, token });
  if (!token || first.success || first.status !== 401) return first;
  const outcome = await refreshSession();
  if (outcome.status === 'refreshed') {
    const second = await send<T>(method, path, { body, token: outcome.session.access_token });
    if (second.success || second.status !== 401) return second;
  }
  expireSession(SESSION_CLEARED_NOTICE);
  return failure(SESSION_CLEARED_MESSAGE, { code: 'UNAUTHENTICATED', status: 401 });
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
