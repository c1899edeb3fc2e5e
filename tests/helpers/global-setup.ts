// One migrated template database per run; every test file copies it (fresh and isolated).
// Without TEST_DATABASE_URL each test file uses its own in-memory PGlite instead.
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/src/db/client.js';
import { createDatabase, dropDatabase, TEST_DATABASE_URL, uniqueName } from './pg.js';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string | null;
  }
}

export default async function setup(project: TestProject) {
  if (!TEST_DATABASE_URL) {
    project.provide('templateDatabase', null);
    return;
  }
  const name = uniqueName('clubroom_tmpl');
  const url = await createDatabase(TEST_DATABASE_URL, name);
  const database = await openDatabase({ databaseUrl: url });
  await database.migrate();
  await database.close();
  project.provide('templateDatabase', name);
  return async () => {
    await dropDatabase(TEST_DATABASE_URL!, name);
  };
}
