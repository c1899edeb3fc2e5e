// The title and message of the generic error screen (administration spec, section 8: 'Error
// boundary categories' and 'Message mapping'). Failed requests are described as the request
// notices describe them (lib/request-errors); any other error by its category and its text.
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { categorizeError, type ErrorCategory } from './error-category';
import { describeRequestError } from './request-errors';

export type ErrorKind = 'chunk-load' | 'network' | 'authentication' | 'permission' | 'validation' | 'server' | 'timeout' | 'type' | 'unknown';

export interface ErrorScreenText {
  kind: ErrorKind;
  /** The boundary category (spec: chunk-load, network, permission, type, unknown). */
  category: ErrorCategory;
  title: string;
  message: string;
  /** Whether trying again can help: not for authentication and permission errors. */
  retryable: boolean;
  tips: string[];
}

const TEXTS: Record<Exclude<ErrorKind, 'network'>, { title: string; message: string; retryable: boolean }> = {
  'chunk-load': {
    title: 'Loading Error',
    message: 'A part of the application could not be loaded. Please refresh the page.',
    retryable: true,
  },
  authentication: { title: 'Authentication Error', message: 'Your session has expired. Please log in again.', retryable: false },
  permission: { title: 'Permission Denied', message: "You don't have permission to perform this action.", retryable: false },
  validation: { title: 'Validation Error', message: 'Please check your input and try again.', retryable: true },
  server: { title: 'Server Error', message: 'The server encountered an error. Please try again later.', retryable: true },
  timeout: { title: 'Request Timeout', message: 'The request took too long to complete. Please try again.', retryable: true },
  type: {
    title: 'Something went wrong',
    message: "We're sorry, but something unexpected happened. Please try again.",
    retryable: true,
  },
  unknown: {
    title: 'Something went wrong',
    message: "We're sorry, but something unexpected happened. Please try again.",
    retryable: true,
  },
};

const BY_NOTICE_TITLE: Record<string, ErrorKind> = {
  'Network Error': 'network',
  'Authentication Error': 'authentication',
  'Permission Denied': 'permission',
  'Validation Error': 'validation',
  'Server Error': 'server',
  'Request Timeout': 'timeout',
};

function networkMessage(): string {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline ? 'You appear to be offline. Please check your connection.' : 'Unable to connect to the server. Please try again.';
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return `${error.name} ${error.message}`;
  return String(error ?? '');
}

function isRequestError(error: unknown): error is Error {
  return CombinedGraphQLErrors.is(error) || ServerError.is(error) || ServerParseError.is(error) || (error instanceof Error && error.name === 'TimeoutError');
}

/** The kind of error by the spec's message mapping, in its order. */
export function errorKind(error: unknown): ErrorKind {
  const category = categorizeError(error).category;
  if (category === 'chunk-load') return 'chunk-load';
  if (isRequestError(error)) {
    const notice = describeRequestError(error);
    const kind = notice ? BY_NOTICE_TITLE[notice.title] : undefined;
    if (kind) return kind;
  }
  const message = messageOf(error);
  if (/network|fetch/i.test(message)) return 'network';
  if (/\b401\b|unauthori[sz]ed|unauthenticated/i.test(message)) return 'authentication';
  if (/\b403\b|forbidden|permission/i.test(message)) return 'permission';
  if (/\b400\b|validation/i.test(message)) return 'validation';
  if (/timeout|timed out/i.test(message)) return 'timeout';
  if (/\b500\b|server error/i.test(message)) return 'server';
  return category === 'type' ? 'type' : 'unknown';
}

export function errorScreenText(error: unknown): ErrorScreenText {
  const kind = errorKind(error);
  const { category, tips } = categorizeError(error);
  const text = kind === 'network' ? { title: 'Network Error', message: networkMessage(), retryable: true } : TEXTS[kind];
  return { kind, category, tips, ...text };
}
