// Rows of statements prepared once (`.prepare(name)` on a select), mapped by a function compiled
// once per statement. drizzle maps every row of every statement generically: for each column it
// works out again what kind of field it is (up to four class-hierarchy walks) and walks its path,
// which was ~8% of the server's CPU on the list pages (bench: docs/BENCHMARKS.md). A statement
// prepared once has a fixed list of columns, so its mapper is one object literal per row: the
// same keys in the same order, each value decoded by the same decoder drizzle would use, and an
// absent left-joined table's object null as drizzle makes it. Installed once, by db/client.ts.
import { Column, getTableName, is, SQL, Subquery } from 'drizzle-orm';
import { PgSelectBase } from 'drizzle-orm/pg-core';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
interface SelectedField {
  path: string[];
  field: unknown;
}
/** What drizzle's prepared query (postgres.js and PGlite alike) holds: its selected fields, and a
 *  mapper of the raw rows (value arrays) that, when set, it calls instead of its own. */
interface PreparedSelect {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

/** The decoder drizzle's mapResultRow picks for `field`. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  type Decoded = { decoder: Decoder };
  if (is(field, SQL)) return (field as unknown as Decoded).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: Decoded } })._.sql.decoder;
  return (field as { sql: Decoded }).sql.decoder;
}

/** A mapper of raw rows into drizzle's result objects for `fields` (and the select's
 *  joinsNotNullableMap), or undefined when a path is deeper than a table's object (drizzle's own
 *  mapping then). An object of a table's columns (`{ user: users }`) is null when drizzle would
 *  make it null: its table is left-joined and its first column is null. */
export function compileRowMapper(fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>): ((rows: unknown[][]) => unknown[]) | undefined {
  if (fields.length === 0 || fields.some((f) => f.path.length < 1 || f.path.length > 2)) return undefined;
  const decoders = fields.map((f) => decoderOf(f.field));
  const value = (i: number) => `r[${i}] === null ? null : d[${i}].mapFromDriverValue(r[${i}])`;
  // The keys in the order drizzle creates them (a nested object where its first field is).
  const keys = new Map<string, number[]>();
  fields.forEach((f, i) => keys.set(f.path[0]!, [...(keys.get(f.path[0]!) ?? []), i]));
  const entries = [...keys].map(([key, indexes]) => {
    if (fields[indexes[0]!]!.path.length === 1) return `${JSON.stringify(key)}: ${value(indexes[0]!)}`;
    const object = `{ ${indexes.map((i) => `${JSON.stringify(fields[i]!.path[1])}: ${value(i)}`).join(', ')} }`;
    const columns = indexes.filter((i) => is(fields[i]!.field, Column));
    const tables = new Set(columns.map((i) => getTableName((fields[i]!.field as Column).table)));
    const [table] = tables;
    const nullable = joinsNotNullableMap !== undefined && tables.size === 1 && !joinsNotNullableMap[table!];
    return `${JSON.stringify(key)}: ${nullable ? `r[${columns[0]}] === null ? null : ${object}` : object}`;
  });
  const row = new Function('d', `return function mapRow(r) { return { ${entries.join(', ')} }; }`)(decoders) as (r: unknown[]) => unknown;
  return (rows) => rows.map(row);
}

/** Gives `prepared` a compiled row mapper when its fields allow it. */
export function withCompiledRows<T>(prepared: T): T {
  const query = prepared as PreparedSelect;
  if (!query.fields || query.customResultMapper) return prepared;
  const mapper = compileRowMapper(query.fields, query.joinsNotNullableMap);
  if (mapper) query.customResultMapper = mapper;
  return prepared;
}

let installed = false;
/** Every select prepared once from now on maps its rows with a compiled mapper. */
export function installCompiledRows(): void {
  if (installed) return;
  installed = true;
  const proto = PgSelectBase.prototype as unknown as { prepare(this: unknown, name: string): unknown };
  const prepare = proto.prepare;
  proto.prepare = function (this: unknown, name: string) {
    return withCompiledRows(prepare.call(this, name));
  };
}
