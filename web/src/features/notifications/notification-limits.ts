/** The bell lists at most 10 notifications (spec section 9). */
export const NOTIFICATION_LIST_LIMIT = 10;
/** A fallback while the live count subscription is down. */
export const NOTIFICATION_COUNT_POLL_MS = 60_000;
