// The key under which the server writes a public page's query result and the browser looks it up
// (web/src/lib/page-query.ts): the two sides build their variables apart, so the key must not
// depend on the order of their keys, and a variable left undefined is the same as one not given.
import { describe, expect, it } from 'vitest';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { pageQueryKey } from '../../web/src/lib/page-query.js';

function operation(name: string): TypedDocumentNode<unknown, never> {
  return {
    kind: 'Document',
    definitions: [
      { kind: 'FragmentDefinition', name: { kind: 'Name', value: 'Card_club' } },
      { kind: 'OperationDefinition', operation: 'query', name: { kind: 'Name', value: name }, selectionSet: { kind: 'SelectionSet', selections: [] } },
    ],
  } as unknown as TypedDocumentNode<unknown, never>;
}

describe('pageQueryKey', () => {
  it("names the operation (not a fragment) and its variables", () => {
    expect(pageQueryKey(operation('ClubDirectory'), { search: 'row', first: 24 })).toBe('ClubDirectory:{"first":24,"search":"row"}');
  });

  it('is the same whatever the order of the keys, at every depth', () => {
    const a = pageQueryKey(operation('Browse'), { filter: { sport: 'Rowing', city: 'Leeds' }, first: 24, after: null });
    const b = pageQueryKey(operation('Browse'), { after: null, first: 24, filter: { city: 'Leeds', sport: 'Rowing' } });
    expect(a).toBe(b);
  });

  it('treats an undefined variable as absent, but keeps null and array order', () => {
    expect(pageQueryKey(operation('Club'), { id: 'x', positionsAfter: undefined })).toBe(pageQueryKey(operation('Club'), { id: 'x' }));
    expect(pageQueryKey(operation('Club'), { id: 'x', positionsAfter: null })).not.toBe(pageQueryKey(operation('Club'), { id: 'x' }));
    expect(pageQueryKey(operation('Q'), { ids: ['b', 'a'] })).not.toBe(pageQueryKey(operation('Q'), { ids: ['a', 'b'] }));
  });

  it('tells operations apart, and no variables from empty ones', () => {
    expect(pageQueryKey(operation('ClubSports'), undefined)).toBe('ClubSports:{}');
    expect(pageQueryKey(operation('ClubSports'), {})).toBe('ClubSports:{}');
    expect(pageQueryKey(operation('ClubSports'), {})).not.toBe(pageQueryKey(operation('OpportunityFilterOptions'), {}));
  });
});
