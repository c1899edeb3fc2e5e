import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { FormDialog } from '../../components/form-dialog';
import { PositionForm } from './position-form';

interface PositionDialogProps {
  open: boolean;
  onClose: () => void;
  /** Prefills the form for an edit; absent for a new position. */
  position?: ClubDashboard_PositionFragment;
}

/** Add or edit a volunteer position. */
export function PositionDialog({ open, onClose, position }: PositionDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} title={position ? 'Edit Volunteer Position' : 'Add Volunteer Position'}>
      <PositionForm position={position} onSaved={onClose} />
    </FormDialog>
  );
}
