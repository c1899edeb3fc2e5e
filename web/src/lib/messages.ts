// Notice texts shared by more than one part of the client (spec sections 8 of both documents).
import type { SessionEndReason } from '../gql/graphql';
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

/** A session a platform administrator ended (issue 13 contract, section 5): the account was
 *  suspended or banned, or lost its administrator role. */
export const ACCOUNT_SUSPENDED_NOTICE: Notice = {
  id: 'session-expired',
  title: 'Account suspended',
  description: 'Your account has been suspended. Sign in to see why.',
  type: 'warning',
};

export const ACCOUNT_BANNED_NOTICE: Notice = {
  id: 'session-expired',
  title: 'Account banned',
  description: 'Your account has been banned.',
  type: 'error',
};

export const ROLE_CHANGED_NOTICE: Notice = {
  id: 'session-expired',
  title: 'Session ended',
  description: 'Your permissions changed. Please sign in again.',
  type: 'warning',
};

export const ACCOUNT_DELETED_NOTICE: Notice = {
  id: 'session-expired',
  title: 'Account deleted',
  description: 'This account has been deleted.',
  type: 'info',
};

/** The notice for a session the server ended, by why it ended (sessionRevoked's reason). */
export function sessionEndNotice(reason: SessionEndReason | null | undefined): Notice {
  switch (reason) {
    case 'ACCOUNT_SUSPENDED':
      return ACCOUNT_SUSPENDED_NOTICE;
    case 'ACCOUNT_BANNED':
      return ACCOUNT_BANNED_NOTICE;
    case 'ROLE_CHANGED':
      return ROLE_CHANGED_NOTICE;
    case 'ACCOUNT_DELETED':
      return ACCOUNT_DELETED_NOTICE;
    default:
      return SESSION_EXPIRED_NOTICE;
  }
}
