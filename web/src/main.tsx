import './lib/zod-config';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { preloadRoutes } from './app/lazy-page';
import { AppRoutes, routes } from './app/router';
import { startClientServices } from './lib/boot';
import { AppBrowserRouter } from './lib/navigation';

startClientServices();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <AppRoot>
    <AppBrowserRouter>
      <AppRoutes />
    </AppBrowserRouter>
  </AppRoot>
);

// The page's own chunk starts loading now, with the entry's, rather than when React reaches it.
const pageLoaded = preloadRoutes(routes, window.location.pathname);

// A public page arrives rendered (server/src/http/web.ts marks it): React takes over its HTML,
// once the page's chunk is here (lazy-page.tsx: a page that suspended while hydrating was thrown
// away and rendered again), as a transition, so that the work is cut into short tasks and the
// phone stays responsive meanwhile (a blocking hydration was one task of 1–2 s at 4x slowdown).
// A page that hydrates differently from the server's HTML is a defect; it is reported under one
// name the end-to-end tests look for, and React renders it afresh.
// A signed-in page's frame (data-ssr="frame": the layout with the session check's spinner, painted
// with the HTML) is rendered afresh in its place, not hydrated: the browser renders the page only
// once the session is known, and a hydration (in a transition, then again once hydrated) was
// slower than this render, whose styles are the frame's, already in the page (emotion takes them
// over by their markers and inserts none of them again).
if (container.hasAttribute('data-ssr') && container.getAttribute('data-ssr') !== 'frame') {
  const hydrate = () =>
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error, info) {
          console.error('Hydration mismatch:', error, info.componentStack);
        },
      });
    });
  // A chunk that failed to load (offline) fails again in the page, behind its error boundary.
  pageLoaded.then(hydrate, hydrate);
} else {
  createRoot(container).render(app);
}
