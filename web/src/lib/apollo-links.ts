// The links of the Apollo Client chain, outermost first:
// offline queue and Idempotency-Key (offline-link.ts) → errors (toasts, one token refresh on UNAUTHENTICATED) → retries (queries only) → bearer token →
// decided applications kept decided (decisions-link.ts) → live values kept against older answers (live-values.ts) → the document's hash instead of its text (trusted-documents.ts) → transport (WebSocket for subscriptions, HTTP otherwise).
import { ApolloLink, HttpLink } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { ErrorLink } from '@apollo/client/link/error';
import { RetryLink } from '@apollo/client/link/retry';
import { OperationTypeNode } from 'graphql';
import { from as fromPromise, mergeMap, throwError } from 'rxjs';
import './apollo-context';
import { QUERY_RETRY_BASE_MS, QUERY_RETRY_CAP_MS, QUERY_RETRY_MAX, REQUEST_TIMEOUT_MS } from './constants';
import { AUTHENTICATION_ERROR_NOTICE } from './messages';
import { describeRequestError, errorCodes, isUnauthenticatedError } from './request-errors';
import { getAccessToken } from './session';
import { expireSession } from './session-expiry';
import { takeFirstQuery } from './first-query';
import { refreshSession } from './session-refresh';
import { notify } from './toaster';

const CLIENT_ERROR_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'BAD_USER_INPUT', 'NOT_FOUND', 'RATE_LIMITED']);

export function createErrorLink(): ApolloLink {
  return new ErrorLink(({ error, operation, forward }) => {
    const context = operation.getContext();
    if (isUnauthenticatedError(error)) {
      if (!getAccessToken()) return;
      if (context.authRetried) {
        expireSession(AUTHENTICATION_ERROR_NOTICE);
        return;
      }
      return fromPromise(refreshSession()).pipe(
        mergeMap((outcome) => {
          if (outcome.status !== 'refreshed') {
            expireSession(AUTHENTICATION_ERROR_NOTICE);
            return throwError(() => error);
          }
          operation.setContext({ authRetried: true });
          return forward(operation);
        }),
      );
    }
    if (context.silent) return;
    const notice = describeRequestError(error);
    if (notice) notify(notice);
  });
}

function isClientError(error: unknown): boolean {
  if (ServerError.is(error)) return error.statusCode >= 400 && error.statusCode < 500;
  return errorCodes(error).some((code) => CLIENT_ERROR_CODES.has(code));
}

/** Queries only: none on 4xx, otherwise up to 3 retries, backoff 1 s doubling to 30 s. */
export function createRetryLink(): ApolloLink {
  return new RetryLink({
    delay: { initial: QUERY_RETRY_BASE_MS, max: QUERY_RETRY_CAP_MS, jitter: false },
    attempts: (attempt, operation, error) =>
      attempt <= QUERY_RETRY_MAX &&
      operation.operationType === OperationTypeNode.QUERY &&
      operation.getContext().retry !== false &&
      !isClientError(error),
  });
}

export function createAuthLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const token = getAccessToken();
    if (token) {
      operation.setContext(({ headers = {} }: { headers?: Record<string, string> }) => ({
        headers: { ...headers, authorization: `Bearer ${token}` },
      }));
    }
    return forward(operation);
  });
}

/** fetch with the request timeout; the abort surfaces as a TimeoutError ('Request Timeout'). The
 *  page's first query, already sent as the app started, is answered by that request (first-query.ts). */
const fetchWithTimeout: typeof fetch = (input, init) => {
  const early = takeFirstQuery(init);
  if (early) return early;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  // Without AbortSignal.any (older browsers) the caller's signal wins and the timeout is skipped.
  const canCombine = typeof AbortSignal.any === 'function';
  const signal = init?.signal ? (canCombine ? AbortSignal.any([init.signal, timeout]) : init.signal) : timeout;
  return fetch(input, { ...init, signal });
};

/** ws-link.ts, loaded; a load that failed (offline) is tried again once the browser is back online
 *  (as the toasts' region is, app/providers.tsx), the subscriptions waiting meanwhile as they would
 *  for a socket to come back. */
const loadWsLink = (): Promise<typeof import('./ws-link')> =>
  import('./ws-link').catch(
    () => new Promise((resolve) => window.addEventListener('online', () => resolve(loadWsLink()), { once: true })),
  );

/** The WebSocket link (ws-link.ts), made when the first subscription needs it: graphql-ws and its
 *  client load then, not with every page that reads GraphQL. `onCatchUp`: see graphql-ws-client.ts. */
function lazyWsLink(onCatchUp: () => void): ApolloLink {
  let ws: Promise<ApolloLink> | undefined;
  return new ApolloLink((operation, forward) => {
    ws ??= loadWsLink().then((module) => module.createWsLink(onCatchUp));
    return fromPromise(ws).pipe(mergeMap((link) => link.request(operation, forward)));
  });
}

export function createTransportLink(onCatchUp: () => void): ApolloLink {
  return ApolloLink.split(
    ({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION,
    lazyWsLink(onCatchUp),
    new HttpLink({ uri: '/graphql', credentials: 'same-origin', fetch: fetchWithTimeout }),
  );
}
