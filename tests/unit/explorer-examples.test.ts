// The explorer's example operations stay true to the schema: each is one named operation that
// validates against schema.graphql within the document limits, its variables fit its variable
// types, and every domain has at least one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, Kind, parse, specifiedRules, validate, type OperationDefinitionNode } from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { describe, expect, it } from 'vitest';
import { armorValidationRules, parseOptions } from '../../server/src/graphql/limits.js';
import { COST_LIMIT, operationCost } from '../../server/src/graphql/cost.js';
import { EXPLORER_EXAMPLES } from '../../web/src/explorer/examples.js';

const schema = buildSchema(readFileSync(join(import.meta.dirname, '..', '..', 'schema.graphql'), 'utf8'));

describe('the explorer examples', () => {
  it('cover every domain', () => {
    expect(new Set(EXPLORER_EXAMPLES.map((e) => e.domain))).toEqual(new Set(['Account', 'Messages', 'Notifications', 'Clubs', 'Sports council', 'API tokens', 'Administration', 'Users', 'Moderation', 'Volunteers']));
    expect(new Set(EXPLORER_EXAMPLES.map((e) => e.name)).size).toBe(EXPLORER_EXAMPLES.length);
  });

  for (const example of EXPLORER_EXAMPLES) {
    it(`${example.name}: one operation of that name, valid against schema.graphql and the limits, with variables that fit`, () => {
      const document = parse(example.query, parseOptions);
      const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
      expect(operations.map((o) => o.name?.value)).toEqual([example.name]);
      expect(validate(schema, document, [...specifiedRules, ...armorValidationRules]).map((e) => e.message)).toEqual([]);
      const coerced = getVariableValues(schema, operations[0]!.variableDefinitions ?? [], example.variables ?? {});
      expect(coerced.errors?.map((e) => e.message) ?? []).toEqual([]);
      // The cost limit reads the variables (a list without first counts its default page size).
      expect(operationCost(schema, document, operations[0]!, example.variables ?? {})).toBeLessThanOrEqual(COST_LIMIT);
    });
  }
});
