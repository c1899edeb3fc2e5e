import { Button } from '@chakra-ui/react';
import { LuSearchX } from 'react-icons/lu';
import { EmptyPanel } from '../../components/empty-panel';

/** No club matches the search and sport (or no club is approved yet). */
export function DirectoryEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <EmptyPanel
      icon={<LuSearchX />}
      title="No clubs found"
      description={filtered ? 'Try a different search or sport, or clear the filters to see every club.' : 'No clubs are listed yet. Check back soon.'}
    >
      {filtered && (
        <Button variant="outline" colorPalette="teal" onClick={onClearFilters}>
          Clear filters
        </Button>
      )}
    </EmptyPanel>
  );
}
