// The app around its router, the same in the browser (main.tsx) and on the server
// (entry-server.tsx), so that a server-rendered page hydrates into exactly this tree.
import { StrictMode, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { HydrationProvider } from '../lib/use-hydrated';
import { AppProviders } from './providers';

export function AppRoot({ children }: { children: ReactNode }) {
  // HydrationProvider marks #root once the page is live (a rendered page: hydrated, and rendered
  // again with what only the browser knows). A rendered page's scripts start after its first paint,
  // so the browser's 'load' no longer says the app runs; the end-to-end tests wait for this mark
  // (tests/e2e/fixtures.ts).
  return (
    <StrictMode>
      <HydrationProvider>
        <AppProviders>
          <ErrorBoundary>{children}</ErrorBoundary>
        </AppProviders>
      </HydrationProvider>
    </StrictMode>
  );
}
