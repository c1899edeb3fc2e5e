// The app's one Apollo Client and its provider. Loaded with the first screen that reads GraphQL
// (a page, the signed-in header, the session's live services), never with the first page's
// JavaScript: the home page of a signed-out visitor paints without Apollo, graphql and rxjs.
import { ApolloProvider } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { createApolloClient } from '../lib/apollo';

// Created once, when this module is first loaded: every provider below shares its cache.
const client = createApolloClient();

export function ApolloRoot({ children }: { children: ReactNode }) {
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
