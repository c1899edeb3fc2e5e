import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

const serverPort = Number(process.env.PORT ?? 3000);
const target = `http://127.0.0.1:${serverPort}`;

/**
 * Writes a .br and a .gz copy beside every built script, style sheet and icon, which the server
 * sends to browsers that accept them (@fastify/static `preCompressed`): no compression work per
 * request, and a slow network carries a quarter of the bytes.
 */
function precompress(): Plugin {
  return {
    name: 'clubroom-precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = options.dir;
      if (!dir) return;
      const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(js|css|svg)$/.test(file));
      // Brotli quality 9: within 6 % of quality 11's size at a sixth of its time (~3 s a build).
      const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 9 };
      await Promise.all(
        files.map(async (file) => {
          const bytes = await readFile(join(dir, file));
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([brotli(bytes, { params: brotliParams }), gzip(bytes, { level: 9 })]);
          await Promise.all([writeFile(join(dir, `${file}.br`), br), writeFile(join(dir, `${file}.gz`), gz)]);
        }),
      );
    },
  };
}

/** Chakra's config helpers: each returns its argument (styled-system/config.js). */
const CHAKRA_PURE_FUNCTIONS = [
  'defineRecipe',
  'defineSlotRecipe',
  'defineStyle',
  'defineConfig',
  'defineTokens',
  'defineSemanticTokens',
  'defineKeyframes',
  'defineGlobalStyles',
  'defineLayerStyles',
  'defineTextStyles',
  'defineAnimationStyles',
];

const WEB_ROOT = resolve(import.meta.dirname, 'web');
const PAGE_CALL = /\b(lazyPage|graphqlPage)\(\(\) => import\('(\.{1,2}\/[^']+)'\)\)/g;

/**
 * Writes each lazy page's module into its declaration in web/src/app/router.tsx, as the manifest
 * key the server looks up ('src/features/clubs/club-page.tsx'): `lazyPage(() => import('../x'))`
 * becomes `lazyPage(() => import('../x'), ['src/x.tsx'])`. The server (entry-server.tsx,
 * pageModules) then names a page's chunks in its HTML, and they download beside the app's entry
 * instead of after it has run. Exported for tests/unit/page-sources.test.ts.
 */
export function withPageSources(code: string, file: string): string {
  return code.replace(PAGE_CALL, (call, fn: string, specifier: string) => {
    const base = resolve(dirname(file), specifier);
    const path = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => existsSync(candidate));
    if (!path) throw new Error(`${file}: no module for ${specifier}`);
    return `${fn}(() => import('${specifier}'), ${JSON.stringify([relative(WEB_ROOT, path).split('\\').join('/')])})`;
  });
}

/**
 * Chakra's createSystem builds the system's global CSS (its reset, every token's custom property
 * in both colour modes, the global styles) as it starts, for ChakraProvider to render: in the
 * browser, ~55 % of createSystem (~150–230 ms at 4x CPU slowdown). Here it is built when first
 * read instead (`_global` a getter): the browser, whose page brings that CSS in its HTML
 * (web/src/app/global-styles.ts), never reads it. A Chakra release that builds it otherwise fails
 * the build here, not silently.
 */
function chakraLazyGlobal(): Plugin {
  const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
  return {
    name: 'clubroom-chakra-lazy-global',
    transform(code, id) {
      if (!/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/.test(id)) return null;
      if (!code.includes(EAGER) || !code.includes('    _global,\n')) throw new Error(`${id}: createSystem's _global is no longer built as clubroom-chakra-lazy-global expects`);
      return {
        code: code.replace(EAGER, 'let _global;').replace('    _global,\n', '    get _global() { return _global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },\n'),
        map: null,
      };
    },
  };
}

function pageSources(): Plugin {
  return {
    name: 'clubroom-page-sources',
    // Before the TypeScript transform, which rewrites the calls' quotes and layout.
    enforce: 'pre',
    transform(code, id) {
      if (!id.endsWith('/web/src/app/router.tsx')) return null;
      return { code: withPageSources(code, id), map: null };
    },
  };
}

// The client lives in web/; `npm run dev` proxies the API to the Fastify process so that the
// browser sees one origin (no CORS) exactly as in production.
export default defineConfig(({ isSsrBuild }) => ({
  root: resolve(import.meta.dirname, 'web'),
  plugins: isSsrBuild ? [pageSources(), chakraLazyGlobal(), react()] : [pageSources(), chakraLazyGlobal(), react(), precompress()],
  // `@clubroom/rules/<domain>`, the web's one way into the server (the shared zod rules): the
  // table is tsconfig.rules.json, which web/tsconfig.json extends; Vite reads it from there.
  resolve: { tsconfigPaths: true },
  // The server's renderer (`vite build --ssr`, web/src/entry-server.tsx) carries its libraries
  // with it: the server's own dependencies never load the client's.
  ssr: { noExternal: true },
  // React's production build on the server too (it reads NODE_ENV, which `npm start` leaves unset).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: isSsrBuild
    ? {
        outDir: resolve(import.meta.dirname, 'dist/ssr'),
        emptyOutDir: true,
        rollupOptions: { input: resolve(import.meta.dirname, 'web/src/entry-server.tsx') },
      }
    : {
        outDir: resolve(import.meta.dirname, 'dist/web'),
        emptyOutDir: true,
        // .vite/manifest.json: which chunks each page loads (bench/web-size.ts); a dotfile, never served.
        manifest: true,
        rollupOptions: {
          input: {
            main: resolve(import.meta.dirname, 'web/index.html'),
            explorer: resolve(import.meta.dirname, 'web/explorer.html'),
          },
          // Chakra's theme modules build each recipe through calls (defineSlotRecipe({...}),
          // xAnatomy.keys()) that the bundler cannot tell are pure, so importing the few recipes
          // theme.ts names from '@chakra-ui/react/theme' kept all 76 of them.
          treeshake: { manualPureFunctions: CHAKRA_PURE_FUNCTIONS },
          output: {
            codeSplitting: {
              groups: [
                {
                  // The shell every page loads first in one chunk instead of ~25 (rolldown splits
                  // what lazy pages share with it into chunks of their own: 0.1–5 KB each, every
                  // one a request, a <link rel=modulepreload> the page adds, and its own gzip
                  // overhead). Only the main page's modules: not main.tsx itself (the entry), nor
                  // what the GraphQL explorer's entry loads too (React, and the stored session it
                  // reads), or the explorer would load the app's shell (bench/web-size.ts checks).
                  name: 'app',
                  tags: ['$initial'],
                  includeDependenciesRecursively: false,
                  test: (id: string) =>
                    (/web[\\/]src[\\/]/.test(id) && !/web[\\/]src[\\/](main\.tsx|explorer|lib[\\/](session-storage|storage|constants)\.ts)/.test(id)) ||
                    /node_modules[\\/](@chakra-ui|@emotion[\\/](?!is-prop-valid|memoize)[^\\/]+|@ark-ui|@zag-js|@pandacss|react-router|react-router-dom|react-icons|next-themes|stylis|hoist-non-react-statics|react-is|@apollo[\\/]client[\\/]errors)[\\/]/.test(id),
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/graphql': { target, ws: true },
      '/api': target,
      '/uploads': target,
      '/health': target,
      // Calendar files: a member's feed and a session's 'Add to calendar' file.
      '/calendar': target,
      '^/clubs/[^/]+/sessions/[^/]+\\.ics$': target,
    },
  },
}));
