// Before an operation runs: its cost (from its document and variables) is checked against the
// limit for every caller; for an API token, its scopes are checked against every root field the
// operation selects (public ones included), then the cost is taken from the token's budget. Every
// response then reports the cost (`extensions.cost`, 400s included), with the budget left and the
// IETF RateLimit fields for token callers. docs/API.md, 'API tokens' and 'Cost and rate limits'.
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, getOperationAST, type DocumentNode, type GraphQLSchema, type OperationDefinitionNode } from 'graphql';
import type { Context } from '../../graphql/context.js';
import { COST_LIMIT, costRefusal, operationCost, reportedCost, type CostExtension } from '../../graphql/cost.js';
import type { Services } from '../../lib/services.js';
import { errors as appErrors, type AppError } from '../../lib/errors.js';
import type { Viewer } from '../../lib/viewer.js';
import type { BudgetState, TokenBudget } from './tokens.budget.js';
import { isTokenViewer, operationScopeRefusal } from '../../graphql/scopes.js';

export interface GateOutcome {
  cost: CostExtension;
  /** Why the operation may not run (cost limit: 400, scope: 403, budget: 429), or null. */
  refusal: { error: AppError | GraphQLError; status: 400 | 403 | 429; retryAfterSeconds?: number } | null;
  /** What was taken from a token's budget (given back should the operation not run after all). */
  charged: { tokenId: string; points: number } | null;
  /** A token's budget after this operation; null for sessions and anonymous callers. */
  budget: BudgetState | null;
}

type Variables = Readonly<Record<string, unknown>> | null | undefined;

/** Checks the cost limit; for a token, its scopes, then takes the cost from its budget. For a
 *  session or an anonymous caller only the cost is worked out (no statement, no write). */
export async function gateOperation(schema: GraphQLSchema, services: Pick<Services, 'tokenBudget'>, viewer: Viewer | null, document: DocumentNode, operation: OperationDefinitionNode, variables?: Variables): Promise<GateOutcome> {
  const figure = operationCost(schema, document, operation, variables);
  const cost: CostExtension = { requested: reportedCost(figure), actual: 0, limit: COST_LIMIT };
  const token = isTokenViewer(viewer) ? viewer.tokenId! : null;
  const budgetNow = () => (token ? services.tokenBudget.state(token) : Promise.resolve(null));
  const overLimit = costRefusal(figure);
  if (overLimit) return { cost, refusal: { error: overLimit, status: 400 }, charged: null, budget: await budgetNow() };
  if (!token) return { cost: { ...cost, actual: figure }, refusal: null, charged: null, budget: null };
  const refused = operationScopeRefusal(schema, viewer!, document, operation);
  if (refused) return { cost, refusal: { error: refused, status: 403 }, charged: null, budget: await budgetNow() };
  const points = services.tokenBudget.pointsFor(figure);
  const taken = await services.tokenBudget.take(token, points);
  if (!taken.granted) return { cost, refusal: { error: appErrors.rateLimited(), status: 429, retryAfterSeconds: taken.retryAfterSeconds }, charged: null, budget: taken.state };
  return { cost: { ...cost, actual: figure }, refusal: null, charged: { tokenId: token, points }, budget: taken.state };
}

/** The gate for an operation that arrived over graphql-ws (the cost limit for every caller, scopes
 *  and budget for a token): the errors to answer, or null. */
export async function gateSocketOperation(schema: GraphQLSchema, services: Pick<Services, 'tokenBudget'>, viewer: Viewer | null, document: DocumentNode, operationName: string | null | undefined, variables?: Variables): Promise<GraphQLError[] | null> {
  const operation = getOperationAST(document, operationName);
  if (!operation) return null;
  const { refusal } = await gateOperation(schema, services, viewer, document, operation, variables);
  if (!refusal) return null;
  const error = refusal.error;
  if (error instanceof GraphQLError) return [error];
  // The AppError inside, so the socket's error formatting answers its message and code.
  return [new GraphQLError(error.message, { originalError: error, extensions: { code: error.code } })];
}

/** `extensions.cost.budget` and the RateLimit fields of draft-ietf-httpapi-ratelimit-headers
 *  (-08 onwards: `RateLimit-Policy` and `RateLimit`; the policy "cost": q points restored over w
 *  seconds; r points left, t seconds until the budget is whole). */
function reportBudget(budget: TokenBudget, state: BudgetState, headers: Map<string, string>): CostExtension['budget'] {
  const untilFull = Math.max(0, Math.ceil((state.fullAt.getTime() - Date.now()) / 1000));
  headers.set('ratelimit-policy', `"cost";q=${budget.maximum};w=${budget.windowSeconds}`);
  headers.set('ratelimit', `"cost";r=${state.remaining};t=${untilFull}`);
  return { maximum: state.maximum, remaining: state.remaining, restoreRate: state.restoreRate, fullAt: state.fullAt.toISOString() };
}

/** The Apollo plugin. `ignoresBearer`: documents that act on credentials of their own (sign-in,
 *  refresh…), which ignore the Authorization header and so are neither scope-checked nor charged. */
export function tokenGatePlugin(services: Pick<Services, 'tokenBudget'>, ignoresBearer: (operation: OperationDefinitionNode) => boolean): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      let outcome: GateOutcome | null = null;
      return {
        async didResolveOperation({ contextValue, document, operation, schema, request }) {
          if (!operation) return;
          // A refused bearer leaves no viewer (app/clubroom.ts answers 401): the cost is still reported.
          const viewer = ignoresBearer(operation) ? null : contextValue.viewer;
          outcome = await gateOperation(schema, services, viewer, document, operation, request.variables);
          if (outcome.refusal) throw outcome.refusal.error;
        },
        async willSendResponse({ response, contextValue }) {
          const result = response.body.kind === 'single' ? response.body.singleResult : null;
          // Refused before an operation was known (a document that does not parse or validate,
          // an unknown operation name): nothing was counted or charged.
          const gate: GateOutcome = outcome ?? {
            cost: { requested: 0, actual: 0, limit: COST_LIMIT },
            refusal: null,
            charged: null,
            budget: isTokenViewer(contextValue.viewer) ? await services.tokenBudget.state(contextValue.viewer!.tokenId!) : null,
          };
          let { cost, budget } = gate;
          // Nothing ran (the variables could not be read, …): what was taken is given back.
          if (result && !('data' in result && result.data !== undefined)) {
            cost = { ...cost, actual: 0 };
            if (gate.charged) budget = await services.tokenBudget.refund(gate.charged.tokenId, gate.charged.points);
          }
          if (budget) cost = { ...cost, budget: reportBudget(services.tokenBudget, budget, response.http.headers) };
          if (result) result.extensions = { ...result.extensions, cost };
          const refusal = gate.refusal;
          if (!refusal) return;
          response.http.status = refusal.status;
          if (refusal.retryAfterSeconds) response.http.headers.set('retry-after', String(refusal.retryAfterSeconds));
        },
      };
    },
  };
}
