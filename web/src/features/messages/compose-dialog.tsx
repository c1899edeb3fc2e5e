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

/** The 'New Message' dialog. Its form is mounted afresh each time the dialog opens. */
export function ComposeDialog({ open, onOpenChange, recipient, subject }: ComposeDialogProps) {
  return (
    <DialogFrame open={open} onClose={() => onOpenChange(false)} title="New Message" size="md">
      <ComposeForm recipient={recipient} subject={subject} onSent={() => onOpenChange(false)} />
    </DialogFrame>
  );
}
