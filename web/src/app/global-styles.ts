// Chakra's global CSS — its reset, the theme tokens' custom properties in both colour modes, the
// app's global styles: ~48 KB, the same for every page — sent by the server in each page's HTML
// (entry-server.tsx's globalStyles, server/src/http/web.ts), rendered page or shell, as a plain
// <style> the browser's emotion never touches. The browser then neither builds it (Chakra's
// createSystem made it eagerly: ~150 ms of a cheap phone's start-up, 4x CPU slowdown; vite.config.ts
// makes it lazy) nor hashes it to take it over (~100 ms), nor moves it (a style recalculation).
// `npm run dev`'s page has no server: there the app renders it as Chakra does.
import type { SystemContext } from '@chakra-ui/react';

/** Marks the server's <style> with the global CSS. */
export const GLOBAL_STYLES_ATTRIBUTE = 'data-chakra-global';

/** `system` without its global CSS, for a page whose HTML carries it. */
export function withoutGlobalStyles(system: SystemContext): SystemContext {
  // The lazy `_global` (vite.config.ts, chakraLazyGlobal) is not read: ChakraProvider, its one
  // reader, renders this empty list instead.
  return Object.create(system, { _global: { value: [] } }) as SystemContext;
}

/** Whether the page's HTML carries the global CSS: always on the server (it sends it itself). */
export function pageHasGlobalStyles(): boolean {
  return typeof document === 'undefined' || document.querySelector(`style[${GLOBAL_STYLES_ATTRIBUTE}]`) !== null;
}
