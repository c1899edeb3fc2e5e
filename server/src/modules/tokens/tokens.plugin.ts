// Before an operation runs: an API token's scopes are checked against every root field the
// operation selects (public ones included), and its cost is charged to the token's budget. Every
// response then reports the cost (`extensions.cost`), with the budget left for token callers.
// docs/API.md, 'API tokens' and 'Cost and rate limits'.
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, getOperationAST, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Context } from '../../graphql/context.js';
import { COST_LIMIT, operationCost, type CostExtension } from '../../graphql/cost.js';
import type { Services } from '../../services.js';
import type { AppError } from '../../lib/errors.js';
import type { Viewer } from '../auth/viewer.js';
import { BudgetExceeded, type BudgetState } from './tokens.budget.js';
import { isTokenViewer, operationScopeRefusal } from './tokens.scopes.js';

export interface GateOutcome {
  cost: CostExtension;
  /** Why the operation may not run (scope: 403, budget: 429), or null. */
  refusal: { error: AppError; status: 403 | 429; retryAfterSeconds?: number } | null;
}

/** Checks a token's scopes, then charges the operation's cost to its budget. For a session or an
 *  anonymous caller only the cost is worked out (no statement, no write). */
export async function gateOperation(schema: GraphQLSchema, services: Pick<Services, 'tokenBudget'>, viewer: Viewer | null, document: DocumentNode, operation: OperationDefinitionNode): Promise<GateOutcome> {
  const cost: CostExtension = { requested: operationCost(schema, document, operation), limit: COST_LIMIT };
  if (!isTokenViewer(viewer)) return { cost, refusal: null };
  const refused = operationScopeRefusal(schema, viewer, document, operation);
  if (refused) return { cost, refusal: { error: refused, status: 403 } };
  try {
    return { cost: withBudget(cost, await services.tokenBudget.charge(viewer.tokenId!, cost.requested)), refusal: null };
  } catch (err) {
    if (!(err instanceof BudgetExceeded)) throw err;
    const retryAfterSeconds = Math.max(1, Math.ceil((err.state.resetAt.getTime() - Date.now()) / 1000));
    return { cost: withBudget(cost, err.state), refusal: { error: err.error, status: 429, retryAfterSeconds } };
  }
}

function withBudget(cost: CostExtension, state: BudgetState): CostExtension {
  return { ...cost, budget: state.budget, remaining: state.remaining, resetAt: state.resetAt.toISOString() };
}

/** The gate for an operation that arrived over graphql-ws: the errors to answer, or null. */
export async function gateSocketOperation(schema: GraphQLSchema, services: Pick<Services, 'tokenBudget'>, viewer: Viewer | null, document: DocumentNode, operationName: string | null | undefined): Promise<GraphQLError[] | null> {
  if (!isTokenViewer(viewer)) return null;
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const { refusal } = await gateOperation(schema, services, viewer, document, operation);
  // The AppError inside, so the socket's error formatting answers its message and code.
  return refusal ? [new GraphQLError(refusal.error.message, { originalError: refusal.error, extensions: { code: refusal.error.code } })] : null;
}

/** The Apollo plugin. `ignoresBearer`: documents that act on credentials of their own (sign-in,
 *  refresh…), which ignore the Authorization header and so are neither scope-checked nor charged. */
export function tokenGatePlugin(services: Pick<Services, 'tokenBudget'>, ignoresBearer: (operation: OperationDefinitionNode) => boolean): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      let outcome: GateOutcome | null = null;
      return {
        async didResolveOperation({ contextValue, document, operation, schema }) {
          if (!operation) return;
          // A refused bearer leaves no viewer (app.ts answers 401): the cost is still reported.
          const viewer = ignoresBearer(operation) ? null : contextValue.viewer;
          outcome = await gateOperation(schema, services, viewer, document, operation);
          if (outcome.refusal) throw outcome.refusal.error;
        },
        async willSendResponse({ response }) {
          if (!outcome) return;
          if (response.body.kind === 'single') {
            const result = response.body.singleResult;
            result.extensions = { ...result.extensions, cost: outcome.cost };
          }
          const refusal = outcome.refusal;
          if (!refusal) return;
          response.http.status = refusal.status;
          if (refusal.retryAfterSeconds) response.http.headers.set('retry-after', String(refusal.retryAfterSeconds));
        },
      };
    },
  };
}
