// Page sizes, debounce and freshness of the volunteer area (spec section 9).

/** Opportunity cards per page of the browser, like the club directory. */
export const OPPORTUNITIES_PAGE_SIZE = 24;
/** Applications per page of the dashboard's Applications tab (the server's page size). */
export const APPLICATIONS_PAGE_SIZE = 20;
/** The dashboard's Overview: the 5 newest applications and 6 new opportunities. */
export const RECENT_APPLICATIONS = 5;
export const NEW_OPPORTUNITIES = 6;
export const SEARCH_DEBOUNCE_MS = 300;

/** Applications stay fresh for 2 minutes, the stats and recent opportunities for 5. */
export const APPLICATIONS_MAX_AGE_MS = 2 * 60_000;
export const STATS_MAX_AGE_MS = 5 * 60_000;
export const RECENT_OPPORTUNITIES_MAX_AGE_MS = 5 * 60_000;
/** Every freshness key of the caller's applications and their figures begins with this. */
export const APPLICATIONS_FRESHNESS_PREFIX = 'volunteerApplication';

/** The browser's filter options (skills, sports) and the opportunity pages, like the clubs. */
export const OPPORTUNITIES_MAX_AGE_MS = 5 * 60_000;
