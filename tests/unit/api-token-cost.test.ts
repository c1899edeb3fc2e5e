// The cost every response reports (extensions.cost) and API tokens are charged is the figure
// graphql-armor's cost limit checks: for documents over the limit it equals the "found N" of
// armor's refusal, and documents within it pass armor.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, getOperationAST, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { COST_LIMIT, operationCost } from '../../server/src/graphql/cost.js';
import { armorValidationRules } from '../../server/src/graphql/limits.js';

const schema = buildSchema(readFileSync(join(import.meta.dirname, '..', '..', 'schema.graphql'), 'utf8'));

function costOf(source: string, operationName?: string): number {
  const document = parse(source);
  return operationCost(schema, document, getOperationAST(document, operationName)!);
}

/** armor's verdict: the cost it found when it refused the document, or null when it let it through. */
function armorFound(source: string): number | null {
  const errors = validate(schema, parse(source), [...specifiedRules, ...armorValidationRules]);
  const refusal = errors.map((e) => /Query Cost limit of \d+ exceeded, found ([\d.]+)\./.exec(e.message)).find(Boolean);
  return refusal ? Number(refusal[1]) : null;
}

const NOTIFICATIONS_PAGE = 'notifications(first: 100) { edges { cursor node { id title description read createdAt } } pageInfo { hasNextPage endCursor } }';
const aliased = (n: number, selection: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${selection}`).join(' ')} }`;

describe('the cost of an operation', () => {
  it('counts 1 per scalar, 2 per object, x1.5 per level', () => {
    expect(costOf('{ sportCategories }')).toBe(1);
    expect(costOf('{ me { id name } }')).toBe(2 + 1.5 * 1 + 1.5 * 1);
    expect(costOf('{ me { id } sportCategories }')).toBe(2 + 1.5 + 1);
  });

  it('multiplies a list asked for with a literal first or last by its size', () => {
    expect(costOf('{ notifications(first: 10) { nodes { id } } }')).toBe(10 * (2 + 1.5 * (2 + 1.5)));
    expect(costOf('{ notifications(last: 3) { nodes { id } } }')).toBe(3 * (2 + 1.5 * (2 + 1.5)));
  });

  it('counts a fragment at the level of its spread (armor: 1 for the spread, 2 for the fragment), and introspection nothing', () => {
    expect(costOf('query { me { ...M } } fragment M on Member { id name }')).toBe(2 + 1 + (2 + 1.5 * 1 + 1.5 * 1));
    expect(costOf('{ __schema { types { name fields { name } } } }')).toBe(0);
  });

  it('is the cost of the operation that runs, in a document of several', () => {
    const source = 'query Small { sportCategories } query Large { me { id name } }';
    expect(costOf(source, 'Small')).toBe(1);
    expect(costOf(source, 'Large')).toBe(5);
  });

  it("equals armor's figure whenever armor refuses, and armor refuses nothing within the limit", () => {
    const documents = [
      aliased(4, NOTIFICATIONS_PAGE),
      aliased(14, NOTIFICATIONS_PAGE),
      `{ ${NOTIFICATIONS_PAGE} }`,
      aliased(2, NOTIFICATIONS_PAGE),
      `query { a: notifications(first: 100) { ...Page } b: notifications(first: 100) { ...Page } c: notifications(first: 100) { ...Page } d: notifications(first: 100) { ...Page } }
       fragment Page on NotificationConnection { edges { node { id title description read createdAt actionUrl } } }`,
      aliased(15, 'me { id name email }'),
    ];
    let refused = 0;
    for (const source of documents) {
      const cost = costOf(source);
      const found = armorFound(source);
      if (cost > COST_LIMIT) {
        refused++;
        expect(found, source).toBe(cost);
      } else {
        expect(found, source).toBeNull();
      }
    }
    expect(refused).toBeGreaterThanOrEqual(2);
  });
});
