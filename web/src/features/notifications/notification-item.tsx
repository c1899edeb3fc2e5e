import { Box, HStack, Stack, Text, VisuallyHidden, chakra } from '@chakra-ui/react';
import { LuBell, LuClipboardList, LuMessageSquare } from 'react-icons/lu';
import { RelativeTime } from '../../components/relative-time';
import type { NotificationItem_NotificationFragment, NotificationType } from '../../gql/graphql';

const ICONS: Record<NotificationType, typeof LuBell> = {
  MESSAGE: LuMessageSquare,
  APPLICATION: LuClipboardList,
  SYSTEM: LuBell,
};

interface NotificationItemProps {
  notification: NotificationItem_NotificationFragment;
  onOpen: (notification: NotificationItem_NotificationFragment) => void;
}

/** One entry of the bell: icon, title, description, when, and a dot while unread. */
export function NotificationItem({ notification, onOpen }: NotificationItemProps) {
  const Icon = ICONS[notification.type] ?? LuBell;
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: '0' }}>
      <chakra.button
        type="button"
        width="full"
        textAlign="start"
        px="4"
        py="3"
        display="flex"
        gap="3"
        alignItems="flex-start"
        cursor="pointer"
        bg={notification.read ? undefined : 'teal.subtle/40'}
        _hover={{ bg: 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'teal.focusRing', outlineOffset: '-2px' }}
        onClick={() => onOpen(notification)}
      >
        <Box color="teal.fg" pt="1" flexShrink="0">
          <Icon />
        </Box>
        <Stack gap="0.5" flex="1" minW="0">
          <HStack justifyContent="space-between" gap="2">
            <Text textStyle="sm" fontWeight={notification.read ? 'medium' : 'semibold'} truncate>
              {notification.title}
            </Text>
            {!notification.read && (
              <Box w="2" h="2" borderRadius="full" bg="teal.solid" flexShrink="0">
                <VisuallyHidden>Unread</VisuallyHidden>
              </Box>
            )}
          </HStack>
          <Text textStyle="sm" color="fg.muted" lineClamp="2" wordBreak="break-word">
            {notification.description}
          </Text>
          <RelativeTime value={notification.createdAt} textStyle="xs" color="fg.muted" />
        </Stack>
      </chakra.button>
    </Box>
  );
}
