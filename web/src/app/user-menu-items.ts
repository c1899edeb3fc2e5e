// The user menu's items by role (spec: Navigation).
import type { SessionUser } from '../lib/session-types';

export interface UserMenuLink {
  label: string;
  to: string;
  /** Shows the unread message count. */
  unread?: boolean;
}

const ROLE_ITEMS: Record<SessionUser['role'], UserMenuLink[]> = {
  volunteer: [
    { label: 'My Dashboard', to: '/volunteer/dashboard' },
    { label: 'My Profile', to: '/profile' },
    { label: 'Find Opportunities', to: '/volunteer-opportunities' },
    // Certificates of approved volunteer hours (issue 30 §4).
    { label: 'My certificates', to: '/volunteer/certificates' },
  ],
  club_admin: [
    { label: 'Club Dashboard', to: '/club/dashboard' },
    { label: 'My Opportunities', to: '/club/opportunities' },
    { label: 'Find Volunteers', to: '/volunteers/search' },
    { label: 'Club Settings', to: '/club/settings' },
  ],
  platform_admin: [
    { label: 'Admin Dashboard', to: '/admin' },
    { label: 'Club Approvals', to: '/admin/club-approvals' },
    { label: 'Manage Clubs', to: '/admin/clubs' },
  ],
};

/** Groups of links: role items, council admin, profile creation, then Messages, My clubs and the
 *  member's settings. */
export function userMenuGroups(user: SessionUser): UserMenuLink[][] {
  const groups: UserMenuLink[][] = [ROLE_ITEMS[user.role] ?? []];
  if (user.is_council_admin) groups.push([{ label: 'Sports Council Admin', to: '/sports-council/admin' }]);
  if (!user.has_volunteer_profile && !user.club) {
    groups.push([
      { label: 'Create Volunteer Profile', to: '/volunteer/profile' },
      // The signed-in member registers a club on this same account (issue 12).
      { label: 'Register Club', to: '/club/register' },
    ]);
  }
  groups.push([
    { label: 'Messages', to: '/messages', unread: true },
    // The clubs the member follows (issue 29): anyone may follow a club, owners and administrators too.
    { label: 'My clubs', to: '/my-clubs' },
    // Everyone's notification settings (issue 28): club owners and administrators are told things too.
    { label: 'Notifications', to: '/profile/notifications' },
    // Personal API tokens for the member's own scripts (issue 10).
    { label: 'Developer', to: '/profile/developer' },
  ]);
  return groups.filter((group) => group.length > 0);
}
