import type { ReactNode } from 'react';
import { DialogFrame } from './dialog-frame';

interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The form; mounted afresh each time the dialog opens. */
  children: ReactNode;
  /** 'alertdialog' when the form confirms a serious or lasting change. */
  role?: 'dialog' | 'alertdialog';
}

/** A dialog holding a create/edit form, with a title and a Close button. */
export function FormDialog({ open, onClose, title, children, role }: FormDialogProps) {
  return (
    <DialogFrame open={open} onClose={onClose} title={title} role={role} size="lg" scrollBehavior="inside">
      {children}
    </DialogFrame>
  );
}
