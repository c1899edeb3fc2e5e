import type { CouncilAdmin_MeetingFragment } from '../../gql/graphql';
import { FormDialog } from '../../components/form-dialog';
import { MeetingForm } from './meeting-form';

interface MeetingDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the form for an edit; absent for a new meeting. */
  meeting?: CouncilAdmin_MeetingFragment;
}

/** New or edit meeting. */
export function MeetingDialog({ open, onClose, meeting }: MeetingDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} title={meeting ? 'Edit Meeting' : 'New Meeting'}>
      <MeetingForm meeting={meeting} onSaved={onClose} />
    </FormDialog>
  );
}
