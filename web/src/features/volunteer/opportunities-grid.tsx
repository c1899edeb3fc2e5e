import { Box, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { LuSearchX } from 'react-icons/lu';
import { EmptyPanel } from '../../components/empty-panel';
import { LoadError } from '../../components/load-error';
import { OpportunityCard } from './opportunity-card';
import { useRecentOpportunities } from './use-dashboard-queries';
import { NEW_OPPORTUNITIES } from './volunteer-limits';

/** The 6 newest open opportunities (the dashboard's Overview and Opportunities tab). */
export function RecentOpportunitiesGrid() {
  const { opportunities, error, retry } = useRecentOpportunities();
  if (!opportunities) {
    if (error) return <LoadError title="New opportunities could not be loaded." onRetry={retry} />;
    return (
      <Stack gap="3" role="status" aria-label="Loading opportunities">
        <Text color="fg.muted">Loading opportunities...</Text>
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {Array.from({ length: NEW_OPPORTUNITIES }, (_, index) => (
            <Skeleton key={index} h="48" borderRadius="l3" />
          ))}
        </SimpleGrid>
      </Stack>
    );
  }
  if (opportunities.length === 0) {
    return <EmptyPanel icon={<LuSearchX />} titleAs="h3" title="No opportunities right now" description="Clubs add new volunteer roles all the time. Check back soon." />;
  }
  return (
    <SimpleGrid as="ul" aria-label="New opportunities" listStyleType="none" columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      {opportunities.map((opportunity) => (
        <Box as="li" key={opportunity.id}>
          <OpportunityCard opportunity={opportunity} level="h3" />
        </Box>
      ))}
    </SimpleGrid>
  );
}
