import { Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { LuInbox, LuSearchX, LuTriangleAlert } from 'react-icons/lu';
import type { ConversationFilter } from '../../gql/graphql';
import { ConversationsDocument } from './messages.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { ConversationListItem } from './conversation-list-item';
import { ListStatus } from './list-status';
import { CONVERSATIONS_PAGE_SIZE, INBOX_MAX_AGE_MS, SENT_MAX_AGE_MS } from './messages-limits';

interface ConversationListProps {
  filter: ConversationFilter;
  search: string;
  selectedId: string | undefined;
}

/** The conversations of one tab, newest first, 50 at a time with 'Load more'. */
export function ConversationList({ filter, search, selectedId }: ConversationListProps) {
  const maxAge = filter === 'SENT' ? SENT_MAX_AGE_MS : INBOX_MAX_AGE_MS;
  const fetchPolicy = useFreshnessPolicy(`conversations:${filter}:${search}`, maxAge);
  const [loadingMore, setLoadingMore] = useState(false);
  const { data, error, refetch, fetchMore } = useQuery(ConversationsDocument, {
    variables: { filter, search: search || null, first: CONVERSATIONS_PAGE_SIZE },
    fetchPolicy,
    context: { silent: true },
  });

  if (!data) {
    if (error) {
      return (
        <ListStatus icon={<LuTriangleAlert />} title="Conversations could not be loaded." description="Please check your connection and try again.">
          <Button size="sm" variant="outline" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </Button>
        </ListStatus>
      );
    }
    return (
      <Center role="status" py="10" gap="3" flexDirection="column">
        <Spinner color="teal.solid" />
        <Text color="fg.muted">Loading messages...</Text>
      </Center>
    );
  }

  const conversations = data.conversations.edges.map((edge) => edge.node);
  const { hasNextPage, endCursor } = data.conversations.pageInfo;
  if (conversations.length === 0) {
    const filtered = search !== '' || filter !== 'ALL';
    return filtered ? (
      <ListStatus icon={<LuSearchX />} title="No matching conversations" />
    ) : (
      <ListStatus icon={<LuInbox />} title="No conversations yet" description="Conversations with volunteers and clubs will appear here." />
    );
  }

  const loadMore = () => {
    setLoadingMore(true);
    fetchMore({ variables: { first: CONVERSATIONS_PAGE_SIZE, after: endCursor } })
      .catch((cause: unknown) => console.error('Loading more conversations failed:', cause))
      .finally(() => setLoadingMore(false));
  };

  return (
    <Stack gap="0">
      <Box as="ul" listStyleType="none" aria-label="Conversations">
        {conversations.map((conversation) => (
          <ConversationListItem key={conversation.partner.id} conversation={conversation} selected={conversation.partner.id === selectedId} />
        ))}
      </Box>
      {hasNextPage && endCursor && (
        <Center py="3">
          <Button size="sm" variant="outline" loading={loadingMore} loadingText="Loading..." onClick={loadMore}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
