import { Box, Button, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import type { NotificationItem_NotificationFragment } from '../../gql/graphql';
import { NotificationItem } from './notification-item';

interface NotificationListProps {
  notifications: readonly NotificationItem_NotificationFragment[] | undefined;
  failed: boolean;
  onRetry: () => void;
  onOpen: (notification: NotificationItem_NotificationFragment) => void;
}

/** The bell's items, or its loading, failed and empty states. */
export function NotificationList({ notifications, failed, onRetry, onOpen }: NotificationListProps) {
  if (!notifications) {
    return failed ? (
      <Stack alignItems="center" py="6" gap="2">
        <Text textStyle="sm" color="fg.muted">
          Notifications could not be loaded.
        </Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    ) : (
      <Center role="status" py="6" gap="2">
        <Spinner size="sm" />
        <Text textStyle="sm" color="fg.muted">
          Loading notifications...
        </Text>
      </Center>
    );
  }
  if (notifications.length === 0) {
    return (
      <Text textAlign="center" py="6" textStyle="sm" color="fg.muted">
        No notifications
      </Text>
    );
  }
  return (
    <Box as="ul" listStyleType="none" aria-label="Notifications list">
      {notifications.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onOpen={onOpen} />
      ))}
    </Box>
  );
}
