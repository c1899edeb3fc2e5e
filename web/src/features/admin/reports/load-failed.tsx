import { Button, HStack, Text } from '@chakra-ui/react';

/** A report that could not be loaded, with a way to ask again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <HStack role="alert" gap="3" flexWrap="wrap" borderWidth="1px" borderColor="border.error" borderRadius="md" p="3">
      <Text color="fg.error">Failed to load {what}.</Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </HStack>
  );
}
