// A member's own account: the archive of their data (issue 28). Shared with the web.

/** How many archives a member may ask for in 24 hours, and how long one stays downloadable. */
export const DATA_EXPORTS_PER_DAY = 3;
export const DATA_EXPORT_DAYS = 7;
/** The archives a member's list shows (the newest). */
export const DATA_EXPORTS_LISTED = 10;

export const ACCOUNT_MESSAGES = {
  exportRunning: 'Your archive is being prepared: we will email you when it is ready.',
  exportsPerDay: `You can ask for your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again tomorrow.`,
  exportLinkInvalid: 'This download link is invalid or has expired. Ask for a new archive on your profile page.',
} as const;
