// Statements prepared once map their rows with a mapper compiled for their columns
// (server/src/db/rows.ts): the results are exactly what drizzle's own mapping gives for the same
// select (timestamps as Dates, nulls, booleans, enums, counts, SQL expressions with and without a
// decoder, a left join's missing side, objects of tables with drizzle's nulling of an absent
// left-joined one), on PostgreSQL and on PGlite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, getTableColumns, sql } from 'drizzle-orm';
import { clubs, users } from '../../server/src/db/schema/index.js';
import { compileRowMapper } from '../../server/src/db/rows.js';
import { freshDatabase, type TestDatabase } from '../helpers/server.js';

let fresh: TestDatabase;
beforeAll(async () => {
  fresh = await freshDatabase();
  await fresh.database.migrate();
  const db = fresh.database.db;
  const [owner, member] = await db
    .insert(users)
    .values([
      { email: 'rows-owner@example.com', fullName: 'Rows Owner', passwordHash: 'x', statusChangedAt: new Date('2026-01-02T03:04:05.678Z') },
      { email: 'rows-member@example.com', fullName: 'Rows Member', passwordHash: 'x', status: 'suspended', statusReason: 'Testing' },
    ])
    .returning();
  await db.insert(clubs).values({ id: owner!.id, name: 'Rows Rovers', contactEmail: 'rows@example.com', verified: true, city: 'Leeds' });
  expect(member).toBeDefined();
}, 60_000);
afterAll(async () => {
  await fresh?.drop();
});

const selects = () => {
  const db = fresh.database.db;
  return {
    'a whole table, with timestamps and nulls': db.select().from(users).orderBy(users.email),
    'columns of two tables through a left join, and SQL expressions': db
      .select({
        ...getTableColumns(users),
        clubName: clubs.name,
        clubVerified: clubs.verified,
        lowered: sql<string>`lower(${users.fullName})`,
        created: sql<Date>`${users.createdAt}`.mapWith(users.createdAt),
        aliased: sql<number>`length(${users.email})`.as('email_length'),
      })
      .from(users)
      .leftJoin(clubs, eq(clubs.id, users.id))
      .orderBy(users.email),
    'a count': db.select({ n: count() }).from(users),
    'nothing found': db.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@example.com')),
  };
};

const NAMES = ['a whole table, with timestamps and nulls', 'columns of two tables through a left join, and SQL expressions', 'a count', 'nothing found'] as const;

describe('compiled row mapping', () => {
  it.each(NAMES)('gives what drizzle gives: %s', async (name) => {
    const ours = await selects()[name].prepare(`rows_test_${NAMES.indexOf(name)}`).execute();
    const theirs = await selects()[name].execute();
    expect(ours).toEqual(theirs);
    expect(ours.map((r) => Object.keys(r))).toEqual(theirs.map((r) => Object.keys(r)));
    if (name !== 'nothing found') expect(ours.length).toBeGreaterThan(0);
  });

  it('was installed: a prepared select carries the compiled mapper', () => {
    const prepared = selects()['a count'].prepare('rows_test_installed') as unknown as { customResultMapper?: unknown };
    expect(typeof prepared.customResultMapper).toBe('function');
  });

  it('maps objects of tables as drizzle does: a left-joined table that is absent is null', async () => {
    const db = fresh.database.db;
    const nested = () =>
      db
        .select({ user: users, club: clubs, lowered: sql<string>`lower(${users.fullName})`, clubName: clubs.name })
        .from(users)
        .leftJoin(clubs, eq(clubs.id, users.id))
        .orderBy(users.email);
    const prepared = nested().prepare('rows_test_nested');
    expect(typeof (prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toBe('function');
    const ours = await prepared.execute();
    expect(ours).toEqual(await nested().execute());
    expect(ours.map((r) => Object.keys(r))).toEqual([['user', 'club', 'lowered', 'clubName'], ['user', 'club', 'lowered', 'clubName']]);
    expect(ours.map((r) => r.club === null)).toEqual([true, false]);
    expect(ours[1]!.club).toMatchObject({ name: 'Rows Rovers', verified: true });
    expect(ours[0]!.user.createdAt).toBeInstanceOf(Date);
  });

  it('leaves deeper paths to drizzle', () => {
    expect(compileRowMapper([{ path: ['a', 'b', 'c'], field: users.id }])).toBeUndefined();
  });
});
