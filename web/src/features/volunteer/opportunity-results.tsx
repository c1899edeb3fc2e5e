import { Box, Button, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuSearchX } from 'react-icons/lu';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { LoadMoreButton } from '../../components/load-more-button';
import { OpportunityCard } from './opportunity-card';
import { useOpportunities, type OpportunityFilterValues } from './use-opportunities';
import { opportunityCountText } from './volunteer-format';

const GRID_COLUMNS = { base: 1, md: 2, xl: 3 } as const;
const SKELETON_CARDS = 6;

interface OpportunityResultsProps extends OpportunityFilterValues {
  filtered: boolean;
  onClearFilters: () => void;
}

/** The count, the cards of the matching opportunities and 'Load more opportunities'. */
export function OpportunityResults({ filtered, onClearFilters, ...filters }: OpportunityResultsProps) {
  const { page, error, loadingMore, loadMoreFailed, loadMore, retry } = useOpportunities(filters);

  if (!page) {
    if (error) return <LoadError title="Opportunities could not be loaded." onRetry={retry} />;
    return (
      <Stack gap="4" role="status" aria-label="Loading opportunities">
        <Text color="fg.muted">Loading opportunities...</Text>
        <SimpleGrid columns={GRID_COLUMNS} gap="5">
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <Skeleton key={index} h="56" borderRadius="l3" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }

  return (
    <Stack gap="4">
      <Text aria-live="polite" fontWeight="medium" color="fg.muted">
        {opportunityCountText(page.totalCount)}
      </Text>
      {page.opportunities.length === 0 ? (
        <EmptyPanel
          icon={<LuSearchX />}
          title="No opportunities found"
          description={
            filtered
              ? 'Try a different search, skill, sport or location, or clear the filters to see every opportunity.'
              : 'No clubs are looking for volunteers right now. Check back soon, or browse the club directory.'
          }
        >
          {filtered && (
            <Button variant="outline" colorPalette="teal" onClick={onClearFilters}>
              Clear filters
            </Button>
          )}
        </EmptyPanel>
      ) : (
        <SimpleGrid as="ul" aria-label="Opportunities" listStyleType="none" columns={GRID_COLUMNS} gap="5">
          {page.opportunities.map((opportunity) => (
            <Box as="li" key={opportunity.id}>
              <OpportunityCard opportunity={opportunity} />
            </Box>
          ))}
        </SimpleGrid>
      )}
      {page.hasMore && <LoadMoreButton what="opportunities" loading={loadingMore} failed={loadMoreFailed} onLoadMore={loadMore} />}
    </Stack>
  );
}
