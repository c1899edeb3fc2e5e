import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
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
    <Dialog.Root role="alertdialog" open={name !== null} onOpenChange={(details) => !details.open && onClose()} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{DEVELOPER_TEXTS.revokeTitle}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{DEVELOPER_TEXTS.revokeQuestion}</Text>
              <Text mt="2" fontWeight="semibold">
                {name}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={revoking} loadingText="Revoking..." onClick={onConfirm}>
                Revoke
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
