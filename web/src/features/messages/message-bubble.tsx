import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { RelativeTime } from '../../components/relative-time';
import type { MessageBubble_MessageFragment } from '../../gql/graphql';
import { formatDateTime } from '../../lib/format';
import { MessageActions } from './message-actions';

interface MessageBubbleProps {
  message: MessageBubble_MessageFragment;
  own: boolean;
  partnerName: string;
}

/** One message: mine on the right labelled 'You' (with 'Sent'/'Read' and a menu to delete it), the
 *  partner's on the left (with a menu to report it). The content is plain text with its line breaks kept. */
export function MessageBubble({ message, own, partnerName }: MessageBubbleProps) {
  return (
    <Flex as="li" justifyContent={own ? 'flex-end' : 'flex-start'}>
      <Box
        maxW="70%"
        minW="0"
        px="3"
        py="2"
        borderRadius="xl"
        borderEndEndRadius={own ? 'sm' : 'xl'}
        borderEndStartRadius={own ? 'xl' : 'sm'}
        colorPalette="teal"
        bg={own ? 'colorPalette.solid' : 'bg.muted'}
        color={own ? 'colorPalette.contrast' : 'fg'}
        aria-label={own ? 'Your message' : `Message from ${partnerName}`}
        role="group"
      >
        <HStack gap="2" justifyContent="space-between" flexWrap="wrap">
          <Text textStyle="xs" fontWeight="semibold">
            {own ? 'You' : partnerName}
          </Text>
          <HStack gap="1">
            <RelativeTime value={message.createdAt} textStyle="xs" opacity="0.8" />
            <MessageActions message={message} own={own} partnerName={partnerName} />
          </HStack>
        </HStack>
        <Text fontWeight="semibold" mt="1" wordBreak="break-word">
          {message.subject}
        </Text>
        <Text whiteSpace="pre-wrap" wordBreak="break-word" mt="1">
          {message.content}
        </Text>
        <HStack gap="3" justifyContent="space-between" flexWrap="wrap" mt="2" textStyle="xs" opacity="0.8">
          <Text>{formatDateTime(message.createdAt)}</Text>
          {own && <Text fontWeight="medium">{message.read ? 'Read' : 'Sent'}</Text>}
        </HStack>
      </Box>
    </Flex>
  );
}
