// The Find Volunteers page's words and paths.
import { VOLUNTEER_PAGE_SIZE } from '@clubroom/rules/volunteers-texts';

export const VOLUNTEERS_PAGE_SIZE = VOLUNTEER_PAGE_SIZE;

/** '1 volunteer found', '20 volunteers found'. */
export function volunteerCountText(count: number): string {
  return `${count} ${count === 1 ? 'volunteer' : 'volunteers'} found`;
}

/** The compose screen with this member chosen as the recipient. */
export const composeToPath = (memberId: string) => `/messages/compose?to=${encodeURIComponent(memberId)}`;

export const PENDING_CLUB_TEXT = 'Your club is waiting for an administrator to approve it. Find Volunteers unlocks as soon as it is approved.';
export const REJECTED_CLUB_TEXT = 'Your club application was not approved, so volunteer search is not available to your account.';
export const NO_CLUB_TEXT = 'Volunteer search is for clubs. Register your club on this account; once an administrator approves it you can search for volunteers here.';
