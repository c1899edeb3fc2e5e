import { Container, EmptyState, Heading, Stack } from '@chakra-ui/react';
import { LuMessageSquare } from 'react-icons/lu';

/** /messages and /messages/:senderId */
export default function MessagesPage() {
  return (
    <Container maxW="5xl" py="10">
      <Stack gap="8">
        <Heading as="h1" size="2xl">
          Messages
        </Heading>
        <EmptyState.Root borderWidth="1px" borderRadius="lg">
          <EmptyState.Content>
            <EmptyState.Indicator>
              <LuMessageSquare />
            </EmptyState.Indicator>
            <Stack textAlign="center" gap="2">
              <EmptyState.Title>No conversations yet</EmptyState.Title>
              <EmptyState.Description>
                Conversations with volunteers and clubs will appear here.
              </EmptyState.Description>
            </Stack>
          </EmptyState.Content>
        </EmptyState.Root>
      </Stack>
    </Container>
  );
}
