// The web client sends each operation's hash, never its text (docs/API.md, 'Trusted documents'):
// every generated document carries `__meta__.hash` (codegen.ts), the key of its text in the build's
// manifest, which is what the server runs. A signed-in session may run nothing else.
// Unit-tested under Node's resolution (tests/unit/offline-queue.test.ts imports the offline
// link): hence the imports name their .js files.
import { ApolloLink } from '@apollo/client';
import type { DocumentNode } from 'graphql';
import './apollo-context.js';

/** The document's trusted hash (bare hex, as Apollo's persisted-query extension carries it). */
export function documentHash(document: DocumentNode): string | null {
  const hash = (document as { __meta__?: { hash?: unknown } }).__meta__?.hash;
  return typeof hash === 'string' ? hash.replace(/^sha256:/, '') : null;
}

/** HTTP sends `extensions.persistedQuery` without `query`; graphql-ws-client.ts sends the same
 *  extension with an empty `query` over the socket. */
export function createTrustedDocumentLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const hash = documentHash(operation.query) ?? operation.getContext().documentHash ?? null;
    if (hash) {
      operation.extensions.persistedQuery = { version: 1, sha256Hash: hash };
      operation.setContext(({ http }: { http?: Record<string, unknown> }) => ({ http: { ...http, includeQuery: false, includeExtensions: true } }));
    }
    return forward(operation);
  });
}
