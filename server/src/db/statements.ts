// Statements prepared once per shape (drizzle `.prepare()` with placeholders): the services keep
// one per shape of their filters and paging, so drizzle writes the SQL text and the column mapping
// once and each request only fills in the values.

/** Statements kept per shape, at most this many in one cache: a shape a client can vary freely
 *  (searched fields in any order, repeated) cannot grow it past this; beyond it a shape's
 *  statement is built for its request only. */
const STATEMENTS_MAX = 256;

/** The statement of `key` in `cache`, built by `build` the first time. */
export function oncePerShape<T>(cache: Map<string, T>, key: string, build: () => T): T {
  let statement = cache.get(key);
  if (!statement) {
    statement = build();
    if (cache.size < STATEMENTS_MAX) cache.set(key, statement);
  }
  return statement;
}
