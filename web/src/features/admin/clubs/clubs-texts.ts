// The Clubs tab's texts (administration spec, sections 2, 4 and 8).

export const CLUBS_PAGE_SIZE = 10;

export const VERIFY_CONFIRMATION = 'Are you sure you want to verify this club? This action will make them visible to all users.';
export const UNVERIFY_CONFIRMATION =
  "Are you sure you want to remove this club's verification? Its Verified badge will no longer be shown to users.";

export const CLUB_TOASTS = {
  verified: 'Club verified successfully!',
  unverified: 'Club unverified successfully!',
  errorTitle: 'Error',
  errorDefault: 'An unexpected error occurred',
} as const;

/** Written to refetch after a verification changes: both lists, and the panel's counters (the
 *  pending-verification count of its header and tab badge). */
export const VERIFICATION_REFETCH = ['AdminVerificationClubs', 'AdminPanelStats'];
