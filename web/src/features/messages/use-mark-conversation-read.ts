import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import type { MessageBubble_MessageFragment } from '../../gql/graphql';
import { MarkConversationReadDocument } from './messages.generated';
import { requirePayload } from '../../lib/user-errors';
import { clearConversationUnread, refreshConversationLists } from './messages-cache';

/** Spec 4, message read flag: when the conversation loads or changes and holds unread messages
 *  from the partner to me, all of them are marked read (the payload's messages carry the new read
 *  flags into the cache). Ids are GraphQL global ids. */
export function useMarkConversationRead(partnerId: string, myId: string | undefined, messages: readonly MessageBubble_MessageFragment[]): void {
  const client = useApolloClient();
  const [markRead] = useMutation(MarkConversationReadDocument, { context: { silent: true } });
  const unreadKey = messages
    .filter((message) => message.sender.id === partnerId && message.recipient.id === myId && !message.read)
    .map((message) => message.id)
    .join(',');

  useEffect(() => {
    if (!unreadKey) return;
    markRead({
      variables: { input: { partnerId } },
      update: (cache, { data }) => {
        if (data?.markConversationRead.userErrors.length) return;
        // Read elsewhere meanwhile (the payload then lists none of them): read all the same.
        for (const id of unreadKey.split(',')) cache.modify({ id: cache.identify({ __typename: 'Message', id }), fields: { read: () => true } });
        clearConversationUnread(cache, partnerId);
      },
    })
      .then(({ data }) => {
        requirePayload(data?.markConversationRead);
        refreshConversationLists(client);
      })
      .catch((error: unknown) => console.error('Marking the conversation read failed:', error));
  }, [client, markRead, partnerId, unreadKey]);
}
