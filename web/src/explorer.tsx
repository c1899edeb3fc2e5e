// The GraphQL explorer served at GET /graphql in a browser: GraphiQL bundled by Vite (no CDN).
// Queries and mutations go over HTTP, subscriptions over graphql-ws, both with the credential the
// page shows (explorer/credentials.ts): the headers editor's Authorization, a pasted API token, or
// this browser's signed-in session. Example operations for every domain are in the Examples panel.
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { createClient } from 'graphql-ws';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CredentialBar } from './explorer/credential-bar';
import { onCredentialChange, withAuthorization } from './explorer/credentials';
import { EXPLORER_EXAMPLES } from './explorer/examples';
import { examplesPlugin } from './explorer/examples-plugin';

const DEFAULT_QUERY = `# Welcome to the Clubroom GraphQL Explorer.
# Requests act as the credential shown above: your signed-in session in this
# browser, an API token you paste there, or an Authorization header in the
# Headers tab below. A signed-in session runs only the web app's own operations
# (by hash): paste an API token to run these. Open the Examples panel (the book icon) for an operation
# of every domain, and the Docs panel for every type and field.

${EXPLORER_EXAMPLES[0]!.query}`;

function websocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

let socketAuthorization: string | undefined;
const wsClient = createClient({
  url: websocketUrl(),
  lazy: true,
  connectionParams: () => (socketAuthorization ? { authorization: socketAuthorization } : {}),
});
// A new token or session: subscriptions reconnect with it.
onCredentialChange(() => wsClient.terminate());
const baseFetcher = createGraphiQLFetcher({ url: '/graphql', wsClient });

const fetcher: Fetcher = (params, options) => {
  const { headers, authorization } = withAuthorization(options?.headers);
  if (authorization !== socketAuthorization) {
    socketAuthorization = authorization;
    wsClient.terminate();
  }
  return baseFetcher(params, { ...options, headers });
};

const container = document.getElementById('explorer');
if (!container) throw new Error('The page has no #explorer element.');

createRoot(container).render(
  <StrictMode>
    <div className="explorer-shell">
      <CredentialBar />
      <main className="explorer-main">
        <GraphiQL fetcher={fetcher} defaultQuery={DEFAULT_QUERY} defaultHeaders="{}" plugins={[examplesPlugin]}>
          <GraphiQL.Logo>Clubroom</GraphiQL.Logo>
        </GraphiQL>
      </main>
    </div>
  </StrictMode>,
);
