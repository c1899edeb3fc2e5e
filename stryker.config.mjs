// Mutation testing, part 1 of npm run test:mutation: the shared rules against their unit tests.
// Part 2 (the services' guard clauses against the API tests) is stryker.guards.config.mjs.
// Not part of npm test: it reruns the tests once per mutant. Scores and the survivors that
// matter: docs/TESTING.md, "Mutation testing".
// @ts-check
process.env.STRYKER_SUITE ??= 'rules'; // read by vitest.stryker.config.ts (in Stryker's child processes)

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.stryker.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: ['server/src/modules/*/*.rules.ts', 'server/src/lib/shared/**/*.ts'],
  concurrency: 1, // the machine's 2 cores are shared
  timeoutMS: 30_000,
  dryRunTimeoutMinutes: 30,
  incremental: true,
  incrementalFile: 'reports/mutation/rules-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/rules.html' },
  jsonReporter: { fileName: 'reports/mutation/rules.json' },
  clearTextReporter: { allowColor: false, reportScoreTable: true, reportMutants: true },
  tempDirName: '.stryker-tmp/rules',
  ignorePatterns: ['.stryker-tmp', 'reports', 'dist', 'data', 'test-results', 'playwright-report', '.e2e', 'bench/results'],
  thresholds: { high: 90, low: 75, break: null },
};
