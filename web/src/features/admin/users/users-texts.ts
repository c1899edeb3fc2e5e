// The Users tab's texts, labels and limits (administration spec, sections 2 and 9; issue 13's
// contract, section 1). Rules and messages shared with the server are in admin-users.rules.ts.
import type { AdminUserFilter, UserStatus } from '../../../gql/graphql';

export const USERS_PAGE_SIZE = 20;

/** The sub-tabs, in order. */
export const USER_FILTERS: { value: AdminUserFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'VOLUNTEERS', label: 'Volunteers' },
  { value: 'CLUBS', label: 'Clubs' },
  { value: 'SUSPENDED', label: 'Suspended' },
];

export const USER_STATUS: Record<UserStatus, { label: string; palette: string }> = {
  ACTIVE: { label: 'Active', palette: 'green' },
  SUSPENDED: { label: 'Suspended', palette: 'orange' },
  BANNED: { label: 'Banned', palette: 'red' },
  DELETED: { label: 'Deleted', palette: 'gray' },
};

export const USERS_EMPTY = {
  none: 'No users found',
  search: 'No users match your search',
} as const;

export const USER_TOASTS = {
  suspended: 'User suspended',
  banned: 'User banned',
  reinstated: 'User reinstated',
  adminGranted: 'Administrator role granted',
  adminRevoked: 'Administrator role removed',
} as const;

/** Each action's offline queue label ('Cannot perform {label} while offline. …'). */
export const USER_OFFLINE_LABELS = {
  suspend: 'suspend user',
  ban: 'ban user',
  reinstate: 'reinstate user',
  admin: 'change administrator role',
} as const;

/** Written to refetch after an account's status or role changes: the lists and the counters, and
 *  the header's (its Total Volunteers is the 'Volunteers' card's count: both move together). */
export const USERS_REFETCH = ['AdminUsers', 'AdminUserStats', 'AdminPanelStats'];
