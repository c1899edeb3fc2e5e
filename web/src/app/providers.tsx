import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { useHydrated } from '../lib/use-hydrated';
import { ColorModeProvider } from './color-mode';
import { system } from './theme';

type ToasterModule = { default: () => ReactNode };

// The toasts' region loads in its own chunk; a toast created before it arrives waits in the
// toaster's store and shows when it mounts. It is the browser's alone (the server renders none,
// and a hydrating page adds it after): its chunk is asked for as soon as the app starts, not when
// React reaches it (on a server-rendered page that is after the page has loaded: a connection
// lost in that second lost the region for good), and again once back online if that failed.
const loadToaster = (): Promise<ToasterModule> => import('../components/toaster').then((module) => ({ default: module.Toaster }));
const toasterChunk = typeof window === 'undefined' ? null : loadToaster();
const Toaster = lazy(
  () =>
    toasterChunk?.catch(
      () =>
        new Promise<ToasterModule>((resolve, reject) => {
          window.addEventListener('online', () => loadToaster().then(resolve, reject), { once: true });
        }),
    ) ?? loadToaster(),
);

function Toasts() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ErrorBoundary>
  );
}

// The GraphQL client is not provided here: ApolloRoot (apollo-root.tsx) wraps each screen that
// reads GraphQL, so that it loads with the first such screen rather than with the first page.
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        {children}
        <Toasts />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
