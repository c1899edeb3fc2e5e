// Cache updates shared by the messaging hooks: a conversation's messages, read flags and the
// lists that summarise conversations.
import type { ApolloCache, ApolloClient } from '@apollo/client';
import {
  ConversationCountsDocument,
  ConversationDocument,
  ConversationsDocument,
  UnreadMessageCountDocument,
  type MessageBubble_MessageFragment,
} from '../../gql/graphql';
import { CONVERSATION_MESSAGE_LIMIT } from './messages-limits';

function conversationQuery(partnerId: string) {
  return { query: ConversationDocument, variables: { partnerId, limit: CONVERSATION_MESSAGE_LIMIT } };
}

/** Adds a message to the cached conversation with `partnerId`, if that conversation is cached. */
export function appendToConversation(cache: ApolloCache, partnerId: string, message: MessageBubble_MessageFragment): void {
  cache.updateQuery(conversationQuery(partnerId), (data) => {
    if (!data || data.conversation.some((item) => item.id === message.id)) return undefined;
    return { conversation: [...data.conversation, message] };
  });
}

export function removeFromConversation(cache: ApolloCache, partnerId: string, messageId: string): void {
  cache.updateQuery(conversationQuery(partnerId), (data) =>
    data ? { conversation: data.conversation.filter((item) => item.id !== messageId) } : undefined,
  );
}

export function markReadInCache(cache: ApolloCache, messageIds: readonly string[]): void {
  for (const id of messageIds) {
    cache.modify({ id: cache.identify({ __typename: 'Message', id }), fields: { read: () => true } });
  }
}

export function clearConversationUnread(cache: ApolloCache, partnerId: string): void {
  cache.modify({ id: cache.identify({ __typename: 'Conversation', partnerId }), fields: { unreadCount: () => 0 } });
}

/** Fetches the visible conversation lists, tab counts and unread count again. A list's first
 *  page is fetched like a further page (not refetched, which would replace the whole list), so
 *  the pages loaded with 'Load more' stay. */
export function refreshConversationLists(client: ApolloClient): void {
  const firstPages = [...client.getObservableQueries([ConversationsDocument])].map((list) => list.fetchMore({ variables: { offset: 0 } }));
  const counts = client.refetchQueries({ include: [ConversationCountsDocument, UnreadMessageCountDocument] });
  Promise.all([...firstPages, counts]).catch((error: unknown) => console.error('Refreshing the conversations failed:', error));
}
