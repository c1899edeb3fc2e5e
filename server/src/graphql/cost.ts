// What an operation costs, worked out by graphql-query-complexity from the operation and its
// variables: every response reports it (`extensions.cost`, docs/API.md 'Cost and rate limits'),
// the limit refuses an operation above COST_LIMIT (over HTTP and graphql-ws alike) and API
// tokens are charged it. One figure for all three.
//
// The model: a scalar field costs 1; an object field 2 plus what its selection costs; a list with
// `first`/`last` multiplies that by the page size asked for, whether written literally or passed
// as a variable, and by its default page size when neither is given (the number its description
// states: "24 a page"); `nodes(ids:)` by the number of ids. Fragments count as if written where
// they are spread; a selection skipped by @skip/@include counts nothing; introspection
// (`__schema`, `__type`, `__typename`) is free. graphql-armor's figures (2 per object, 1 per
// scalar) are kept; its ×1.5 per level of nesting is not: once page sizes count as they are sent,
// it made the web client's own 50-conversation page cost over 5,000 (1.5 compounded five levels
// deep through edges, node, lastMessage, sender), while the page sizes alone bound nested reads.
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import {
  GraphQLError,
  getNamedType,
  getVariableValues,
  isCompositeType,
  visit,
  type DocumentNode,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
} from 'graphql';
import { GRAPHQL_LIMITS } from './limits.js';

/** The most one operation may cost. */
export const COST_LIMIT = GRAPHQL_LIMITS.maxCost;

export const COST_MODEL = {
  scalarCost: 1,
  objectCost: 2,
  /** The page size counted for a list whose description states none (the largest page). */
  unstatedPageSize: 100,
} as const;

/** The default page size a list's description states ("24 a page", "Without `first` or `last`:
 *  the 50 oldest"), read once per field. */
const pageSizes = new WeakMap<GraphQLField<unknown, unknown>, number>();
function defaultPageSize(field: GraphQLField<unknown, unknown>): number {
  let size = pageSizes.get(field);
  if (size === undefined) {
    const stated = /\b(\d+) a page\b/.exec(field.description ?? '') ?? /Without `first` or `last`: the (\d+)\b/.exec(field.description ?? '');
    size = stated ? Number(stated[1]) : COST_MODEL.unstatedPageSize;
    pageSizes.set(field, size);
  }
  return size;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? Math.max(1, Math.floor(value)) : 0);

/** How many times a field's selection is fetched: its page size, or its number of ids. */
function multiplier(field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): number {
  if (field.args.some((a) => a.name === 'first' || a.name === 'last')) {
    return Math.max(count(args.first), count(args.last)) || defaultPageSize(field);
  }
  if (Array.isArray(args.ids)) return Math.max(1, args.ids.length);
  return 1;
}

const estimator: ComplexityEstimator = ({ field, args, childComplexity }) => {
  if (field.name.startsWith('__')) return 0;
  if (!isCompositeType(getNamedType(field.type))) return COST_MODEL.scalarCost;
  return (COST_MODEL.objectCost + childComplexity) * multiplier(field, args);
};
const estimators = [estimator];

/** The arguments and directives whose variables change the cost. */
const COSTED_ARGUMENTS = new Set(['first', 'last', 'ids', 'if']);
const PER_OPERATION_FIGURES = 16;

interface Analysis {
  /** The variables the cost depends on (page sizes, ids, @skip/@include conditions). */
  costed: string[];
  /** Figures already worked out, by the values of those variables (at most PER_OPERATION_FIGURES). */
  figures: Map<string, number>;
}

/** Per parsed document (Apollo reuses the parsed document of a query it has seen; graphql-ws
 *  documents come from limits.ts's cache) and operation: which variables count, and the figures
 *  already worked out for their values. A request whose page sizes were seen before costs a map
 *  lookup; only a new combination runs the estimator. */
const analyses = new WeakMap<DocumentNode, Map<OperationDefinitionNode, Analysis>>();

function analysisOf(document: DocumentNode, operation: OperationDefinitionNode): Analysis {
  let perOperation = analyses.get(document);
  if (!perOperation) analyses.set(document, (perOperation = new Map()));
  let analysis = perOperation.get(operation);
  if (!analysis) {
    // Every variable used in a costed argument anywhere in the document (fragments included).
    const costed = new Set<string>();
    const collect = (value: ValueNode) =>
      visit(value, {
        Variable(node) {
          costed.add(node.name.value);
        },
      });
    visit(document, {
      Argument(node) {
        if (COSTED_ARGUMENTS.has(node.name.value)) collect(node.value);
      },
    });
    analysis = { costed: [...costed].sort(), figures: new Map() };
    perOperation.set(operation, analysis);
  }
  return analysis;
}

/**
 * The cost of `operation` of `document` with `variables`. 0 when the variables cannot be read
 * (the operation is then refused before anything runs); Infinity when the document is too large
 * to count (over graphql-query-complexity's 10,000 selections once fragments are spread): refused.
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables?: Readonly<Record<string, unknown>> | null): number {
  const analysis = analysisOf(document, operation);
  const inputs = variables ?? {};
  let key = '';
  for (const name of analysis.costed) key += `${JSON.stringify(inputs[name]) ?? '-'},`;
  const known = analysis.figures.get(key);
  if (known !== undefined) return known;
  // Variables that do not coerce refuse the operation before it runs (graphql-js coerces them
  // the same way): nothing to count, and nothing kept, since the other variables may be fixed.
  if (getVariableValues(schema, operation.variableDefinitions ?? [], inputs, { maxErrors: 1 }).errors) return 0;
  let cost: number;
  try {
    cost = getComplexity({ schema, query: document, variables: inputs as Record<string, unknown>, operationName: operation.name?.value, estimators });
  } catch {
    cost = Number.POSITIVE_INFINITY;
  }
  if (analysis.figures.size >= PER_OPERATION_FIGURES) analysis.figures.delete(analysis.figures.keys().next().value!);
  analysis.figures.set(key, cost);
  return cost;
}

/** The refusal of an operation over the limit (HTTP 400), or null. */
export function costRefusal(cost: number): GraphQLError | null {
  if (cost <= COST_LIMIT) return null;
  const found = Number.isFinite(cost) ? String(cost) : 'more than can be counted';
  return new GraphQLError(`Syntax Error: Query Cost limit of ${COST_LIMIT} exceeded, found ${found}.`, { extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
}

/** The `extensions.cost` of a response. `budget` only for API tokens. */
export interface CostExtension {
  /** What the operation costs by its document and variables (null: too large to count). */
  requested: number | null;
  /** What was charged for what ran: `requested` when the operation ran, 0 when it was refused. */
  actual: number;
  /** The most one operation may cost. */
  limit: number;
  budget?: BudgetExtension;
}

export interface BudgetExtension {
  /** The most points the token's budget holds. */
  maximum: number;
  /** Points left now, after this operation. */
  remaining: number;
  /** Points restored per second, up to the maximum. */
  restoreRate: number;
  /** When the budget is whole again (ISO 8601, UTC). */
  fullAt: string;
}

/** The figure `extensions.cost.requested` reports. */
export function reportedCost(cost: number): number | null {
  return Number.isFinite(cost) ? cost : null;
}

/** `extensions.cost` of an answer refused before any operation was read (a body over the limit or
 *  not JSON, a missing security header…): nothing was counted, nothing charged. */
export const NOTHING_COUNTED: CostExtension = { requested: 0, actual: 0, limit: COST_LIMIT };

/** Fastify `onSend` hook: a /graphql error answer written outside Apollo (the error handler's 400
 *  and 413, the CSRF and idempotency refusals) gets `extensions.cost` like every Apollo answer.
 *  Only refusals (status 400+) whose body lacks it are read; successful answers are never parsed. */
export async function costOnGraphQLRefusals(request: { url: string }, reply: { statusCode: number }, payload: unknown): Promise<unknown> {
  if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"errors"') || !request.url.startsWith('/graphql')) return payload;
  if (payload.includes('"cost":{"requested"')) return payload;
  try {
    const body = JSON.parse(payload) as { extensions?: Record<string, unknown> };
    if (body.extensions?.cost) return payload;
    return JSON.stringify({ ...body, extensions: { ...body.extensions, cost: NOTHING_COUNTED } });
  } catch {
    return payload;
  }
}
