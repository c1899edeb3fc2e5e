// The per-field messages a GraphQL error carries in `extensions.fields` (BAD_USER_INPUT).
import { CombinedGraphQLErrors } from '@apollo/client/errors';

export function graphQLFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  for (const item of error.errors) {
    const fields = item.extensions?.fields;
    if (fields && typeof fields === 'object') {
      return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
  }
  return undefined;
}

/** The server's own message (e.g. 'You can only delete messages you sent.'), for a toast's
 *  description; transport failures have none worth showing. */
export function graphQLErrorMessage(error: unknown): string | undefined {
  return CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : undefined;
}
