// fast-check arbitraries built from schema.graphql: valid variables for any operation (from the
// argument types), and the ways the fuzzer breaks them — control characters and NUL in strings,
// huge strings, values of the wrong type, deep nesting, unknown arguments, fields and input keys.
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLInputType,
} from 'graphql';
import { documentFor, type Operation } from './support.js';

/** Ids and strings that exist on the server, so that generated calls reach past "not found". */
export interface KnownValues {
  ids: string[];
  emails: string[];
}

export type Mode = 'valid' | 'evil';

/** Strings no client should manage to store or crash the server with. */
export const evilString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    'Riverside\u0000Rovers FC',
    '\u0000'.repeat(64),
    '\u0001\u0002\u0003\u001f\u007f',
    '\u0085\u009f',
    '\b\f\v',
    '\ud800',
    'x\udfffy',
    '\udc00\ud800',
    '\u202egnp.exe',
    '\u2028\u2029',
    '\ufeff',
    '\uffff\ufffe',
    '%00',
    '\\u0000',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '{{7*7}}${7*7}',
    '../../../../etc/passwd',
    '   ',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 31 }), fc.string({ maxLength: 12 })).map(([a, c, b]) => `${a}${String.fromCharCode(c)}${b}`),
  fc.integer({ min: 100_001, max: 250_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 20_000, max: 60_000 }).map((n) => '\u00e9\u{1F600}'.repeat(n)),
);

/** Values of any JSON type: what a client may send where a variable wants something else. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, 0.5, Number.MIN_VALUE),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 8 })), { maxKeys: 4 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)), { maxLength: 5 }),
);

/** A value nested `depth` levels deep in arrays or objects. */
export function nested(depth: number, kind: 'array' | 'object', leaf: unknown = 'x'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value, title: 'nest' };
  return value;
}

/** (Deeper values are sent as raw JSON by the whole-body tests: fast-check's own printing of a
 *  counterexample recurses and overflows past a few thousand levels.) */
export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(40, 200, 1_000), fc.constantFrom('array' as const, 'object' as const))
  .map(([depth, kind]) => nested(depth, kind));

function stringArb(mode: Mode, known: KnownValues): fc.Arbitrary<string> {
  const valid = fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.constantFrom(...known.emails, 'Football', 'London', '2026-05-05', '18:00', '18:30', 'https://example.com', '///filled.count.soap', 'ALL') },
    // Edges of the date, time and URL rules.
    {
      weight: 1,
      arbitrary: fc.constantFrom('2026-02-30', '2026-13-01', '0000-00-00', '9999-12-31', '275760-09-13', '2026-5-5', '24:00', '23:59', '22:00', '05:30', '12:60', '-1', '1e3', 'http://', 'https://例え.jp', 'mailto:a@b.c', '//example.com'),
    },
    { weight: 1, arbitrary: fc.lorem({ maxCount: 12 }) },
  );
  return mode === 'valid' ? valid : fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: evilString });
}

function idArb(mode: Mode, known: KnownValues): fc.Arbitrary<string> {
  const valid = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known.ids) }, { weight: 2, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.string({ maxLength: 40 }) });
  return mode === 'valid' ? valid : fc.oneof(valid, evilString);
}

/** A value of the named type (never null at this level). */
function namedArb(type: GraphQLInputType, mode: Mode, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  if (isListType(type)) return fc.array(valueArb(type.ofType, mode, known, depth + 1), { maxLength: 4 });
  const named = getNamedType(type);
  if (isEnumType(named)) return fc.constantFrom(...named.getValues().map((v) => v.name));
  if (isInputObjectType(named)) {
    if (depth > 4) return fc.constant({});
    const fields = Object.values(named.getFields());
    const model = Object.fromEntries(fields.map((f) => [f.name, valueArb(f.type, mode, known, depth + 1)]));
    return fc.record(model, { requiredKeys: fields.filter((f) => isNonNullType(f.type)).map((f) => f.name) });
  }
  if (isScalarType(named)) {
    switch (named.name) {
      case 'String':
        return stringArb(mode, known);
      case 'ID':
        return idArb(mode, known);
      case 'Int':
        return fc.oneof(fc.integer({ min: -3, max: 120 }), fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.constantFrom(0, 1, 7, 8, 100, 101, 1969, 1970, 2026, 9999, 10000, 275760, 2 ** 31 - 1, -(2 ** 31)));
      case 'Float':
        return fc.double({ noNaN: true, noDefaultInfinity: true });
      case 'Boolean':
        return fc.boolean();
      case 'DateTimeISO':
        return fc.date({ noInvalidDate: true, min: new Date('1900-01-01'), max: new Date('2200-01-01') }).map((d) => d.toISOString());
      default:
        return stringArb(mode, known);
    }
  }
  return fc.constant(null);
}

export function valueArb(type: GraphQLInputType, mode: Mode, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return namedArb(type.ofType, mode, known, depth);
  return fc.oneof({ weight: 5, arbitrary: namedArb(type, mode, known, depth) }, { weight: 1, arbitrary: fc.constant(null) });
}

/** Variables for every argument of the operation. */
export function variablesArb(op: Operation, mode: Mode, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const model = Object.fromEntries(op.field.args.map((a) => [a.name, valueArb(a.type, mode, known)]));
  return fc.record(model, { requiredKeys: op.field.args.filter((a) => isNonNullType(a.type)).map((a) => a.name) }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Replaces the value at a random path of `value` (a variable, an input field, a list item). */
function replaceSomewhere(value: Record<string, unknown>, replacement: unknown, pick: number): Record<string, unknown> {
  const paths: Array<Array<string | number>> = [];
  const walk = (v: unknown, path: Array<string | number>) => {
    if (path.length) paths.push(path);
    if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i]));
    else if (v && typeof v === 'object') for (const [k, item] of Object.entries(v)) walk(item, [...path, k]);
  };
  walk(value, []);
  if (paths.length === 0) return { ...value, zzExtra: replacement };
  const path = paths[pick % paths.length]!;
  const copy = structuredClone(value);
  let target: any = copy;
  for (const key of path.slice(0, -1)) target = target[key];
  target[path[path.length - 1]!] = replacement;
  return copy;
}

/** Adds an unknown key to the first input object among the variables (or a stray variable). */
function withUnknownKey(value: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(value);
  for (const v of Object.values(copy)) {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      (v as Record<string, unknown>).zzUnknownKey = 'surprise';
      return copy;
    }
  }
  return { ...copy, zzUnknownVariable: 'surprise' };
}

export interface FuzzCase {
  kind: string;
  body: unknown;
}

/** A request body for the operation: valid, or broken in one of the fuzzer's ways. */
export function caseArb(op: Operation, known: KnownValues): fc.Arbitrary<FuzzCase> {
  const query = documentFor(op, { depth: 1 });
  const valid = variablesArb(op, 'valid', known);
  return fc.oneof(
    { weight: 2, arbitrary: valid.map((variables) => ({ kind: 'valid', body: { query, variables } })) },
    { weight: 4, arbitrary: variablesArb(op, 'evil', known).map((variables) => ({ kind: 'evil strings', body: { query, variables } })) },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, wrongValue, fc.nat()).map(([variables, wrong, pick]) => ({ kind: 'wrong type', body: { query, variables: replaceSomewhere(variables, wrong, pick) } })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, deepValue, fc.nat()).map(([variables, deep, pick]) => ({ kind: 'deep nesting', body: { query, variables: replaceSomewhere(variables, deep, pick) } })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom('arg', 'field', 'key')).map(([variables, where]) => ({
        kind: `unknown ${where}`,
        body:
          where === 'key'
            ? { query, variables: withUnknownKey(variables) }
            : { query: documentFor(op, { depth: 1, ...(where === 'arg' ? { extraArgs: 'zzUnknownArg: 1' } : { extraSelection: 'zzUnknownField' }) }), variables },
      })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant({ kind: 'variables not an object', body: { query, variables: [1, 2] } }),
        fc.constant({ kind: 'variables a string', body: { query, variables: '{"a":1}' } }),
        fc.constant({ kind: 'no variables', body: { query } }),
        fc.constant({ kind: 'query not a string', body: { query: { query }, variables: {} } }),
        fc.constant({ kind: 'operationName unknown', body: { query, variables: {}, operationName: 'Nope' } }),
        fc.constant({ kind: 'extensions junk', body: { query, variables: {}, extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } } }),
        fc.nat({ max: query.length }).map((cut) => ({ kind: 'truncated document', body: { query: query.slice(0, cut), variables: {} } })),
        fc.constant({ kind: 'NUL in the document', body: { query: query.replace(' {', ' \u0000{'), variables: {} } }),
      ),
    },
  );
}
