import { Card, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** Where the member's API tokens are managed (the Developer page). */
export function DeveloperLink() {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="developer-heading">
      <Card.Body gap="2">
        <Heading as="h2" size="md" id="developer-heading">
          Developer
        </Heading>
        <Text color="fg.muted">Create personal API tokens to use the Clubroom API from your own scripts and integrations, and webhooks that tell your server when something happens.</Text>
        <Link asChild colorPalette="teal" variant="underline" alignSelf="flex-start">
          <RouterLink to="/profile/developer">Manage API tokens</RouterLink>
        </Link>
      </Card.Body>
    </Card.Root>
  );
}
