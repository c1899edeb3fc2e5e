import { defineConfig } from 'vitest/config';

export default defineConfig({
  // type-graphql and Apollo load graphql's CommonJS build; make the tests load the same one
  // (Vite would otherwise pick the .mjs build: "Cannot use GraphQLObjectType from another realm").
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/attack/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    setupFiles: ['reflect-metadata'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
