// Cache updates shared by the messaging hooks: a conversation's messages, unread counts and the
// lists that summarise conversations. Lists are connections (relayStylePagination in
// lib/apollo-cache): a conversation is oldest to newest, so messages that arrive later are fetched
// after its newest cursor and appended, and older pages stay where they are.
import type { ApolloCache, ApolloClient } from '@apollo/client';
import { ConversationCountsDocument, ConversationDocument, ConversationsDocument, UnreadMessageCountDocument } from './messages.generated';
import { CONVERSATIONS_PAGE_SIZE, CONVERSATION_PAGE_SIZE, MAX_PAGE_SIZE } from './messages-limits';

/**
 * Brings the cached conversation with `partnerId` up to date: the messages newer than its newest
 * one are fetched and appended (with the new total). Nothing happens while it is not cached; an
 * empty cached conversation is fetched anew.
 */
export async function refreshConversation(client: ApolloClient, partnerId: string): Promise<void> {
  const cached = client.cache.readQuery({ query: ConversationDocument, variables: { partnerId } });
  if (!cached) return;
  const after = cached.conversation.pageInfo.endCursor;
  await client.query({
    query: ConversationDocument,
    variables: after ? { partnerId, first: MAX_PAGE_SIZE, after } : { partnerId, last: CONVERSATION_PAGE_SIZE },
    fetchPolicy: 'network-only',
    context: { silent: true },
  });
}

/** Drops a deleted message from every cached list (the lists skip what is no longer cached). */
export function evictMessage(cache: ApolloCache, messageId: string): void {
  cache.evict({ id: cache.identify({ __typename: 'Message', id: messageId }) });
  cache.gc();
}

export function clearConversationUnread(cache: ApolloCache, partnerId: string): void {
  cache.modify({
    id: cache.identify({ __typename: 'Conversation', partner: { __typename: 'Member', id: partnerId } }),
    fields: { unreadCount: () => 0 },
  });
}

/** Fetches the visible conversation lists, tab counts and unread count again. A list keeps as many
 *  rows as it had loaded (up to the API's largest page), so 'Load more' is not undone by every new
 *  message; a conversation that moved up is listed once, where it now belongs. */
export function refreshConversationLists(client: ApolloClient): void {
  const lists = [...client.getObservableQueries([ConversationsDocument])].map((list) => {
    const loaded = (list.getCurrentResult().data as { conversations?: { edges: unknown[] } } | undefined)?.conversations?.edges.length ?? 0;
    return list.refetch({ first: Math.min(MAX_PAGE_SIZE, Math.max(CONVERSATIONS_PAGE_SIZE, loaded)), after: null });
  });
  const counts = client.refetchQueries({ include: [ConversationCountsDocument, UnreadMessageCountDocument] });
  Promise.all([...lists, counts]).catch((error: unknown) => console.error('Refreshing the conversations failed:', error));
}
