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

/** The position form's places fields and the card's figures (issue 30 §1–2). */
export const PLACES_FORM_TEXTS = {
  places: 'Places',
  placesHelp: 'How many volunteers you need. Leave empty for no limit. When every place is taken, new applicants join a waiting list.',
  policy: 'When a place frees',
  policyHelp: 'A place frees when an accepted volunteer withdraws or is released, or when you add places.',
  offerHours: 'Offer stands for (hours)',
  offerHoursHelp: 'Shortened close to the start date, and never ending at night for the volunteer.',
  noLimit: 'No limit on places',
  waiting: (count: number) => `${count} on the waiting list`,
} as const;
