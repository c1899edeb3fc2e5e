// The Apollo cache and how it stores the lists that are fetched in pages.
import { InMemoryCache, type FieldPolicy, type Reference } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';

type Entry = Reference | Record<string, unknown>;

/** Offset pages of `conversations` (per filter and search) merged into one list. A page shorter
 *  than its limit is the end of the list: anything cached after it is gone on the server. A row
 *  that moved between pages (a conversation that got a new message) is kept once, where it was
 *  fetched first. */
const conversationsPolicy: FieldPolicy<Entry[]> = {
  keyArgs: ['filter', 'search'],
  merge(existing = [], incoming, { args, readField }) {
    const offset = typeof args?.offset === 'number' ? args.offset : 0;
    const limit = typeof args?.limit === 'number' ? args.limit : incoming.length;
    const rest = incoming.length < limit ? [] : existing.slice(offset + incoming.length);
    const seen = new Set<unknown>();
    return [...existing.slice(0, offset), ...incoming, ...rest].filter((entry) => {
      const key = readField('partnerId', entry as Reference);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // A conversation is one row per counterpart, whichever tab lists it.
      Conversation: { keyFields: ['partnerId'] },
      Query: {
        fields: {
          conversations: conversationsPolicy,
          // The club directory: one list per search and sport, 'Load more clubs' appends pages.
          clubs: relayStylePagination(['search', 'sport']),
        },
      },
      // A club's positions: the public (live) list and the owner's (hidden ones included) apart.
      Club: { fields: { positions: relayStylePagination(['includeHidden']) } },
    },
  });
}
