// Page size, debounce and freshness of the club directory and club pages (spec section 9).

/** Cards per directory page: small enough to paint fast with thousands of clubs. */
export const DIRECTORY_PAGE_SIZE = 24;
export const SEARCH_DEBOUNCE_MS = 300;
/** Clubs stay fresh for 5 minutes. */
export const CLUBS_MAX_AGE_MS = 5 * 60_000;
/** How many meeting times a card lists before '+N more'. */
export const CARD_MEETING_TIMES = 3;
