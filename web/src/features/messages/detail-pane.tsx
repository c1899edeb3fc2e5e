import { LuMessagesSquare } from 'react-icons/lu';
import { ConversationPanel } from './conversation-panel';
import { ListStatus } from './list-status';

interface DetailPaneProps {
  /** The partner's member id from /messages/{id} (opaque: a link that names no member says so). */
  senderId: string | undefined;
  onBack?: () => void;
}

/** The right pane: the selected conversation, or 'Select a conversation'. */
export function DetailPane({ senderId, onBack }: DetailPaneProps) {
  if (senderId === undefined) {
    return <ListStatus icon={<LuMessagesSquare />} title="Select a conversation" description="Choose a conversation from the list to read and reply." />;
  }
  return <ConversationPanel key={senderId} participantId={senderId} onBack={onBack} />;
}
