import { ChakraProvider } from '@chakra-ui/react';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import { toaster } from '../lib/toaster';
import { afterLoad } from '../lib/use-idle';
import { ColorModeProvider } from './color-mode';
import { pageHasGlobalStyles, withoutGlobalStyles } from './global-styles';
import { system } from './theme';

type ToasterModule = { default: () => ReactNode };

// The toasts' region (Chakra's toaster: ~19 KB gzipped with the state machine and portal it needs)
// loads in its own chunk once the page has loaded (issue 27: not in a public page's first download,
// nor competing with its scripts on a slow network), or at once when a toast is created before
// then (it waits in the toaster's store and shows when the region mounts). It is the browser's
// alone: the server renders none, and a hydrating page adds it after. A chunk that failed (the
// connection lost in that moment) is asked for again once back online, so the region is not lost.
const loadToaster = (): Promise<ToasterModule> => import('../components/toaster').then((module) => ({ default: module.Toaster }));
const Toaster = lazy(() =>
  loadToaster().catch(
    () =>
      new Promise<ToasterModule>((resolve, reject) => {
        window.addEventListener('online', () => loadToaster().then(resolve, reject), { once: true });
      }),
  ),
);

let pageLoaded = false;
const loadListeners = new Set<() => void>();
if (typeof window !== 'undefined') {
  afterLoad(() => {
    pageLoaded = true;
    loadListeners.forEach((listener) => listener());
  });
}

/** True once the page has loaded or a toast is waiting to be shown. */
function subscribeToastsWanted(listener: () => void): () => void {
  loadListeners.add(listener);
  const unsubscribe = toaster.subscribe(listener);
  return () => {
    loadListeners.delete(listener);
    unsubscribe();
  };
}
const toastsWanted = () => pageLoaded || toaster.getVisibleToasts().length > 0 || toaster.getCount() > 0;

/** The region mounts as a transition, which React renders in short slices: as an external
 *  store's change (it was) it rendered at once, in one task of ~0.2–0.3 s at 4x CPU slowdown with
 *  its styles, right after a rendered page's hydration (the page's load had passed by then). */
function useToastsWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    const update = () => {
      if (toastsWanted()) startTransition(() => setWanted(true));
    };
    update();
    return subscribeToastsWanted(update);
  }, []);
  return wanted;
}

function Toasts() {
  const wanted = useToastsWanted();
  if (!wanted) return null;
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ErrorBoundary>
  );
}

// The global CSS comes with the page's HTML (global-styles.ts), except on `npm run dev`'s page.
const providedSystem = pageHasGlobalStyles() ? withoutGlobalStyles(system) : system;

// The GraphQL client is not provided here: ApolloRoot (apollo-root.tsx) wraps each screen that
// reads GraphQL, so that it loads with the first such screen rather than with the first page.
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={providedSystem}>
      <ColorModeProvider>
        {children}
        <Toasts />
      </ColorModeProvider>
    </ChakraProvider>
  );
}
