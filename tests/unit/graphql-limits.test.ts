// The document limits leave room for every operation Clubroom's own client sends and for the
// explorer's introspection query: a limit that refused them would break the app, not an attacker.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { armorValidationRules, GRAPHQL_LIMITS, parseOptions } from '../../server/src/graphql/limits.js';

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

  it('let the explorer introspection query through', () => {
    const document = parse(getIntrospectionQuery({ descriptions: true, specifiedByUrl: true, directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true }), parseOptions);
    expect(validate(schema, document, [...specifiedRules, ...armorValidationRules])).toEqual([]);
  });

  it('parse every client document within the token limit', () => {
    for (const file of files) expect(() => parse(readFileSync(file, 'utf8'), { maxTokens: GRAPHQL_LIMITS.maxTokens })).not.toThrow();
  });
});
