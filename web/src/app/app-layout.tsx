import { Box, Flex } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { OnlineBanner } from '../components/online-banner';
import { PageSpinner } from '../components/page-spinner';
import { useAuth } from '../lib/use-auth';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { SessionExpiryRedirect } from './session-expiry-redirect';

// The session's live services read GraphQL: loaded unless the visitor is signed out.
const SessionServices = lazy(() => import('./session-services'));

export function AppLayout() {
  const { pathname } = useLocation();
  const { status } = useAuth();
  return (
    <Flex direction="column" minH="100vh">
      <AppHeader />
      <OnlineBanner />
      <Box as="main" flex="1">
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <AppFooter />
      {status !== 'signed-out' && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <SessionServices />
          </Suspense>
        </ErrorBoundary>
      )}
      <SessionExpiryRedirect />
    </Flex>
  );
}
