import { defineConfig } from 'vitest/config';

export default defineConfig({
  // type-graphql and Apollo load graphql's CommonJS build; make the tests load the same one
  // (Vite would otherwise pick the .mjs build: "Cannot use GraphQLObjectType from another realm").
  // tsconfigPaths: web code the unit tests import reaches the shared rules as `@clubroom/rules/<domain>`,
  // a table kept in tsconfig.rules.json (as in vite.config.ts).
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }], tsconfigPaths: true },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/attack/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['reflect-metadata'],
    pool: 'forks',
    // One module graph per worker, not per test file: each file still starts its own server over
    // its own database (tests/helpers/server.ts) and closes it; what files share is the modules
    // imported once (without this, each of the 110 files paid ~1 s importing the server anew).
    // Measured back to back (docs/TESTING.md): 45 files 109 s isolated, 52–67 s not. The tests
    // keep no state between files (no module mocks; the one fake clock is restored; process
    // listeners are removed): a new test that mocks a module or changes process-wide state must
    // undo it in afterEach/afterAll. `npx vitest run --isolate` runs the old way.
    isolate: false,
    // Two test files at a time. Vitest's default is one fewer than the cores: one on the 2-core
    // machine the suite is timed on. Back to back there (46 files, load ~16): 1 worker 229 s and
    // 239 s, 2 workers 186 s and 186 s (docs/TESTING.md). VITEST_MAX_WORKERS overrides it.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
