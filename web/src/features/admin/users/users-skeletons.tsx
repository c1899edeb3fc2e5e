import { Box, SimpleGrid, Skeleton, SkeletonText, Stack, VisuallyHidden } from '@chakra-ui/react';
import { TableSkeleton } from '../approvals/approvals-skeletons';

/** The list while its first page loads (held at least 500 ms), with a status for screen readers. */
export function UsersListSkeleton({ mobile, what }: { mobile: boolean; what: string }) {
  return (
    <Box>
      <VisuallyHidden role="status">Loading {what}...</VisuallyHidden>
      <TableSkeleton rows={8} mobile={mobile} />
    </Box>
  );
}

/** One account's (or report's) detail while it loads. */
export function DetailSkeleton() {
  return (
    <Stack gap="4">
      <VisuallyHidden role="status">Loading details...</VisuallyHidden>
      <SimpleGrid columns={2} gap="3" aria-hidden="true">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} h="5" />
        ))}
      </SimpleGrid>
      <SkeletonText noOfLines={3} gap="2" aria-hidden="true" />
    </Stack>
  );
}
