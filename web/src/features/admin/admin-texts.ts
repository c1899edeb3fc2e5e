// Texts, timings and freshness of the admin panel and its Club Approvals tab (administration
// spec, sections 6, 8 and 9). Rules and limits shared with the server are in admin.rules.ts.

export const ACCESS_DENIED = {
  title: 'Access Denied',
  panel:
    "You don't have permission to access the platform administration panel. Only authorized platform administrators can access this area.",
  dashboard:
    "You don't have permission to access club approval functions. Only authorized platform administrators can manage club applications.",
  list: "You don't have permission to access club application management. Only authorized platform administrators can view and manage club applications.",
  review:
    "You don't have permission to review club applications. Only authorized platform administrators can review and process club applications.",
} as const;

export const REVIEW_TOASTS = {
  approved: 'Club application approved successfully!',
  rejected: 'Club application rejected successfully.',
  approveFailed: 'Failed to approve application',
  rejectFailed: 'Failed to reject application',
  bulkFailed: 'Failed to process bulk approvals',
  statsFailed: 'Failed to fetch platform statistics',
  unexpected: 'An unexpected error occurred',
} as const;

export const BULK_TOASTS = {
  success: 'Success',
  partial: 'Partial Success',
  failed: 'Operation Failed',
  successText: (n: number) => `Successfully approved ${n} applications.`,
  partialText: (n: number, m: number) => `Partial Success: Approved ${n} applications. ${m} failed.`,
  failure: (name: string, error: string) => `Application ${name}: ${error}`,
} as const;

export const OFFLINE_NOTICE = "Application details may be limited while offline. Some actions may be queued until you're back online.";

/** Section 9. */
export const ADMIN_CHECK_MAX_AGE_MS = 10 * 60_000;
export const STATS_POLL_MS = 30_000;
export const LIST_MAX_AGE_MS = 2 * 60_000;
export const DETAIL_MAX_AGE_MS = 60_000;
export const COUNTS_MAX_AGE_MS = 5 * 60_000;
export const TIMELINE_MAX_AGE_MS = 60_000;
export const FILTER_DEBOUNCE_MS = 300;
export { LOADER_MIN_MS } from '../../lib/use-min-loading';
export const BULK_POLL_MS = 300;
export const MOBILE_MAX_WIDTH = 767;
export const SWIPE_MIN_X = 50;
export const SWIPE_MAX_Y = 100;
export const SWIPE_HINT_SHOW_MS = 1_000;
export const SWIPE_HINT_HIDE_MS = 3_000;
