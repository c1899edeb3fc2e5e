import { Box, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import type { MessageBubble_MessageFragment } from '../../gql/graphql';
import { MessageBubble } from './message-bubble';

interface MessageListProps {
  messages: readonly MessageBubble_MessageFragment[];
  myId: string | undefined;
  partnerName: string;
}

/** The scrolling list of a conversation, oldest first; it scrolls to the newest message
 *  whenever the messages change. */
export function MessageList({ messages, myId, partnerName }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages]);

  return (
    <Box ref={scroller} flex="1" minH="0" overflowY="auto" px={{ base: '3', md: '4' }} py="4">
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Messages in this conversation">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} own={message.senderId === myId} partnerName={partnerName} />
        ))}
      </Stack>
    </Box>
  );
}
