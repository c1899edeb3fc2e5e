// Prepared statements on PostgreSQL (DATABASE_PREPARE, default true): every statement with
// parameters is parsed and planned once per connection and then only bound and executed, in
// transactions and savepoints too; DATABASE_PREPARE=false (a transaction-pooling PgBouncer) sends
// them unnamed. The batched loads keep one statement text whatever the batch size (`= any($1)`),
// so a prepared statement is reused rather than one kept per list length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config.js';
import { anyOf } from '../../server/src/db/any.js';
import { openDatabase, rowsOf, type Executor } from '../../server/src/db/client.js';
import { users } from '../../server/src/db/schema/index.js';
import { freshDatabase, type TestDatabase } from '../helpers/server.js';

let fresh: TestDatabase;
/** Every statement text the database handle ran. */
const texts: string[] = [];

beforeAll(async () => {
  fresh = await freshDatabase({ logQuery: (query) => void texts.push(query) });
  // PGlite starts empty (a PostgreSQL copy of the migrated template has nothing left to do).
  await fresh.database.migrate();
}, 60_000);
afterAll(async () => {
  await fresh?.drop();
});

const PROBE = 'prepared-probe@example.com';

/** The statements prepared on the executor's connection (a transaction keeps to one). */
async function preparedOn(executor: Executor): Promise<string[]> {
  return rowsOf<{ statement: string }>(await executor.execute(sql`select statement from pg_prepared_statements`)).map((r) => r.statement);
}

const probe = (executor: Executor) => executor.select({ id: users.id }).from(users).where(eq(users.email, PROBE));

describe('prepared statements', () => {
  it('reads DATABASE_PREPARE: on unless set to false', () => {
    expect(loadConfig({}).databasePrepare).toBe(true);
    expect(loadConfig({ DATABASE_PREPARE: 'false' }).databasePrepare).toBe(false);
    expect(loadConfig({ DATABASE_PREPARE: 'true' }).databasePrepare).toBe(true);
    expect(() => loadConfig({ DATABASE_PREPARE: 'sometimes' })).toThrow(/DATABASE_PREPARE/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL, prepares a statement with parameters in a transaction and in a savepoint', async () => {
    const db = fresh.database.db;
    const [inTransaction, inSavepoint] = await db.transaction(async (tx) => {
      await probe(tx);
      const first = await preparedOn(tx);
      const second = await tx.transaction(async (savepoint) => {
        await savepoint.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.fullName, 'Nobody Prepared'));
        return preparedOn(savepoint);
      });
      return [first, second];
    });
    expect(inTransaction.some((s) => s.includes('"email" = $1'))).toBe(true);
    expect(inSavepoint.some((s) => s.includes('"full_name" = $1'))).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('on PostgreSQL with DATABASE_PREPARE=false, prepares nothing (what a transaction-pooling PgBouncer needs)', async () => {
    const unprepared = await openDatabase({ databaseUrl: fresh.url!, prepare: false });
    try {
      const prepared = await unprepared.db.transaction(async (tx) => {
        await probe(tx);
        return preparedOn(tx);
      });
      expect(prepared).toEqual([]);
    } finally {
      await unprepared.close();
    }
  });

  it('finds list members with one statement text whatever the list length, and nothing for an empty list', async () => {
    const db = fresh.database.db;
    const [someone] = await db.insert(users).values({ email: 'listed@example.com', fullName: 'Listed Member', passwordHash: 'x' }).returning({ id: users.id });
    const find = (ids: string[]) => db.select({ id: users.id }).from(users).where(anyOf(users.id, ids));
    const start = texts.length;
    const one = await find([someone!.id]);
    const three = await find([someone!.id, '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002']);
    const none = await find([]);
    expect(one.map((r) => r.id)).toEqual([someone!.id]);
    expect(three.map((r) => r.id)).toEqual([someone!.id]);
    expect(none).toEqual([]);
    expect(new Set(texts.slice(start))).toEqual(new Set([texts[start]]));
  });
});
