// The socket server's subscribe (server/src/graphql/subscribe.ts) gives what graphql-js's gives:
// the same results for the same events, errors included, the same answer when an operation cannot
// start, and the source stream closed when the subscriber leaves.
import { describe, expect, it } from 'vitest';
import { GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, subscribe as graphqlSubscribe, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { subscribe } from '../../server/src/graphql/subscribe.js';

/** A source of events that says whether it was closed. */
function source(events: unknown[]) {
  const state = { returned: 0 };
  let i = 0;
  const iterator: AsyncIterableIterator<unknown> = {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      return i < events.length ? { done: false, value: events[i++] } : { done: true, value: undefined };
    },
    async return() {
      state.returned++;
      i = events.length;
      return { done: true, value: undefined };
    },
  };
  return { iterator, state };
}

function schemaOver(stream: () => AsyncIterable<unknown>) {
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLInt, resolve: () => 1 } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        tick: {
          type: new GraphQLObjectType({
            name: 'Tick',
            fields: {
              n: { type: GraphQLInt },
              label: {
                type: GraphQLString,
                args: { prefix: { type: GraphQLString } },
                resolve: (tick: { n: number }, args: { prefix?: string }) => {
                  if (tick.n === 2) throw new Error('Tick 2 cannot be labelled.');
                  return `${args.prefix ?? ''}${tick.n}`;
                },
              },
            },
          }),
          subscribe: stream,
          resolve: (tick: unknown) => tick,
        },
        broken: {
          type: GraphQLInt,
          subscribe: () => {
            throw new Error('No stream today.');
          },
        },
      },
    }),
  });
}

async function all(result: Awaited<ReturnType<typeof subscribe>>): Promise<ExecutionResult[]> {
  if (!(Symbol.asyncIterator in result)) return [result];
  const out: ExecutionResult[] = [];
  for await (const r of result) out.push(r);
  return out;
}

const document = parse('subscription Ticks($p: String) { tick { n label(prefix: $p) } }');

describe('subscribe (socket server)', () => {
  it("answers each event as graphql-js's subscribe does, a resolver's error included", async () => {
    const events = [{ n: 1 }, { n: 2 }, { n: 3 }];
    const args = (): ExecutionArgs => ({ schema: schemaOver(() => source(events).iterator), document, variableValues: { p: '#' }, contextValue: {} });
    const ours = await all(await subscribe(args()));
    const theirs = await all((await graphqlSubscribe(args())) as never);
    expect(ours).toHaveLength(3);
    expect(JSON.parse(JSON.stringify(ours))).toEqual(JSON.parse(JSON.stringify(theirs)));
    expect(ours[0]!.data).toEqual({ tick: { n: 1, label: '#1' } });
    expect(ours[1]!.errors?.[0]?.message).toBe('Tick 2 cannot be labelled.');
  });

  it("answers an operation that cannot start with graphql-js's errors", async () => {
    const args = (): ExecutionArgs => ({ schema: schemaOver(() => source([]).iterator), document: parse('subscription { broken }') });
    const ours = await subscribe(args());
    const theirs = await graphqlSubscribe(args());
    expect(Symbol.asyncIterator in ours).toBe(false);
    expect(JSON.parse(JSON.stringify(ours))).toEqual(JSON.parse(JSON.stringify(theirs)));
    expect((ours as ExecutionResult).errors?.[0]?.message).toBe('No stream today.');
  });

  it('closes the source when the subscriber leaves', async () => {
    const { iterator, state } = source([{ n: 1 }, { n: 3 }]);
    const results = (await subscribe({ schema: schemaOver(() => iterator), document })) as AsyncIterableIterator<ExecutionResult>;
    expect((await results.next()).value).toEqual({ data: { tick: { n: 1, label: '1' } } });
    expect(await results.return!()).toEqual({ done: true, value: undefined });
    expect(state.returned).toBe(1);
    expect(await results.next()).toEqual({ done: true, value: undefined });
  });

  it('closes the source and rethrows when throw() is called on a source that cannot take it', async () => {
    const { iterator, state } = source([{ n: 1 }]);
    const results = (await subscribe({ schema: schemaOver(() => iterator), document })) as AsyncIterableIterator<ExecutionResult>;
    await expect(results.throw!(new Error('stop'))).rejects.toThrow('stop');
    expect(state.returned).toBe(1);
  });
});
