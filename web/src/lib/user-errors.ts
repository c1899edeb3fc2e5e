// Mutation payloads answer rule violations as `userErrors { field code message }` (docs/API.md,
// 'Conventions'): the request succeeds, the payload says what was refused. A mutation hook turns
// them into a thrown UserErrors, so a form handles a refused save where it handles a failed
// request, and reads the messages the same way for both.
import { graphQLErrorMessage, graphQLFieldErrors } from './graphql-field-errors';

export interface UserErrorData {
  /** The path within the mutation's input (`name`, `times.2.endTime`); null for the whole input. */
  field?: string | null;
  code: string;
  message: string;
}

/** A mutation refused its input: nothing was saved. */
export class UserErrors extends Error {
  constructor(readonly errors: readonly UserErrorData[]) {
    super(errors[0]?.message ?? 'The request was refused.');
    this.name = 'UserErrors';
  }

  static is(error: unknown): error is UserErrors {
    return error instanceof UserErrors;
  }
}

/** The payload when it has no userErrors; throws UserErrors when it has some, and an Error when
 *  there is no payload at all. */
export function requirePayload<P extends { userErrors: readonly UserErrorData[] }>(payload: P | null | undefined): P {
  if (!payload) throw new Error('The server gave no answer.');
  if (payload.userErrors.length > 0) throw new UserErrors(payload.userErrors);
  return payload;
}

/** Each input field's first message, from userErrors or from a GraphQL error's `extensions.fields`. */
export function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!UserErrors.is(error)) return graphQLFieldErrors(error);
  const fields: Record<string, string> = {};
  for (const { field, message } of error.errors) if (field && !(field in fields)) fields[field] = message;
  return fields;
}

/** The server's own message for a refused or failed mutation (the first userError, or the GraphQL
 *  error's message); undefined for transport failures. */
export function errorMessageOf(error: unknown): string | undefined {
  return UserErrors.is(error) ? error.message : graphQLErrorMessage(error);
}
