// The administration area's rules and constants (../shared/spec/administration.md, sections 5, 6
// and 9). Pure: imported by the server and by web/ (forms, the list's query string).
import { z } from 'zod';

export const ADMIN_NOTES_MAX = 1000;
export const REJECTION_REASON_MAX = 1000;
export const BULK_APPROVAL_MAX = 50;
export const LIST_PAGE_DEFAULT = 10;
export const LIST_PAGE_SIZES = [5, 10, 20, 50] as const;
export const AUDIT_PAGE_SIZE = 25;
export const DASHBOARD_RECENT = 5;
export const QUICK_REVIEW = 2;
export const SEARCH_SUGGESTIONS = 5;
export const TOP_REJECTION_REASONS = 5;
export const TOP_LOCATIONS = 10;
export const OFFSET_MAX = 100_000;
export const SEARCH_MAX = 100;
/** Per administrator per minute, shared by every instance. */
export const ADMIN_ACTION_LIMITS = { approve: 50, reject: 30, bulk: 5, view: 200, export: 30 } as const;
export type RateLimitedAdminAction = keyof typeof ADMIN_ACTION_LIMITS;

export const ADMIN_MESSAGES = {
  authenticationRequired: 'Authentication required',
  adminRequired: 'Admin permissions required',
  rateLimited: 'Admin action rate limit exceeded',
  invalidClubId: 'Invalid club ID format',
  applicationNotFound: 'Application not found',
  clubNotFound: 'Club not found',
  notPending: 'Only pending applications can be approved or rejected. This application has already been reviewed.',
  notApproved: 'Only approved clubs can be verified.',
  rejectionRequired: 'Rejection reason is required',
  rejectionTooLong: `Rejection reason must be less than ${REJECTION_REASON_MAX} characters`,
  notesTooLong: `Admin notes must be less than ${ADMIN_NOTES_MAX} characters`,
  noneSelected: 'No applications selected for bulk approval',
  tooManySelected: `Cannot approve more than ${BULK_APPROVAL_MAX} applications at once`,
  approvalFailed: 'Failed to approve application',
  bulkInterrupted: 'Not processed: the server stopped during the bulk approval. Please try again.',
  approvedDetail: 'Application approved',
  rejectedDetail: (reason: string) => `Application rejected: ${reason}`,
  invalidDateRange: 'The start date must not be after the end date',
  futureDate: 'Dates cannot be in the future',
} as const;

/** Admin notes: optional, trimmed; blank means none. Under 1000 characters. */
export const adminNotesRule = z
  .string()
  .trim()
  .max(ADMIN_NOTES_MAX - 1, { error: ADMIN_MESSAGES.notesTooLong })
  .nullish()
  .transform((v) => (v ? v : null));

export const rejectionReasonRule = z
  .string({ error: ADMIN_MESSAGES.rejectionRequired })
  .trim()
  .min(1, { error: ADMIN_MESSAGES.rejectionRequired })
  .max(REJECTION_REASON_MAX - 1, { error: ADMIN_MESSAGES.rejectionTooLong });

/** The approve dialog's form. */
export const approveFormRules = z.object({ adminNotes: adminNotesRule });
/** The reject dialog's form. */
export const rejectFormRules = z.object({ rejectionReason: rejectionReasonRule });

// ---- the list's query string (section 5): unknown or invalid values are ignored ----------------

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected', 'all'] as const;
export const SEARCH_FIELDS = ['name', 'email', 'description'] as const;
export const SORT_FIELDS = ['name', 'created_at', 'application_status', 'location'] as const;
export type ApplicationStatusFilter = (typeof APPLICATION_STATUSES)[number];
export type SearchField = (typeof SEARCH_FIELDS)[number];
export type SortField = (typeof SORT_FIELDS)[number];

export interface ApplicationListFilters {
  status: ApplicationStatusFilter;
  search: string;
  search_fields: SearchField[];
  date_from: string | null;
  date_to: string | null;
  location: string;
  sort_by: SortField;
  sort_order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** Section 9: pending, 10 a page from 0, newest first. */
export const DEFAULT_LIST_FILTERS: ApplicationListFilters = {
  status: 'pending',
  search: '',
  search_fields: [...SEARCH_FIELDS],
  date_from: null,
  date_to: null,
  location: '',
  sort_by: 'created_at',
  sort_order: 'desc',
  limit: LIST_PAGE_DEFAULT,
  offset: 0,
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export function isValidDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The day of a query-string date: 'YYYY-MM-DD', or an ISO date-time that parses as a valid
 *  date (its first ten characters); null for anything else. Only the first ten characters were
 *  checked before, so '2026-03-04garbage' passed although it is no date (section 5: invalid
 *  values are ignored). */
function dayOf(value: string | null): string | null {
  if (!value) return null;
  const day = value.slice(0, 10);
  if (!isValidDay(day)) return null;
  if (value.length === 10) return day;
  return /^T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/.test(value.slice(10)) && !Number.isNaN(Date.parse(value)) ? day : null;
}

/** What parseListFilters reads of a query string: a URLSearchParams, or REST's view of the query
 *  Fastify parsed. */
export type QueryParams = Pick<URLSearchParams, 'get' | 'getAll'>;

/**
 * The list's filters from a query string (the web list's URL and REST's GET
 * /admin/club-applications): each parameter is taken only when valid, otherwise its default.
 * A `limit` is taken when numeric and from 1 to 100; `offset` when a whole number from 0.
 */
export function parseListFilters(params: QueryParams): ApplicationListFilters {
  const f: ApplicationListFilters = { ...DEFAULT_LIST_FILTERS, search_fields: [...DEFAULT_LIST_FILTERS.search_fields] };
  const get = (name: string) => params.get(name);
  const status = get('status');
  if (status && (APPLICATION_STATUSES as readonly string[]).includes(status)) f.status = status as ApplicationStatusFilter;
  const search = get('search');
  if (search !== null) f.search = search.slice(0, SEARCH_MAX);
  const fields = params
    .getAll('search_fields')
    .flatMap((v) => v.split(','))
    .filter((v): v is SearchField => (SEARCH_FIELDS as readonly string[]).includes(v));
  if (fields.length > 0) f.search_fields = [...new Set(fields)];
  f.date_from = dayOf(get('date_from')) ?? f.date_from;
  f.date_to = dayOf(get('date_to')) ?? f.date_to;
  const location = get('location');
  if (location !== null) f.location = location.slice(0, SEARCH_MAX);
  const sortBy = get('sort_by');
  if (sortBy && (SORT_FIELDS as readonly string[]).includes(sortBy)) f.sort_by = sortBy as SortField;
  const sortOrder = get('sort_order');
  if (sortOrder === 'asc' || sortOrder === 'desc') f.sort_order = sortOrder;
  const limit = get('limit');
  if (limit && /^\d{1,3}$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 100) f.limit = Number(limit);
  const offset = get('offset');
  if (offset && /^\d{1,6}$/.test(offset) && Number(offset) <= OFFSET_MAX) f.offset = Number(offset);
  return f;
}

/** The query string of `filters` with default values left out (section 9), so a link reopens the
 *  same view and the default view has a bare URL. */
export function listFiltersToParams(filters: ApplicationListFilters): URLSearchParams {
  const p = new URLSearchParams();
  const d = DEFAULT_LIST_FILTERS;
  if (filters.status !== d.status) p.set('status', filters.status);
  if (filters.search.trim()) p.set('search', filters.search);
  const fields = [...filters.search_fields].sort();
  if (fields.join(',') !== [...d.search_fields].sort().join(',') && fields.length > 0) p.set('search_fields', filters.search_fields.join(','));
  if (filters.date_from) p.set('date_from', filters.date_from);
  if (filters.date_to) p.set('date_to', filters.date_to);
  if (filters.location.trim()) p.set('location', filters.location);
  if (filters.sort_by !== d.sort_by) p.set('sort_by', filters.sort_by);
  if (filters.sort_order !== d.sort_order) p.set('sort_order', filters.sort_order);
  if (filters.limit !== d.limit) p.set('limit', String(filters.limit));
  if (filters.offset !== d.offset) p.set('offset', String(filters.offset));
  return p;
}

/** Whether any filter other than status, paging and sort is active (the empty state then offers
 *  'Clear All Filters'). */
export function hasActiveFilters(f: ApplicationListFilters): boolean {
  return f.search.trim() !== '' || f.date_from !== null || f.date_to !== null || f.location.trim() !== '';
}

/**
 * The date picker's rules (section 5): no future day, from not after to, to not before from.
 * Returns the message of the first broken rule, or null.
 */
export function dateRangeError(from: string | null, to: string | null, today: string): string | null {
  if ((from && from > today) || (to && to > today)) return ADMIN_MESSAGES.futureDate;
  if (from && to && from > to) return ADMIN_MESSAGES.invalidDateRange;
  return null;
}

/** The pager's buttons (section 2): first, last, current ±1, with 'ellipsis' between gaps. */
export function pageButtons(current: number, totalPages: number): (number | 'ellipsis')[] {
  if (totalPages <= 1) return totalPages === 1 ? [1] : [];
  const pages = new Set([1, totalPages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | 'ellipsis')[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push('ellipsis');
    out.push(p);
  });
  return out;
}

/** The audit pager (section 2): up to 5 page buttons, then an ellipsis and the last page. */
export function auditPageButtons(current: number, totalPages: number): (number | 'ellipsis')[] {
  if (totalPages <= 1) return [];
  if (totalPages <= 5) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const start = Math.max(1, Math.min(current - 2, totalPages - 5));
  const buttons: (number | 'ellipsis')[] = Array.from({ length: 5 }, (_, i) => start + i);
  if (start + 4 < totalPages) {
    if (start + 4 < totalPages - 1) buttons.push('ellipsis');
    buttons.push(totalPages);
  }
  return buttons;
}

/** 'N application(s)' style plurals of the panel's banners. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Approval rate as a whole percentage (section 2). */
export function approvalRatePercent(rate: number): string {
  // Rounded at 9 decimals first: 57 / 200 is exactly 28.5% but 0.285 * 100 is 28.4999… in floating
  // point, which Math.round alone takes down to 28%.
  return `${Math.round(Number((rate * 100).toFixed(9)))}%`;
}

/** Processing time: minutes if under an hour, else whole hours (section 2). */
export function formatProcessingTime(hours: number | null | undefined): string {
  if (hours == null) return 'N/A';
  if (hours < 1) {
    // Under an hour is never '60 minutes' (59.9 rounds up to it), and one minute is singular.
    const m = Math.min(59, Math.round(hours * 60));
    return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
  }
  const h = Math.round(hours);
  return `${h} ${h === 1 ? 'hour' : 'hours'}`;
}

/** Report periods (section 9): the dashboard's set only date_from; reports also set date_to for
 *  current-month and last-month. Days are UTC 'YYYY-MM-DD'. */
export const ACTIVITY_PERIODS = ['last-7-days', 'current-month', 'last-30-days', 'last-3-months'] as const;
export const REPORT_PERIODS = [...ACTIVITY_PERIODS, 'last-month'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

export function periodRange(period: ReportPeriod, now: Date, forReports: boolean): { from: string; to: string | null } {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const minusDays = (n: number) => day(new Date(now.getTime() - n * 86_400_000));
  switch (period) {
    case 'last-7-days':
      return { from: minusDays(7), to: null };
    case 'last-30-days':
      return { from: minusDays(30), to: null };
    case 'last-3-months': {
      // The same day three months back, or that month's last day when it is shorter (31 May goes
      // to 28/29 February, not to 3 March as Date.UTC's overflow would).
      const lastDay = new Date(Date.UTC(y, m - 2, 0)).getUTCDate();
      return { from: day(new Date(Date.UTC(y, m - 3, Math.min(now.getUTCDate(), lastDay)))), to: null };
    }
    case 'last-month':
      return { from: day(new Date(Date.UTC(y, m - 1, 1))), to: day(new Date(Date.UTC(y, m, 0))) };
    case 'current-month':
    default:
      return { from: day(new Date(Date.UTC(y, m, 1))), to: forReports ? day(new Date(Date.UTC(y, m + 1, 0))) : null };
  }
}
