import { Alert, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';

/** 'Loading conversation...' with a spinner. */
export function PanelLoading({ text }: { text: string }) {
  return (
    <Center h="full" py="10">
      <Stack role="status" alignItems="center" gap="3">
        <Spinner size="lg" color="teal.solid" />
        <Text color="fg.muted">{text}</Text>
      </Stack>
    </Center>
  );
}

/** A failed load, with a way to try again. */
export function PanelError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Center h="full" p="4">
      <Alert.Root status="error" maxW="md">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{title}</Alert.Title>
          <Alert.Description>Please check your connection and try again.</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" alignSelf="center" onClick={onRetry}>
          Try again
        </Button>
      </Alert.Root>
    </Center>
  );
}
