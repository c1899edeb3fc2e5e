// Trusted documents (docs/API.md, 'Trusted documents'): the web client sends the hash of each
// operation, never its text, and the server runs the text of that hash from the build's manifest
// (web/src/gql/persisted-documents.json, made by `npm run generate`). A request authenticated by a
// browser session may run only those documents (TRUSTED_DOCUMENTS=enforce, the default): a stolen
// session token, or script injected into the page, cannot send a document of its own. API tokens
// and anonymous callers keep arbitrary documents under the cost limits (and Apollo's automatic
// persisted queries, whose registered hashes a session never may use).
// Parse and validation of a trusted document are kept by hash for the server's life (HTTP: Apollo's
// document store, pinned here; graphql-ws: `trustedSubscriptionDocument`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ApolloServerOptions, BaseContext } from '@apollo/server';
import { GraphQLError, Kind, parse, type DocumentNode, type GraphQLSchema } from 'graphql';
import { AppError } from '../lib/errors.js';
import { checkDocumentText, GRAPHQL_LIMITS, type CheckedDocument } from './limits.js';

export type TrustedDocumentsMode = 'enforce' | 'off';

type DocumentStore = NonNullable<ApolloServerOptions<BaseContext>['documentStore']>;
type QueryCache = NonNullable<NonNullable<Exclude<ApolloServerOptions<BaseContext>['persistedQueries'], false>>['cache']>;
type KeyValueCache<V> = { get(key: string): Promise<V | undefined>; set(key: string, value: V, options?: { ttl?: number | null }): Promise<void>; delete(key: string): Promise<boolean | void> };

/** A bounded least-recently-used map in Apollo's cache shape (entries, not bytes). */
function lruCache<V>(max: number): KeyValueCache<V> {
  const entries = new Map<string, V>();
  return {
    async get(key) {
      const hit = entries.get(key);
      if (hit !== undefined) {
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    async set(key, value) {
      entries.delete(key);
      entries.set(key, value);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
    },
    async delete(key) {
      return entries.delete(key);
    },
  };
}

/** Documents kept that are not trusted ones (API tokens', anonymous callers', registered APQs). */
export const UNTRUSTED_CACHE_SIZE = 1000;

/** The repository root, from server/src/graphql (tsx, tests) and from dist/server/graphql (built). */
const ROOT = join(import.meta.dirname, '..', '..', '..');
/** What `npm run generate` makes (the source of the web client's hashes). */
export const MANIFEST_SOURCE = join(ROOT, 'web', 'src', 'gql', 'persisted-documents.json');
/** The copy `npm run build` ships beside the built server: the manifest of the client it built. */
export const MANIFEST_BUILT = join(ROOT, 'dist', 'trusted-documents.json');

const HASH = /^[0-9a-f]{64}$/;

export const UNTRUSTED_DOCUMENT =
  "A signed-in browser session runs only the web app's own operations, sent by hash. To send a document of your own, use an API token (Developer page).";
export const UNKNOWN_DOCUMENT = 'This operation is not one this version of Clubroom knows. Please reload the page.';

export class TrustedDocuments {
  private readonly texts: Map<string, string>;
  private readonly checked = new Map<string, CheckedDocument>();

  constructor(manifest: Record<string, string>) {
    // The preset names its hashes `sha256:<hex>` (GraphQL over HTTP's document id); Apollo's
    // persisted-query extension carries the bare hex.
    this.texts = new Map(Object.entries(manifest).map(([id, text]) => [id.replace(/^sha256:/, ''), text]));
  }

  /** The build's manifest: the shipped copy when running the built server, else the source's. */
  static load(file = import.meta.dirname.split(/[\\/]/).includes('dist') && existsSync(MANIFEST_BUILT) ? MANIFEST_BUILT : MANIFEST_SOURCE): TrustedDocuments {
    if (!existsSync(file)) throw new Error(`The trusted documents' manifest ${file} is missing: run npm run generate (and npm run build).`);
    return new TrustedDocuments(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
  }

  get size(): number {
    return this.texts.size;
  }

  has(hash: string): boolean {
    return this.texts.has(hash);
  }

  private queries: Map<string, string> | undefined;

  /** The hash of the query named `operationName` that takes no variables, or null: what a page's
   *  HTML names for the app to send as it starts (web/src/lib/first-query.ts). */
  queryHash(operationName: string): string | null {
    this.queries ??= new Map(
      [...this.texts].flatMap(([hash, text]) =>
        parse(text).definitions.flatMap((definition) =>
          definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'query' && definition.name && !definition.variableDefinitions?.length
            ? [[definition.name.value, hash] as const]
            : [],
        ),
      ),
    );
    return this.queries.get(operationName) ?? null;
  }

  text(hash: string): string | undefined {
    return this.texts.get(hash);
  }

  /** A trusted document parsed and validated once (graphql-ws), or null for an unknown hash. */
  checkedDocument(schema: GraphQLSchema, hash: string): CheckedDocument | null {
    const hit = this.checked.get(hash);
    if (hit) return hit;
    const text = this.texts.get(hash);
    if (text === undefined) return null;
    const checked = checkDocumentText(schema, text);
    this.checked.set(hash, checked);
    return checked;
  }

  /** Apollo's persisted-query cache: the manifest's texts first (read-only), then what API
   *  tokens and anonymous callers registered (Apollo's in-memory default). */
  persistedQueryCache(registered: KeyValueCache<string> = lruCache<string>(UNTRUSTED_CACHE_SIZE)): QueryCache {
    return {
      get: async (key: string) => this.texts.get(key.replace(/^apq:/, '')) ?? registered.get(key),
      set: async (key: string, value: string, options?: { ttl?: number | null }) => {
        if (!this.texts.has(key.replace(/^apq:/, ''))) await registered.set(key, value, options);
      },
      delete: async (key: string) => registered.delete(key),
    };
  }

  /** Apollo's document store (parsed and validated documents by `<schema hash>:<query hash>`):
   *  trusted documents are kept for the server's life, others in a bounded LRU as Apollo's own. */
  documentStore(others: KeyValueCache<DocumentNode> = lruCache<DocumentNode>(UNTRUSTED_CACHE_SIZE)): DocumentStore {
    const pinned = new Map<string, DocumentNode>();
    const isTrusted = (key: string) => this.texts.has(key.slice(key.lastIndexOf(':') + 1));
    return {
      get: async (key: string) => pinned.get(key) ?? others.get(key),
      set: async (key: string, value: DocumentNode, options?: { ttl?: number | null }) => {
        if (isTrusted(key)) pinned.set(key, value);
        else await others.set(key, value, options);
      },
      delete: async (key: string) => {
        pinned.delete(key);
        return others.delete(key);
      },
    };
  }
}

/** The hash a request names (Apollo's `extensions.persistedQuery.sha256Hash`, or GraphQL over
 *  HTTP's `documentId: "sha256:<hex>"`), lower-case hex, or null. */
export function requestedHash(params: { extensions?: unknown; documentId?: unknown } | null | undefined): string | null {
  const persisted = (params?.extensions as { persistedQuery?: { sha256Hash?: unknown } } | undefined)?.persistedQuery;
  const hash = typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : typeof params?.documentId === 'string' ? params.documentId.replace(/^sha256:/, '') : null;
  return hash !== null && HASH.test(hash) ? hash : null;
}

/** Whether the caller signed in with a browser session (a viewer without `credential` is one). */
export function isSessionViewer(viewer: { credential?: 'session' | 'token' } | null | undefined): boolean {
  return !!viewer && viewer.credential !== 'token';
}

const INTROSPECTION = new Set(['__schema', '__type', '__typename']);

/** A document that only reads the schema (every operation a query of `__schema`, `__type` or
 *  `__typename` alone at its root): the explorer's Docs panel, as a session. The schema is public
 *  (GET /schema.graphql); it reads no data. */
function introspectionOnly(text: string): boolean {
  let document: DocumentNode;
  try {
    document = parse(text, { maxTokens: GRAPHQL_LIMITS.maxTokens });
  } catch {
    return false;
  }
  const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  return (
    operations.length > 0 &&
    operations.every((op) => op.operation === 'query' && op.selectionSet.selections.every((s) => s.kind === Kind.FIELD && INTROSPECTION.has(s.name.value)))
  );
}

/** Why a session's request may not run, or null: it must name a manifest hash and carry no text,
 *  or be a document that only reads the schema. */
export function sessionDocumentRefusal(trusted: TrustedDocuments, params: { query?: unknown; extensions?: unknown; documentId?: unknown }): AppError | null {
  if (typeof params.query === 'string' && params.query.length > 0) return introspectionOnly(params.query) ? null : new AppError('FORBIDDEN', UNTRUSTED_DOCUMENT);
  const hash = requestedHash(params);
  if (hash === null) return new AppError('FORBIDDEN', UNTRUSTED_DOCUMENT);
  if (!trusted.has(hash)) return new AppError('FORBIDDEN', UNKNOWN_DOCUMENT);
  return null;
}

/** The same refusal as graphql-ws answers it. */
export function asSocketErrors(refusal: AppError): GraphQLError[] {
  return [new GraphQLError(refusal.message, { originalError: refusal, extensions: { code: refusal.code } })];
}
