// Freshness of the public council meetings page (spec section 9).

/** Public meetings stay fresh for 5 minutes. */
export const PUBLIC_MEETINGS_MAX_AGE_MS = 5 * 60_000;
/** The public iCalendar feed of all public meetings. */
export const MEETINGS_FEED_URL = '/api/sports-council/meetings.ics';
