import { Button, Heading, HStack, Spacer } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPenLine } from 'react-icons/lu';
import { UnreadBadge } from '../../components/unread-badge';
import { useUnreadCount } from '../../lib/unread-count';
import { ComposeDialog } from './compose-dialog';

/** 'Messages' with the unread badge, and the 'New Message' button with its dialog. */
export function MessagesHeader() {
  const unread = useUnreadCount();
  const [composing, setComposing] = useState(false);
  return (
    <HStack gap="3">
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
        Messages
      </Heading>
      <UnreadBadge count={unread} />
      <Spacer />
      <Button colorPalette="teal" size={{ base: 'sm', md: 'md' }} onClick={() => setComposing(true)}>
        <LuPenLine />
        New Message
      </Button>
      <ComposeDialog open={composing} onOpenChange={setComposing} />
    </HStack>
  );
}
