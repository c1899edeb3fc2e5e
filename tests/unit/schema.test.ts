import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '@graphql-codegen/cli';
import { getMetadataStorage } from 'type-graphql';
import { isObjectType, type GraphQLSchema } from 'graphql';
import { buildClubroomSchema, printClubroomSchema } from '../../server/src/app/schema.js';
import codegenConfig from '../../codegen.js';

const root = join(import.meta.dirname, '..', '..');
const noPubSub = { publish: () => {}, subscribe: () => (async function* () {})() };

async function schema(): Promise<GraphQLSchema> {
  return buildClubroomSchema(noPubSub);
}

describe('schema.graphql and the generated client', () => {
  it('schema.graphql matches the code-first schema (run npm run schema:emit)', async () => {
    const committed = readFileSync(join(root, 'schema.graphql'), 'utf8');
    expect(printClubroomSchema(await schema())).toBe(committed);
  });

  it('web/src/gql and the documents beside each .graphql file match what codegen makes from schema.graphql (run npm run codegen)', async () => {
    const outputs = (await generate({ ...codegenConfig, cwd: root, silent: true }, false)) as Array<{ filename: string; content: string }>;
    expect(outputs.length).toBeGreaterThan(0);
    for (const output of outputs) {
      const committed = readFileSync(join(root, output.filename), 'utf8');
      expect(committed, `${output.filename} is stale`).toBe(output.content);
    }
    // Nothing generated is left over (a .graphql file removed or renamed leaves no stale module).
    const generatedFiles = [
      ...readdirSync(join(root, 'web/src/gql')).map((f) => join('web/src/gql', f)),
      ...readdirSync(join(root, 'web/src'), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.generated.ts'))
        .map((f) => join('web/src', f)),
    ];
    expect(generatedFiles.sort()).toEqual(outputs.map((o) => o.filename.replace(/^\.\//, '')).sort());
    // Each .graphql file has its module of documents.
    const documents = readdirSync(join(root, 'web/src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.graphql'));
    expect(documents.length).toBeGreaterThan(0);
    for (const file of documents) expect(generatedFiles).toContain(join('web/src', file.replace(/\.graphql$/, '.generated.ts')));
  });

  it('marks every Query, Mutation and Subscription as @Authorized or @Public', async () => {
    const s = await schema();
    const authorized = new Set(getMetadataStorage().authorizedFields.map((f) => `${f.target.name}.${f.fieldName}`));
    const resolverOf = new Map<string, string>();
    for (const q of [...getMetadataStorage().queries, ...getMetadataStorage().mutations, ...getMetadataStorage().subscriptions]) {
      resolverOf.set(q.schemaName, `${q.target.name}.${q.methodName}`);
    }
    const unmarked: string[] = [];
    for (const root of [s.getQueryType(), s.getMutationType(), s.getSubscriptionType()]) {
      if (!root || !isObjectType(root)) continue;
      for (const field of Object.values(root.getFields())) {
        const isPublic = field.extensions?.access === 'public';
        const isAuthorized = authorized.has(resolverOf.get(field.name) ?? '');
        if (isPublic === isAuthorized) unmarked.push(`${root.name}.${field.name}`);
      }
    }
    expect(unmarked).toEqual([]);
  });
});
