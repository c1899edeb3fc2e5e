import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
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
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="md" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>New Message</Dialog.Title>
            </Dialog.Header>
            <ComposeForm recipient={recipient} onSent={() => onOpenChange(false)} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
