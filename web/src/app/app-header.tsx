import { Box, Container, Flex, HStack, Link, Spacer } from '@chakra-ui/react';
import { lazy, memo, Suspense } from 'react';
import { LuTrophy } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { useAuth } from '../lib/use-auth';
import { GuestActions } from './guest-actions';
import { MobileNav } from './mobile-nav';
import { NavLinkList } from './nav-link-list';
import { ThemeSwitch } from './theme-switch';

// Loaded once a member is signed in (the bell and the user menu read GraphQL).
const AccountControls = lazy(() => import('./account-controls'));

// What does not change with the session: made once, so that React passes over it when the session
// check settles and the header renders again (on a server-rendered page, right after hydrating: the
// server renders every visitor as 'checking'). The theme switch and the links follow their own
// state (the chosen theme, the unread count) by their hooks.
const brand = (
  <Link asChild color="fg" fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }}>
    <RouterLink to="/">
      <HStack gap="2">
        <LuTrophy />
        Clubroom
      </HStack>
    </RouterLink>
  </Link>
);
const themeSwitch = <ThemeSwitch />;

/** The main links of the top bar: rendered again only when who may see which changes. */
const HeaderNavLinks = memo(function HeaderNavLinks({ signedIn }: { signedIn: boolean }) {
  return (
    <Box as="nav" aria-label="Main" display={{ base: 'none', md: 'block' }} ms="4">
      <NavLinkList signedIn={signedIn} direction="row" />
    </Box>
  );
});

export function AppHeader() {
  const { status, session } = useAuth();
  const signedIn = status === 'signed-in' && session !== null;
  const signedOut = status === 'signed-out';
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl">
        <Flex h="14" alignItems="center" gap="3">
          <MobileNav signedIn={signedIn} showGuestActions={signedOut} />
          {brand}
          <HeaderNavLinks signedIn={signedIn} />
          <Spacer />
          {themeSwitch}
          {/* Rendered, hidden, while the session is checked (as the server renders every page):
              their styles come with the page's HTML, and a visitor who turns out to be signed
              out gets them shown rather than made (the buttons' styles built and inserted in
              the commit after a rendered page hydrates: ~60 ms of it at 4x CPU slowdown). */}
          {(signedOut || status === 'checking') && (
            <Box display={{ base: 'none', md: 'block' }} hidden={!signedOut}>
              <GuestActions direction="row" />
            </Box>
          )}
          {signedIn && session && (
            <ErrorBoundary fallback={() => null}>
              <Suspense fallback={null}>
                <AccountControls user={session.user} />
              </Suspense>
            </ErrorBoundary>
          )}
        </Flex>
      </Container>
    </Box>
  );
}
