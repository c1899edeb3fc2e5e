// One REST request with the envelope rules: credentials included, security token on writes,
// one retry after a fresh security token when the server finds it missing or invalid.
// No session logic here.
import { getCsrfToken, refreshCsrfToken } from './csrf';
import { networkFailure, readEnvelope, type ApiResult } from './envelope';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface SendOptions {
  body?: unknown;
  /** Bearer access token. */
  token?: string | null;
}

const WRITE_METHODS = new Set<HttpMethod>(['POST', 'PUT', 'DELETE']);
const CSRF_CODES = new Set(['CSRF_INVALID', 'CSRF_MISSING']);

async function attempt<T>(method: HttpMethod, path: string, options: SendOptions): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (WRITE_METHODS.has(method)) {
    const csrf = await getCsrfToken();
    if (csrf) headers['X-CSRF-Token'] = csrf;
  }
  try {
    const response = await fetch(`/api${path}`, { method, headers, body, credentials: 'include' });
    return await readEnvelope<T>(response);
  } catch (cause) {
    return networkFailure(cause);
  }
}

export async function send<T>(method: HttpMethod, path: string, options: SendOptions = {}): Promise<ApiResult<T>> {
  const result = await attempt<T>(method, path, options);
  if (result.success || !result.code || !CSRF_CODES.has(result.code)) return result;
  await refreshCsrfToken();
  return attempt<T>(method, path, options);
}
