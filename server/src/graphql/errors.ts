// What a GraphQL error may tell a client: the spec's wording and a stable code. Anything
// unexpected is logged and replaced, so no stack trace or SQL reaches a client.
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, INTERNAL_MESSAGE } from '../lib/errors.js';

const PASS_THROUGH = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'PERSISTED_QUERY_NOT_FOUND', 'BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE']);

export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown, log: FastifyBaseLogger): GraphQLFormattedError {
  const original = innermost(error);
  const base = { locations: formatted.locations, path: formatted.path };
  if (original instanceof AppError) {
    return { ...base, message: original.message, extensions: { code: original.code, ...(original.fields ? { fields: original.fields } : {}) } };
  }
  // type-graphql's AuthenticationError and ForbiddenError carry these codes.
  const thrownCode = (original as { extensions?: { code?: unknown } } | undefined)?.extensions?.code;
  if (thrownCode === 'UNAUTHENTICATED') return { ...base, message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } };
  if (thrownCode === 'FORBIDDEN') return { ...base, message: "You don't have permission to perform this action.", extensions: { code: 'FORBIDDEN' } };
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && PASS_THROUGH.has(code)) return { ...base, message: formatted.message, extensions: { code } };
  // An error about the request itself (an unknown operation name, a persisted-query hash that does
  // not match, a variable graphql-ws could not coerce) is raised by graphql-js or Apollo with no
  // code, no path and nothing beneath it: the client's mistake, not the server's.
  if (original instanceof GraphQLError && !original.originalError && !original.path) {
    return { ...base, message: formatted.message, extensions: { code: requestErrorCode(original.message) } };
  }
  log.error({ err: original }, 'GraphQL resolver failed');
  return { ...base, message: INTERNAL_MESSAGE, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}

/** The error a resolver threw, beneath graphql-js's located-error wrappers. */
function innermost(error: unknown): unknown {
  let current = error as { originalError?: unknown } | undefined;
  while (current && typeof current === 'object' && current.originalError) current = current.originalError as typeof current;
  return current;
}

function requestErrorCode(message: string): string {
  if (/^(Unknown operation named|Must provide operation name|Must provide an operation|Unable to identify operation)/.test(message)) return 'OPERATION_RESOLUTION_FAILURE';
  if (/^Variable "\$/.test(message)) return 'BAD_USER_INPUT';
  return 'BAD_REQUEST';
}
