import { ConfirmDialog } from '../../components/confirm-dialog';
import { DEVELOPER_TEXTS } from './developer-texts';

interface RevokeTokenDialogProps {
  /** The token's name while the dialog is open. */
  name: string | null;
  revoking: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before a token is revoked (an alertdialog with Cancel and Revoke). */
export function RevokeTokenDialog({ name, revoking, onClose, onConfirm }: RevokeTokenDialogProps) {
  return (
    <ConfirmDialog
      open={name !== null}
      onClose={onClose}
      title={DEVELOPER_TEXTS.revokeTitle}
      question={DEVELOPER_TEXTS.revokeQuestion}
      itemName={name ?? undefined}
      confirmLabel="Revoke"
      busyLabel="Revoking..."
      busy={revoking}
      onConfirm={onConfirm}
    />
  );
}
