import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { CLUB_MESSAGES } from '../../../../server/src/modules/clubs/clubs.rules';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { graphQLErrorMessage } from '../../lib/graphql-field-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { POSITION_TOASTS } from './club-dashboard-texts';
import { useDeletePosition } from './use-position-actions';

interface DeletePositionDialogProps {
  open: boolean;
  onClose: () => void;
  position?: ClubDashboard_PositionFragment;
}

/** Asks before a position is deleted; the dialog stays open when the delete fails. */
export function DeletePositionDialog({ open, onClose, position }: DeletePositionDialogProps) {
  const { remove, deleting } = useDeletePosition();

  const confirm = async () => {
    if (!position) return;
    try {
      await remove(position.id);
      notifySuccess(POSITION_TOASTS.deleted);
      onClose();
    } catch (error) {
      console.error('Deleting the volunteer position failed:', error);
      notifyError(POSITION_TOASTS.deleteFailed, graphQLErrorMessage(error));
    }
  };

  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete position</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{CLUB_MESSAGES.deletePositionConfirm}</Text>
              {position && (
                <Text mt="2" fontWeight="semibold">
                  {position.title}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={deleting} loadingText="Deleting..." onClick={() => void confirm()}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
