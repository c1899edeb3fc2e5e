// The end-to-end servers: one per Playwright worker (E2E_WORKERS, default 2), each a
// `node tests/e2e/serve.mjs` with its own port, control port, database and data directory (mail),
// so that no two workers share a database. Worker n (testInfo.parallelIndex) uses server n:
// port E2E_PORT + 2n, control port E2E_PORT + 2n + 1, data directory .e2e/data-n.
import { join } from 'node:path';

// Two: a third filled the fast days' idle 18 % of the 2 cores (Playwright 13.0 → 11.6 min), but on
// the slow days (load 15–17, a third of the CPU in the kernel) it made each test ~1.5x slower still,
// and tests whose steps are many ran out of their budgets (docs/TESTING.md, 2026-12-02).
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3111);
const ROOT = join(import.meta.dirname, '..', '..');

export interface E2EServer {
  port: number;
  controlPort: number;
  /** The app's address (the tests' baseURL). */
  url: string;
  /** The setup-only SQL endpoint of serve.mjs. */
  controlUrl: string;
  /** DATA_DIR of the server: the mail it writes lands in <dataDir>/mail. */
  dataDir: string;
}

export function e2eServer(index: number): E2EServer {
  const port = FIRST_PORT + 2 * index;
  return {
    port,
    controlPort: port + 1,
    url: `http://127.0.0.1:${port}`,
    controlUrl: `http://127.0.0.1:${port + 1}/sql`,
    dataDir: join(ROOT, '.e2e', `data-${index}`),
  };
}

/** The server of the worker this code runs in (Playwright sets TEST_PARALLEL_INDEX in each worker
 *  before it loads a spec, so this also holds for values a spec computes at module level). */
export function workerServer(): E2EServer {
  return e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
}
