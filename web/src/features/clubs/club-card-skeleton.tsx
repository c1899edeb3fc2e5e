import { Card, HStack, Skeleton, SkeletonCircle, SkeletonText, Stack } from '@chakra-ui/react';

/** A placeholder card while the first page loads. */
export function ClubCardSkeleton() {
  return (
    <Card.Root variant="outline" size="sm" h="full" aria-hidden="true">
      <Card.Body gap="4">
        <HStack gap="3">
          <SkeletonCircle size="12" />
          <Stack gap="2" flex="1">
            <Skeleton h="5" w="70%" />
            <Skeleton h="4" w="30%" />
          </Stack>
        </HStack>
        <SkeletonText noOfLines={3} gap="2" />
        <Skeleton h="4" w="50%" />
      </Card.Body>
    </Card.Root>
  );
}
