// The admin panel's addresses (administration spec, section 2): which tab and which Club Approvals
// view a URL opens, and the URL of each. The list's filters live in the query string, so a link
// reopens the same view; the detail keeps them, so 'Back to Applications' and swiping return to
// the same list.
import {
  DEFAULT_LIST_FILTERS,
  listFiltersToParams,
  type ApplicationListFilters,
  type ApplicationStatusFilter,
} from '@clubroom/rules/admin';

export const ADMIN_TABS = ['overview', 'club-approvals', 'clubs', 'users', 'moderation', 'analytics', 'reports', 'audit', 'checks'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const isTab = (value: string): value is AdminTab => (ADMIN_TABS as readonly string[]).includes(value);

/** /admin/club-approvals… or #club-approvals open Club Approvals; another tab's fragment opens that
 *  tab; /admin/clubs opens Clubs; anything else (/admin, /admin/dashboard) Overview. */
export function tabFromLocation(pathname: string, hash: string): AdminTab {
  if (pathname.includes('/admin/club-approvals')) return 'club-approvals';
  const fragment = hash.replace(/^#/, '');
  if (isTab(fragment)) return fragment;
  if (/^\/admin\/clubs\/?$/.test(pathname)) return 'clubs';
  return 'overview';
}

/** The address of a tab: the menu's paths for Overview, Club Approvals and Clubs, a fragment for the others. */
export function pathForTab(tab: AdminTab): string {
  switch (tab) {
    case 'overview':
      return '/admin';
    case 'club-approvals':
      return APPROVALS_PATH;
    case 'clubs':
      return '/admin/clubs';
    default:
      return `/admin#${tab}`;
  }
}

export const APPROVALS_PATH = '/admin/club-approvals';
export type ApprovalsView = 'dashboard' | 'list' | 'detail';
const LIST_VIEW = 'list';

export function approvalsViewOf(clubId: string | undefined, params: URLSearchParams): ApprovalsView {
  if (clubId) return 'detail';
  return params.get('view') === LIST_VIEW ? 'list' : 'dashboard';
}

/** The list with these filters (defaults left out). */
export function listPath(filters: ApplicationListFilters): string {
  const params = listFiltersToParams(filters);
  return `${APPROVALS_PATH}?${listQuery(params)}`;
}

/** The list's query string: `view=list` first, then the filters. */
export function listQuery(filterParams: URLSearchParams): string {
  const params = new URLSearchParams({ view: LIST_VIEW });
  filterParams.forEach((value, key) => params.append(key, value));
  return params.toString();
}

/** The list showing one status, from its first page. */
export function listPathForStatus(status: ApplicationStatusFilter): string {
  return listPath({ ...DEFAULT_LIST_FILTERS, status });
}

/** One application, keeping the list's filters of where it was chosen. */
export function detailPath(clubId: string, filters: ApplicationListFilters): string {
  const query = listFiltersToParams(filters).toString();
  return `${APPROVALS_PATH}/${clubId}${query ? `?${query}` : ''}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a path segment can name a club application (a club's global id, base64url of
 *  'Club:<uuid>'): anything else is answered 'Invalid club ID format' without asking the server. */
export function isClubGlobalId(value: string): boolean {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(value)) return false;
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const decoded = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    return decoded.startsWith('Club:') && UUID.test(decoded.slice(5));
  } catch {
    return false;
  }
}
