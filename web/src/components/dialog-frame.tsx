import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogFrameProps {
  open: boolean;
  /** Closing by Escape, a click outside or the Close (X) button; without it the dialog stays
   *  until `open` turns false (e.g. while work it shows is in progress). */
  onClose?: () => void;
  title: ReactNode;
  /** Dialog.Body and Dialog.Footer; mounted afresh each time the dialog opens. */
  children: ReactNode;
  /** 'alertdialog' for a question before a serious or lasting change. */
  role?: 'dialog' | 'alertdialog';
  size?: Dialog.RootProps['size'];
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  /** The Close (X) button in the corner (default: when the dialog can be closed). */
  closeButton?: boolean;
  /** What takes the focus on opening (default: the first focusable element). */
  initialFocusEl?: Dialog.RootProps['initialFocusEl'];
}

/** The frame every dialog shares: backdrop, title, content and the ways to close it. */
export function DialogFrame({ open, onClose, title, children, role = 'dialog', size, scrollBehavior, closeButton = !!onClose, initialFocusEl }: DialogFrameProps) {
  const closable = !!onClose;
  return (
    <Dialog.Root
      role={role}
      open={open}
      onOpenChange={(details) => !details.open && onClose?.()}
      size={size}
      scrollBehavior={scrollBehavior}
      initialFocusEl={initialFocusEl}
      closeOnEscape={closable}
      closeOnInteractOutside={closable}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
