// Maps a failed GraphQL request to the spec's notice (administration spec, section 8).
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { AUTHENTICATION_ERROR_NOTICE, RATE_LIMITED_MESSAGE } from './messages';
import type { Notice } from './toaster';

type ErrorLike = { name: string; message: string };

const NOTICES = {
  permission: {
    id: 'permission-denied',
    title: 'Permission Denied',
    description: "You don't have permission to perform this action.",
    type: 'error',
  },
  validation: {
    id: 'validation-error',
    title: 'Validation Error',
    description: 'Please check your input and try again.',
    type: 'error',
  },
  server: {
    id: 'server-error',
    title: 'Server Error',
    description: 'The server encountered an error. Please try again later.',
    type: 'error',
    retry: true,
  },
  timeout: {
    id: 'request-timeout',
    title: 'Request Timeout',
    description: 'The request took too long to complete. Please try again.',
    type: 'error',
    retry: true,
  },
  rateLimited: { id: 'rate-limited', title: RATE_LIMITED_MESSAGE, type: 'error' },
} satisfies Record<string, Notice>;

export const NETWORK_ERROR_TOAST_ID = 'network-error';

function networkNotice(): Notice {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return {
    id: NETWORK_ERROR_TOAST_ID,
    title: 'Network Error',
    description: offline
      ? 'You appear to be offline. Please check your connection.'
      : 'Unable to connect to the server. Please try again.',
    type: 'error',
    retry: true,
  };
}

function codeFromBody(bodyText: string): string | undefined {
  try {
    const body = JSON.parse(bodyText) as { errors?: Array<{ extensions?: { code?: unknown } }> };
    const code = body.errors?.[0]?.extensions?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

export function errorCodes(error: unknown): string[] {
  if (CombinedGraphQLErrors.is(error)) {
    return error.errors
      .map((item) => item.extensions?.code)
      .filter((code): code is string => typeof code === 'string');
  }
  if (ServerError.is(error)) {
    const code = codeFromBody(error.bodyText);
    return code ? [code] : [];
  }
  return [];
}

export function isUnauthenticatedError(error: unknown): boolean {
  if (errorCodes(error).includes('UNAUTHENTICATED')) return true;
  return ServerError.is(error) && error.statusCode === 401;
}

function noticeForCode(code: string | undefined): Notice | null {
  switch (code) {
    case 'UNAUTHENTICATED':
      return AUTHENTICATION_ERROR_NOTICE;
    case 'FORBIDDEN':
      return NOTICES.permission;
    case 'BAD_USER_INPUT':
      return NOTICES.validation;
    case 'RATE_LIMITED':
      return NOTICES.rateLimited;
    case 'INTERNAL_SERVER_ERROR':
      return NOTICES.server;
    default:
      return null;
  }
}

function noticeForStatus(status: number): Notice | null {
  if (status === 401) return AUTHENTICATION_ERROR_NOTICE;
  if (status === 403) return NOTICES.permission;
  if (status === 400 || status === 422) return NOTICES.validation;
  if (status === 408 || status === 504) return NOTICES.timeout;
  if (status === 429) return NOTICES.rateLimited;
  if (status >= 500) return NOTICES.server;
  return null;
}

/** The notice for a failed request, or null when the page itself should explain it
 *  (NOT_FOUND, cancelled requests, codes without a general message). */
export function describeRequestError(error: ErrorLike): Notice | null {
  if (CombinedGraphQLErrors.is(error)) return noticeForCode(errorCodes(error)[0]);
  if (ServerError.is(error)) return noticeForCode(errorCodes(error)[0]) ?? noticeForStatus(error.statusCode);
  if (ServerParseError.is(error)) return error.statusCode >= 500 ? NOTICES.server : noticeForStatus(error.statusCode);
  if (error.name === 'TimeoutError') return NOTICES.timeout;
  if (error.name === 'AbortError') return null;
  if (error.name === 'TypeError' || /network|fetch|socket/i.test(error.message)) return networkNotice();
  return null;
}
