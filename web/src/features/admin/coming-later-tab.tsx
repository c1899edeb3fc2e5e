import { EmptyState, VStack } from '@chakra-ui/react';
import { LuConstruction } from 'react-icons/lu';

/** Users, Moderation and Analytics come in a later release (issue 11): said plainly, with no
 *  sample figures and no buttons that do nothing. */
export function ComingLaterTab({ title }: { title: string }) {
  return (
    <EmptyState.Root size="md" borderWidth="1px" borderStyle="dashed" borderRadius="lg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuConstruction />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{title} is coming in a later release</EmptyState.Title>
          <EmptyState.Description>
            This part of the administration panel is not available yet. It will arrive in a future update of the platform.
          </EmptyState.Description>
        </VStack>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
