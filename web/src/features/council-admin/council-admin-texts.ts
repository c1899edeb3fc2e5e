// Texts, freshness and status mapping of the sports council admin page (spec sections 3, 8, 9).
import type { MeetingStatus as RuleStatus } from '@clubroom/rules/council';
import type { MeetingStatus as GqlStatus } from '../../gql/graphql';

export const MEETING_TOASTS = {
  created: 'Meeting created successfully!',
  updated: 'Meeting updated successfully!',
  deleted: 'Meeting deleted successfully!',
  createFailed: 'Failed to create meeting',
  updateFailed: 'Failed to update meeting',
  deleteFailed: 'Failed to delete meeting',
  fetchMeetingsFailed: 'Failed to fetch meetings',
  fetchStatsFailed: 'Failed to fetch stats',
} as const;

export const COUNCIL_ADMIN_TOASTS = {
  granted: 'Council administrator added',
  revoked: 'Council administrator removed',
  grantFailed: 'Failed to add council administrator',
  revokeFailed: 'Failed to remove council administrator',
} as const;

export const ALL_MEETINGS_MAX_AGE_MS = 2 * 60_000;
export const ADMIN_CHECK_MAX_AGE_MS = 10 * 60_000;
export const STATS_MAX_AGE_MS = 5 * 60_000;

export const STATUS_LABELS: Record<GqlStatus, string> = {
  UPCOMING: 'Upcoming',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const STATUS_COLORS: Record<GqlStatus, string> = {
  UPCOMING: 'blue',
  COMPLETED: 'green',
  CANCELLED: 'red',
};

export const GQL_STATUSES: GqlStatus[] = ['UPCOMING', 'COMPLETED', 'CANCELLED'];

export const toRuleStatus = (status: GqlStatus): RuleStatus => status.toLowerCase() as RuleStatus;
export const toGqlStatus = (status: RuleStatus): GqlStatus => status.toUpperCase() as GqlStatus;

/** Written to refetch after every meeting write, so the list and the counters stay right. */
export const MEETING_REFETCH = ['CouncilAdminMeetings', 'CouncilAdminMeetingStats'];
