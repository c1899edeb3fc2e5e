// A member's own account: the archive of their data (issue 28). Shared with the web.
import { z } from 'zod';

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

/** How a deleted account is named to everyone (messages others received, applications, reports). */
export const DELETED_MEMBER = 'Deleted member';

export const DELETION_MESSAGES = {
  passwordRequired: 'Enter your password to delete your account',
  lastAdmin: 'You are the only platform administrator. Make another member an administrator before deleting your account.',
  notActive: 'This account cannot be deleted now.',
  /** What a member writing to a deleted account is told. */
  recipientDeleted: 'This member has deleted their account.',
  /** The note on each pending application a closing club answers. */
  clubClosed: 'The club has closed its Clubroom account.',
} as const;

/** deleteMyAccount's input: the password, which proves it is the member (not just their session). */
export const deleteAccountRules = z.object({
  password: z.string({ error: DELETION_MESSAGES.passwordRequired }).min(1, DELETION_MESSAGES.passwordRequired).max(200, DELETION_MESSAGES.passwordRequired),
});
