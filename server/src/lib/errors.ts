// Errors that reach clients: the spec's wording plus a stable code. Anything else is internal and
// is logged with the request id, never shown.
export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'EMAIL_IN_USE'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_RESET_TOKEN'
  | 'ACCOUNT_SUSPENDED'
  | 'RATE_LIMITED'
  | 'CURSOR_EXPIRED'
  | 'CSRF_MISSING'
  | 'CSRF_INVALID'
  | 'INTERNAL_SERVER_ERROR';

const STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_IN_USE: 409,
  INVALID_CREDENTIALS: 401,
  INVALID_RESET_TOKEN: 400,
  ACCOUNT_SUSPENDED: 403,
  RATE_LIMITED: 429,
  CURSOR_EXPIRED: 410,
  CSRF_MISSING: 403,
  CSRF_INVALID: 403,
  INTERNAL_SERVER_ERROR: 500,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }
}

export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';
/** A bearer that no instance of this server issued, or that was altered or cut. */
export const SESSION_INVALID = 'Your session is not valid. Please log in again.';
/** A credential whose account may not act now (its sessions end at a suspension; an API token is
 *  refused until the account is reinstated). */
export const accountRefusedMessage = (status: string) =>
  status === 'banned' ? 'This account has been banned.' : status === 'deleted' ? 'This account has been deleted.' : 'This account has been suspended.';
export const RATE_LIMIT_EXCEEDED = 'Rate limit exceeded. Please try again later.';

export const errors = {
  validation: (message: string, fields?: Record<string, string>) => new AppError('BAD_USER_INPUT', message, fields),
  unauthenticated: (message = 'Authentication required') => new AppError('UNAUTHENTICATED', message),
  sessionExpired: () => new AppError('UNAUTHENTICATED', SESSION_EXPIRED),
  sessionInvalid: () => new AppError('UNAUTHENTICATED', SESSION_INVALID),
  forbidden: (message = "You don't have permission to perform this action.") => new AppError('FORBIDDEN', message),
  notFound: (message: string) => new AppError('NOT_FOUND', message),
  rateLimited: () => new AppError('RATE_LIMITED', RATE_LIMIT_EXCEEDED),
  /** A subscription's resume cursor is past what the server replays: read the list again. */
  cursorExpired: (message: string, field = 'after') => new AppError('CURSOR_EXPIRED', message, { [field]: message }),
};

export const INTERNAL_MESSAGE = 'The server encountered an error. Please try again later.';
