import { Box, Container, Flex, HStack, Link, Spacer } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
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

export function AppHeader() {
  const { status, session } = useAuth();
  const signedIn = status === 'signed-in' && session !== null;
  const signedOut = status === 'signed-out';
  return (
    <Box as="header" borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="sticky">
      <Container maxW="7xl">
        <Flex h="14" alignItems="center" gap="3">
          <MobileNav signedIn={signedIn} showGuestActions={signedOut} />
          <Link asChild color="fg" fontWeight="bold" fontSize="lg" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/">
              <HStack gap="2">
                <LuTrophy />
                Clubroom
              </HStack>
            </RouterLink>
          </Link>
          <Box as="nav" aria-label="Main" display={{ base: 'none', md: 'block' }} ms="4">
            <NavLinkList signedIn={signedIn} direction="row" />
          </Box>
          <Spacer />
          <ThemeSwitch />
          {signedOut && (
            <Box display={{ base: 'none', md: 'block' }}>
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
