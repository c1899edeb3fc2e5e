// The HTTP executor (graphql/executor.ts): graphql-jit compiles each operation of a document once
// and answers as graphql-js would — data, aliases, fragments, variables, and errors as graphql-js
// GraphQLErrors carrying the resolver's own error, its path and its location, which Apollo's
// formatError (graphql/errors.ts) needs to give the client the right code.
import { describe, expect, it } from 'vitest';
import { buildSchema, execute, GraphQLError, Kind, parse, type GraphQLSchema } from 'graphql';
import { compileQuery } from 'graphql-jit';
import { ApolloServer, type ApolloServerOptionsWithGateway, type BaseContext } from '@apollo/server';
import { jitExecutor } from '../../server/src/graphql/executor.js';
import { AppError } from '../../server/src/lib/errors.js';

const schema = buildSchema(`
  type Query { member(id: ID!): Member, members(first: Int = 2): [Member!]!, broken: Member }
  type Member { id: ID!, name: String!, secret: String }
`);
const rows = [
  { id: '1', name: 'Ada' },
  { id: '2', name: 'Brian' },
  { id: '3', name: 'Cleo' },
];
const rootValue = undefined;
const resolvers = {
  member: ({ id }: { id: string }) => rows.find((r) => r.id === id) ?? null,
  members: ({ first }: { first: number }) => rows.slice(0, first),
  broken: () => {
    throw new AppError('BAD_USER_INPUT', 'first must be between 1 and 100.', { first: 'first must be between 1 and 100.' });
  },
};
for (const [name, resolve] of Object.entries(resolvers)) {
  schema.getQueryType()!.getFields()[name]!.resolve = (_root, args) => resolve(args as never);
}
(schema.getType('Member') as unknown as { getFields(): Record<string, { resolve?: unknown }> }).getFields().secret!.resolve = () => {
  throw new Error('connection refused at 10.0.0.3');
};

function request(s: GraphQLSchema, query: string, variables: Record<string, unknown> = {}, operationName?: string) {
  const document = parse(query);
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && (!operationName || d.name?.value === operationName));
  return { document, operation, operationName: operationName ?? null, request: { query, variables, operationName }, context: {}, schema: s };
}
type Run = ReturnType<typeof jitExecutor>;
const run = (executor: Run, r: ReturnType<typeof request>) => executor(r as never) as Promise<{ data?: unknown; errors?: readonly GraphQLError[] }>;

describe('graphql-jit executor', () => {
  it('answers data as graphql-js does: aliases, fragments, variables, defaults', async () => {
    const query = 'query Q($id: ID!) { one: member(id: $id) { ...M } members { id } three: members(first: 3) { name } } fragment M on Member { id name }';
    const r = request(schema, query, { id: '2' });
    const jit = await run(jitExecutor(schema), r);
    const js = await execute({ schema, document: r.document, variableValues: { id: '2' }, rootValue });
    expect(jit).toEqual(JSON.parse(JSON.stringify(js)));
    expect(jit.data).toEqual({ one: { id: '2', name: 'Brian' }, members: [{ id: '1' }, { id: '2' }], three: [{ name: 'Ada' }, { name: 'Brian' }, { name: 'Cleo' }] });
  });

  it("reports a resolver's error as a graphql-js GraphQLError with the error beneath, its path and location", async () => {
    const jit = await run(jitExecutor(schema), request(schema, '{ broken { id } member(id: "1") { name secret } }'));
    expect(jit.data).toEqual({ broken: null, member: { name: 'Ada', secret: null } });
    const [rule, unexpected] = jit.errors!;
    expect(Object.getPrototypeOf(rule)).toBe(GraphQLError.prototype);
    expect(rule!.originalError).toBeInstanceOf(AppError);
    expect(rule!.path).toEqual(['broken']);
    expect(rule!.locations).toEqual([{ line: 1, column: 3 }]);
    expect(rule!.toJSON().extensions).toBeUndefined();
    expect(unexpected!.path).toEqual(['member', 'secret']);
    expect(unexpected!.originalError?.message).toBe('connection refused at 10.0.0.3');
  });

  it('answers bad variables with errors and no data, as graphql-js does', async () => {
    const jit = await run(jitExecutor(schema), request(schema, 'query Q($id: ID!) { member(id: $id) { id } }', {}));
    expect(jit.data).toBeUndefined();
    expect(jit.errors?.[0]?.message).toBe('Variable "$id" of required type "ID!" was not provided.');
    // graphql-js's own error, located on the variable's definition: Apollo answers it as BAD_USER_INPUT.
    expect(jit.errors?.[0]?.nodes?.[0]?.kind).toBe(Kind.VARIABLE_DEFINITION);
  });

  it("refuses a variable its scalar refuses with graphql-js's message: the variable, the path inside it, the scalar's words", async () => {
    const dated = buildSchema('scalar Day input Meeting { title: String!, day: Day! } type Query { plan(input: Meeting!): String }');
    (dated.getType('Day') as unknown as { parseValue: (v: unknown) => unknown }).parseValue = (v) => {
      if (v !== '2026-06-03') throw new GraphQLError('Date is not a real date.');
      return v;
    };
    dated.getQueryType()!.getFields().plan!.resolve = (_root, args: { input: { day: string } }) => args.input.day;
    const query = 'query P($input: Meeting!) { plan(input: $input) }';
    const bad = await run(jitExecutor(dated), request(dated, query, { input: { title: 'T', day: '2026-02-30' } }));
    expect(bad.data).toBeUndefined();
    expect(bad.errors?.map((e) => e.message)).toEqual(['Variable "$input" got invalid value "2026-02-30" at "input.day"; Date is not a real date.']);
    const good = await run(jitExecutor(dated), request(dated, query, { input: { title: 'T', day: '2026-06-03' } }));
    expect(good).toEqual({ data: { plan: '2026-06-03' } });
  });

  it('compiles each operation of a document once, and each operation of a document on its own', async () => {
    let compiled = 0;
    const counting = ((...args: Parameters<typeof compileQuery>) => {
      compiled++;
      return compileQuery(...args);
    }) as typeof compileQuery;
    const executor = jitExecutor(schema, counting);
    const r = request(schema, 'query A { members { id } } query B { members { name } }', {}, 'A');
    expect((await run(executor, r)).data).toEqual({ members: [{ id: '1' }, { id: '2' }] });
    await run(executor, r);
    expect(compiled).toBe(1);
    const b = { ...r, operationName: 'B', request: { ...r.request, operationName: 'B' } };
    expect((await run(executor, b)).data).toEqual({ members: [{ name: 'Ada' }, { name: 'Brian' }] });
    await run(executor, b);
    expect(compiled).toBe(2);
    // Another parse of the same text is another document (Apollo's store hands out one per text).
    await run(executor, request(schema, 'query A { members { id } } query B { members { name } }', {}, 'A'));
    expect(compiled).toBe(3);
  });
});

// Apollo 5 builds the request context it hands a gateway executor with an object literal holding
// a `status` accessor: a hidden class per request, each derived from the one before, through which
// V8's scavenger kept every request's objects alive until a full collection (the inbox promoted 70
// KB per request; bench/notes/whole-server.md, 'The inbox's p99'). patches/@apollo+server+*.patch (applied by
// npm's postinstall) makes it a class's accessor. This fails if the patch is not applied.
describe("Apollo's request context for the executor (patched)", () => {
  it('has the response status as an accessor of a class, and setting it still sets the HTTP status', async () => {
    type Gateway = ApolloServerOptionsWithGateway<BaseContext>['gateway'];
    type Executor = NonNullable<Awaited<ReturnType<Gateway['load']>>['executor']>;
    const seen: Parameters<Executor>[0][] = [];
    const executor: Executor = async (requestContext) => {
      seen.push(requestContext);
      requestContext.response!.http!.status = 203;
      return { data: { __typename: 'Query' } };
    };
    const gateway: Gateway = {
      onSchemaLoadOrUpdate(callback) {
        callback({ apiSchema: schema, coreSupergraphSdl: '' });
        return () => {};
      },
      load: async () => ({ executor }),
      stop: async () => {},
    };
    const server = new ApolloServer({ gateway });
    await server.start();
    try {
      for (let i = 0; i < 2; i++) {
        const response = await server.executeOperation({ query: '{ __typename }' });
        expect(response.http.status).toBe(203);
        expect(response.body).toEqual({ kind: 'single', singleResult: { data: { __typename: 'Query' } } });
      }
      const [first, second] = seen.map((r) => r.response!.http!);
      expect(Object.getOwnPropertyDescriptor(first!, 'status')).toBeUndefined();
      expect(first!.status).toBe(203);
      // Both requests' objects share one hidden class, so one prototype with the accessor.
      expect(Object.getPrototypeOf(first)).toBe(Object.getPrototypeOf(second));
      expect(Object.getOwnPropertyDescriptor(Object.getPrototypeOf(first), 'status')?.get).toBeTypeOf('function');
    } finally {
      await server.stop();
    }
  });
});
