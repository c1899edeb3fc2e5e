import { CLUB_MESSAGES } from '@clubroom/rules/clubs-texts';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { errorMessageOf } from '../../lib/user-errors';
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
      notifyError(POSITION_TOASTS.deleteFailed, errorMessageOf(error));
    }
  };

  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title="Delete position"
      question={CLUB_MESSAGES.deletePositionConfirm}
      itemName={position?.title}
      deleting={deleting}
      onConfirm={() => void confirm()}
    />
  );
}
