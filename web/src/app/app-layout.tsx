import { Box, Flex } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { OnlineBanner } from '../components/online-banner';
import { PageSpinner } from '../components/page-spinner';
import { SessionRevokedWatcher } from '../features/auth/session-revoked-watcher';
import { UnreadMessageCountSync } from '../features/messages/unread-message-count-sync';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { SessionExpiryRedirect } from './session-expiry-redirect';

export function AppLayout() {
  const { pathname } = useLocation();
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
      <SessionRevokedWatcher />
      <UnreadMessageCountSync />
      <SessionExpiryRedirect />
    </Flex>
  );
}
