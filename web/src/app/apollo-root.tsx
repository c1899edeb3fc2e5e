// The app's one Apollo Client and its provider. Loaded with the first screen that reads GraphQL
// (a page, the signed-in header, the session's live services), never with the first page's
// JavaScript: the home page of a signed-out visitor paints without Apollo, graphql and rxjs.
// On the server each request renders with its own client (ServerApolloClient, set by
// web/src/entry-server.tsx); in the browser one client, made on first use, serves every page.
import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { createContext, useContext, type ReactNode } from 'react';
import { browserApolloClient } from '../lib/apollo';

export const ServerApolloClient = createContext<ApolloClient | null>(null);

export function ApolloRoot({ children }: { children: ReactNode }) {
  const client = useContext(ServerApolloClient) ?? browserApolloClient();
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
