// Issue 27: how the server sends a page rendered on the server (server/src/http/web.ts): in the
// shell, with the page's head tags, status and data; compressed; the shell when rendering fails.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { afterPaintShell, FIRST_QUERY_ID, PAGE_CHUNKS_ID, pageChunkFiles, registerWeb, SERVER_STATE_ID, shellScriptHashes, type PageRenderer } from '../../server/src/http/web.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <script>document.documentElement.className='x'</script>
    <title data-page-meta>Clubroom</title>
    <meta name="description" content="Default." data-page-meta>
    <script type="module" crossorigin src="/assets/main.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A build's manifest: the entry (in the shell), a page that imports a shared chunk and the entry's. */
const MANIFEST = {
  'index.html': { file: 'assets/main.js', imports: ['_app.js'] },
  '_app.js': { file: 'assets/app.js' },
  'src/features/clubs/club-page.tsx': { file: 'assets/club-page.js', imports: ['_app.js', '_format.js'] },
  '_format.js': { file: 'assets/format.js', imports: ['_app.js'] },
  // Imported statically by other chunks too: under its chunk's name, not its path.
  '_apollo-root-X1.js': { file: 'assets/apollo-root.js', name: 'apollo-root', imports: ['_format.js'] },
};

function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clubroom-web-'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  return dir;
}

const apps: Fastify.FastifyInstance[] = [];
async function serve(render: PageRenderer, pageModules?: (pathname: string) => string[]) {
  if (pageModules) render.pageModules = pageModules;
  const logs: string[] = [];
  const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => logs.push(line) } } });
  apps.push(app);
  await registerWeb(app, webDir(), { render, appUrl: 'https://clubroom.example' });
  return { app, logs };
}
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

const PAGE = { status: 404, head: '<title data-page-meta>Club not found · Clubroom</title>', html: '<main><h1>Club not found</h1></main>', state: '{"ROOT_QUERY":{}}' };

describe('server-rendered pages', () => {
  it("puts the page in the shell: its head instead of the defaults, its HTML in #root, its data beside it, its status", async () => {
    const { app } = await serve(async () => PAGE);
    const response = await app.inject({ url: '/clubs/x' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title data-page-meta>Club not found · Clubroom</title>');
    expect(html).not.toContain('content="Default."');
    expect(html).toContain('<div id="root" data-ssr><main><h1>Club not found</h1></main></div>');
    expect(html).toContain(`<script type="application/json" id="${SERVER_STATE_ID}">{"ROOT_QUERY":{}}</script>`);
    expect(html).toContain('<meta name="clubroom-app-url" content="https://clubroom.example" />');
  });

  it("carries the renderer's global styles in every page's head, before the page's own tags: a rendered page and the shell", async () => {
    const render: PageRenderer = async (url) => (url.startsWith('/clubs') ? { ...PAGE, head: `${PAGE.head}<style>.page{}</style>` } : null);
    render.globalStyles = () => '<style data-chakra-global>:root{--x:1}</style>';
    const { app } = await serve(render);
    const page = (await app.inject({ url: '/clubs/x' })).body;
    expect(page.match(/data-chakra-global/g)).toHaveLength(1);
    expect(page.indexOf('data-chakra-global')).toBeLessThan(page.indexOf('<title data-page-meta>Club not found'));
    expect(page.indexOf('<title data-page-meta>Club not found')).toBeLessThan(page.indexOf('.page{}'));
    const shell = (await app.inject({ url: '/messages' })).body;
    expect(shell).toContain('<div id="root"></div>');
    expect(shell.match(/data-chakra-global/g)).toHaveLength(1);
    expect(shell.indexOf('data-chakra-global')).toBeLessThan(shell.indexOf('<title data-page-meta>Clubroom</title>'));
  });

  it('compresses the page for a browser that accepts brotli or gzip', async () => {
    const { app } = await serve(async () => ({ ...PAGE, status: 200 }));
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('<h1>Club not found</h1>');
    const gz = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('<h1>Club not found</h1>');
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>Club not found</h1>');
  });

  it('compresses the shell too (it carries the global CSS), the same bytes each time', async () => {
    const render: PageRenderer = async () => null;
    render.globalStyles = () => `<style data-chakra-global>${':root{--x:1}'.repeat(500)}</style>`;
    const { app } = await serve(render);
    const plain = await app.inject({ url: '/messages' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root"></div>');
    const br = await app.inject({ url: '/messages', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 4);
    const again = await app.inject({ url: '/messages?tab=2', headers: { 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gz = await app.inject({ url: '/messages', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it("names a signed-in page's first query in its shell by its trusted hash, and nowhere else", async () => {
    const render: PageRenderer = async () => null;
    render.firstQuery = (pathname) => (pathname === '/club/dashboard' ? 'MyClub' : pathname === '/broken' ? 'Unknown' : null);
    const logs: string[] = [];
    const app = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } } });
    apps.push(app);
    const hash = 'a'.repeat(64);
    await registerWeb(app, webDir(), { render, queryHash: (name) => (name === 'MyClub' ? hash : null) });
    const block = `<script type="application/json" id="${FIRST_QUERY_ID}">{"operationName":"MyClub","sha256Hash":"${hash}"}</script>`;
    const dashboard = (await app.inject({ url: '/club/dashboard?tab=profile' })).body;
    expect(dashboard).toContain(block);
    expect(dashboard.indexOf(block)).toBeLessThan(dashboard.indexOf('</head>'));
    expect((await app.inject({ url: '/messages' })).body).not.toContain(FIRST_QUERY_ID);
    // A name the build's documents do not have: no block (the page asks as before), and a warning.
    expect((await app.inject({ url: '/broken' })).body).not.toContain(FIRST_QUERY_ID);
    expect(logs.join('')).toContain('names its first query Unknown');
  });

  it("sends a signed-in page's frame with the shell's scripts as they are, rendered once per path", async () => {
    let renders = 0;
    const render: PageRenderer = async (url) => {
      if (!url.startsWith('/messages')) return null;
      renders++;
      return { status: 200, head: '<title data-page-meta>Clubroom</title><style>.frame{}</style>', html: '<header>Clubroom</header><div role="status"></div>', state: '{"results":{}}', frame: true };
    };
    const { app } = await serve(render, (pathname) => (pathname === '/messages' ? ['src/features/clubs/club-page.tsx'] : []));
    const first = (await app.inject({ url: '/messages' })).body;
    expect(first).toContain('<div id="root" data-ssr="frame"><header>Clubroom</header><div role="status"></div></div>');
    expect(first).toContain('<style>.frame{}</style>');
    // Its scripts start at once (the page needs them to show anything), its chunks preloaded.
    expect(first).toContain('<script type="module" crossorigin src="/assets/main.js"></script>');
    expect(first).toContain('<link rel="modulepreload" crossorigin href="/assets/club-page.js">');
    expect(first).not.toContain(afterPaintShell(SHELL).loader!);
    // No page data: the frame is every visitor's.
    expect(first).not.toContain(SERVER_STATE_ID);
    const again = await app.inject({ url: '/messages?x=1', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(again.rawPayload).toString()).toBe(first);
    expect(renders).toBe(1);
  });

  it('sends the shell for a page it does not render, and when rendering fails (logged without the address)', async () => {
    const notRendered = await serve(async () => null);
    const shell = await notRendered.app.inject({ url: '/messages' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<div id="root"></div>');

    const failing = await serve(async () => {
      throw new Error('boom');
    });
    const fallback = await failing.app.inject({ url: '/clubs/x?token=secret-in-query' });
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('<div id="root"></div>');
    expect(failing.logs.join('')).toContain('Server rendering failed');
    expect(failing.logs.join('')).not.toContain('secret-in-query');
  });

  it('starts the scripts of a rendered page once it has painted (it paints without them), and the shell\'s at once', async () => {
    const { app } = await serve(async (url) => (url.startsWith('/clubs') ? PAGE : null));
    const page = (await app.inject({ url: '/clubs/x' })).body;
    expect(page).not.toContain('<script type="module"');
    expect(page).not.toContain('<link rel="modulepreload"');
    const loader = afterPaintShell(SHELL).loader!;
    expect(page).toContain(`<script>${loader}</script>`);
    // What the loader does, run against a stand-in document: after the first frame, the preloads
    // and then the entry, as the shell's tags would have.
    const added: { tag: string; crossOrigin?: string; rel?: string; type?: string; href?: string; src?: string }[] = [];
    const frames: (() => void)[] = [];
    const timers: (() => void)[] = [];
    const document = {
      visibilityState: 'visible',
      getElementById: (id: string) => (id === PAGE_CHUNKS_ID ? { textContent: '["/assets/page.js","/assets/a.js","/assets/b.js"]' } : null),
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: (typeof added)[number]) => (added.push(element), element) },
    };
    new Function('document', 'requestAnimationFrame', 'setTimeout', loader)(document, (f: () => void) => frames.push(f), (f: () => void) => timers.push(f));
    expect(added).toEqual([]);
    frames.forEach((frame) => frame());
    expect(added).toEqual([]);
    // One preload a task (each one's request starts on the main thread), the entry after the last.
    const perTask: number[] = [];
    while (timers.length > 0) {
      const before = added.length;
      timers.shift()!();
      perTask.push(added.length - before);
    }
    expect(perTask).toEqual([1, 1, 1, 2]);
    expect(added).toEqual([
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/app.js' },
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/page.js' },
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/a.js' },
      { tag: 'link', crossOrigin: '', rel: 'modulepreload', href: '/assets/b.js' },
      { tag: 'script', crossOrigin: '', type: 'module', src: '/assets/main.js' },
    ]);
    // A page that is not visible does not paint: it starts them at once, still one a task.
    added.length = 0;
    new Function('document', 'requestAnimationFrame', 'setTimeout', loader)({ ...document, visibilityState: 'hidden' }, () => undefined, (f: () => void) => timers.push(f));
    expect(added.map((element) => element.tag)).toEqual(['link']);
    while (timers.length > 0) timers.shift()!();
    expect(added.map((element) => element.tag)).toEqual(['link', 'link', 'link', 'link', 'script']);

    const shell = (await app.inject({ url: '/messages' })).body;
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).toContain('<script type="module" crossorigin src="/assets/main.js"></script>');
    expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/app.js">');
    expect(shell).not.toContain(loader);
  });

  it("names a page's own chunks in its HTML: preloaded by the shell, handed to a rendered page's loader", async () => {
    expect(pageChunkFiles(MANIFEST, ['src/features/clubs/club-page.tsx', 'src/app/apollo-root.tsx', 'src/unknown.tsx'], SHELL)).toEqual([
      '/assets/club-page.js',
      '/assets/format.js',
      '/assets/apollo-root.js',
    ]);
    const modules = (pathname: string) => (pathname.startsWith('/clubs') || pathname === '/messages' ? ['src/features/clubs/club-page.tsx', 'src/app/apollo-root.tsx'] : []);
    const { app } = await serve(async (url) => (url.startsWith('/clubs') ? PAGE : null), modules);
    const shell = (await app.inject({ url: '/messages?x=1' })).body;
    expect(shell.match(/<link rel="modulepreload" crossorigin href="[^"]+">/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/app.js">',
      '<link rel="modulepreload" crossorigin href="/assets/club-page.js">',
      '<link rel="modulepreload" crossorigin href="/assets/format.js">',
      '<link rel="modulepreload" crossorigin href="/assets/apollo-root.js">',
    ]);
    const page = (await app.inject({ url: '/clubs/x' })).body;
    expect(page).toContain(`<script type="application/json" id="${PAGE_CHUNKS_ID}">["/assets/club-page.js","/assets/format.js","/assets/apollo-root.js"]</script>`);
    // In the head, where the loader finds it even when the page paints before its body is parsed.
    expect(page.indexOf(PAGE_CHUNKS_ID)).toBeLessThan(page.indexOf('</head>'));
    expect(page).not.toContain('<link rel="modulepreload"');
    // A page with no chunks of its own has neither.
    const home = (await app.inject({ url: '/login' })).body;
    expect(home.match(/modulepreload/g)).toHaveLength(1);
  });

  it("names the chunks the screen around a signed-in page loads later after the page's, at low priority, and none twice", async () => {
    const render: PageRenderer = async () => null;
    render.laterModules = (pathname) => (pathname === '/messages' ? ['src/app/apollo-root.tsx', 'src/unknown.tsx'] : []);
    const { app } = await serve(render, (pathname) => (pathname === '/messages' ? ['src/features/clubs/club-page.tsx'] : []));
    const shell = (await app.inject({ url: '/messages' })).body;
    expect(shell.match(/<link rel="modulepreload"[^>]*>/g)).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/app.js">',
      '<link rel="modulepreload" crossorigin href="/assets/club-page.js">',
      '<link rel="modulepreload" crossorigin href="/assets/format.js">',
      // format.js is the page's already; the entry's (app.js) is in the shell.
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/apollo-root.js">',
    ]);
    expect((await app.inject({ url: '/login' })).body.match(/modulepreload/g)).toHaveLength(1);
  });

  it("names the shell's inline script by its hash for the CSP", () => {
    const hash = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;
    expect(shellScriptHashes(webDir())).toEqual([hash("document.documentElement.className='x'"), hash(afterPaintShell(SHELL).loader!)]);
  });
});
