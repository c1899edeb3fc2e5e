import { Box, Button, Container, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { categorizeError } from '../lib/error-category';

interface ErrorFallbackProps {
  error: unknown;
  onTryAgain: () => void;
}

/** The render-error screen (administration spec, section 8). Uses plain navigation for 'Go to
 *  Home Page' so it also works when the router itself failed. */
export function ErrorFallback({ error, onTryAgain }: ErrorFallbackProps) {
  const { tips } = categorizeError(error);
  return (
    <Container maxW="lg" py="16">
      <Stack role="alert" gap="5" textAlign="center" alignItems="center">
        <Heading as="h1" size="2xl">
          Something went wrong
        </Heading>
        <Text color="fg.muted">
          We're sorry, but something unexpected happened. Please try refreshing the page or go back to the home page.
        </Text>
        <Box textAlign="start" borderWidth="1px" borderRadius="md" p="4" width="full">
          <List.Root gap="1" ps="4">
            {tips.map((tip) => (
              <List.Item key={tip}>{tip}</List.Item>
            ))}
          </List.Root>
        </Box>
        <HStack gap="3" flexWrap="wrap" justifyContent="center">
          <Button onClick={onTryAgain}>Try Again</Button>
          <Button variant="outline" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
          <Button variant="ghost" onClick={() => window.location.assign('/')}>
            Go to Home Page
          </Button>
        </HStack>
      </Stack>
    </Container>
  );
}
