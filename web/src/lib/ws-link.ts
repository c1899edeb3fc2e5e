// The subscriptions' transport: graphql-ws's client (graphql-ws-client.ts) under Apollo's
// GraphQLWsLink. Loaded by apollo-links.ts on the first subscription only (a signed-in member's
// live badges): a visitor's public page never opens a socket, so it does not download one either.
import type { ApolloLink } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createWsClient } from './graphql-ws-client';

export function createWsLink(onCatchUp: () => void): ApolloLink {
  return new GraphQLWsLink(createWsClient(onCatchUp));
}
