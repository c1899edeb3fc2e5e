// The Club Dashboard's toasts (spec section 8) and screen copy. Validation messages and the
// club-name lock live in the shared rules (CLUB_MESSAGES), so client and server say the same.

export const PROFILE_TOASTS = {
  saved: 'Profile updated successfully',
  failedTitle: 'Update failed',
  failed: 'There was a problem updating your profile. Please try again.',
} as const;

export const MEETING_TIMES_TOASTS = {
  saved: 'Meeting times updated successfully',
  failedTitle: 'Update failed',
  failed: 'There was a problem updating your meeting times. Please try again.',
} as const;

export const POSITION_TOASTS = {
  created: 'Position created',
  updated: 'Position updated',
  deleted: 'Position deleted',
  visible: 'Position is now visible',
  hidden: 'Position is now hidden',
  saveFailed: 'Save failed',
  deleteFailed: 'Delete failed',
  liveFailedTitle: 'Update failed',
  liveFailed: 'There was a problem updating the position visibility.',
  loadFailed: 'Failed to load positions',
} as const;

// Worded so that 'pending admin approval' stays the status badge's own text on the page.
export const THANK_YOU_TEXT =
  'Thank you! Your club profile has been saved and is waiting for an administrator to approve it. Next, add the volunteer positions your club needs.';
