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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
