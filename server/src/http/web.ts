// Serves the built client (dist/web): public pages rendered on the server when a renderer is
// given (app/pages.ts, web/src/entry-server.tsx), every other path the single-page app's shell.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptedEncoding, BROTLI_OPTIONS, GZIP_OPTIONS, type Encoding } from './compression.js';

export const WEB_DIR = join(import.meta.dirname, '..', '..', '..', 'dist', 'web');

export interface WebOptions {
  /** SUPPORT_EMAIL: given to the client in a meta tag (web/src/lib/support.ts reads it). */
  supportEmail?: string;
  /** APP_URL: given to the client in a meta tag (canonical addresses, web/src/lib/page-meta.tsx). */
  appUrl?: string;
  /** Renders a public page, or answers null for a path the server does not render. */
  render?: PageRenderer;
  /** The trusted hash of a query without variables, by its name (graphql/trusted-documents.ts):
   *  for a page's first query (PageRenderer.firstQuery). */
  queryHash?: (operationName: string) => string | null;
}

/** A page rendered on the server: what web/src/entry-server.tsx answers. */
export interface RenderedPage {
  status: number;
  /** The page's <head> tags (title, description, canonical, Open Graph, structured data). */
  head: string;
  /** The app's HTML, inside #root. */
  html: string;
  /** The results of the page's queries (web/src/lib/ssr-state.ts), as script-safe JSON. */
  state: string;
  /** Only the frame around a signed-in page, which the browser renders once the session is known:
   *  the same for every visitor of the path (no data), sent with the shell's scripts as they are
   *  (the page needs them to show anything) and kept for the path. */
  frame?: boolean;
}

export interface PageRenderer {
  (url: string, request: FastifyRequest): Promise<RenderedPage | null>;
  /** The modules (Vite manifest keys) the page at `pathname` loads besides the app's entry, any
   *  page, rendered or not (web/src/entry-server.tsx, pageModules). */
  pageModules?(pathname: string): string[];
  /** Modules the screen around that page loads once the page is under way (the signed-in
   *  header's): named after the page's, at low priority (web/src/entry-server.tsx, laterModules). */
  laterModules?(pathname: string): string[];
  /** The query the page at `pathname` asks for first (its operation's name), which the app sends
   *  as it starts (web/src/lib/first-query.ts), or null (web/src/entry-server.tsx, firstQuery). */
  firstQuery?(pathname: string): string | null;
  /** Chakra's global CSS in its <style> (web/src/app/global-styles.ts), for every page's <head>. */
  globalStyles?(): string;
}

export const SUPPORT_EMAIL_META = 'clubroom-support-email';
export const APP_URL_META = 'clubroom-app-url';
/** The id of the JSON data block with the page's query results (web/src/lib/ssr-state.ts reads it). */
export const SERVER_STATE_ID = 'clubroom-page-data';
/** The id of the JSON data block with a rendered page's own chunks (afterPaintShell's loader). */
export const PAGE_CHUNKS_ID = 'clubroom-page-chunks';
/** The id of the JSON data block with the page's first query (web/src/lib/first-query.ts reads it). */
export const FIRST_QUERY_ID = 'clubroom-first-query';

type Manifest = Record<string, { file: string; name?: string; imports?: string[] }>;

/**
 * The files of a page's own chunks: for each module (a key of Vite's manifest, dist/web/.vite/
 * manifest.json), its chunk and every chunk it imports statically, minus those the shell already
 * names (the entry's). A page otherwise asked for them only once the entry had downloaded and run
 * (its lazy import), a second wave of ~40 requests after the first: on slow 4G the club dashboard
 * waited ~1.5 s for it. Unknown keys (an older build) are skipped.
 */
export function pageChunkFiles(manifest: Manifest, modules: readonly string[], shell: string): string[] {
  const files = new Set<string>();
  // A module that other chunks also import statically is not under its own path in the manifest
  // but under its chunk's ('_apollo-root-….js', named 'apollo-root'): found by that name if only
  // one chunk has it.
  const byName = (key: string) => {
    const name = key.split('/').pop()!.replace(/\.[^.]+$/, '');
    const named = Object.values(manifest).filter((chunk) => chunk.name === name);
    return named.length === 1 ? named[0] : undefined;
  };
  const visit = (key: string) => {
    const chunk = manifest[key] ?? (key.startsWith('src/') ? byName(key) : undefined);
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  return [...files].filter((file) => !shell.includes(`"${file}"`));
}

function readManifest(dir: string): Manifest {
  const file = join(dir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : {};
}

/** The shell (a page the browser renders) with its page's chunks named, to download at once, and
 *  then those wanted once the page is under way, at low priority: the browser sends them after the
 *  page's (HTTP/1.1's six connections, a slow network's bandwidth). */
function withModulePreloads(shell: string, files: readonly string[], later: readonly string[] = []): string {
  if (files.length === 0 && later.length === 0) return shell;
  const links = [
    ...files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`),
    ...later.map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`),
  ].join('\n    ');
  return shell.replace('</head>', `  ${links}\n  </head>`);
}

/** The shell with the page's first query named for the app to send as it starts: its operation's
 *  name and trusted hash, the same for everyone (no session data in the HTML). */
function withFirstQuery(shell: string, query: { operationName: string; sha256Hash: string } | null): string {
  if (!query) return shell;
  return shell.replace('</head>', () => `  <script type="application/json" id="${FIRST_QUERY_ID}">${JSON.stringify(query)}</script>\n  </head>`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The built index.html with the run-time settings the client reads from meta tags. */
export function withRuntimeSettings(html: string, options: WebOptions): string {
  const metas = [
    options.supportEmail ? `<meta name="${SUPPORT_EMAIL_META}" content="${escapeAttribute(options.supportEmail)}" />` : null,
    options.appUrl ? `<meta name="${APP_URL_META}" content="${escapeAttribute(options.appUrl)}" />` : null,
  ].filter((meta) => meta !== null);
  if (metas.length === 0) return html;
  return html.replace('</head>', `    ${metas.join('\n    ')}\n  </head>`);
}

/** The shell with the app's global CSS, before its title: a rendered page's own styles, which
 *  replace the title (DEFAULT_HEAD), come after it, as they did when the app rendered it. */
function withGlobalStyles(shell: string, styles: string | undefined): string {
  return styles ? shell.replace('<title data-page-meta', () => `${styles}\n    <title data-page-meta`) : shell;
}

/** The default title and description of the shell, which a rendered page's own tags replace. */
const DEFAULT_HEAD = /<title data-page-meta(?:="")?>[^<]*<\/title>\s*<meta name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';

/** Paths whose shell (or signed-in frame) is kept ready, compressed: ~70 KB each with its brotli
 *  and gzip copies, so ~14 MB at most; most paths name an id, and the pages people open again and
 *  again (a dashboard, the messages, the admin panel) stay among the recent ones. */
const PATHS_KEPT = 200;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const compress = (html: string, encoding: Encoding): Promise<Buffer> => (encoding === 'br' ? brotli(html, BROTLI_OPTIONS) : gzipped(html, GZIP_OPTIONS));

/** A rendered page is made for each request, so it is compressed for each (compression.ts). The
 *  inline styles of a page compress about eightfold. */
async function compressed(html: string, acceptEncoding: string | undefined): Promise<{ body: Buffer | string; encoding?: Encoding }> {
  const encoding = acceptedEncoding(acceptEncoding);
  return encoding ? { body: await compress(html, encoding), encoding } : { body: html };
}

/** A <link rel=modulepreload> costs the main thread its request's start, ~4 ms on this machine's
 *  Chromium (~17 ms at Lighthouse's 4x CPU slowdown): a page's 30–40 in one task were one task
 *  of ~600 ms at 4x, every bit of it blocking. One per task keeps each short. */
const PRELOADS_PER_TASK = 1;

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The shell for a rendered page, and the inline script it starts its JavaScript with. A rendered
 * page paints without its JavaScript (the HTML is the page; the scripts only hydrate it), so the
 * scripts are asked for once it has painted, not beside the document: on a slow network the
 * document and its images have the line to themselves, and the page is on screen before ~270 KB
 * of scripts arrive (Lighthouse's simulated largest paint of a public page, ~2.2 s with the
 * scripts beside the document, counts every request that started before the paint). A page in a
 * background tab, which does not paint, starts them at once. The shell of a client-rendered page
 * needs its scripts to paint and keeps its tags; `loader` is null when the shell has no module
 * script (a test's shell). The loader is allowed by its hash in the CSP (shellScriptHashes); the
 * page's own chunks, which differ by page, reach it as data (PAGE_CHUNKS_ID, pageHtml). It names
 * the chunks one per task (PRELOADS_PER_TASK), then the entry.
 */
export function afterPaintShell(shell: string): { html: string; loader: string | null } {
  const entries = [...shell.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length === 0) return { html: shell, loader: null };
  const preloads = [...shell.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const loader =
    '(function(){function a(t,k,v){var e=document.createElement(t);e.crossOrigin="";e[k]=v;return document.head.appendChild(e)}' +
    `function go(){var d=document.getElementById("${PAGE_CHUNKS_ID}"),l=${JSON.stringify(preloads)}.concat(d?JSON.parse(d.textContent):[]);` +
    `(function n(){l.splice(0,${PRELOADS_PER_TASK}).forEach(function(h){a("link","rel","modulepreload").href=h});` +
    `l.length?setTimeout(n):${JSON.stringify(entries)}.forEach(function(s){a("script","type","module").src=s})})()}` +
    'document.visibilityState==="visible"?requestAnimationFrame(function(){setTimeout(go)}):go()})()';
  let first = true;
  const html = shell.replace(MODULE_PRELOAD, '').replace(MODULE_SCRIPT, () => {
    const tag = first ? `\n    <script>${loader}</script>` : '';
    first = false;
    return tag;
  });
  return { html, loader };
}

/** The shell with a rendered page in it (`shell` as afterPaintShell leaves it), and the page's
 *  own chunks for its loader. The chunks' list stands in the <head>, parsed before the page can
 *  paint: the loader runs after the first paint, which can come while the body is still being
 *  parsed, and a list after the page's HTML was then not there yet (the app's own preloading then
 *  asked for the chunks, a second later and inside its start-up task). */
export function pageHtml(shell: string, page: RenderedPage, chunks: readonly string[] = []): string {
  const [before, after] = shell.split(ROOT) as [string, string];
  const chunkData = chunks.length > 0 ? `  <script type="application/json" id="${PAGE_CHUNKS_ID}">${JSON.stringify(chunks)}</script>\n  ` : '';
  return (
    before.replace(DEFAULT_HEAD, () => page.head).replace('</head>', () => `${chunkData}</head>`) +
    (page.frame
      ? `<div id="root" data-ssr="frame">${page.html}</div>`
      : `<div id="root" data-ssr>${page.html}</div>\n    <script type="application/json" id="${SERVER_STATE_ID}">${page.state}</script>`) +
    after
  );
}

/** The CSP sources of the shell's inline scripts ('sha256-…'): the colour-mode script in
 *  web/index.html runs before the first paint, and only because the policy names its hash; so
 *  does a rendered page's loader (afterPaintShell). */
export function shellScriptHashes(dir: string = WEB_DIR): string[] {
  const file = join(dir, 'index.html');
  if (!existsSync(file)) return [];
  const html = readFileSync(file, 'utf8');
  const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map(([, code]) => code!);
  const loader = afterPaintShell(html).loader;
  return [...inline, ...(loader ? [loader] : [])].map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`);
}

/** A path under the build's assets/ folder (relative to its root, either separator). */
const HASHED_ASSET = /^assets[\\/]/;

/** `dir` is the built client's directory (tests pass their own). */
export async function registerWeb(app: FastifyInstance, dir: string = WEB_DIR, options: WebOptions = {}): Promise<void> {
  if (!existsSync(join(dir, 'index.html'))) {
    app.log.warn(`No built client in ${dir}: run "npm run build" (npm start does it).`);
    return;
  }
  // preCompressed: the .br/.gz copies the client build writes beside each asset (vite.config.ts).
  // Files under assets/ are named by their content's hash: a browser keeps them for a year without
  // asking again (and keeps their compiled code). The rest (sw.js, the manifest, icons) is asked
  // for again each time, as @fastify/static does by default.
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', HASHED_ASSET.test(relative(dir, path)) ? 'public, max-age=31536000, immutable' : 'public, max-age=0');
    },
  });
  const built = withRuntimeSettings(readFileSync(join(dir, 'index.html'), 'utf8'), options);
  if (options.render && (!built.includes(ROOT) || !DEFAULT_HEAD.test(built))) {
    throw new Error(`${join(dir, 'index.html')} has no empty ${ROOT} or no default title and description to replace.`);
  }
  const index = withGlobalStyles(built, options.render?.globalStyles?.());
  const render = options.render;
  const renderedShell = afterPaintShell(index).html;
  const manifest = readManifest(dir);
  // The page's first query (the route names it; the build's trusted documents give its hash).
  const firstQueryOf = (pathname: string) => {
    const operationName = render?.firstQuery?.(pathname) ?? null;
    if (operationName === null) return null;
    const sha256Hash = options.queryHash?.(operationName) ?? null;
    if (sha256Hash === null) {
      app.log.warn(`A page names its first query ${operationName}, which is no trusted query without variables: it is sent once the page asks.`);
      return null;
    }
    return { operationName, sha256Hash };
  };
  // A page's chunks by route pattern would be a second copy of the router; by path, computed once
  // per distinct path (bounded: most paths are ids, so a small cache of the recent ones), with the
  // shell that names them, compressed once per encoding: the shell carries the app's global CSS
  // (~55 KB, ~8 KB in brotli), and on a slow network every byte of it came before the scripts.
  interface PathEntry {
    page: string[];
    /** The client-rendered shell of the path, or its signed-in frame once rendered (`framed`). */
    shell: string;
    framed?: boolean;
    compressed: Partial<Record<Encoding, Promise<Buffer>>>;
  }
  const byPath = new Map<string, PathEntry>();
  const entryOf = (url: string): PathEntry => {
    const pathname = url.split('?')[0]!;
    let entry = byPath.get(pathname);
    if (!entry) {
      const page = pageChunkFiles(manifest, render?.pageModules?.(pathname) ?? [], index);
      const later = pageChunkFiles(manifest, render?.laterModules?.(pathname) ?? [], index).filter((file) => !page.includes(file));
      entry = { page, shell: withFirstQuery(withModulePreloads(index, page, later), firstQueryOf(pathname)), compressed: {} };
      if (byPath.size >= PATHS_KEPT) byPath.delete(byPath.keys().next().value!);
      byPath.set(pathname, entry);
    }
    return entry;
  };
  const shellBody = (entry: PathEntry, acceptEncoding: string | undefined): Promise<{ body: Buffer | string; encoding?: Encoding }> => {
    const encoding = acceptedEncoding(acceptEncoding);
    if (!encoding) return Promise.resolve({ body: entry.shell });
    const body = (entry.compressed[encoding] ??= compress(entry.shell, encoding));
    return body.then((buffer) => ({ body: buffer, encoding }));
  };
  const sendPage = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    const entry = entryOf(request.url);
    if (render && !entry.framed) {
      let page: RenderedPage | null = null;
      try {
        page = await render(request.url, request);
      } catch (error) {
        // The shell still works: the browser renders the page as before.
        request.log.error({ err: error, url: request.routeOptions.url }, 'Server rendering failed; sent the shell');
      }
      if (page?.frame && page.status === 200 && !entry.framed) {
        entry.shell = pageHtml(entry.shell, page);
        entry.framed = true;
        entry.compressed = {};
      } else if (page) {
        const { body, encoding } = await compressed(pageHtml(renderedShell, page, entry.page), request.headers['accept-encoding']);
        reply.header('vary', 'accept-encoding');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.status(page.status).send(body);
      }
    }
    const { body, encoding } = await shellBody(entry, request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };
  app.get('/*', async (request, reply) => {
    if (/^\/(assets|api|admin\/club-applications)(\/|$)/.test(request.url)) return reply.callNotFound();
    return sendPage(request, reply);
  });
  app.get('/', sendPage);
}

/** The offline GraphQL explorer (GraphiQL bundled by Vite), shown for GET /graphql in a browser. */
export function explorerHtml(): string {
  const file = join(WEB_DIR, 'explorer.html');
  if (existsSync(file)) return readFileSync(file, 'utf8');
  return '<!doctype html><title>Clubroom GraphQL Explorer</title><p>The explorer is not built yet: run <code>npm run build</code>.</p>';
}
