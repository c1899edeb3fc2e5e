// What an operation costs, by graphql-armor's own cost rule (the one that refuses documents over
// the limit, graphql/limits.ts): every response reports it (`extensions.cost`, docs/API.md 'Cost
// and rate limits') and API tokens are charged it. Running armor's code rather than a copy keeps
// the reported figure the one the limit is checked against.
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { TypeInfo, ValidationContext, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import { COST_OPTIONS, GRAPHQL_LIMITS } from './limits.js';

/** The most one operation may cost (armor refuses a document above it). */
export const COST_LIMIT = GRAPHQL_LIMITS.maxCost;

// The rule reports the cost it found through onAccept, synchronously: read right after the call.
let found = 0;
const rule = costLimitRule({
  ...COST_OPTIONS,
  maxCost: Number.POSITIVE_INFINITY,
  onAccept: [(_context, details: { n: number }) => void (found = details.n)],
  onReject: [],
  propagateOnRejection: false,
});

/** Costs already computed, per parsed document (Apollo reuses the parsed document of a query it
 *  has seen) and operation. */
const cache = new WeakMap<DocumentNode, Map<OperationDefinitionNode, number>>();

/** The cost of `operation` of `document`, as armor's cost limit counts it (introspection free). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode): number {
  let costs = cache.get(document);
  const known = costs?.get(operation);
  if (known !== undefined) return known;
  found = 0;
  const context = new ValidationContext(schema, document, new TypeInfo(schema), () => undefined);
  rule(context).onOperationDefinitionEnter(operation);
  const cost = found;
  if (!costs) cache.set(document, (costs = new Map()));
  costs.set(operation, cost);
  return cost;
}

/** The `extensions.cost` of a response. `budget`, `remaining` and `resetAt` only for API tokens. */
export interface CostExtension {
  /** What the operation costs. */
  requested: number;
  /** The most one operation may cost. */
  limit: number;
  /** The token's points per window. */
  budget?: number;
  /** Points left in the current window, after this operation. */
  remaining?: number;
  /** When the window ends and the budget is whole again (ISO 8601, UTC). */
  resetAt?: string;
}
