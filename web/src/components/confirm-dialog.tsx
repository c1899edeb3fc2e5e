import { Button, Dialog, Text } from '@chakra-ui/react';
import { DialogFrame } from './dialog-frame';

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The spec's confirmation question. */
  question: string;
  /** What the action is about, shown under the question. */
  itemName?: string;
  /** The confirming button, and its text while the action runs. */
  confirmLabel: string;
  busyLabel: string;
  /** Red for what takes something away (delete, unverify), teal for the rest. */
  destructive?: boolean;
  busy: boolean;
  onConfirm: () => void;
}

/** Asks before a serious or lasting change (an alertdialog with Cancel and the action). */
export function ConfirmDialog({ open, onClose, title, question, itemName, confirmLabel, busyLabel, destructive = true, busy, onConfirm }: ConfirmDialogProps) {
  return (
    <DialogFrame role="alertdialog" open={open} onClose={onClose} title={title} closeButton={false}>
      <Dialog.Body>
        <Text>{question}</Text>
        {itemName && (
          <Text mt="2" fontWeight="semibold">
            {itemName}
          </Text>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button colorPalette={destructive ? 'red' : 'teal'} loading={busy} loadingText={busyLabel} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
