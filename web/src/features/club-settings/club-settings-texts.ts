// The Club Settings page's toasts and copy. The form's rules and messages are the server's
// (volunteers.rules.ts: clubSettingsRules, CLUB_SETTINGS_MESSAGES).
export const SETTINGS_TOASTS = {
  failedTitle: 'Update failed',
  failed: 'There was a problem updating your settings. Please try again.',
} as const;

export const NOTIFY_APPLICATIONS_LABEL = 'Email me when a volunteer applies';
export const NOTIFY_WITHDRAWALS_LABEL = 'Email me when a volunteer withdraws';
