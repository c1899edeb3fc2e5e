import { useSubscription } from '@apollo/client/react';
import { MessageBubble_MessageFragmentDoc, MessageDeletedDocument, MessageReadDocument, MessageReceivedDocument } from './messages.generated';
import { evictMessage, refreshConversation, refreshConversationLists } from './messages-cache';

const logFailure = (error: unknown) => console.error('Refreshing the conversation failed:', error);

/** While the Messages screen is open: a received message joins its conversation (an open panel
 *  then marks it read) and the lists are fetched again; a message deleted by its sender leaves;
 *  my sent messages turn 'Read' live (each event's messages carry `read: true` into the cache). */
export function useMessageLiveUpdates(): void {
  useSubscription(MessageReceivedDocument, {
    context: { silent: true },
    onData: ({ client, data }) => {
      const message = data.data?.messageReceived.message;
      if (!message) return;
      refreshConversation(client, message.sender.id).catch(logFailure);
      refreshConversationLists(client);
    },
  });
  // A message its sender deleted disappears here too.
  useSubscription(MessageDeletedDocument, {
    context: { silent: true },
    onData: ({ client, data }) => {
      const id = data.data?.messageDeleted.messageId;
      if (!id) return;
      const cached = client.cache.readFragment({ id: client.cache.identify({ __typename: 'Message', id }), fragment: MessageBubble_MessageFragmentDoc, fragmentName: 'MessageBubble_message' });
      evictMessage(client.cache, id);
      if (cached) refreshConversation(client, cached.sender.id).catch(logFailure);
      refreshConversationLists(client);
    },
  });
  useSubscription(MessageReadDocument, {
    context: { silent: true },
    onData: ({ client, data }) => {
      for (const { id } of data.data?.messageRead.messages ?? []) {
        client.cache.modify({ id: client.cache.identify({ __typename: 'Message', id }), fields: { read: () => true } });
      }
    },
  });
}
