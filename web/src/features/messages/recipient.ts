// Who a new message goes to, as the compose dialog shows it.
import type { RecipientKind } from '../../gql/graphql';

export interface Recipient {
  id: string;
  name: string;
  /** Unknown when the recipient was not picked from the list (a preselected partner). */
  kind?: RecipientKind;
}

/** The spec's fixed label for a partner whose name is not known. */
export const UNKNOWN_PARTNER_NAME = 'Conversation Partner';
