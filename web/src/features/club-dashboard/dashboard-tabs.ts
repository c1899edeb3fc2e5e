// The Club Dashboard's tabs and when each can be opened (spec: Club dashboard).
import type { ClubDashboard_ClubFragment } from '../../gql/graphql';

export type DashboardTab = 'profile' | 'meeting-times' | 'sessions' | 'positions' | 'hours' | 'followers' | 'announcements';

export const DASHBOARD_TABS: { value: DashboardTab; label: string }[] = [
  { value: 'profile', label: 'Club Profile' },
  { value: 'meeting-times', label: 'Meeting Times' },
  // The dated sessions and events, their head counts and settings (issue 29).
  { value: 'sessions', label: 'Sessions' },
  { value: 'positions', label: 'Volunteer Positions' },
  // Attendance, claims to approve, approved hours and their export (issue 30 §3).
  { value: 'hours', label: 'Hours' },
  // Who follows the club (issue 29).
  { value: 'followers', label: 'Followers' },
  // Announcements to the followers (issue 29 §5).
  { value: 'announcements', label: 'Announcements' },
];

/** Meeting Times, Sessions and Announcements need an approved club; Volunteer Positions and Hours a
 *  saved profile; Followers a club. */
export function isTabEnabled(tab: DashboardTab, club: ClubDashboard_ClubFragment | null): boolean {
  if (tab === 'meeting-times' || tab === 'sessions') return club?.applicationStatus === 'APPROVED';
  if (tab === 'positions' || tab === 'hours') return !!club?.profileSaved;
  if (tab === 'followers') return !!club;
  if (tab === 'announcements') return club?.applicationStatus === 'APPROVED';
  return true;
}

export function isDashboardTab(value: string): value is DashboardTab {
  return DASHBOARD_TABS.some((tab) => tab.value === value);
}
