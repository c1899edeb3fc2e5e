import { Alert, Button, HStack } from '@chakra-ui/react';
import { LuArrowLeft } from 'react-icons/lu';

interface LoadErrorProps {
  title: string;
  text?: string;
  /** 'Try again': asks once more. */
  onRetry?: () => void;
  /** 'Go back': leaves for where the user came from. */
  onBack?: () => void;
}

/** A failed load (only logged, administration spec section 8), with the ways on. */
export function LoadError({ title, text = 'Please check your connection and try again.', onRetry, onBack }: LoadErrorProps) {
  return (
    <Alert.Root status="error" alignItems={{ base: 'flex-start', md: 'center' }} flexWrap="wrap" gap="3">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{text}</Alert.Description>
      </Alert.Content>
      <HStack gap="2">
        {onRetry && (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
        {onBack && (
          <Button size="sm" variant="outline" onClick={onBack}>
            <LuArrowLeft aria-hidden="true" />
            Go back
          </Button>
        )}
      </HStack>
    </Alert.Root>
  );
}
