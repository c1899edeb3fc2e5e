import { Box, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@chakra-ui/react';

/** The Analytics tab while its figures load: the stat cards, the charts and the lists. */
export function AnalyticsSkeleton() {
  return (
    <Box role="status" aria-live="polite">
      <VisuallyHidden>Loading analytics</VisuallyHidden>
      <Stack gap="6" aria-hidden="true">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h="24" borderRadius="md" />
          ))}
        </SimpleGrid>
        <Skeleton h="80" borderRadius="md" />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
          <Skeleton h="64" borderRadius="md" />
          <Skeleton h="64" borderRadius="md" />
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
