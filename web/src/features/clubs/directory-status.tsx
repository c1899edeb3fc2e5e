import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { LuSearchX } from 'react-icons/lu';

/** No club matches the search and sport (or no club is approved yet). */
export function DirectoryEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <EmptyState.Root size="md" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuSearchX />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">No clubs found</EmptyState.Title>
          <EmptyState.Description>
            {filtered
              ? 'Try a different search or sport, or clear the filters to see every club.'
              : 'No clubs are listed yet. Check back soon.'}
          </EmptyState.Description>
        </VStack>
        {filtered && (
          <Button variant="outline" colorPalette="teal" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
