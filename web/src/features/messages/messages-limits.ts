// Page sizes, debounce and freshness of the messaging screens (spec section 9).

/** Conversations are listed 50 at a time ('Load more'). */
export const CONVERSATIONS_PAGE_SIZE = 50;
/** The API's largest page: a refreshed list keeps up to this many of the rows it had loaded. */
export const MAX_PAGE_SIZE = 100;
/** A conversation panel loads the newest 50 messages, and 50 older ones at a time on request. */
export const CONVERSATION_PAGE_SIZE = 50;
export const RECIPIENT_RESULTS_LIMIT = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** Inbox 1 min, sent 2 min, conversation 30 s; the unread count is also fetched every 60 s in
 *  case the live subscription is down. */
export const INBOX_MAX_AGE_MS = 60_000;
export const SENT_MAX_AGE_MS = 120_000;
export const CONVERSATION_MAX_AGE_MS = 30_000;
export const UNREAD_COUNT_POLL_MS = 60_000;
