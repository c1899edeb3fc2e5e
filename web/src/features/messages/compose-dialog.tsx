import { DialogFrame } from '../../components/dialog-frame';
import { ComposeForm } from './compose-form';
import type { Recipient } from './recipient';

interface ComposeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A preselected recipient (the partner of an empty conversation). */
  recipient?: Recipient;
}

/** The 'New Message' dialog. Its form is mounted afresh each time the dialog opens. */
export function ComposeDialog({ open, onOpenChange, recipient }: ComposeDialogProps) {
  return (
    <DialogFrame open={open} onClose={() => onOpenChange(false)} title="New Message" size="md">
      <ComposeForm recipient={recipient} onSent={() => onOpenChange(false)} />
    </DialogFrame>
  );
}
