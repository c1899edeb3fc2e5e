import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';

/** A lazily loaded part of a page that shows nothing while it loads, and nothing if it cannot
 *  (its chunk failed offline, or it threw): the page around it stays as it is. */
export function LazyIsland({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
