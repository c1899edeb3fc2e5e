import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { SendMessageDocument, type SendMessageInput } from '../../gql/graphql';
import { appendToConversation, refreshConversationLists } from './messages-cache';

/** Sends a message or a reply: the sent message joins its cached conversation and the lists are
 *  fetched again. Rejects on failure; callers decide what the user is told. */
export function useSendMessage() {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(SendMessageDocument, { context: { silent: true } });
  const send = useCallback(
    async (input: SendMessageInput) => {
      const { data } = await mutate({
        variables: { input },
        update: (cache, result) => {
          const message = result.data?.sendMessage;
          if (message) appendToConversation(cache, message.recipientId, message);
        },
      });
      refreshConversationLists(client);
      return data?.sendMessage;
    },
    [client, mutate],
  );
  return { send, sending: loading };
}
