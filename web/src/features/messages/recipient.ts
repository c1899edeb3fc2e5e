// Who a new message goes to, as the compose dialog shows it.
import type { MemberKind } from '../../gql/graphql';

export interface Recipient {
  /** The member's id (a GraphQL global id). */
  id: string;
  name: string;
  /** Unknown when the recipient was not picked from the list. */
  kind?: MemberKind;
}

/** The spec's fixed label for a partner whose name is not known. */
export const UNKNOWN_PARTNER_NAME = 'Conversation Partner';
