// The small-screen menu's drawer, loaded the first time the menu button is pressed (mobile-nav.tsx):
// the dialog, focus-trap and scroll-lock code stay out of the first page's JavaScript.
import { CloseButton, Drawer, Portal, Separator, Stack } from '@chakra-ui/react';
import { GuestActions } from './guest-actions';
import { NavLinkList } from './nav-link-list';

interface MobileNavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  signedIn: boolean;
  showGuestActions: boolean;
  /** The menu button: focus returns to it when the drawer closes. */
  trigger: () => HTMLElement | null;
}

export default function MobileNavDrawer({ open, onOpenChange, signedIn, showGuestActions, trigger }: MobileNavDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="start" lazyMount unmountOnExit finalFocusEl={trigger}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Clubroom</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Mobile" gap="4">
                <NavLinkList signedIn={signedIn} direction="column" onNavigate={close} />
                {showGuestActions && (
                  <>
                    <Separator />
                    <GuestActions direction="column" onNavigate={close} />
                  </>
                )}
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
