// The lean-Apollo peer of `npm run bench` (bench/run.ts): the ceiling of a GraphQL server built
// as Clubroom is (Apollo Server 5 on Fastify through @as-integrations/fastify, graphql-js 16) whose
// resolvers cost nothing. Per request it does the bare handler's work (bench/bare-generic.ts's
// openReplay: the bearer token checked with jose and the session statement, the recorded
// statements in their turns, prepared alike; the sign-in's argon2 and token), then Apollo parses
// and validates the operation (both cached per document, as in Clubroom), executes it with
// graphql-js's default execution over the data Clubroom answered when the statements were
// recorded (rootValue; each field read by its response key, so aliases work) and serialises it.
// Its distance to bare is what Apollo, graphql-js and Fastify cost; Clubroom's distance to it is
// Clubroom's own (resolvers, services, query building, validation, plugins).
//
// Plugins: none beyond Apollo's defaults, less the two Clubroom turns off (the cache-control
// plugin, which wraps every field's resolver, and the landing page). The sign-in answers the
// recorded token (it signs a fresh one, as bare does, but a rootValue is fixed): same length.
//
// Started by bench/run.ts (lib.ts startChild) with BENCH_DATABASE_URL and BARE_PLAN (the bare
// handler's plan: each GraphQL scenario carries its `data`). Scenario i answers POST /s/i. One
// ApolloServer per scenario, since a server has one rootValue and the directory page and its
// search send the same document; the bench loads one scenario at a time, so each runs as a lone
// server would. Prints `{ "url", "pid" }` once listening; stops cleanly on SIGTERM or SIGINT.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import Fastify from 'fastify';
import { buildSchema, GraphQLError, type GraphQLFieldResolver } from 'graphql';
import { openReplay, type BarePlan } from '../bare-generic.js';
import { ROOT } from '../lib.js';

const plan = JSON.parse(readFileSync(process.env.BARE_PLAN!, 'utf8')) as BarePlan;
const { sql, answer } = await openReplay(process.env.BENCH_DATABASE_URL!, plan);
const schema = buildSchema(readFileSync(join(ROOT, 'schema.graphql'), 'utf8'));
const fieldResolver: GraphQLFieldResolver<Record<string | number, unknown> | null | undefined, unknown> = (source, _args, _ctx, info) => source?.[info.path.key];

const app = Fastify();
const servers: ApolloServer[] = [];
for (const [i, s] of plan.scenarios.entries()) {
  if (s.data === undefined) continue; // a REST scenario
  const apollo = new ApolloServer({
    schema,
    rootValue: s.data,
    fieldResolver,
    plugins: [ApolloServerPluginCacheControlDisabled(), ApolloServerPluginLandingPageDisabled()],
  });
  await apollo.start();
  servers.push(apollo);
  app.post(
    `/s/${i}`,
    fastifyApolloHandler(apollo, {
      // The bare handler's work for this request, before the operation runs (as Clubroom
      // authenticates in a hook before Apollo); a refusal answers as bare's does, with its status.
      context: async (request) => {
        const [status, body] = await answer(s, request.headers.authorization);
        if (status !== 200) throw new GraphQLError(JSON.stringify(body), { extensions: { code: 'REFUSED', http: { status } } });
        return {};
      },
    }),
  );
}
const url = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ url, pid: process.pid }));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => Promise.all(servers.map((s) => s.stop())))
      .then(() => sql.end({ timeout: 5 }))
      .then(() => process.exit(0));
  });
}
