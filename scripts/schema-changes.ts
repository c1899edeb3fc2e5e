// The schema's changes since the last release (docs/schema/released.graphql), as graphql-inspector
// judges them. `npm run schema:diff` prints them; `npm run schema:release -- <version>` makes the
// current schema.graphql the released one and dates the CHANGELOG's 'Unreleased' section.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { CriticalityLevel, diff, type Change } from '@graphql-inspector/core';

export const ROOT = join(import.meta.dirname, '..');
export const RELEASED = join(ROOT, 'docs', 'schema', 'released.graphql');
export const CURRENT = join(ROOT, 'schema.graphql');
export const CHANGELOG = join(ROOT, 'docs', 'schema', 'CHANGELOG.md');

export function schemaChanges(released = readFileSync(RELEASED, 'utf8'), current = readFileSync(CURRENT, 'utf8')): Promise<Change[]> {
  return diff(buildSchema(released), buildSchema(current));
}

/** The 'Unreleased' section of the changelog (up to the next '## ' heading). */
export function unreleasedNotes(changelog = readFileSync(CHANGELOG, 'utf8')): string | null {
  const match = /^## Unreleased\s*$([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(changelog);
  return match ? match[1]! : null;
}

export { CriticalityLevel };

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [command, version] = process.argv.slice(2);
  const changes = await schemaChanges();
  if (command === 'release') {
    if (!version || !/^\d+\.\d+\.\d+$/.test(version)) throw new Error('usage: npm run schema:release -- <major.minor.patch>');
    const changelog = readFileSync(CHANGELOG, 'utf8');
    if (unreleasedNotes(changelog) === null) throw new Error("docs/schema/CHANGELOG.md has no '## Unreleased' section");
    const day = new Date().toISOString().slice(0, 10);
    writeFileSync(CHANGELOG, changelog.replace(/^## Unreleased\s*$/m, `## Unreleased\n\n## ${version} — ${day}`));
    writeFileSync(RELEASED, readFileSync(CURRENT, 'utf8'));
    console.log(`released ${version}: ${changes.length} change(s); docs/schema/released.graphql updated`);
  } else {
    for (const change of changes) console.log(`${change.criticality.level.padEnd(13)} ${change.path ?? ''}  ${change.message}`);
    console.log(`${changes.length} change(s) since docs/schema/released.graphql`);
  }
}
