// Writes schema.graphql from the code-first schema (npm run schema:emit).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildClubroomSchema, printClubroomSchema } from './schema.js';

const noPubSub = { publish: () => {}, subscribe: () => (async function* () {})() };
const schema = await buildClubroomSchema(noPubSub);
const target = join(import.meta.dirname, '..', '..', '..', 'schema.graphql');
writeFileSync(target, printClubroomSchema(schema));
console.log(`wrote ${target}`);
