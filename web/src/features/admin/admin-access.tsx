import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ACCESS_DENIED } from './admin-texts';

/** While the admin check runs (spec section 6). */
export function CheckingPermissions() {
  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <Text role="status" textAlign="center" color="fg.muted">
        Checking permissions...
      </Text>
    </Container>
  );
}

/** 'Access Denied' with the text of the screen that refused (the panel, the dashboard, the list
 *  or the review); a page heading for the panel, a section heading inside it. */
export function AccessDenied({ text, level = 1 }: { text: string; level?: 1 | 2 }) {
  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <Stack gap="4" textAlign="center" align="center" role={level === 2 ? 'alert' : undefined}>
        <Heading as={level === 1 ? 'h1' : 'h2'} size="2xl">
          {ACCESS_DENIED.title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
        <Button asChild colorPalette="teal">
          <RouterLink to="/">Go to Home</RouterLink>
        </Button>
      </Stack>
    </Container>
  );
}

/** The admin check itself failed (spec section 8): retry by reloading. */
export function PermissionCheckFailed() {
  return (
    <Container maxW="xl" py={{ base: '10', md: '16' }}>
      <Stack gap="4" textAlign="center" align="center" role="alert">
        <Heading as="h1" size="2xl">
          Unable to check permissions
        </Heading>
        <Text color="fg.muted">We could not confirm your administrator access. Please check your connection and try again.</Text>
        <Button colorPalette="teal" onClick={() => window.location.reload()}>
          Retry
        </Button>
      </Stack>
    </Container>
  );
}
