// Example operations of the explorer, one or more per domain, in the order the Examples panel
// shows them (one file of examples per topic). A unit test validates every one against
// schema.graphql and the document limits (tests/unit/explorer-examples.test.ts), so they change
// with the schema.
import type { ExplorerExample } from './example.js';
import { ACCOUNT_AND_MESSAGES_EXAMPLES } from './examples-account.js';
import { CLUBS_AND_COUNCIL_EXAMPLES } from './examples-clubs.js';
import { API_TOKEN_EXAMPLES } from './examples-tokens.js';
import { ADMINISTRATION_EXAMPLES } from './examples-admin.js';
import { VOLUNTEER_EXAMPLES } from './examples-volunteers.js';
import { USERS_AND_MODERATION_EXAMPLES } from './examples-moderation.js';

export type { ExplorerExample } from './example.js';

export const EXPLORER_EXAMPLES: ExplorerExample[] = [
  ...ACCOUNT_AND_MESSAGES_EXAMPLES,
  ...CLUBS_AND_COUNCIL_EXAMPLES,
  ...API_TOKEN_EXAMPLES,
  ...ADMINISTRATION_EXAMPLES,
  ...VOLUNTEER_EXAMPLES,
  ...USERS_AND_MODERATION_EXAMPLES,
];
