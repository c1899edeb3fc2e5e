import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppRoot } from './app/app-root';
import { routes } from './app/router';
import { startClientServices } from './lib/boot';

startClientServices();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = (
  <AppRoot>
    <RouterProvider router={createBrowserRouter(routes)} />
  </AppRoot>
);

// A public page arrives rendered (server/src/http/web.ts marks it): React takes over its HTML.
// A page that hydrates differently from the server's HTML is a defect; it is reported under one
// name the end-to-end tests look for, and React renders it afresh.
if (container.hasAttribute('data-ssr')) {
  hydrateRoot(container, app, {
    onRecoverableError(error, info) {
      console.error('Hydration mismatch:', error, info.componentStack);
    },
  });
} else {
  createRoot(container).render(app);
}
