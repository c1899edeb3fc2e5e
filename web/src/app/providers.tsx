import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { ColorModeProvider } from './color-mode';
import { system } from './theme';

// The toasts' region loads in its own chunk right after the first render; a toast created
// before it arrives waits in the toaster's store and shows when it mounts.
const Toaster = lazy(() => import('../components/toaster').then((module) => ({ default: module.Toaster })));

// The GraphQL client is not provided here: ApolloRoot (apollo-root.tsx) wraps each screen that
// reads GraphQL, so that it loads with the first such screen rather than with the first page.
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        {children}
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </ErrorBoundary>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
