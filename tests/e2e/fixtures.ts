// Every spec imports `test` and `expect` from here instead of '@playwright/test': the same test,
// whose baseURL (and so page.goto('/…'), the request fixture, browser.newContext()) is the server
// of the worker it runs in (see servers.ts).
import { test as base, type Page } from '@playwright/test';
import { e2eServer, type E2EServer } from './servers.js';

export * from '@playwright/test';

/** Whether the page on screen was rendered by the server and its app has not taken over yet. A
 *  page whose scripts do not run (a context without JavaScript: the colour-mode script in the
 *  shell's head has not set the <html> class) never will, and is not waited for. */
function awaitingHydration(page: Page): Promise<boolean> {
  return page
    .evaluate(() => {
      const root = document.getElementById('root');
      const scripts = /\b(light|dark)\b/.test(document.documentElement.className);
      return root !== null && root.hasAttribute('data-ssr') && !root.hasAttribute('data-hydrated') && scripts;
    })
    .catch(() => false);
}

/**
 * A server-rendered page starts its scripts after its first paint (server/src/http/web.ts,
 * afterPaintShell), so the 'load' that page.goto waits for no longer means the app runs, and a
 * click that soon would land on the server's inert HTML. Every navigation (goto, reload, back,
 * forward) therefore also waits until such a page is hydrated (HydrationProvider marks #root:
 * lib/use-hydrated.tsx), as a visitor's first click needs. Patched once per worker on Playwright's
 * Page class, so that the pages of contexts a test opens itself wait too.
 */
function waitForHydrationOnNavigation(page: Page): void {
  const proto = Object.getPrototypeOf(page) as Record<string, unknown> & { clubroomHydration?: true };
  if (proto.clubroomHydration) return;
  proto.clubroomHydration = true;
  for (const name of ['goto', 'reload', 'goBack', 'goForward']) {
    const navigate = proto[name] as (this: Page, ...args: unknown[]) => Promise<unknown>;
    proto[name] = async function (this: Page, ...args: unknown[]) {
      const response = await navigate.apply(this, args);
      if (await awaitingHydration(this)) await this.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
      return response;
    };
  }
}

export const test = base.extend<object, { server: E2EServer; hydrationOnNavigation: void }>({
  server: [async ({}, use, workerInfo) => use(e2eServer(workerInfo.parallelIndex)), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.url),
  hydrationOnNavigation: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      waitForHydrationOnNavigation(page);
      await page.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});
