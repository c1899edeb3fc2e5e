import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { MarkConversationReadDocument, type MessageBubble_MessageFragment } from '../../gql/graphql';
import { clearConversationUnread, markReadInCache, refreshConversationLists } from './messages-cache';

/** Spec 4, message read flag: when the conversation loads or changes and holds unread messages
 *  from the partner to me, all of them are marked read. */
export function useMarkConversationRead(partnerId: string, myId: string | undefined, messages: readonly MessageBubble_MessageFragment[]): void {
  const client = useApolloClient();
  const [markRead] = useMutation(MarkConversationReadDocument, { context: { silent: true } });
  const unreadKey = messages
    .filter((message) => message.senderId === partnerId && message.recipientId === myId && !message.read)
    .map((message) => message.id)
    .join(',');

  useEffect(() => {
    if (!unreadKey) return;
    markRead({
      variables: { senderId: partnerId },
      update: (cache, { data }) => {
        markReadInCache(cache, unreadKey.split(','));
        markReadInCache(cache, data?.markConversationRead ?? []);
        clearConversationUnread(cache, partnerId);
      },
    })
      .then(() => refreshConversationLists(client))
      .catch((error: unknown) => console.error('Marking the conversation read failed:', error));
  }, [client, markRead, partnerId, unreadKey]);
}
