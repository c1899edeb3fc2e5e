// Notice texts shared by more than one part of the client (spec sections 8 of both documents).
import type { Notice } from './toaster';

export const SESSION_EXPIRED_NOTICE: Notice = {
  id: 'session-expired',
  title: 'Session Expired',
  description: 'Your session has expired. Please log in again.',
  type: 'warning',
};

/** The REST client's message when it clears a session the server no longer accepts. */
export const SESSION_CLEARED_MESSAGE = 'Session expired. Please log in again.';

export const SESSION_CLEARED_NOTICE: Notice = {
  id: 'session-expired',
  title: 'Session Expired',
  description: SESSION_CLEARED_MESSAGE,
  type: 'warning',
};

export const AUTHENTICATION_ERROR_NOTICE: Notice = {
  id: 'session-expired',
  title: 'Authentication Error',
  description: 'Your session has expired. Please log in again.',
  type: 'error',
};

export const RATE_LIMITED_MESSAGE = 'Rate limit exceeded. Please try again later.';
