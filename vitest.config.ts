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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
