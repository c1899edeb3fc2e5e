import { Button, EmptyState, Flex, VStack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMessageSquarePlus } from 'react-icons/lu';
import { BlockedNotice } from './blocked-notice';
import { ComposeDialog } from './compose-dialog';
import { ConversationActions } from './conversation-actions';
import { ConversationHeader } from './conversation-header';
import type { Recipient } from './recipient';

interface ConversationEmptyProps {
  partner: Recipient & { blockedByMe: boolean };
  onBack?: () => void;
}

/** A conversation without messages: the first one is written in the compose dialog (not to a
 *  member the caller blocked: unblocking comes first). */
export function ConversationEmpty({ partner, onBack }: ConversationEmptyProps) {
  const [composing, setComposing] = useState(false);
  return (
    <Flex direction="column" h="full">
      <ConversationHeader title="No messages yet" onBack={onBack} actions={<ConversationActions partner={partner} />} />
      <EmptyState.Root flex="1" alignContent="center">
        <EmptyState.Content>
          <EmptyState.Indicator>
            <LuMessageSquarePlus />
          </EmptyState.Indicator>
          <VStack textAlign="center">
            <EmptyState.Title as="h3">Start the conversation</EmptyState.Title>
            <EmptyState.Description>Send the first message to begin this conversation.</EmptyState.Description>
          </VStack>
          {!partner.blockedByMe && (
            <Button colorPalette="teal" onClick={() => setComposing(true)}>
              New Message
            </Button>
          )}
        </EmptyState.Content>
      </EmptyState.Root>
      {partner.blockedByMe && <BlockedNotice partner={partner} />}
      <ComposeDialog open={composing} onOpenChange={setComposing} recipient={partner} />
    </Flex>
  );
}
