import { Card, HStack, SimpleGrid, Skeleton, SkeletonText, Stack, Table } from '@chakra-ui/react';

/** The dashboard while its counters and lists load. */
export function DashboardSkeleton() {
  return (
    <Stack gap="6" aria-hidden="true">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="4">
        {[0, 1, 2, 3].map((i) => (
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

/** The list's table (or cards on a phone) while a page loads. */
export function TableSkeleton({ rows, mobile }: { rows: number; mobile: boolean }) {
  const lines = Array.from({ length: Math.min(rows, 10) }, (_, i) => i);
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
            {[40, 30, 15, 10, 10].map((w, j) => (
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

/** One application's review while it loads. */
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
