// A club's dated sessions and events (issue 29). Shared with the web.

/** How far ahead a club's weekly meeting times are made into dated sessions. */
export const SESSION_WINDOW_WEEKS = 8;
