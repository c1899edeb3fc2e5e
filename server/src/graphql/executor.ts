// GraphQL over HTTP executes with graphql-jit: each operation is compiled once into one function
// (field resolution, argument values, leaf serialisation and null checks generated for that exact
// selection) instead of graphql-js walking the document for every request. Apollo Server 5 has no
// executor option; its `gateway` interface (a schema plus an executor) is the supported way to
// plug one in, and everything else of Apollo's pipeline (parsing and validation with their cache,
// the plugins, formatError, the HTTP answer) runs as before. Subscriptions go over graphql-ws
// with graphql-js (app/ws.ts). GRAPHQL_JIT=false keeps graphql-js for HTTP too.
import type { ApolloServerOptionsWithGateway, BaseContext } from '@apollo/server';
import { getVariableValues, GraphQLError, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

type GatewayInterface = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
type GatewayExecutor = NonNullable<Awaited<ReturnType<GatewayInterface['load']>>['executor']>;

type Compile = typeof compileQuery;

/** Compiled operations are kept with their document: Apollo's document store hands back the same
 *  parsed document for the same text, so a document that leaves that cache takes its compiled
 *  operations with it. */
function compiler(schema: GraphQLSchema, compileOne: Compile) {
  const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | ExecutionResult>>();
  return (document: DocumentNode, operationName: string | undefined): CompiledQuery | ExecutionResult => {
    let byName = compiled.get(document);
    if (!byName) compiled.set(document, (byName = new Map()));
    const key = operationName ?? '';
    let query = byName.get(key);
    if (!query) {
      // Stack traces of resolver errors are never shown (includeStacktraceInErrorResponses: false).
      query = compileOne(schema, document, operationName, { disablingCapturingStackErrors: true });
      byName.set(key, query);
    }
    return query;
  };
}

/** graphql-jit reports errors with its own read-only error objects; Apollo, formatError and the
 *  plugins expect graphql-js's (a resolver's error as originalError, its path and locations). */
function asGraphQLError(reported: GraphQLError): GraphQLError {
  // (graphql-jit's errors pass `instanceof GraphQLError`: their prototype inherits from it.)
  if (Object.getPrototypeOf(reported) === GraphQLError.prototype) return reported;
  const error = reported as Pick<GraphQLError, 'message' | 'path' | 'originalError' | 'extensions' | 'locations'>;
  const converted = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined, extensions: error.extensions });
  return Object.assign(converted, { locations: error.locations });
}

/** The executor: runs Apollo's resolved operation through its compiled function. */
export function jitExecutor(schema: GraphQLSchema, compileOne: Compile = compileQuery): GatewayExecutor {
  const compile = compiler(schema, compileOne);
  return async (request) => {
    const query = compile(request.document, request.operationName ?? request.request.operationName ?? undefined);
    if (!isCompiledQuery(query)) return query;
    const variables = request.request.variables ?? {};
    // Variables are checked by graphql-js first: its errors name the variable and the path inside
    // it and carry the scalar's own message, and Apollo recognises them as BAD_USER_INPUT (400).
    // graphql-jit's compiled coercion then reads the same values (and cannot refuse them).
    const checked = request.operation?.variableDefinitions?.length ? getVariableValues(schema, request.operation.variableDefinitions, variables, { maxErrors: 50 }) : null;
    if (checked?.errors) return { errors: checked.errors };
    const result = await query.query(undefined, request.context, variables);
    return result.errors ? { ...result, errors: result.errors.map(asGraphQLError) } : result;
  };
}

/** Apollo's `gateway` option serving Clubroom's own schema with the compiled executor. */
export function jitGateway(schema: GraphQLSchema): GatewayInterface {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async load() {
      return { executor: jitExecutor(schema) };
    },
    async stop() {},
  };
}
