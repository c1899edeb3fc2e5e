import { MEETING_MESSAGES } from '@clubroom/rules/council';
import type { CouncilAdmin_MeetingFragment } from '../../gql/graphql';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { errorMessageOf } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { MEETING_TOASTS } from './council-admin-texts';
import { useDeleteMeeting } from './use-meeting-actions';

interface DeleteMeetingDialogProps {
  open: boolean;
  onClose: () => void;
  meeting?: CouncilAdmin_MeetingFragment;
}

/** Asks before a meeting is deleted; the dialog stays open when the delete fails. */
export function DeleteMeetingDialog({ open, onClose, meeting }: DeleteMeetingDialogProps) {
  const { remove, deleting } = useDeleteMeeting();

  const confirm = async () => {
    if (!meeting) return;
    try {
      await remove(meeting.id);
      notifySuccess(MEETING_TOASTS.deleted);
      onClose();
    } catch (error) {
      console.error('Deleting the council meeting failed:', error);
      notifyError(MEETING_TOASTS.deleteFailed, errorMessageOf(error));
    }
  };

  return (
    <ConfirmDeleteDialog
      open={open}
      onClose={onClose}
      title="Delete meeting"
      question={MEETING_MESSAGES.deleteConfirm}
      itemName={meeting?.title}
      deleting={deleting}
      onConfirm={() => void confirm()}
    />
  );
}
