// Serves the built client (dist/web) with the single-page-app fallback.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIR = join(import.meta.dirname, '..', '..', '..', 'dist', 'web');

export interface WebOptions {
  /** SUPPORT_EMAIL: given to the client in a meta tag (web/src/lib/support.ts reads it). */
  supportEmail?: string;
}

export const SUPPORT_EMAIL_META = 'clubroom-support-email';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built index.html with the run-time settings the client reads from meta tags. */
export function withRuntimeSettings(html: string, options: WebOptions): string {
  if (!options.supportEmail) return html;
  const meta = `<meta name="${SUPPORT_EMAIL_META}" content="${escapeAttribute(options.supportEmail)}" />`;
  return html.replace('</head>', `    ${meta}\n  </head>`);
}

/** `dir` is the built client's directory (tests pass their own). */
export async function registerWeb(app: FastifyInstance, dir: string = WEB_DIR, options: WebOptions = {}): Promise<void> {
  if (!existsSync(join(dir, 'index.html'))) {
    app.log.warn(`No built client in ${dir}: run "npm run build" (npm start does it).`);
    return;
  }
  // preCompressed: the .br/.gz copies the client build writes beside each asset (vite.config.ts).
  await app.register(fastifyStatic, { root: dir, wildcard: false, index: false, preCompressed: true });
  const index = withRuntimeSettings(readFileSync(join(dir, 'index.html'), 'utf8'), options);
  app.get('/*', async (request, reply) => {
    if (/^\/(assets|api|admin\/club-applications)(\/|$)/.test(request.url)) return reply.callNotFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index);
  });
  app.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index));
}

/** The offline GraphQL explorer (GraphiQL bundled by Vite), shown for GET /graphql in a browser. */
export function explorerHtml(): string {
  const file = join(WEB_DIR, 'explorer.html');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  return '<!doctype html><title>Clubroom GraphQL Explorer</title><p>The explorer is not built yet: run <code>npm run build</code>.</p>';
}
