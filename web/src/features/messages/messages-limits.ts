// Page sizes, debounce and freshness of the messaging screens (spec section 9).

/** The server pages conversations at 50. */
export const CONVERSATIONS_PAGE_SIZE = 50;
/** How many of the newest messages a conversation panel loads. */
export const CONVERSATION_MESSAGE_LIMIT = 200;
export const RECIPIENT_RESULTS_LIMIT = 20;
export const SEARCH_DEBOUNCE_MS = 300;

/** Inbox 1 min, sent 2 min, conversation 30 s; the unread count is also fetched every 60 s in
 *  case the live subscription is down. */
export const INBOX_MAX_AGE_MS = 60_000;
export const SENT_MAX_AGE_MS = 120_000;
export const CONVERSATION_MAX_AGE_MS = 30_000;
export const UNREAD_COUNT_POLL_MS = 60_000;
