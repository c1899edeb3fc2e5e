import { Alert, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

export const INVALID_RESET_LINK_MESSAGE = 'This password reset link is invalid or has expired.';

export function InvalidResetLink() {
  return (
    <Stack gap="4">
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{INVALID_RESET_LINK_MESSAGE}</Alert.Title>
      </Alert.Root>
      <Text color="fg.muted">
        You can request a new link from the sign-in page with 'Forgot password?'.{' '}
        <Link asChild variant="underline">
          <RouterLink to="/login">Request a new reset link</RouterLink>
        </Link>
      </Text>
    </Stack>
  );
}
