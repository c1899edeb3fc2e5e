import { Card, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PROFILE_TEXTS } from './profile-texts';

/** Where the member chooses what reaches them, and how (the Notifications page). */
export function NotificationsLink() {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby="notifications-heading">
      <Card.Body gap="2">
        <Heading as="h2" size="md" id="notifications-heading">
          {PROFILE_TEXTS.notificationsHeading}
        </Heading>
        <Text color="fg.muted">{PROFILE_TEXTS.notificationsText}</Text>
        <Link asChild colorPalette="teal" variant="underline" alignSelf="flex-start">
          <RouterLink to="/profile/notifications">{PROFILE_TEXTS.notificationsLink}</RouterLink>
        </Link>
      </Card.Body>
    </Card.Root>
  );
}
