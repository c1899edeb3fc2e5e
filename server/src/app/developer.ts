// The integrator's references, served by every instance at stable paths (the explorer links to
// them): the schema's SDL as the running server has it, and docs/API.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { printClubroomSchema } from './schema.js';
import { sendError } from '../rest/envelope.js';
import { errors } from '../lib/errors.js';

/** The repository root, from server/src/http (tsx, tests) and from dist/server/http (built). */
const ROOT = join(import.meta.dirname, '..', '..', '..');
export const API_DOC_FILE = join(ROOT, 'docs', 'API.md');
export const DEVELOPER_PATHS = { schema: '/schema.graphql', apiDoc: '/docs/api' } as const;

export function registerDeveloperRoutes(app: FastifyInstance, schema: GraphQLSchema): void {
  const sdl = printClubroomSchema(schema);
  const apiDoc = existsSync(API_DOC_FILE) ? readFileSync(API_DOC_FILE, 'utf8') : null;

  app.get(DEVELOPER_PATHS.schema, async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(sdl));
  app.get(DEVELOPER_PATHS.apiDoc, async (request, reply) => {
    if (apiDoc === null) return sendError(reply, errors.notFound(`Not found: ${request.method} ${request.url.split('?')[0]}`));
    return reply.type('text/markdown; charset=utf-8').header('cache-control', 'no-cache').send(apiDoc);
  });
}
