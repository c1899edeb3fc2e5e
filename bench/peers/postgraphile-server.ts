// The PostGraphile 4 peer of the directory benchmark, in its own process: PostGraphile's own
// node:http handler over the `bench_peer` schema only (views made by bench/peers/postgraphile.ts),
// as an integrator would run it in production (no GraphiQL, no query log, no schema watching, no
// mutations). PEER_DATABASE_URL names the database. Prints `{ "url", "pid" }` once the schema is
// built and the server listens; stops cleanly on SIGTERM or SIGINT.
import { createServer } from 'node:http';
import Module, { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import pg from 'pg';
import { PEER_SCHEMA } from './postgraphile-schema.js';

// PostGraphile 4 needs graphql 15 beside Clubroom's 16, so npm nests copies of graphql 15 (and
// of graphile-build) under postgraphile and under graphile-build-pg, and the packages it hoists
// (graphql-parse-resolve-info, subscriptions-transport-ws) find Clubroom's 16. More than one graphql
// in one schema fails ('Unexpected input type'): this process loads nothing but PostGraphile, so
// every package here loads the graphql and graphile-build that postgraphile itself loads.
const postgraphileMain = createRequire(import.meta.url).resolve('postgraphile');
const modules = Module as unknown as {
  _resolveFilename: (request: string, parent: unknown, ...rest: unknown[]) => string;
  _nodeModulePaths: (dir: string) => string[];
};
const asIfPostgraphile = { id: postgraphileMain, filename: postgraphileMain, paths: modules._nodeModulePaths(dirname(postgraphileMain)) };
const SHARED = new Set(['graphql', 'graphile-build']);
const resolveFilename = modules._resolveFilename;
modules._resolveFilename = function (this: unknown, request, parent, isMain, ...rest) {
  return SHARED.has(request.split('/')[0]!) ? resolveFilename.call(this, request, asIfPostgraphile, isMain) : resolveFilename.call(this, request, parent, isMain, ...rest);
};
const { postgraphile } = await import('postgraphile');

const databaseUrl = process.env.PEER_DATABASE_URL;
if (!databaseUrl) throw new Error('PEER_DATABASE_URL is required');

// Ten connections, as Clubroom's postgres.js pool and the bare handler have.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const handler = postgraphile(pool, PEER_SCHEMA, {
  disableDefaultMutations: true,
  disableQueryLog: true,
  graphiql: false,
  watchPg: false,
  enableQueryBatching: false,
  setofFunctionsContainNulls: false,
  legacyRelations: 'omit',
  ignoreRBAC: true,
  retryOnInitFail: false,
});
await handler.getGraphQLSchema(); // introspection done before the first measured request

const server = createServer(handler);
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid: process.pid })));

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.close(() => void handler.release().then(() => pool.end()).then(() => process.exit(0)));
    server.closeAllConnections();
  });
}
