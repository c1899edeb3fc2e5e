import { Box, Button, Heading, HStack, List, Stack, Text } from '@chakra-ui/react';
import { categorizeError } from '../../lib/error-category';
import { supportEmail } from './admin-texts';

interface AdminErrorScreenProps {
  error: unknown;
  onTryAgain: () => void;
  onGoBack: () => void;
  onGoToDashboard: () => void;
  /** Where it happened, for the report's subject. */
  where: string;
}

function reportHref(error: unknown, where: string): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const body = [`What happened: ${message}`, `Where: ${where}`, `Page: ${window.location.href}`, `When: ${new Date().toISOString()}`, `Browser: ${navigator.userAgent}`, '', 'What I was doing:'].join('\n');
  return `mailto:${supportEmail()}?subject=${encodeURIComponent(`Error report: ${where}`)}&body=${encodeURIComponent(body)}`;
}

/** The generic error screen of the admin area (spec sections 2 and 8): what went wrong, recovery
 *  tips by category, and the ways out, with a prefilled report e-mail. */
export function AdminErrorScreen({ error, onTryAgain, onGoBack, onGoToDashboard, where }: AdminErrorScreenProps) {
  const { tips } = categorizeError(error);
  return (
    <Stack role="alert" gap="5" textAlign="center" alignItems="center" py="10">
      <Heading as="h2" size="xl">
        Something went wrong
      </Heading>
      <Text color="fg.muted">This part of the administration panel could not be shown.</Text>
      <Box textAlign="start" borderWidth="1px" borderRadius="md" p="4" width="full" maxW="lg">
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
        <Button variant="outline" onClick={onGoBack}>
          Go Back
        </Button>
        <Button variant="outline" onClick={onGoToDashboard}>
          Go to Dashboard
        </Button>
        <Button variant="ghost" asChild>
          <a href={reportHref(error, where)}>Report This Error</a>
        </Button>
      </HStack>
    </Stack>
  );
}
