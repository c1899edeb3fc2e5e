import { Box, Button, Center, Stack } from '@chakra-ui/react';
import { useLayoutEffect, useRef } from 'react';
import type { MessageBubble_MessageFragment } from '../../gql/graphql';
import { MessageBubble } from './message-bubble';

interface MessageListProps {
  messages: readonly MessageBubble_MessageFragment[];
  /** The signed-in member's id (GraphQL global id): their messages are 'You'. */
  myId: string | undefined;
  partnerName: string;
  /** Whether older messages than the first one shown exist. */
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => Promise<void>;
}

/** The scrolling list of a conversation, oldest first. It scrolls to the newest message whenever
 *  the messages change, except when older ones were loaded above: then what the reader was looking
 *  at stays where it was. */
export function MessageList({ messages, myId, partnerName, hasOlder, loadingOlder, onLoadOlder }: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  /** Set when older messages were asked for: the distance from the bottom to keep once they are in. */
  const keepFromBottom = useRef<number | null>(null);
  const shown = useRef<{ first?: string; last?: string }>({});
  useLayoutEffect(() => {
    const element = scroller.current;
    const first = messages[0]?.id;
    const last = messages.at(-1)?.id;
    const olderArrived = keepFromBottom.current !== null && shown.current.last === last && shown.current.first !== first;
    shown.current = { first, last };
    if (!element) return;
    if (olderArrived) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current!;
      keepFromBottom.current = null;
    } else {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages]);

  const loadOlder = () => {
    const element = scroller.current;
    keepFromBottom.current = element ? element.scrollHeight - element.scrollTop : null;
    void onLoadOlder();
  };

  return (
    <Box ref={scroller} flex="1" minH="0" overflowY="auto" px={{ base: '3', md: '4' }} py="4">
      {hasOlder && (
        <Center pb="3">
          <Button size="xs" variant="outline" loading={loadingOlder} loadingText="Loading..." onClick={loadOlder}>
            Load older messages
          </Button>
        </Center>
      )}
      <Stack as="ul" gap="3" listStyleType="none" aria-label="Messages in this conversation">
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} own={message.sender.id === myId} partnerName={partnerName} />
        ))}
      </Stack>
    </Box>
  );
}
