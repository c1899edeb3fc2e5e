import { Button, Heading, HStack, Spacer } from '@chakra-ui/react';
import { LuPenLine } from 'react-icons/lu';
import { UnreadBadge } from '../../components/unread-badge';
import { useUnreadCount } from '../../lib/unread-count';
import { ComposeDialog } from './compose-dialog';
import type { ComposePrefill } from './use-compose-prefill';

interface MessagesHeaderProps {
  composing: boolean;
  onComposingChange: (open: boolean) => void;
  /** What /messages/compose's address fills in (recipient, subject). */
  prefill?: ComposePrefill;
}

/** 'Messages' with the unread badge, and the 'New Message' button with its dialog. */
export function MessagesHeader({ composing, onComposingChange, prefill }: MessagesHeaderProps) {
  const unread = useUnreadCount();
  return (
    <HStack gap="3">
      <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
        Messages
      </Heading>
      <UnreadBadge count={unread} />
      <Spacer />
      <Button colorPalette="teal" size={{ base: 'sm', md: 'md' }} onClick={() => onComposingChange(true)}>
        <LuPenLine />
        New Message
      </Button>
      <ComposeDialog open={composing} onOpenChange={onComposingChange} recipient={prefill?.recipient} subject={prefill?.subject} />
    </HStack>
  );
}
