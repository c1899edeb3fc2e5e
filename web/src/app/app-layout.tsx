import { Box, Flex } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { OnlineBanner } from '../components/online-banner';
import { useAuth } from '../lib/use-auth';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { SessionExpiryRedirect } from './session-expiry-redirect';

// The session's live services read GraphQL: loaded unless the visitor is signed out.
const SessionServices = lazy(() => import('./session-services'));

/** The signed-in member's live services, mounted unless the visitor is signed out. Its own
 *  component, so that the session check settling re-renders this and not the layout. */
function SessionServicesWhileSignedIn() {
  const { status } = useAuth();
  if (status === 'signed-out') return null;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <SessionServices />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppLayout() {
  const { pathname } = useLocation();
  return (
    <Flex direction="column" minH="100vh">
      <AppHeader />
      <OnlineBanner />
      <Box as="main" flex="1">
        {/* No Suspense boundary here: a page still loading shows its own spinner (lazy-page.tsx). */}
        <ErrorBoundary resetKey={pathname}>
          <Outlet />
        </ErrorBoundary>
      </Box>
      <AppFooter />
      <SessionServicesWhileSignedIn />
      <SessionExpiryRedirect />
    </Flex>
  );
}
