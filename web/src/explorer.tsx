// The GraphQL explorer served at GET /graphql in a browser: GraphiQL bundled by Vite (no CDN).
// Queries and mutations go over HTTP with the headers of the headers editor; subscriptions go
// over graphql-ws, whose connection_init carries the same Authorization header.
import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import 'graphiql/style.css';
import { createClient } from 'graphql-ws';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { readStoredSession } from './lib/session-storage';

const DEFAULT_QUERY = `# Welcome to the Clubroom GraphQL Explorer.
# Paste a bearer token in the Headers tab below to act as a signed-in user.

query Me {
  me {
    id
    email
    fullName
    role
  }
}
`;

function websocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/graphql`;
}

/** An Authorization value worth sending: not the empty 'Bearer ' template. */
function isUsableAuthorization(value: unknown): value is string {
  return typeof value === 'string' && /^bearer\s+\S+/i.test(value.trim());
}

/** The usable Authorization header (if any) and the headers without an unusable one. */
function splitHeaders(headers: Record<string, unknown> | undefined) {
  let authorizationValue: string | undefined;
  const kept: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() !== 'authorization') kept[name] = value;
    else if (isUsableAuthorization(value)) kept[name] = authorizationValue = value.trim();
  }
  return { authorizationValue, kept };
}

let authorization: string | undefined;
const wsClient = createClient({
  url: websocketUrl(),
  lazy: true,
  connectionParams: () => (authorization ? { authorization } : {}),
});
const baseFetcher = createGraphiQLFetcher({ url: '/graphql', wsClient });

const fetcher: Fetcher = (params, options) => {
  const { authorizationValue, kept } = splitHeaders(options?.headers);
  if (authorizationValue !== authorization) {
    authorization = authorizationValue;
    // Reconnect so that subscriptions run as the user named in the headers editor.
    wsClient.terminate();
  }
  return baseFetcher(params, { ...options, headers: kept });
};

const storedToken = readStoredSession()?.access_token ?? '';
const defaultHeaders = JSON.stringify({ Authorization: `Bearer ${storedToken}` }, null, 2);

const container = document.getElementById('explorer');
if (!container) throw new Error('The page has no #explorer element.');

createRoot(container).render(
  <StrictMode>
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={DEFAULT_QUERY}
      defaultHeaders={defaultHeaders}
      defaultEditorToolsVisibility="headers"
    >
      <GraphiQL.Logo>Clubroom GraphQL Explorer</GraphiQL.Logo>
    </GraphiQL>
  </StrictMode>,
);
