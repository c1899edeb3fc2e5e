// The Apollo Client of the app.
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { createAuthLink, createErrorLink, createRetryLink, createTransportLink } from './apollo-links';
import { createWsClient } from './graphql-ws-client';
import { onAuthEvent } from './session';

export function createApolloClient(): ApolloClient {
  const client = new ApolloClient({
    link: ApolloLink.from([createErrorLink(), createRetryLink(), createAuthLink(), createTransportLink(createWsClient())]),
    cache: new InMemoryCache(),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network', nextFetchPolicy: 'cache-first' },
    },
  });
  // Another identity (or none) must not see the previous user's cached data.
  onAuthEvent((event) => {
    if (event !== 'TOKEN_REFRESHED') void client.clearStore().catch((error: unknown) => console.error(error));
  });
  return client;
}
