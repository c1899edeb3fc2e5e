// Timings and storage keys of the client session (spec sections 4, 6 and 9).

export const AUTH_POLL_MS = 5_000;
export const INACTIVITY_TIMEOUT_MS = 30 * 60_000;
export const INACTIVITY_CHECK_MS = 60_000;
export const CSRF_REFRESH_MS = 30 * 60_000;
/** Refresh the access token this long before it expires. */
export const TOKEN_REFRESH_LEAD_MS = 60_000;
/** After a refresh that could not reach the server, try again after this delay. */
export const TOKEN_REFRESH_RETRY_MS = 15_000;
export const ACTIVITY_WRITE_THROTTLE_MS = 1_000;
export const REQUEST_TIMEOUT_MS = 30_000;

export const QUERY_RETRY_MAX = 3;
export const QUERY_RETRY_BASE_MS = 1_000;
export const QUERY_RETRY_CAP_MS = 30_000;

export const STORAGE_KEYS = {
  session: 'clubroom.session',
  lastActivity: 'clubroom.lastActivity',
  theme: 'clubroom.theme',
  /** The newest security token, shared by the tabs (not secret from scripts: it is sent in a header). */
  csrf: 'clubroom.csrf',
  /** Testing knob: a shorter inactivity timeout in milliseconds (never a longer one). */
  inactivityTimeoutMs: 'clubroom.inactivityTimeoutMs',
  /** Testing knob: how often inactivity is checked, in milliseconds (read at page load). */
  inactivityCheckMs: 'clubroom.inactivityCheckMs',
} as const;

export const REFRESH_LOCK_NAME = 'clubroom.session-refresh';
