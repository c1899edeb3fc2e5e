// The Analytics tab's rules and constants (issue 13). Pure: imported by the server and by web/.
import { z } from 'zod';

export const ANALYTICS_WEEKS_DEFAULT = 12;
export const ANALYTICS_WEEKS_MIN = 1;
export const ANALYTICS_WEEKS_MAX = 52;
/** How many months of approved volunteer hours the tab shows (the current one last). */
export const ANALYTICS_HOURS_MONTHS = 12;
/** How many sports the popular-sports list shows. */
export const POPULAR_SPORTS = 10;
/** How many entries the recent-activity list shows. */
export const RECENT_ACTIVITY = 10;

export const ANALYTICS_MESSAGES = {
  weeksOutOfRange: `Weeks must be between ${ANALYTICS_WEEKS_MIN} and ${ANALYTICS_WEEKS_MAX}`,
} as const;

export const weeksRule = z
  .number({ error: ANALYTICS_MESSAGES.weeksOutOfRange })
  .int({ error: ANALYTICS_MESSAGES.weeksOutOfRange })
  .min(ANALYTICS_WEEKS_MIN, { error: ANALYTICS_MESSAGES.weeksOutOfRange })
  .max(ANALYTICS_WEEKS_MAX, { error: ANALYTICS_MESSAGES.weeksOutOfRange });

export const PLATFORM_ACTIVITY_KINDS = ['sign_up', 'club_registered', 'opportunity_posted', 'application', 'report'] as const;
export type PlatformActivityKind = (typeof PLATFORM_ACTIVITY_KINDS)[number];
