// How large a GraphQL document may be, enforced by graphql-armor before any resolver runs, on HTTP
// (Apollo plugins and validation rules) and on graphql-ws subscriptions (the same rules, run in
// onSubscribe). The figures are stated in docs/API.md; every operation of the web client stays
// well inside them (a test checks that).
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, specifiedRules, validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { Context } from './context.js';

export const GRAPHQL_LIMITS = {
  /** Aliased fields in one document (3,000 aliases of one list used to stall the server). */
  maxAliases: 15,
  /** Nesting of selections. */
  maxDepth: 10,
  /** Directives in one document. */
  maxDirectives: 20,
  /** Lexical tokens in one document (the explorer's introspection query is about 350). */
  maxTokens: 2000,
  /** The cost of one operation (graphql/cost.ts: 2 per object, 1 per scalar, ×1.5 per level, ×
   *  the page size of a list). Checked with the operation's variables once it is known which
   *  operation runs (modules/tokens/tokens.plugin.ts, on HTTP and graphql-ws), not by a
   *  validation rule: validation never sees variables, and `first: $n` must count as `first: 100`. */
  maxCost: 5000,
} as const;

/** graphql-js's "Did you mean …?" hints name fields a caller has not asked for. */
const SUGGESTION = / ?Did you mean .+\?/g;

const armor = new ApolloArmor({
  maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
  maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: true, flattenFragments: true },
  maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
  // Over HTTP the token limit is graphql-js's own parse option (armor's parser hook would throw
  // inside Apollo's parsing hook, which answers 500): see `parseOptions`. graphql-ws uses armor's
  // parser below. Same limit, same place.
  maxTokens: { enabled: false },
  // The cost limit needs the variables: graphql/cost.ts, checked in tokens.plugin.ts.
  costLimit: { enabled: false },
  // Hidden for anonymous callers only (below): an integrator with a token keeps the hints.
  blockFieldSuggestion: { enabled: false },
}).protect();

export const armorValidationRules: ValidationRule[] = armor.validationRules;

/** Apollo's parse options: refuses a document over the token limit with 400 GRAPHQL_PARSE_FAILED. */
export const parseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens } as const;

/** Suggestions are removed from the errors an anonymous caller sees. */
export function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, '');
}

export function armorPlugins(): ApolloServerPlugin<Context>[] {
  const clearMessages: ApolloServerPlugin<Context> = {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors, contextValue }) {
          for (const error of errors) {
            // graphql-js says "Document contains more that N tokens": say it as graphql-ws does.
            let message = error.message.replace(/^Syntax Error: Document contains more th[ae]t (\d+) tokens\. Parsing aborted\.$/, 'Syntax Error: Token limit of $1 exceeded.');
            if (!contextValue.viewer) message = withoutSuggestions(message);
            if (message !== error.message) error.message = message;
          }
        },
      };
    },
  };
  return [...(armor.plugins as ApolloServerPlugin<Context>[]), clearMessages];
}

/** What one document text came to: parsed and valid, or the errors that refuse it. */
export type CheckedDocument = { document: DocumentNode; errors: null } | { document: null; errors: readonly GraphQLError[] };

/** Subscriptions send the same few documents again and again (every tab, every reconnect): each
 *  text is parsed and validated (graphql-js's rules and armor's) once per schema, and the outcome
 *  kept in a bounded least-recently-used cache, as Apollo keeps the documents it has seen over
 *  HTTP. Texts longer than DOCUMENT_CACHE_MAX_LENGTH are checked every time, so the cache's memory
 *  stays bounded whatever clients send. */
export const DOCUMENT_CACHE_SIZE = 500;
const DOCUMENT_CACHE_MAX_LENGTH = 20_000;
const checkedDocuments = new WeakMap<GraphQLSchema, Map<string, CheckedDocument>>();

/** The parsed document of `query` with the errors that refuse it (suggestions still in), cached. */
export function checkedDocument(schema: GraphQLSchema, query: string): CheckedDocument {
  let cache = checkedDocuments.get(schema);
  if (!cache) checkedDocuments.set(schema, (cache = new Map()));
  const hit = cache.get(query);
  if (hit) {
    // Most recently used last: Map keeps insertion order, so the first key is the eviction candidate.
    cache.delete(query);
    cache.set(query, hit);
    return hit;
  }
  const checked = checkDocumentText(schema, query);
  if (query.length <= DOCUMENT_CACHE_MAX_LENGTH) {
    cache.set(query, checked);
    if (cache.size > DOCUMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return checked;
}

export function checkDocumentText(schema: GraphQLSchema, query: string): CheckedDocument {
  let document: DocumentNode;
  try {
    document = new MaxTokensParserWLexer(query, { n: GRAPHQL_LIMITS.maxTokens }).parseDocument();
  } catch (err) {
    const message = err instanceof GraphQLError ? err.message : 'Syntax Error: the document could not be read.';
    return { document: null, errors: [new GraphQLError(message, { extensions: { code: 'GRAPHQL_PARSE_FAILED' } })] };
  }
  const errors = validate(schema, document, [...specifiedRules, ...armorValidationRules]);
  if (errors.length === 0) return { document, errors: null };
  // Coded as Apollo codes them over HTTP, so both transports answer alike.
  return {
    document: null,
    errors: errors.map((e) => new GraphQLError(e.message, { nodes: e.nodes, extensions: { code: typeof e.extensions.code === 'string' ? e.extensions.code : 'GRAPHQL_VALIDATION_FAILED' } })),
  };
}

/** The same limits for a document that arrives over graphql-ws: the parsed document, or the
 *  errors to answer (without field suggestions for an anonymous caller). */
export function checkSubscriptionDocument(schema: GraphQLSchema, query: string, anonymous: boolean): CheckedDocument {
  const checked = checkedDocument(schema, query);
  if (!checked.errors) return checked;
  // Fresh errors each time: the cached ones are shared by every socket that sent this text.
  return {
    document: null,
    errors: checked.errors.map((e) => new GraphQLError(anonymous ? withoutSuggestions(e.message) : e.message, { nodes: e.nodes, extensions: { ...e.extensions } })),
  };
}
