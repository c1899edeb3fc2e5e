import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { CouncilAdmin_MeetingFragment } from '../../gql/graphql';
import { MeetingForm } from './meeting-form';

interface MeetingDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the form for an edit; absent for a new meeting. */
  meeting?: CouncilAdmin_MeetingFragment;
}

/** New or edit meeting. The form is mounted afresh each time the dialog opens. */
export function MeetingDialog({ open, onClose, meeting }: MeetingDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{meeting ? 'Edit Meeting' : 'New Meeting'}</Dialog.Title>
            </Dialog.Header>
            <MeetingForm meeting={meeting} onSaved={onClose} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
