// The REST adapter's answer: { success, data, error, code?, fields? } (spec section 7).

export interface ApiSuccess<T> {
  success: true;
  data: T;
  error: null;
  status?: number;
}

export interface ApiFailure {
  success: false;
  data: null;
  error: string;
  code?: string;
  fields?: Record<string, string>;
  /** HTTP status; absent when the request never got an answer. */
  status?: number;
}

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

export function failure(error: string, extra: Omit<ApiFailure, 'success' | 'data' | 'error'> = {}): ApiFailure {
  return { success: false, data: null, error, ...extra };
}

export function networkFailure(cause: unknown): ApiFailure {
  const text = cause instanceof Error && cause.message ? cause.message : 'Network error';
  return failure(text, { code: NETWORK_ERROR_CODE });
}

interface RawEnvelope {
  success?: unknown;
  data?: unknown;
  error?: unknown;
  code?: unknown;
  fields?: unknown;
}

function fieldsOf(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string') fields[key] = message;
  }
  return fields;
}

/** Non-2xx answers are errors using the `error` field, or 'HTTP {status}: {text}'. */
export async function readEnvelope<T>(response: Response): Promise<ApiResult<T>> {
  const text = await response.text();
  let body: RawEnvelope | null = null;
  try {
    body = text ? (JSON.parse(text) as RawEnvelope) : null;
  } catch {
    body = null;
  }
  const status = response.status;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const fields = fieldsOf(body?.fields);
  if (!response.ok || !body || body.success !== true) {
    const message =
      typeof body?.error === 'string' && body.error
        ? body.error
        : `HTTP ${status}: ${response.statusText || text || 'Unexpected response'}`;
    return failure(message, { code, fields, status });
  }
  return { success: true, data: body.data as T, error: null, status };
}
