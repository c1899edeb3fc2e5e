import { useRef } from 'react';
import { DialogFrame } from '../../components/dialog-frame';
import { ComposeForm } from './compose-form';
import type { Recipient } from './recipient';

interface ComposeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A preselected recipient (the partner of an empty conversation, or /messages/compose?to=). */
  recipient?: Recipient;
  /** A prefilled subject (/messages/compose?application=). */
  subject?: string;
}

/** The 'New Message' dialog. Its form is mounted afresh each time the dialog opens. Opened with a
 *  recipient, the focus goes to the first field still to write (the message when the subject is
 *  filled too), not to the recipient's 'Change' button. */
export function ComposeDialog({ open, onOpenChange, recipient, subject }: ComposeDialogProps) {
  const firstToWrite = useRef<HTMLElement | null>(null);
  return (
    <DialogFrame
      open={open}
      onClose={() => onOpenChange(false)}
      title="New Message"
      size="md"
      initialFocusEl={recipient ? () => firstToWrite.current : undefined}
    >
      <ComposeForm recipient={recipient} subject={subject} onSent={() => onOpenChange(false)} firstToWrite={firstToWrite} />
    </DialogFrame>
  );
}
