// The cost every response reports (extensions.cost), the limit checks and API tokens are charged:
// one figure, worked out by graphql-query-complexity from the operation *and its variables*, so a
// list's page size counts whether it is written literally or passed as a variable (every client
// sends variables), and a list asked without first/last counts its default page size.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { COST_LIMIT, costRefusal, operationCost } from '../../server/src/graphql/cost.js';

const schema = buildSchema(readFileSync(join(import.meta.dirname, '..', '..', 'schema.graphql'), 'utf8'));

function costOf(source: string, variables?: Record<string, unknown>, operationName?: string): number {
  const document = parse(source);
  return operationCost(schema, document, getOperationAST(document, operationName)!, variables);
}

/** 100 clubs × 100 positions each: the integrator's nested read of issue 25. */
export const NESTED_WITH_VARIABLES = 'query Read($clubs: Int, $positions: Int) { clubs(first: $clubs) { nodes { id name positions(first: $positions) { nodes { id title } } } } }';
export const NESTED_LITERAL = '{ clubs(first: 100) { nodes { id name positions(first: 100) { nodes { id title } } } } }';

describe('the cost of an operation', () => {
  it('counts 1 per scalar and 2 per object (graphql-armor’s figures, without its x1.5 per level)', () => {
    expect(costOf('{ sportCategories }')).toBe(1);
    expect(costOf('{ me { id name } }')).toBe(2 + 1 + 1);
    expect(costOf('{ me { id } sportCategories }')).toBe(2 + 1 + 1);
  });

  it('multiplies a list by the first or last it is asked for, written literally', () => {
    expect(costOf('{ notifications(first: 10) { nodes { id } } }')).toBe(10 * (2 + (2 + 1)));
    expect(costOf('{ notifications(last: 3) { nodes { id } } }')).toBe(3 * (2 + (2 + 1)));
  });

  it('multiplies a list by the first or last passed as a variable, exactly as the literal', () => {
    // Before: `clubs(first: $n)` with n = 100 cost 9.5, the literal form 950.
    expect(costOf('query($n: Int) { clubs(first: $n) { nodes { id } } }', { n: 100 })).toBe(costOf('{ clubs(first: 100) { nodes { id } } }'));
    expect(costOf('query($n: Int) { clubs(first: $n) { nodes { id } } }', { n: 100 })).toBe(100 * (2 + (2 + 1)));
    expect(costOf('query($n: Int) { notifications(last: $n) { nodes { id } } }', { n: 7 })).toBe(7 * (2 + (2 + 1)));
    // A variable's default counts when the variable is not sent.
    expect(costOf('query($n: Int = 40) { clubs(first: $n) { nodes { id } } }')).toBe(40 * (2 + (2 + 1)));
  });

  it('counts the default page size of a list asked without first or last', () => {
    // clubs: 24 a page; notifications: 10; a club's positions: 100.
    expect(costOf('{ clubs { nodes { id } } }')).toBe(24 * (2 + (2 + 1)));
    expect(costOf('query($n: Int) { clubs(first: $n) { nodes { id } } }')).toBe(24 * (2 + (2 + 1)));
    expect(costOf('query($n: Int) { clubs(first: $n) { nodes { id } } }', { n: null })).toBe(24 * (2 + (2 + 1)));
    expect(costOf('{ notifications { nodes { id } } }')).toBe(10 * (2 + (2 + 1)));
  });

  it('refuses the 100 x 100 nested read whether the sizes are literals or variables, at the same cost', () => {
    const literal = costOf(NESTED_LITERAL);
    const variables = costOf(NESTED_WITH_VARIABLES, { clubs: 100, positions: 100 });
    expect(variables).toBe(literal);
    expect(literal).toBeGreaterThan(COST_LIMIT);
    expect(costRefusal(variables)?.message).toBe(`Syntax Error: Query Cost limit of ${COST_LIMIT} exceeded, found ${variables}.`);
    expect(costRefusal(variables)?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // The same document with small pages passes.
    expect(costRefusal(costOf(NESTED_WITH_VARIABLES, { clubs: 5, positions: 5 }))).toBeNull();
  });

  it('multiplies nodes(ids:) by the number of ids', () => {
    const one = costOf('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: ['a'] });
    expect(costOf('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array.from({ length: 40 }, (_, i) => `x${i}`) })).toBe(40 * one);
  });

  it('counts a fragment where it is spread, as if written there', () => {
    expect(costOf('query { me { ...M } } fragment M on Member { id name }')).toBe(costOf('{ me { id name } }'));
    expect(costOf('query { me { ... on Member { id name } } }')).toBe(costOf('{ me { id name } }'));
    expect(costOf('query($n: Int) { ...Q } fragment Q on Query { clubs(first: $n) { nodes { id } } }', { n: 100 })).toBe(costOf('{ clubs(first: 100) { nodes { id } } }'));
  });

  it('leaves out a selection skipped by @skip or @include, literal or variable', () => {
    expect(costOf('query($no: Boolean!) { me { id } clubs(first: 100) @include(if: $no) { nodes { id } } }', { no: false })).toBe(costOf('{ me { id } }'));
    expect(costOf('query($no: Boolean!) { me { id } clubs(first: 100) @include(if: $no) { nodes { id } } }', { no: true })).toBe(costOf('{ me { id } clubs(first: 100) { nodes { id } } }'));
  });

  it('counts introspection as nothing: __schema, __type and __typename', () => {
    expect(costOf('{ __schema { types { name fields { name } } } }')).toBe(0);
    // Before: 3.5.
    expect(costOf('{ __type(name: "Club") { name fields { name } } }')).toBe(0);
    expect(costOf('{ __typename }')).toBe(0);
    expect(costOf('{ me { __typename id } }')).toBe(costOf('{ me { id } }'));
  });

  it('is the cost of the operation that runs, in a document of several', () => {
    const source = 'query Small { sportCategories } query Large { me { id name } }';
    expect(costOf(source, undefined, 'Small')).toBe(1);
    expect(costOf(source, undefined, 'Large')).toBe(4);
  });

  it('is 0 when the variables cannot be read (the operation is then refused before it runs)', () => {
    expect(costOf('query($n: Int) { clubs(first: $n) { nodes { id } } }', { n: 'many' })).toBe(0);
    expect(costOf('query($id: ID!) { node(id: $id) { id } }', {})).toBe(0);
  });

  it('is worked out once per document and page sizes: other variables do not change it', () => {
    const document = parse('query($n: Int, $search: String) { clubs(first: $n, search: $search) { nodes { id } } }');
    const operation = getOperationAST(document)!;
    const a = operationCost(schema, document, operation, { n: 30, search: 'a' });
    const b = operationCost(schema, document, operation, { n: 30, search: 'b' });
    const c = operationCost(schema, document, operation, { n: 60, search: 'a' });
    expect(a).toBe(b);
    expect(c).toBe(2 * a);
  });
});
