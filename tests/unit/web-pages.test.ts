// Issue 27: how the server sends a page rendered on the server (server/src/http/web.ts): in the
// shell, with the page's head tags, status and data; compressed; the shell when rendering fails.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerWeb, SERVER_STATE_ID, shellScriptHashes, type PageRenderer } from '../../server/src/http/web.js';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <script>document.documentElement.className='x'</script>
    <title data-page-meta>Clubroom</title>
    <meta name="description" content="Default." data-page-meta>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

function webDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'clubroom-web-'));
  writeFileSync(join(dir, 'index.html'), SHELL);
  return dir;
}

const apps: Fastify.FastifyInstance[] = [];
async function serve(render: PageRenderer) {
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

  it("names the shell's inline script by its hash for the CSP", () => {
    expect(shellScriptHashes(webDir())).toEqual(["'sha256-" + createHash('sha256').update("document.documentElement.className='x'").digest('base64') + "'"]);
  });
});
