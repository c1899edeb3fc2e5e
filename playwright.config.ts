import { defineConfig, devices } from '@playwright/test';
import { join } from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 3111);
export const E2E_DATA_DIR = join(import.meta.dirname, '.e2e', 'data');
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

// Browsers cannot be downloaded here: Playwright drives Debian's Chromium.
export default defineConfig({
  testDir: 'tests/e2e',
  // Helpers' private mirror builds live under tests/e2e/.e2e/ (git-ignored): never their copies of the specs.
  testIgnore: ['**/.e2e/**'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node tests/e2e/serve.mjs',
    url: `http://127.0.0.1:${PORT}/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    // SUPPORT_EMAIL: the run-time support address ('Report This Error'), checked by admin-errors and offline specs.
    env: { E2E_PORT: String(PORT), E2E_CONTROL_PORT: String(PORT + 1), E2E_DATA_DIR, SUPPORT_EMAIL: process.env.E2E_SUPPORT_EMAIL ?? 'help@clubroom.test' },
  },
});
