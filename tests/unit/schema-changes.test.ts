// The deprecation policy (docs/API.md, 'Changing the schema'), checked against the released schema:
// nothing released breaks without a deprecation first, and every change is in the changelog.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLSchema } from 'graphql';
import { CHANGELOG, CriticalityLevel, CURRENT, RELEASED, schemaChanges, unreleasedNotes } from '../../scripts/schema-changes.js';

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
