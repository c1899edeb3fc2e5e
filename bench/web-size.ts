// What each page of the web client makes the browser download: for every route of the navigation,
// the JavaScript and CSS files it loads (the entry chunk, its static imports, the route's lazy
// chunk and that chunk's static imports), raw and gzipped, found by following Vite's manifest
// (build.manifest: true). The first page (`/`) total is the bar: under 200 KB gzipped.
//
//   npm run build:web && npx tsx --tsconfig server/tsconfig.json bench/web-size.ts
//   npx tsx --tsconfig server/tsconfig.json bench/web-size.ts --build      # builds into a temp dir first
//   npx tsx --tsconfig server/tsconfig.json bench/web-size.ts --dir /some/dist/web --files
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(import.meta.dirname, '..');

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The chunk every page that reads GraphQL loads with it (the Apollo client and its provider). */
const APOLLO = 'src/app/apollo-root.tsx';
/** What a signed-in member's shell adds: the header's bell and user menu, the session's live services. */
const SIGNED_IN = ['src/app/account-controls.tsx', 'src/app/session-services.tsx'];

/**
 * The routes of the navigation and the lazy modules each one loads at once (manifest keys are
 * paths under web/): the page's chunk, the GraphQL client where the page reads GraphQL, and the
 * signed-in shell on pages only members see (`extras`: skipped in a build that has no such chunk,
 * e.g. one from before the client was split this way). /admin with its Reports tab adds the charts.
 */
export const ROUTES: { route: string; modules: string[]; extras?: string[] }[] = [
  // The home page is in the entry chunk (older builds had it in a lazy chunk of its own).
  { route: '/', modules: [], extras: ['src/features/home/home-page.tsx'] },
  { route: '/ (signed in)', modules: [], extras: ['src/features/home/home-page.tsx', APOLLO, ...SIGNED_IN] },
  { route: '/login', modules: ['src/features/auth/login-page.tsx'] },
  { route: '/register', modules: ['src/features/auth/register-page.tsx'] },
  { route: '/clubs', modules: ['src/features/clubs/club-directory-page.tsx'], extras: [APOLLO] },
  { route: '/clubs/:clubId', modules: ['src/features/clubs/club-page.tsx'], extras: [APOLLO] },
  { route: '/opportunities', modules: ['src/features/volunteer/volunteer-opportunities-page.tsx'], extras: [APOLLO] },
  { route: '/opportunities/:id', modules: ['src/features/volunteer/opportunity-page.tsx'], extras: [APOLLO] },
  { route: '/sports-council', modules: ['src/features/council/council-meetings-page.tsx'], extras: [APOLLO] },
  { route: '/sports-council/meetings/:meetingId', modules: ['src/features/council/council-meeting-page.tsx'], extras: [APOLLO] },
  { route: '/sports-council/admin', modules: ['src/features/council-admin/council-admin-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/messages', modules: ['src/features/messages/messages-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/profile', modules: ['src/features/profile/profile-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/profile/developer', modules: ['src/features/developer/developer-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/volunteer/dashboard', modules: ['src/features/volunteer/volunteer-dashboard-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/club/dashboard', modules: ['src/features/club-dashboard/club-dashboard-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/club/opportunities', modules: ['src/features/club-opportunities/my-opportunities-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/volunteers/search', modules: ['src/features/volunteer-search/volunteer-search-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/admin', modules: ['src/features/admin/admin-panel-page.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/admin (Reports tab, charts)', modules: ['src/features/admin/admin-panel-page.tsx', 'src/features/admin/reports/report-bar-chart.tsx'], extras: [APOLLO, ...SIGNED_IN] },
  { route: '/graphql (explorer)', modules: [], extras: [] },
];

interface Args {
  dir: string;
  build: boolean;
  files: boolean;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { dir: join(ROOT, 'dist', 'web'), build: false, files: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--build') args.build = true;
    else if (argv[i] === '--files') args.files = true;
    else if (argv[i] === '--dir') args.dir = resolve(argv[++i] ?? '');
    else throw new Error(`Unknown argument ${argv[i]} (use --build, --dir DIR, --files).`);
  }
  return args;
}

/** A module's manifest key: its source path, or (a module that other chunks import statically
 *  too becomes a shared chunk, keyed `_<name>-<hash>.js`) the shared chunk named after it. */
export function manifestKey(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = basename(module).replace(/\.[^.]+$/, '');
  const shared = Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]!.name === name);
  if (!shared) throw new Error(`The manifest has no ${module}: is the route table in bench/web-size.ts out of date?`);
  return shared;
}

function hasModule(manifest: Manifest, module: string): boolean {
  try {
    manifestKey(manifest, module);
    return true;
  } catch {
    return false;
  }
}

/** Every manifest key a chunk pulls in before it runs: itself and its static imports, depth first. */
export function staticClosure(manifest: Manifest, modules: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  modules.forEach((module) => visit(manifestKey(manifest, module)));
  return [...seen];
}

/** The files (JS and CSS) of those chunks, without repeats. */
export function filesOf(manifest: Manifest, keys: string[]): string[] {
  const files = new Set<string>();
  for (const key of staticClosure(manifest, keys)) {
    const chunk = manifest[key]!;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return [...files];
}

interface Size {
  raw: number;
  gzip: number;
}

const sizeCache = new Map<string, Size>();
function sizeOf(dir: string, file: string): Size {
  let size = sizeCache.get(file);
  if (!size) {
    const bytes = readFileSync(join(dir, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes).length };
    sizeCache.set(file, size);
  }
  return size;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function total(dir: string, files: string[], kind: 'js' | 'css'): Size & { count: number } {
  const picked = files.filter((file) => file.endsWith(`.${kind}`));
  return picked.reduce(
    (sum, file) => {
      const size = sizeOf(dir, file);
      return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, count: sum.count + 1 };
    },
    { raw: 0, gzip: 0, count: 0 },
  );
}

function buildInto(): string {
  const out = mkdtempSync(join(tmpdir(), 'clubroom-web-size-'));
  execFileSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return out;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const dir = args.build ? buildInto() : args.dir;
  try {
    const manifestFile = join(dir, '.vite', 'manifest.json');
    if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run "npm run build:web" (vite.config.ts sets build.manifest) or pass --build.`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const rows: string[][] = [];
    for (const { route, modules, extras = [] } of ROUTES) {
      const entry = route.startsWith('/graphql') ? 'explorer.html' : 'index.html';
      const present = extras.filter((module) => hasModule(manifest, module));
      const files = filesOf(manifest, [entry, ...modules, ...present]);
      const js = total(dir, files, 'js');
      const css = total(dir, files, 'css');
      rows.push([route, String(js.count), kb(js.raw), kb(js.gzip), String(css.count), kb(css.raw), kb(css.gzip), kb(js.gzip + css.gzip)]);
      if (args.files) {
        for (const file of files) console.log(`  ${route.padEnd(24)} ${file.padEnd(56)} ${kb(sizeOf(dir, file).raw).padStart(8)} ${kb(sizeOf(dir, file).gzip).padStart(7)}`);
      }
    }
    const head = ['route', 'JS files', 'JS KB', 'JS KB gz', 'CSS files', 'CSS KB', 'CSS KB gz', 'total KB gz'];
    console.log(`| ${head.join(' | ')} |`);
    console.log(`|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
    const entryOnly = filesOf(manifest, ['index.html']);
    const first = rows[0]!;
    console.log(`\nEntry chunk and its static imports (every page): ${entryOnly.length} files, ${kb(total(dir, entryOnly, 'js').gzip)} KB gz JS.`);
    console.log(`First page (/): ${first[3]} KB gzipped JS (${first[2]} KB raw), ${first[6]} KB gzipped CSS. (gzip: zlib level 6.)`);
  } finally {
    if (args.build) rmSync(dir, { recursive: true, force: true });
  }
}

// Run as a script; a test imports the helpers without building anything.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
