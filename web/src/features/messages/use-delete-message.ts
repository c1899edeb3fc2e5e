import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import type { MessageBubble_MessageFragment } from '../../gql/graphql';
import { DeleteMessageDocument } from './messages.generated';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, requirePayload } from '../../lib/user-errors';
import { evictMessage, refreshConversation, refreshConversationLists } from './messages-cache';

/** Deletes one of my messages (after the caller has confirmed) and tells the user how it went. */
export function useDeleteMessage() {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(DeleteMessageDocument, { context: { silent: true } });
  const deleteMessage = useCallback(
    async (message: MessageBubble_MessageFragment): Promise<boolean> => {
      try {
        const { data } = await mutate({ variables: { input: { id: message.id } } });
        requirePayload(data?.deleteMessage);
        evictMessage(client.cache, message.id);
        notifySuccess('Message deleted successfully!');
        refreshConversationLists(client);
        // The conversation's message count.
        refreshConversation(client, message.recipient.id).catch((error: unknown) => console.error('Refreshing the conversation failed:', error));
        return true;
      } catch (error) {
        console.error('Deleting the message failed:', error);
        notifyError('Failed to delete message', errorMessageOf(error));
        return false;
      }
    },
    [client, mutate],
  );
  return { deleteMessage, deleting: loading };
}
