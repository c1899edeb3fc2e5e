import { Box, Flex, Input, InputGroup } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSearch } from 'react-icons/lu';
import type { ConversationFilter } from '../../gql/graphql';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ConversationTabs } from './conversation-tabs';
import { SEARCH_DEBOUNCE_MS } from './messages-limits';

/** The left pane: the search box and the tabs of conversations. */
export function ConversationsPane({ selectedId }: { selectedId: string | undefined }) {
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<ConversationFilter>('ALL');
  const search = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  return (
    <Flex direction="column" h="full" minH="0">
      <Box p="3" borderBottomWidth="1px">
        <InputGroup startElement={<LuSearch />}>
          <Input
            type="search"
            placeholder="Search conversations..."
            aria-label="Search conversations"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </InputGroup>
      </Box>
      <ConversationTabs filter={filter} onFilterChange={setFilter} search={search} selectedId={selectedId} />
    </Flex>
  );
}
