import { useSubscription } from '@apollo/client/react';
import { MessageDeletedDocument, MessageReadDocument, MessageReceivedDocument } from '../../gql/graphql';
import { appendToConversation, markReadInCache, refreshConversationLists } from './messages-cache';

/** While the Messages screen is open: a received message joins its conversation (an open panel
 *  then marks it read) and the lists are fetched again; a message deleted by its sender leaves;
 *  my sent messages turn 'Read' live. */
export function useMessageLiveUpdates(): void {
  useSubscription(MessageReceivedDocument, {
    context: { silent: true },
    onData: ({ client, data }) => {
      const message = data.data?.messageReceived;
      if (!message) return;
      appendToConversation(client.cache, message.senderId, message);
      refreshConversationLists(client);
    },
  });
  // A message its sender deleted disappears here too.
  useSubscription(MessageDeletedDocument, {
    context: { silent: true },
    onData: ({ client, data }) => {
      const id = data.data?.messageDeleted;
      if (!id) return;
      client.cache.evict({ id: client.cache.identify({ __typename: 'Message', id }) });
      client.cache.gc();
      refreshConversationLists(client);
    },
  });
  useSubscription(MessageReadDocument, {
    context: { silent: true },
    onData: ({ client, data }) => markReadInCache(client.cache, data.data?.messageRead ?? []),
  });
}
