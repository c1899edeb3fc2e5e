// The public pages rendered on the server: loads the client's server entry (dist/ssr/
// entry-server.js, built by `npm run build:web`) and gives it this process's GraphQL, executed as
// an anonymous visitor through the same Apollo Server (validation, limits, errors) as /graphql.
// What it renders is therefore exactly what anyone may read: never a signed-in member's data.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApolloServer } from '@apollo/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Context } from '../graphql/context.js';
import type { PageRenderer, RenderedPage } from '../http/web.js';
import type { Services } from '../lib/services.js';
import { createContext } from './context.js';

export const SSR_DIR = join(import.meta.dirname, '..', '..', '..', 'dist', 'ssr');

/** A page not rendered by then is sent as the shell (the browser renders it, as before). */
export const RENDER_TIMEOUT_MS = 5000;

interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

/** What web/src/entry-server.tsx exports. */
interface ServerEntry {
  render(request: {
    url: string;
    appUrl: string;
    execute: (request: GraphQLRequest) => Promise<unknown>;
    signal: AbortSignal;
  }): Promise<RenderedPage | null>;
  pageModules?(pathname: string): string[];
  laterModules?(pathname: string): string[];
  firstQuery?(pathname: string): string | null;
  globalStyles?(): string;
}

export async function loadPageRenderer(options: {
  dir?: string;
  apollo: ApolloServer<Context>;
  services: Services;
  appUrl: string;
  log: FastifyBaseLogger;
}): Promise<PageRenderer | undefined> {
  const file = join(options.dir ?? SSR_DIR, 'entry-server.js');
  if (!existsSync(file)) {
    options.log.warn(`No server renderer in ${file}: public pages are rendered in the browser ("npm run build" builds it).`);
    return undefined;
  }
  const entry = (await import(pathToFileURL(file).href)) as ServerEntry;
  const render: PageRenderer = async (url, request) => {
    // One context for the page: its queries share the request's DataLoaders.
    const contextValue = createContext({
      viewer: null,
      authError: null,
      services: options.services,
      meta: { ip: request.ip, userAgent: request.headers['user-agent'] },
      requestId: String(request.id),
      log: request.log,
    });
    const execute = async (operation: GraphQLRequest) => {
      const response = await options.apollo.executeOperation(operation, { contextValue });
      if (response.body.kind !== 'single') throw new Error('A page query answered in increments.');
      return response.body.singleResult;
    };
    return entry.render({ url, appUrl: options.appUrl, execute, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
  };
  if (entry.pageModules) render.pageModules = entry.pageModules;
  if (entry.laterModules) render.laterModules = entry.laterModules;
  if (entry.firstQuery) render.firstQuery = entry.firstQuery;
  if (entry.globalStyles) render.globalStyles = entry.globalStyles;
  return render;
}
