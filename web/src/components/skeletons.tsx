// The skeletons shown while a dashboard, a table or a detail page loads (administration spec,
// section 9: loaders show at least 500 ms, see lib/use-min-loading). Wrap one in LoadingStatus so
// that screen readers hear what is loading.
import { Box, Card, HStack, SimpleGrid, Skeleton, SkeletonText, Stack, Table, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A loading region: `label` is read out ('Loading the users'), the skeleton is only seen. */
export function LoadingStatus({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      {children}
    </Box>
  );
}

/** A dashboard while its counters (`cards`, default 4) and panels load. */
export function DashboardSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <Stack gap="6" aria-hidden="true">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
        {Array.from({ length: cards }, (_, i) => i).map((i) => (
          <Skeleton key={i} h="24" borderRadius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Skeleton h="64" borderRadius="md" />
        <Skeleton h="64" borderRadius="md" />
      </SimpleGrid>
    </Stack>
  );
}

const COLUMN_WIDTHS = [40, 30, 15, 10, 10];

/** A list's table (or cards on a phone) while a page of `rows` loads; `columns` cells a row. */
export function TableSkeleton({ rows, mobile = false, columns = 5 }: { rows: number; mobile?: boolean; columns?: number }) {
  const lines = Array.from({ length: Math.min(rows, 10) }, (_, i) => i);
  const widths = Array.from({ length: columns }, (_, i) => COLUMN_WIDTHS[i % COLUMN_WIDTHS.length]!);
  if (mobile) {
    return (
      <Stack gap="3" aria-hidden="true">
        {lines.slice(0, 5).map((i) => (
          <Card.Root key={i} variant="outline" size="sm">
            <Card.Body>
              <SkeletonText noOfLines={3} gap="2" />
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    );
  }
  return (
    <Table.Root size="sm" aria-hidden="true">
      <Table.Body>
        {lines.map((i) => (
          <Table.Row key={i}>
            {widths.map((w, j) => (
              <Table.Cell key={j}>
                <Skeleton h="4" w={`${w * 2}%`} maxW="full" />
              </Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** A detail page (a heading, cards and a side panel) while it loads. */
export function DetailSkeleton() {
  return (
    <Stack gap="6" aria-hidden="true">
      <HStack justify="space-between">
        <Skeleton h="8" w="40%" />
        <Skeleton h="8" w="24" />
      </HStack>
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6">
        <Stack gap="6" gridColumn={{ lg: 'span 2' }}>
          <Skeleton h="48" borderRadius="md" />
          <Skeleton h="32" borderRadius="md" />
        </Stack>
        <Skeleton h="64" borderRadius="md" />
      </SimpleGrid>
    </Stack>
  );
}
