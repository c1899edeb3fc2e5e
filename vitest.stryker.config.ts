// The vitest configuration Stryker runs (npm run test:mutation): the same aliases, global setup and
// setup files as vitest.config.ts, restricted to the tests that judge the mutated code.
// STRYKER_SUITE (set by the Stryker configuration that loads this file) picks them:
// - rules (stryker.config.mjs): the rules' unit tests. The rules are zod schemas built when the
//   module loads, so Stryker runs every test for most of their mutants: only fast tests here.
// - guards (stryker.guards.config.mjs): the API tests that reach the services' guard clauses
//   (authorization, ownership, state) through a real server and PostgreSQL.
import { defineConfig, type Plugin } from 'vitest/config';
import base from './vitest.config.js';

const suite = process.env.STRYKER_SUITE === 'guards' ? 'guards' : 'rules';

/** Stryker's vitest runner asks for pool 'threads'; argon2's native hashing aborts the process
 *  (Napi::Error) when a worker thread ends under it, so API tests run in child processes, as in
 *  vitest.config.ts. */
const forks: Plugin = {
  name: 'clubroom:stryker-forks',
  configureVitest({ vitest, project }) {
    vitest.config.pool = 'forks';
    project.config.pool = 'forks';
  },
};

export default defineConfig({
  ...base,
  plugins: suite === 'guards' ? [forks] : [],
  test: {
    ...base.test,
    // Stryker swaps mutants between runs: every test file loads the code afresh, as before.
    isolate: true,
    include:
      suite === 'guards'
        ? [
            'tests/api/clubs-profile.test.ts',
            'tests/api/clubs-meeting-times.test.ts',
            'tests/api/clubs-positions.test.ts',
            'tests/api/clubs-directory.test.ts',
            'tests/api/council-admins.test.ts',
            'tests/api/council-public.test.ts',
            'tests/api/messages-send.test.ts',
            'tests/api/messages-marks.test.ts',
            'tests/api/notifications.test.ts',
            'tests/api/service-guards.test.ts',
          ]
        : ['tests/unit/*-rules.test.ts'],
  },
});
