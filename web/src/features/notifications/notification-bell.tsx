import { Box, Button, Float, HStack, IconButton, Popover, Portal, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { LuBell } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { useNavigate } from '../../lib/navigation';
import { UnreadBadge } from '../../components/unread-badge';
import { setAppBadge } from '../../lib/service-worker';
import type { NotificationItem_NotificationFragment } from '../../gql/graphql';
import { NotificationList } from './notification-list';
import { useNotificationActions } from './use-notification-actions';
import { useNotificationFeed } from './use-notification-feed';

/** Only paths of this site are followed. */
function isInternalPath(url: string | null): url is string {
  return url !== null && url.startsWith('/') && !url.startsWith('//');
}

/** The header's 'Notifications' bell: a live unread badge and a popover of the newest ten. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const feed = useNotificationFeed();
  const { markRead, markAll, markingAll } = useNotificationActions();
  // The installed app's icon shows the same live count as the bell.
  useEffect(() => setAppBadge(feed.unreadCount), [feed.unreadCount]);

  const openNotification = (notification: NotificationItem_NotificationFragment) => {
    if (!notification.read || notification.message) markRead(notification.id);
    setOpen(false);
    if (isInternalPath(notification.actionUrl)) navigate(notification.actionUrl);
  };

  return (
    <Popover.Root
      open={open}
      onOpenChange={(details) => {
        setOpen(details.open);
        if (details.open) void feed.refetch();
      }}
      positioning={{ placement: 'bottom-end' }}
      lazyMount
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" size="sm" position="relative">
          <LuBell aria-hidden="true" />
          {/* Named by text, not aria-label, so the name holds the visible count ('Notifications 3 unread'). */}
          <VisuallyHidden>Notifications</VisuallyHidden>
          {feed.unreadCount > 0 && (
            <Float placement="top-end" offset="1.5">
              <UnreadBadge count={feed.unreadCount} />
            </Float>
          )}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content aria-label="Notifications" width={{ base: 'calc(100vw - 1.5rem)', sm: 'sm' }}>
            <Popover.Header borderBottomWidth="1px" pb="3">
              <Popover.Title fontWeight="semibold">Notifications</Popover.Title>
              <Popover.Description textStyle="sm" color="fg.muted">
                Stay updated with your latest activity
              </Popover.Description>
            </Popover.Header>
            <Box maxH="min(24rem, 60vh)" overflowY="auto">
              <NotificationList
                notifications={feed.notifications}
                failed={Boolean(feed.error)}
                onRetry={() => void feed.refetch()}
                onOpen={openNotification}
              />
            </Box>
            <Popover.Footer borderTopWidth="1px" pt="3">
              <HStack justifyContent="space-between" width="full">
                <Button size="sm" variant="ghost" onClick={markAll} loading={markingAll} disabled={feed.unreadCount === 0}>
                  Mark all as read
                </Button>
                <Button asChild size="sm" variant="outline">
                  <RouterLink to="/messages" onClick={() => setOpen(false)}>
                    View all messages
                  </RouterLink>
                </Button>
              </HStack>
            </Popover.Footer>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
