import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { MarkAllNotificationsReadDocument, MarkNotificationReadDocument, NotificationsDocument, UnreadNotificationCountDocument } from './notifications.generated';
import { requirePayload } from '../../lib/user-errors';
import { NOTIFICATION_LIST_LIMIT } from './notification-limits';
import { writeLiveValue } from '../../lib/live-values';

/** Marking one notification read (a message notification also marks its message read on the
 *  server) or all of them. */
export function useNotificationActions() {
  const [markOne] = useMutation(MarkNotificationReadDocument, { context: { silent: true } });
  const [markAllMutation, { loading: markingAll }] = useMutation(MarkAllNotificationsReadDocument);

  const markRead = useCallback(
    (id: string) => {
      markOne({ variables: { input: { id } } })
        .then(({ data }) => requirePayload(data?.markNotificationRead))
        .catch((error: unknown) => console.error('Marking the notification read failed:', error));
    },
    [markOne],
  );

  const markAll = useCallback(() => {
    markAllMutation({
      update: (cache) => {
        const cached = cache.readQuery({ query: NotificationsDocument, variables: { first: NOTIFICATION_LIST_LIMIT } });
        for (const item of cached?.notifications.nodes ?? []) {
          cache.modify({ id: cache.identify({ __typename: 'Notification', id: item.id }), fields: { read: () => true } });
        }
        // Kept against a count read before it (live-values.ts).
        writeLiveValue(cache, UnreadNotificationCountDocument, { unreadNotificationCount: 0 });
      },
    }).catch((error: unknown) => console.error('Marking all notifications read failed:', error));
  }, [markAllMutation]);

  return { markRead, markAll, markingAll };
}
