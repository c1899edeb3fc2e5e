// Every spec imports `test` and `expect` from here instead of '@playwright/test': the same test,
// whose baseURL (and so page.goto('/…'), the request fixture, browser.newContext()) is the server
// of the worker it runs in (see servers.ts).
import { test as base } from '@playwright/test';
import { e2eServer, type E2EServer } from './servers.js';

export * from '@playwright/test';

export const test = base.extend<object, { server: E2EServer }>({
  server: [async ({}, use, workerInfo) => use(e2eServer(workerInfo.parallelIndex)), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.url),
});
