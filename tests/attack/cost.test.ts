// Issue 25, item 4, kept fixed: a list's page size counts in the cost whether it is written
// literally or passed as a variable (as every client sends it). Read from the schema: every list
// with `first` at the root, and every such list nested in another, is asked both ways over HTTP;
// the costs must be equal, and a 100 × 100 nested read is refused both ways, over HTTP and graphql-ws.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isObjectType, type GraphQLField, type GraphQLInputType } from 'graphql';
import { GRAPHQL_LIMITS } from '../../server/src/graphql/limits.js';
import type { TestServer } from '../helpers/server.js';
import { rawConnectionInit } from '../helpers/ws.js';
import { gqlRaw, loadSchema, startAttackServer } from './support.js';

const schema = loadSchema();
let server: TestServer;
beforeAll(async () => {
  server = await startAttackServer();
});
afterAll(async () => {
  await server?.close();
});

/** A valid value of `type` (the cost does not depend on it; invalid variables would run nothing). */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) return Object.fromEntries(Object.values(type.getFields()).filter((f) => isNonNullType(f.type)).map((f) => [f.name, sample(f.type)]));
  return ({ Int: 1, Float: 1, Boolean: true, Date: '2026-01-01', DateTime: '2026-01-01T00:00:00.000Z', LocalTime: '10:00' } as Record<string, unknown>)[type.name] ?? 'x';
}

const paged = (field: GraphQLField<unknown, unknown>) => field.args.some((a) => a.name === 'first');
/** The paged fields of a connection's node type (lists nested in a list). */
function nestedPaged(field: GraphQLField<unknown, unknown>): Array<GraphQLField<unknown, unknown>> {
  const connection = getNamedType(field.type);
  if (!isObjectType(connection)) return [];
  const node = connection.getFields().nodes && getNamedType(connection.getFields().nodes!.type);
  return node && isObjectType(node) ? Object.values(node.getFields()).filter((f) => paged(f) && !f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) : [];
}

interface Case {
  name: string;
  withVariables: { query: string; variables: Record<string, unknown> };
  literal: { query: string; variables: Record<string, unknown> };
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const field of Object.values(schema.getQueryType()!.getFields())) {
    if (!paged(field)) continue;
    const required = field.args.filter((a) => isNonNullType(a.type));
    const definitions = required.map((a) => `$${a.name}: ${String(a.type)}`);
    const args = required.map((a) => `${a.name}: $${a.name}`);
    const values = Object.fromEntries(required.map((a) => [a.name, sample(a.type)]));
    const variablesDoc = (inner: string) => `query Cost(${['$outer: Int', ...(inner ? ['$inner: Int'] : []), ...definitions].join(', ')}) { ${field.name}(${['first: $outer', ...args].join(', ')}) { nodes { __typename ${inner} } } }`;
    const literalDoc = (inner: string) => `query Cost${definitions.length ? `(${definitions.join(', ')})` : ''} { ${field.name}(${['first: 100', ...args].join(', ')}) { nodes { __typename ${inner} } } }`;
    out.push({ name: `${field.name}(first)`, withVariables: { query: variablesDoc(''), variables: { outer: 100, ...values } }, literal: { query: literalDoc(''), variables: values } });
    for (const nested of nestedPaged(field)) {
      out.push({
        name: `${field.name}(first) { nodes { ${nested.name}(first) } }`,
        withVariables: { query: variablesDoc(`${nested.name}(first: $inner) { nodes { __typename } }`), variables: { outer: 100, inner: 100, ...values } },
        literal: { query: literalDoc(`${nested.name}(first: 100) { nodes { __typename } }`), variables: values },
      });
    }
  }
  return out;
}

describe('the cost of a list reads its page size from variables as from literals', () => {
  const all = cases();

  it('finds the paged lists of the schema, nested ones included', () => {
    expect(all.length).toBeGreaterThan(15);
    expect(all.some((c) => c.name.includes('positions'))).toBe(true);
  });

  it('costs every list the same both ways, over HTTP, for an anonymous caller and a refused one alike', async () => {
    const differ: string[] = [];
    for (const c of all) {
      const [a, b] = await Promise.all([gqlRaw(server.url, c.withVariables), gqlRaw(server.url, c.literal)]);
      const costA = a.json?.extensions?.cost?.requested;
      const costB = b.json?.extensions?.cost?.requested;
      if (!(typeof costA === 'number' && costA > 0 && costA === costB && a.status === b.status)) differ.push(`${c.name}: ${a.status} ${costA} vs ${b.status} ${costB}`);
      if (costA > GRAPHQL_LIMITS.maxCost) expect(a.status, c.name).toBe(400);
    }
    expect(differ).toEqual([]);
  });

  it('refuses the 100 x 100 nested read with variables on graphql-ws as over HTTP', async () => {
    const nested = all.find((c) => c.name.startsWith('clubs(first) { nodes { positions'))!;
    const http = await gqlRaw(server.url, nested.withVariables);
    expect(http.status).toBe(400);
    expect(http.json.errors[0].message).toMatch(/Query Cost limit of 5000 exceeded/);
    const ws = await rawConnectionInit(server.url, {}, { ...nested.withVariables, timeoutMs: 1500 });
    expect(JSON.stringify(ws.messages.find((m) => m.type === 'error')?.payload)).toMatch(/Query Cost limit of 5000 exceeded/);
    expect(ws.messages.some((m) => m.type === 'next')).toBe(false);
  });
});
