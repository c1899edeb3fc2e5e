import { ApolloProvider } from '@apollo/client/react';
import { ChakraProvider } from '@chakra-ui/react';
import type { ApolloClient } from '@apollo/client';
import type { ReactNode } from 'react';
import { Toaster } from '../components/toaster';
import { ColorModeProvider } from './color-mode';
import { system } from './theme';

export function AppProviders({ client, children }: { client: ApolloClient; children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <ColorModeProvider>
        <ApolloProvider client={client}>
          {children}
          <Toaster />
        </ApolloProvider>
      </ColorModeProvider>
    </ChakraProvider>
  );
}
