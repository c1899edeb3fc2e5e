import { Box, Tabs } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import type { ConversationFilter } from '../../gql/graphql';
import { ConversationCountsDocument } from './messages.generated';
import { ConversationList } from './conversation-list';

const FILTERS: ConversationFilter[] = ['ALL', 'UNREAD', 'SENT'];

interface ConversationTabsProps {
  filter: ConversationFilter;
  onFilterChange: (filter: ConversationFilter) => void;
  search: string;
  selectedId: string | undefined;
}

function isFilter(value: string): value is ConversationFilter {
  return (FILTERS as string[]).includes(value);
}

/** 'All (n)', 'Unread (n)' and 'Sent', each with its own list. */
export function ConversationTabs({ filter, onFilterChange, search, selectedId }: ConversationTabsProps) {
  const { data } = useQuery(ConversationCountsDocument, { variables: { search: search || null }, context: { silent: true } });
  const counts = data?.conversationCounts;
  const labels: Record<ConversationFilter, string> = {
    ALL: counts ? `All (${counts.all})` : 'All',
    UNREAD: counts ? `Unread (${counts.unread})` : 'Unread',
    SENT: 'Sent',
  };
  return (
    <Tabs.Root
      value={filter}
      onValueChange={(details) => isFilter(details.value) && onFilterChange(details.value)}
      variant="line"
      colorPalette="teal"
      lazyMount
      unmountOnExit
      display="flex"
      flexDirection="column"
      flex="1"
      minH="0"
    >
      <Tabs.List px="2">
        {FILTERS.map((value) => (
          <Tabs.Trigger key={value} value={value} flex="1" justifyContent="center">
            {labels[value]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Box flex="1" minH="0" overflowY="auto">
        {FILTERS.map((value) => (
          <Tabs.Content key={value} value={value} p="0">
            <ConversationList filter={value} search={search} selectedId={selectedId} />
          </Tabs.Content>
        ))}
      </Box>
    </Tabs.Root>
  );
}
