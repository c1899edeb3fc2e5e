// The deprecation policy (docs/API.md, 'Changing the schema'), checked against the released schema:
// nothing released breaks without a deprecation first, and every change is in the changelog.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { CHANGELOG, CriticalityLevel, CURRENT, newestReleased, nextVersion, RELEASED, releaseChangelog, schemaChanges, unreleasedNotes } from '../../scripts/schema-changes.js';

/** Whether the released schema marked the element at `path` (Type.field or Enum.VALUE) deprecated. */
function wasDeprecated(released: GraphQLSchema, path: string): boolean {
  const [typeName, member] = path.split('.');
  const type = typeName ? released.getType(typeName) : undefined;
  if (!type || !member) return false;
  if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) return Boolean(type.getFields()[member]?.deprecationReason);
  if (isEnumType(type)) return Boolean(type.getValue(member)?.deprecationReason);
  return false;
}

describe('changes to the released schema', () => {
  const releasedText = readFileSync(RELEASED, 'utf8');

  it('breaks nothing that was not deprecated in the released schema first', async () => {
    const released = buildSchema(releasedText);
    const changes = await schemaChanges(releasedText, readFileSync(CURRENT, 'utf8'));
    const breaking = changes.filter((c) => c.criticality.level === CriticalityLevel.Breaking && !(c.path && wasDeprecated(released, c.path)));
    expect(breaking.map((c) => `${c.path}: ${c.message}`)).toEqual([]);
  });

  it("lists every change since the release in the changelog's Unreleased section", async () => {
    const notes = unreleasedNotes(readFileSync(CHANGELOG, 'utf8'));
    expect(notes, "docs/schema/CHANGELOG.md needs a '## Unreleased' section").not.toBeNull();
    const changes = await schemaChanges(releasedText, readFileSync(CURRENT, 'utf8'));
    const unlisted = changes.filter((c) => !notes!.includes(`\`${(c.path ?? '').split('.').slice(0, 2).join('.')}\``)).map((c) => `${c.path}: ${c.message}`);
    expect(unlisted, 'name each changed Type.field in backticks under ## Unreleased').toEqual([]);
  });

  it('judges a removed field breaking unless it was deprecated (the check itself works)', async () => {
    const before = 'type Query { "a" a: Int "b" b: Int @deprecated(reason: "Use a.") }';
    const released = buildSchema(before);
    const removeA = await schemaChanges(before, 'type Query { "b" b: Int @deprecated(reason: "Use a.") }');
    const removeB = await schemaChanges(before, 'type Query { "a" a: Int }');
    expect(removeA.filter((c) => c.criticality.level === CriticalityLevel.Breaking && !wasDeprecated(released, c.path!))).toHaveLength(1);
    expect(removeB.filter((c) => c.criticality.level === CriticalityLevel.Breaking && !wasDeprecated(released, c.path!))).toHaveLength(0);
  });
});

describe('releasing Unreleased (npm run schema:release)', () => {
  const changelog = '# Changelog\n\n## Unreleased\n\n- `Query.x` (new).\n\n## 1.2.0 — 2026-11-24\n\n- old\n';

  it('names the next version from the changes: major when something breaks, minor when the schema grew, patch for behaviour only', async () => {
    const before = 'type Query { "a" a: Int "b" b: Int @deprecated(reason: "Use a.") }';
    expect(nextVersion('1.2.0', await schemaChanges(before, 'type Query { "a" a: Int }'))).toBe('2.0.0');
    expect(nextVersion('1.2.3', await schemaChanges(before, `${before.slice(0, -1)} "c" c: Int }`))).toBe('1.3.0');
    expect(nextVersion('1.2.3', [])).toBe('1.2.4');
  });

  it("dates 'Unreleased' as the version, leaves an empty 'Unreleased' above, and refuses a version not after the newest", () => {
    expect(newestReleased(changelog)).toBe('1.2.0');
    const released = releaseChangelog(changelog, '1.3.0', '2026-12-01');
    expect(released).toContain('## Unreleased\n\n## 1.3.0 — 2026-12-01\n\n- `Query.x` (new).');
    expect(newestReleased(released)).toBe('1.3.0');
    expect(unreleasedNotes(released)?.trim()).toBe('');
    expect(() => releaseChangelog(changelog, '1.2.0', '2026-12-01')).toThrow(/not after/);
    expect(() => releaseChangelog(released, '1.4.0', '2026-12-02')).toThrow(/empty/);
  });

  it('the changelog names a released version (the one every answer carries)', () => {
    expect(newestReleased(readFileSync(CHANGELOG, 'utf8'))).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
