// The small-screen menu button; its drawer (mobile-nav-drawer.tsx) loads on the first press.
import { IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { LuMenu } from 'react-icons/lu';

const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer'));

/** The small-screen menu: a drawer repeating the navigation links. */
export function MobileNav({ signedIn, showGuestActions }: { signedIn: boolean; showGuestActions: boolean }) {
  const [open, setOpen] = useState(false);
  // Once pressed, the drawer stays mounted (closed) so that its closing animation can play.
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={button}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        size="sm"
        display={{ base: 'inline-flex', md: 'none' }}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <LuMenu />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <MobileNavDrawer open={open} onOpenChange={setOpen} signedIn={signedIn} showGuestActions={showGuestActions} trigger={() => button.current} />
        </Suspense>
      )}
    </>
  );
}
