import { useApolloClient, useMutation } from '@apollo/client/react';
import { useCallback, useRef } from 'react';
import type { SendMessageInput } from '../../gql/graphql';
import { SendMessageDocument } from './messages.generated';
import { isQueuedOffline, newIdempotencyKey } from '../../lib/offline-queue';
import { requirePayload } from '../../lib/user-errors';
import { refreshConversation, refreshConversationLists } from './messages-cache';

/** Which attempt a send belongs to: a new message or a reply, to one recipient. */
const attemptOf = (input: SendMessageInput) => `${input.replyToId ? 'reply' : 'compose'}:${input.recipientId ?? ''}`;

/** Sends a message or a reply: the sent message joins its cached conversation and the lists are
 *  fetched again. Rejects on failure, with UserErrors (lib/user-errors) when the server refused
 *  the input; callers decide what the user is told.
 *
 *  Each compose or reply attempt carries an idempotency key (crypto.randomUUID) that is kept while
 *  its sends fail and dropped once one succeeds: sending again after a failure (whose answer may
 *  only have been lost on the way back) reuses the key, so the server answers the message it
 *  already stored instead of sending it twice.
 *
 *  Offline, the send is queued (lib/offline-queue) with its key and rejects with
 *  QueuedOfflineError: the attempt is over, the next one gets a new key. */
export function useSendMessage() {
  const client = useApolloClient();
  const [mutate, { loading }] = useMutation(SendMessageDocument, { context: { silent: true } });
  const pendingKeys = useRef(new Map<string, string>());
  const send = useCallback(
    async (input: SendMessageInput) => {
      const attempt = attemptOf(input);
      const idempotencyKey = pendingKeys.current.get(attempt) ?? newIdempotencyKey();
      pendingKeys.current.set(attempt, idempotencyKey);
      const { data } = await mutate({
        variables: { input: { ...input, idempotencyKey } },
        context: { silent: true, offlineQueue: { label: input.replyToId ? 'send reply' : 'send message' } },
      }).catch((error: unknown) => {
        if (isQueuedOffline(error)) pendingKeys.current.delete(attempt);
        throw error;
      });
      const { message } = requirePayload(data?.sendMessage);
      pendingKeys.current.delete(attempt);
      if (message) await refreshConversation(client, message.recipient.id).catch((error: unknown) => console.error('Refreshing the conversation failed:', error));
      refreshConversationLists(client);
      return message;
    },
    [client, mutate],
  );
  return { send, sending: loading };
}
