// The app around its router, the same in the browser (main.tsx) and on the server
// (entry-server.tsx), so that a server-rendered page hydrates into exactly this tree.
import { StrictMode, useEffect, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { AppProviders } from './providers';

export function AppRoot({ children }: { children: ReactNode }) {
  // The page is live: marked on #root once the first render (a rendered page's hydration) has been
  // committed. A rendered page's scripts start after its first paint, so the browser's 'load' no
  // longer says the app runs; the end-to-end tests wait for this mark (tests/e2e/fixtures.ts).
  useEffect(() => {
    document.getElementById('root')?.setAttribute('data-hydrated', '');
  }, []);
  return (
    <StrictMode>
      <AppProviders>
        <ErrorBoundary>{children}</ErrorBoundary>
      </AppProviders>
    </StrictMode>
  );
}
