import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

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
export function ConfirmDeleteDialog({ open, onClose, title, question, itemName, deleting, onConfirm }: ConfirmDeleteDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
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
              <Button colorPalette="red" loading={deleting} loadingText="Deleting..." onClick={onConfirm}>
                Delete
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
