import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { DeleteMessageDocument, type MessageBubble_MessageFragment } from '../../gql/graphql';
import { graphQLErrorMessage } from '../../lib/graphql-field-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { refreshConversationLists, removeFromConversation } from './messages-cache';

/** Deletes one of my messages (after the caller has confirmed) and tells the user how it went. */
export function useDeleteMessage() {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(DeleteMessageDocument, { context: { silent: true } });
  const deleteMessage = useCallback(
    async (message: MessageBubble_MessageFragment): Promise<boolean> => {
      try {
        await mutate({
          variables: { id: message.id },
          update: (cache) => removeFromConversation(cache, message.recipientId, message.id),
        });
        notifySuccess('Message deleted successfully!');
        refreshConversationLists(client);
        return true;
      } catch (error) {
        console.error('Deleting the message failed:', error);
        notifyError('Failed to delete message', graphQLErrorMessage(error));
        return false;
      }
    },
    [client, mutate],
  );
  return { deleteMessage, deleting: loading };
}
