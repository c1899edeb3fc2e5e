import { ConfirmDialog } from './confirm-dialog';

interface ConfirmDeleteDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The spec's confirmation question. */
  question: string;
  /** What is about to be deleted, shown under the question. */
  itemName?: string;
  deleting: boolean;
  onConfirm: () => void;
}

/** Asks before something is deleted (an alertdialog with Cancel and Delete). */
export function ConfirmDeleteDialog({ deleting, ...props }: ConfirmDeleteDialogProps) {
  return <ConfirmDialog {...props} confirmLabel="Delete" busyLabel="Deleting..." busy={deleting} />;
}
