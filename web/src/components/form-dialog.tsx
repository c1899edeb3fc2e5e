import { Button, Dialog, type ButtonProps } from '@chakra-ui/react';
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

interface FormDialogFooterProps {
  /** The submit button's text, and its text while the form is submitted. */
  submitLabel: ReactNode;
  busyLabel: string;
  busy: boolean;
  /** The submit button's palette: teal for most forms, red for what takes something away. */
  colorPalette?: ButtonProps['colorPalette'];
}

/** A dialog form's footer: 'Cancel' (closes the dialog) and the submit button. */
export function FormDialogFooter({ submitLabel, busyLabel, busy, colorPalette }: FormDialogFooterProps) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline">Cancel</Button>
      </Dialog.ActionTrigger>
      <Button type="submit" colorPalette={colorPalette} loading={busy} loadingText={busyLabel}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
