// The app around its router, the same in the browser (main.tsx) and on the server
// (entry-server.tsx), so that a server-rendered page hydrates into exactly this tree.
import { StrictMode, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { AppProviders } from './providers';

export function AppRoot({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <AppProviders>
        <ErrorBoundary>{children}</ErrorBoundary>
      </AppProviders>
    </StrictMode>
  );
}
