import { Avatar, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { RelativeTime } from '../../components/relative-time';
import { UnreadBadge } from '../../components/unread-badge';
import type { ConversationListItem_ConversationFragment } from '../../gql/graphql';

interface ConversationListItemProps {
  conversation: ConversationListItem_ConversationFragment;
  selected: boolean;
}

/** One row per counterpart: name, last subject, a two-line preview, when, and unread count. */
export function ConversationListItem({ conversation, selected }: ConversationListItemProps) {
  const { partner, unreadCount, lastMessage } = conversation;
  const unread = unreadCount > 0;
  return (
    <Box as="li">
      <HStack
        asChild
        alignItems="flex-start"
        gap="3"
        px="3"
        py="3"
        borderBottomWidth="1px"
        bg={selected ? 'teal.subtle' : undefined}
        _hover={{ bg: selected ? 'teal.subtle' : 'bg.muted' }}
        _focusVisible={{ outline: '2px solid', outlineColor: 'teal.focusRing', outlineOffset: '-2px' }}
      >
        <RouterLink to={`/messages/${partner.id}`} aria-current={selected ? 'page' : undefined}>
          <Avatar.Root size="sm" colorPalette="teal" flexShrink="0">
            <Avatar.Fallback name={partner.name} />
          </Avatar.Root>
          <Stack gap="0.5" minW="0" flex="1">
            <HStack justifyContent="space-between" gap="2">
              <Text fontWeight={unread ? 'bold' : 'semibold'} truncate>
                {partner.name}
              </Text>
              <RelativeTime value={lastMessage.createdAt} textStyle="xs" color="fg.muted" flexShrink="0" />
            </HStack>
            <HStack justifyContent="space-between" gap="2">
              <Text textStyle="sm" fontWeight={unread ? 'semibold' : 'normal'} truncate>
                {lastMessage.subject}
              </Text>
              <UnreadBadge count={unreadCount} />
            </HStack>
            <Text textStyle="sm" color="fg.muted" lineClamp="2" wordBreak="break-word">
              {lastMessage.content}
            </Text>
          </Stack>
        </RouterLink>
      </HStack>
    </Box>
  );
}
