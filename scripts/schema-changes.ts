// The schema's changes since the last release (docs/schema/released.graphql), as graphql-inspector
// judges them. `npm run schema:diff` prints them; `npm run schema:release` (or `-- <version>` to name
// it) makes the current schema.graphql the released one and turns the CHANGELOG's 'Unreleased'
// section into the next version, dated: the version the server then names on every answer
// (server/src/app/schema-version.ts).
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

/** The newest released version the changelog names (its first `## x.y.z — date` heading). */
export function newestReleased(changelog = readFileSync(CHANGELOG, 'utf8')): string | null {
  return /^## (\d+\.\d+\.\d+) — \d{4}-\d{2}-\d{2}\s*$/m.exec(changelog)?.[1] ?? null;
}

/** The version after `latest`: major when something breaks (a deprecated element removed), minor
 *  when the schema gained something, patch when only behaviour changed (notes, no schema change). */
export function nextVersion(latest: string, changes: Change[]): string {
  const [major, minor, patch] = latest.split('.').map(Number) as [number, number, number];
  if (changes.some((c) => c.criticality.level === CriticalityLevel.Breaking)) return `${major + 1}.0.0`;
  if (changes.length > 0) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

/** The changelog with 'Unreleased' released as `version` on `day` (an empty 'Unreleased' above it). */
export function releaseChangelog(changelog: string, version: string, day: string): string {
  const notes = unreleasedNotes(changelog);
  if (notes === null) throw new Error("docs/schema/CHANGELOG.md has no '## Unreleased' section");
  if (notes.trim() === '') throw new Error("docs/schema/CHANGELOG.md's 'Unreleased' section is empty: nothing to release");
  const latest = newestReleased(changelog);
  if (latest && compareVersions(version, latest) <= 0) throw new Error(`${version} is not after the newest release, ${latest}`);
  return changelog.replace(/^## Unreleased[ \t]*$/m, `## Unreleased\n\n## ${version} — ${day}`);
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

export { CriticalityLevel };

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [command, version] = process.argv.slice(2);
  const changes = await schemaChanges();
  if (command === 'release') {
    if (version !== undefined && !/^\d+\.\d+\.\d+$/.test(version)) throw new Error('usage: npm run schema:release [-- <major.minor.patch>]');
    const changelog = readFileSync(CHANGELOG, 'utf8');
    const latest = newestReleased(changelog);
    const next = version ?? (latest ? nextVersion(latest, changes) : '1.0.0');
    const day = new Date().toISOString().slice(0, 10);
    writeFileSync(CHANGELOG, releaseChangelog(changelog, next, day));
    writeFileSync(RELEASED, readFileSync(CURRENT, 'utf8'));
    console.log(`released ${next} (${day}): ${changes.length} schema change(s); docs/schema/released.graphql updated`);
  } else {
    for (const change of changes) console.log(`${change.criticality.level.padEnd(13)} ${change.path ?? ''}  ${change.message}`);
    console.log(`${changes.length} change(s) since docs/schema/released.graphql`);
  }
}
