// A lazily loaded part of a public page that needs the GraphQL client (a member's Follow, Mute or
// Report): its chunk and the client load together, and it renders under the client's provider, so
// that the page itself (lib/page-query.ts) and a visitor's download carry neither.
import { lazy, type ComponentType } from 'react';

/** React.lazy for `load`'s component, rendered under the browser's Apollo provider. */
export function lazyWithApollo<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { ApolloProvider }, { browserApolloClient }] = await Promise.all([load(), import('@apollo/client/react'), import('./apollo')]);
    const client = browserApolloClient();
    return {
      default: function WithApollo(props: P) {
        return (
          <ApolloProvider client={client}>
            <Component {...props} />
          </ApolloProvider>
        );
      },
    };
  });
}
