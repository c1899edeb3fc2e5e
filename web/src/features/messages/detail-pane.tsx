import { Button } from '@chakra-ui/react';
import { LuMessageSquareX, LuMessagesSquare } from 'react-icons/lu';
import { ConversationPanel } from './conversation-panel';
import { ListStatus } from './list-status';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface DetailPaneProps {
  senderId: string | undefined;
  onBack?: () => void;
}

/** The right pane: the selected conversation, 'Select a conversation', or a link that does not
 *  name an account. */
export function DetailPane({ senderId, onBack }: DetailPaneProps) {
  if (senderId === undefined) {
    return <ListStatus icon={<LuMessagesSquare />} title="Select a conversation" description="Choose a conversation from the list to read and reply." />;
  }
  if (!UUID_PATTERN.test(senderId)) {
    return (
      <ListStatus icon={<LuMessageSquareX />} title="Conversation not found" description="This link does not lead to a conversation.">
        {onBack && (
          <Button size="sm" variant="outline" onClick={onBack}>
            Back to conversations
          </Button>
        )}
      </ListStatus>
    );
  }
  return <ConversationPanel key={senderId} participantId={senderId} onBack={onBack} />;
}
