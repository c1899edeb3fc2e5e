import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { PositionForm } from './position-form';

interface PositionDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the form for an edit; absent for a new position. */
  position?: ClubDashboard_PositionFragment;
}

/** Add or edit a volunteer position. The form is mounted afresh each time the dialog opens. */
export function PositionDialog({ open, onClose, position }: PositionDialogProps) {
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
              <Dialog.Title>{position ? 'Edit Volunteer Position' : 'Add Volunteer Position'}</Dialog.Title>
            </Dialog.Header>
            <PositionForm position={position} onSaved={onClose} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
