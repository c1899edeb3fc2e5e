import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, e2eServer } from './tests/e2e/servers.js';

// One server (and database, and data directory) per worker: see tests/e2e/servers.ts and the
// fixtures in tests/e2e/fixtures.ts, which point each worker's baseURL at its own server.
const servers = Array.from({ length: E2E_WORKERS }, (_, i) => e2eServer(i));

// Browsers cannot be downloaded here: Playwright drives Debian's Chromium.
export default defineConfig({
  testDir: 'tests/e2e',
  // Helpers' private mirror builds live under tests/e2e/.e2e/ (git-ignored): never their copies of the specs.
  testIgnore: ['**/.e2e/**'],
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // The app's service worker (web/public/sw.js) is wanted only where a spec tests it (push.spec,
    // notification-settings' push tests, members-in-control: `test.use({ serviceWorkers: 'allow' })`).
    // Elsewhere it would be installed in every new context for nothing, and Playwright's page.route
    // does not see requests a service worker makes.
    serviceWorkers: 'block',
    // No trace unless asked (E2E_TRACE=retain-on-failure, or `--trace on`): recording one for every
    // test, to keep only the failures', cost a third of the run's CPU (its screencast most of it:
    // club-follows.spec, chromium 64.6 → 43.9 CPU-seconds, the runner 14.7 → 8.2). A failure still
    // leaves its screenshot and error-context.md (the page's accessibility tree at the failure).
    trace: (process.env.E2E_TRACE as 'on' | 'retain-on-failure' | undefined) ?? 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: servers.map((server) => ({
    // E2E_SERVER_LOGS=<folder>: each server's log, at E2E_LOG_LEVEL (default warn), in <folder>/server-<port>.log.
    command: process.env.E2E_SERVER_LOGS ? `node tests/e2e/serve.mjs > ${process.env.E2E_SERVER_LOGS}/server-${server.port}.log 2>&1` : 'node tests/e2e/serve.mjs',
    url: `${server.url}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    // SUPPORT_EMAIL: the run-time support address ('Report This Error'), checked by admin-errors and offline specs.
    env: {
      E2E_PORT: String(server.port),
      E2E_CONTROL_PORT: String(server.controlPort),
      E2E_DATA_DIR: server.dataDir,
      SUPPORT_EMAIL: process.env.E2E_SUPPORT_EMAIL ?? 'help@clubroom.test',
    },
  })),
});
