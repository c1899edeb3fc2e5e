// What each page of the web client makes the browser download: for every route of the navigation,
// the JavaScript and CSS files it loads (the entry chunk, its static imports, the route's lazy
// chunk and that chunk's static imports, and the chunks the app asks for as it starts), raw and
// gzipped, found by following Vite's manifest (build.manifest: true). Issue 27's goal: a public
// route's JavaScript ≤ 200 KB gzipped (the 'goal' column; signed-in routes have none). Writes
// bench/results/web-size.json when run on the repository's own build.
//
//   npm run build:web && npx tsx --tsconfig server/tsconfig.json bench/web-size.ts
//   npx tsx --tsconfig server/tsconfig.json bench/web-size.ts --build      # builds into a temp dir first
//   npx tsx --tsconfig server/tsconfig.json bench/web-size.ts --dir /some/dist/web --files
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
/** What a signed-in member's shell adds: the header's bell and user menu, the session's live services
 *  and the WebSocket link their subscriptions load at once (older builds had it in the Apollo chunk). */
const SIGNED_IN = ['src/app/account-controls.tsx', 'src/app/session-services.tsx', 'src/lib/ws-link.ts'];
/** Chunks every page asks for once it has loaded, before any is needed (providers.tsx: the toasts'
 *  region; before 2026-12-01 it was asked for as the app started, and counted in each route's
 *  first download). Not in a route's first download; the table shows what they add after it. */
const AFTER_LOAD = ['src/components/toaster.tsx'];
/** Issue 27's goal for a public route's JavaScript, gzipped. */
export const PUBLIC_ROUTE_GOAL_KB = 200;

/**
 * The routes of the navigation and the lazy modules each one loads at once (manifest keys are
 * paths under web/): the page's chunk, the GraphQL client where the page loads it with it (not the
 * public pages that read through lib/page-query.ts: a visitor's page does without it), and the
 * signed-in shell on pages only members see (`extras`: skipped in a build that has no such chunk,
 * e.g. one from before the client was split this way). /admin with its Reports tab adds the charts.
 * `public`: a page anyone may open, which the server renders (issue 27's goal applies).
 */
export const ROUTES: { route: string; modules: string[]; extras?: string[]; public?: boolean }[] = [
  // The home page is in the entry chunk (older builds had it in a lazy chunk of its own).
  { route: '/', modules: [], extras: ['src/features/home/home-page.tsx'], public: true },
  { route: '/clubs', modules: ['src/features/clubs/club-directory-page.tsx'], public: true },
  { route: '/clubs/:clubId', modules: ['src/features/clubs/club-page.tsx'], public: true },
  { route: '/volunteer-opportunities', modules: ['src/features/volunteer/volunteer-opportunities-page.tsx'], public: true },
  { route: '/opportunities', modules: ['src/features/volunteer/volunteer-opportunities-page.tsx'], public: true },
  { route: '/opportunities/:id', modules: ['src/features/volunteer/opportunity-page.tsx'], public: true },
  { route: '/sports-council', modules: ['src/features/council/council-meetings-page.tsx'], public: true },
  { route: '/sports-council/meetings/:meetingId', modules: ['src/features/council/council-meeting-page.tsx'], public: true },
  // A session's page: its live changes, a member's answer and the owner's tools are islands loaded
  // with the GraphQL client (a visitor's live changes once the page has loaded and is idle).
  { route: '/clubs/:clubId/sessions/:sessionId', modules: ['src/features/sessions/session-page.tsx'], public: true },
  { route: '/ (signed in)', modules: [], extras: ['src/features/home/home-page.tsx', APOLLO, ...SIGNED_IN] },
  { route: '/login', modules: ['src/features/auth/login-page.tsx'] },
  { route: '/register', modules: ['src/features/auth/register-page.tsx'] },
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

/**
 * What vite.config.ts's chunk group ('app': the shell in one chunk) must not break: no chunk
 * imports itself back through its static imports (a cycle runs a module before what it uses, as
 * 'p is not a function' once showed), and the GraphQL explorer's page does not load the app's shell.
 */
export function chunkProblems(manifest: Manifest): string[] {
  const problems: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (key: string, path: string[]) => {
    state.set(key, 'open');
    for (const imported of manifest[key]?.imports ?? []) {
      if (state.get(imported) === 'open') problems.push(`import cycle: ${[...path.slice(path.indexOf(imported)), imported].join(' -> ')}`);
      else if (!state.has(imported)) visit(imported, [...path, imported]);
    }
    state.set(key, 'done');
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key, [key]);
  if (manifest['explorer.html'] && manifest['index.html']) {
    const shell = new Set(staticClosure(manifest, ['index.html']).filter((key) => manifest[key]!.name === 'app'));
    const loaded = staticClosure(manifest, ['explorer.html']).filter((key) => shell.has(key) || key === 'index.html');
    if (loaded.length) problems.push(`the explorer loads the app's shell: ${loaded.join(', ')}`);
  }
  return problems;
}

export interface SizeRow {
  route: string;
  public: boolean;
  jsFiles: number;
  jsKb: number;
  jsKbGzip: number;
  cssKbGzip: number;
  /** What the page asks for once it has loaded (AFTER_LOAD), beyond its first download. */
  afterLoadKbGzip: number;
  goalKbGzip: number | null;
  pass: boolean | null;
}

/** Each route's sizes, from the built client in `dir` (its .vite/manifest.json). */
export function routeSizes(dir: string): { rows: SizeRow[]; table: string; summary: string; files: string[] } {
  const manifestFile = join(dir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run "npm run build:web" (vite.config.ts sets build.manifest) or pass --build.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const problems = chunkProblems(manifest);
  if (problems.length) throw new Error(`The client's chunks are wrong (vite.config.ts, codeSplitting):\n${problems.join('\n')}`);
  const rows: SizeRow[] = [];
  const cells: string[][] = [];
  const fileLines: string[] = [];
  for (const { route, modules, extras = [], public: isPublic = false } of ROUTES) {
    const explorer = route.startsWith('/graphql');
    const entry = explorer ? 'explorer.html' : 'index.html';
    const present = extras.filter((module) => hasModule(manifest, module));
    const files = filesOf(manifest, [entry, ...modules, ...present]);
    const afterLoad = explorer ? [] : filesOf(manifest, [entry, ...modules, ...present, ...AFTER_LOAD.filter((module) => hasModule(manifest, module))]).filter((file) => !files.includes(file));
    const later = total(dir, afterLoad, 'js');
    const js = total(dir, files, 'js');
    const css = total(dir, files, 'css');
    const goal = isPublic ? PUBLIC_ROUTE_GOAL_KB : null;
    const pass = goal === null ? null : js.gzip / 1024 <= goal;
    rows.push({ route, public: isPublic, jsFiles: js.count, jsKb: js.raw / 1024, jsKbGzip: js.gzip / 1024, cssKbGzip: css.gzip / 1024, afterLoadKbGzip: later.gzip / 1024, goalKbGzip: goal, pass });
    cells.push([route, String(js.count), kb(js.raw), kb(js.gzip), String(css.count), kb(css.raw), kb(css.gzip), kb(js.gzip + css.gzip), later.count ? `+ ${kb(later.gzip)}` : '-', goal === null ? '-' : `≤ ${goal}`, pass === null ? '-' : pass ? 'yes' : 'no']);
    for (const file of files) fileLines.push(`  ${route.padEnd(28)} ${file.padEnd(56)} ${kb(sizeOf(dir, file).raw).padStart(8)} ${kb(sizeOf(dir, file).gzip).padStart(7)}`);
    for (const file of afterLoad) fileLines.push(`  ${route.padEnd(28)} ${`${file} (after load)`.padEnd(56)} ${kb(sizeOf(dir, file).raw).padStart(8)} ${kb(sizeOf(dir, file).gzip).padStart(7)}`);
  }
  const head = ['route', 'JS files', 'JS KB', 'JS KB gz', 'CSS files', 'CSS KB', 'CSS KB gz', 'total KB gz', 'after load JS KB gz', 'goal JS KB gz', 'met?'];
  const table = [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...cells.map((row) => `| ${row.join(' | ')} |`)].join('\n');
  const entryOnly = filesOf(manifest, ['index.html']);
  const publicRows = rows.filter((r) => r.public);
  const missed = publicRows.filter((r) => !r.pass);
  const summary = [
    `Entry chunk and its static imports (every page): ${entryOnly.length} files, ${kb(total(dir, entryOnly, 'js').gzip)} KB gz JS. (gzip: zlib level 6.)`,
    missed.length
      ? `Public routes over ${PUBLIC_ROUTE_GOAL_KB} KB gz of JavaScript: ${missed.map((r) => `${r.route} ${r.jsKbGzip.toFixed(1)}`).join(', ')}.`
      : `Every public route within ${PUBLIC_ROUTE_GOAL_KB} KB gz of JavaScript (largest: ${Math.max(...publicRows.map((r) => r.jsKbGzip)).toFixed(1)} KB).`,
  ].join('\n');
  return { rows, table, summary, files: fileLines };
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  const dir = args.build ? buildInto() : args.dir;
  try {
    const { rows, table, summary, files } = routeSizes(dir);
    if (args.files) console.log(files.join('\n'));
    console.log(table);
    console.log(`\n${summary}`);
    if (dir === join(ROOT, 'dist', 'web')) {
      const results = join(ROOT, 'bench', 'results');
      mkdirSync(results, { recursive: true });
      writeFileSync(join(results, 'web-size.json'), `${JSON.stringify({ date: new Date().toISOString(), goalKbGzip: PUBLIC_ROUTE_GOAL_KB, rows }, null, 2)}\n`);
      console.log(`Written: ${join(results, 'web-size.json')}`);
    }
  } finally {
    if (args.build) rmSync(dir, { recursive: true, force: true });
  }
}

// Run as a script; a test imports the helpers without building anything.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
