import { CloseButton, Drawer, IconButton, Portal, Separator, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { LuMenu } from 'react-icons/lu';
import { GuestActions } from './guest-actions';
import { NavLinkList } from './nav-link-list';

/** The small-screen menu: a drawer repeating the navigation links. */
export function MobileNav({ signedIn, showGuestActions }: { signedIn: boolean; showGuestActions: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="start" lazyMount unmountOnExit>
      <Drawer.Trigger asChild>
        <IconButton aria-label="Open menu" variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }}>
          <LuMenu />
        </IconButton>
      </Drawer.Trigger>
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
