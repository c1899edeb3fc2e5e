// The document limits leave room for every operation Clubroom's own client sends and for the
// explorer's introspection query: a limit that refused them would break the app, not an attacker.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getIntrospectionQuery, isEnumType, isInputObjectType, isListType, isNonNullType, parse, specifiedRules, typeFromAST, validate, type GraphQLInputType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { armorValidationRules, GRAPHQL_LIMITS, parseOptions } from '../../server/src/graphql/limits.js';
import { COST_LIMIT, operationCost } from '../../server/src/graphql/cost.js';

const root = join(import.meta.dirname, '..', '..');
const schema = buildSchema(readFileSync(join(root, 'schema.graphql'), 'utf8'));

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return graphqlFiles(path);
    return entry.name.endsWith('.graphql') ? [path] : [];
  });
}

const files = graphqlFiles(join(root, 'web', 'src'));
// Fragments live beside the operations that spread them: validate them all as one document.
const all = files.map((file) => readFileSync(file, 'utf8')).join('\n');

/** A valid value of `type`: Int 100 (the largest page), the first enum value, required input fields. */
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) return Object.fromEntries(Object.values(type.getFields()).filter((f) => isNonNullType(f.type)).map((f) => [f.name, sample(f.type)]));
  return ({ Int: 100, Float: 1, Boolean: true } as Record<string, unknown>)[type.name] ?? 'x';
}

describe('the GraphQL limits', () => {
  it('finds the client operations', () => {
    expect(files.length).toBeGreaterThan(3);
  });

  it('let every operation of the web client through', () => {
    const document = parse(all);
    for (const definition of document.definitions) {
      if (definition.kind !== 'OperationDefinition') continue;
      // Apollo Client adds __typename to every selection set before sending: count what it sends.
      const single = addTypenameToDocument({ ...document, definitions: [definition, ...document.definitions.filter((d) => d.kind === 'FragmentDefinition')] });
      const errors = validate(schema, single, [...specifiedRules, ...armorValidationRules]).filter((e) => !/Fragment ".*" is never used/.test(e.message));
      expect(errors.map((e) => `${definition.name?.value}: ${e.message}`)).toEqual([]);
    }
  });

  it('let every operation of the web client through the cost limit, with every page size at its largest (100)', () => {
    const document = parse(all);
    const fragments = document.definitions.filter((d) => d.kind === 'FragmentDefinition');
    const costs: string[] = [];
    for (const definition of document.definitions) {
      if (definition.kind !== 'OperationDefinition') continue;
      const single = addTypenameToDocument({ ...document, definitions: [definition, ...fragments] });
      const operation = single.definitions[0] as typeof definition;
      // The largest page any variable may ask for (every Int variable at 100); the others a value
      // of their type, so that the variables are valid (invalid ones cost 0: nothing runs).
      const variables = Object.fromEntries((operation.variableDefinitions ?? []).map((v) => [v.variable.name.value, sample(typeFromAST(schema, v.type as never) as GraphQLInputType)]));
      const cost = operationCost(schema, single, operation, variables);
      if (!(cost > 0 && cost <= COST_LIMIT)) costs.push(`${definition.name?.value}: ${cost}`);
    }
    expect(costs).toEqual([]);
  });

  it('let the explorer introspection query through', () => {
    const document = parse(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }), parseOptions);
    expect(validate(schema, document, [...specifiedRules, ...armorValidationRules])).toEqual([]);
  });

  it('parse every client document within the token limit', () => {
    for (const file of files) expect(() => parse(readFileSync(file, 'utf8'), { maxTokens: GRAPHQL_LIMITS.maxTokens })).not.toThrow();
  });
});
