// What the profile page's forms tell the member (spec section 8 where it has the words).
export const PROFILE_TEXTS = {
  saved: 'Profile updated successfully',
  failedTitle: 'Update failed',
  failed: 'There was a problem updating your profile. Please try again.',
  passwordChanged: 'Password changed',
  passwordChangedDescription: 'Your other sessions have been signed out.',
  passwordFailedTitle: 'Password change failed',
  notificationsHeading: 'Notifications',
  notificationsText: 'Choose what reaches you in the app, by email and by push, how often emails come, and which clubs are muted.',
  notificationsLink: 'Notification settings',
} as const;
