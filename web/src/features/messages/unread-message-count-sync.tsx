import { useQuery, useSubscription } from '@apollo/client/react';
import { useEffect } from 'react';
import { UnreadMessageCountChangedDocument, UnreadMessageCountDocument } from './messages.generated';
import { setUnreadCount } from '../../lib/unread-count';
import { writeLiveValue } from '../../lib/live-values';
import { useAuth } from '../../lib/use-auth';
import { UNREAD_COUNT_POLL_MS } from './messages-limits';

/** Feeds the navigation's unread badge: the live subscription writes each new count into the
 *  cached query (kept against answers to queries sent before it: live-values.ts), which also
 *  paints the first value and polls while the WebSocket is down. */
export function UnreadMessageCountSync() {
  const { status } = useAuth();
  const skip = status !== 'signed-in';
  const { data } = useQuery(UnreadMessageCountDocument, {
    skip,
    pollInterval: UNREAD_COUNT_POLL_MS,
    context: { silent: true },
  });
  useSubscription(UnreadMessageCountChangedDocument, {
    skip,
    context: { silent: true },
    onData: ({ client, data: event }) => {
      const count = event.data?.unreadMessageCount.count;
      if (typeof count === 'number') {
        writeLiveValue(client.cache, UnreadMessageCountDocument, { unreadMessageCount: count });
      }
    },
  });
  const count = skip ? 0 : (data?.unreadMessageCount ?? 0);
  useEffect(() => setUnreadCount(count), [count]);
  return null;
}
