import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { MEETING_MESSAGES } from '../../../../server/src/modules/council/council.rules';
import type { CouncilAdmin_MeetingFragment } from '../../gql/graphql';
import { graphQLErrorMessage } from '../../lib/graphql-field-errors';
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
      notifyError(MEETING_TOASTS.deleteFailed, graphQLErrorMessage(error));
    }
  };

  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Delete meeting</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{MEETING_MESSAGES.deleteConfirm}</Text>
              {meeting && (
                <Text mt="2" fontWeight="semibold">
                  {meeting.title}
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
