// The largest contentful paint of /, /clubs and /messages (signed in) on a slow 4G network, the way
// a phone on a poor connection first meets Clubroom. Starts the built server (dist/server/main.js
// serving dist/web) over an embedded PGlite database in a temp dir filled by the demo seed, adds a
// few conversations for one volunteer, then loads each page in Debian's Chromium with a cold cache
// (a new browser context per load), the network throttled through CDP to Lighthouse's slow 4G
// (150 ms latency, 1.6 Mbit/s down, 750 kbit/s up) and the CPU slowed 4x, and reads the
// 'largest-contentful-paint' entries once the page shows its content. Median of --runs loads.
//
//   npm run build && npx tsx --tsconfig server/tsconfig.json bench/web-lcp.ts
//   npx tsx --tsconfig server/tsconfig.json bench/web-lcp.ts --runs 5 --cpu 1 --root /a/built/copy
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';

const REPO = resolve(import.meta.dirname, '..');
const DEMO_PASSWORD = 'Clubroom-Demo1!';
const VOLUNTEER = 'ava.thompson@volunteer.example';
const SESSION_KEY = 'clubroom.session';

/** Lighthouse's slow 4G ("mobileSlow4G"): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

interface Args {
  root: string;
  runs: number;
  cpu: number;
  port: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { root: REPO, runs: 5, cpu: 4, port: 3447 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--root') args.root = resolve(value ?? '');
    else if (argv[i] === '--runs') args.runs = Number(value);
    else if (argv[i] === '--cpu') args.cpu = Number(value);
    else if (argv[i] === '--port') args.port = Number(value);
    else throw new Error(`Unknown argument ${argv[i]} (use --root DIR, --runs N, --cpu RATE, --port N).`);
    i++;
  }
  return args;
}

interface Route {
  path: string;
  signedIn: boolean;
  /** Text that shows the page's real content is on screen (not a loader). */
  ready: string;
}

const ROUTES: Route[] = [
  { path: '/', signedIn: false, ready: 'Clubroom' },
  { path: '/clubs', signedIn: false, ready: 'Riverside Football Club' },
  { path: '/messages', signedIn: true, ready: 'Bench conversation 1' },
];

function startServer(args: Args, dataDir: string): ChildProcess {
  const main = join(args.root, 'dist', 'server', 'main.js');
  if (!existsSync(main) || !existsSync(join(args.root, 'dist', 'web', 'index.html'))) throw new Error(`No build in ${args.root}/dist: run "npm run build".`);
  return spawn(process.execPath, [main], {
    cwd: args.root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(args.port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_IP: '10000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}).`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('The server did not answer /health within 60 s.');
}

/** Signs the volunteer in through the REST adapter as the client does (CSRF token, then sign-in). */
async function signIn(base: string): Promise<{ access_token: string; expires_at: number; user: unknown }> {
  const csrfResponse = await fetch(`${base}/api/auth/csrf`, { headers: { Accept: 'application/json' } });
  const cookie = csrfResponse.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const csrf = (await csrfResponse.json()) as { data?: { token?: string; csrf_token?: string } };
  const token = csrf.data?.token ?? csrf.data?.csrf_token ?? '';
  const response = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': token },
    body: JSON.stringify({ email: VOLUNTEER, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { success: boolean; data?: { session: { access_token: string; expires_at: number; user: unknown } }; error?: unknown };
  if (!body.success || !body.data) throw new Error(`Sign-in failed: ${JSON.stringify(body.error)}`);
  const { access_token, expires_at, user } = body.data.session;
  return { access_token, expires_at, user };
}

async function graphql<T>(base: string, token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: unknown };
  if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** A handful of conversations for the volunteer, so that /messages has a list to paint. */
async function addConversations(base: string, token: string): Promise<void> {
  const { messageRecipients } = await graphql<{ messageRecipients: { nodes: { id: string }[] } }>(
    base,
    token,
    'query Recipients { messageRecipients(search: "", first: 6) { nodes { id } } }',
    {},
  );
  if (messageRecipients.nodes.length === 0) throw new Error('The volunteer has no one to write to.');
  for (const [i, recipient] of messageRecipients.nodes.entries()) {
    const input = {
      recipientId: recipient.id,
      subject: `Bench conversation ${i + 1}`,
      content: 'Hello! I would like to help on Saturday mornings; is there a place on the rota?',
      idempotencyKey: `bench-web-lcp-${i}`,
    };
    await graphql(base, token, 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }', { input });
  }
}

interface Load {
  lcp: number;
  fcp: number;
  element: string;
  kbTransferred: number;
}

async function measure(browser: Browser, base: string, route: Route, session: string | null, cpu: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  try {
    if (session) await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [SESSION_KEY, session] as const);
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    let transferred = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      transferred += event.encodedDataLength;
    });
    await page.goto(`${base}${route.path}`, { waitUntil: 'load', timeout: 120_000 });
    await page.getByText(route.ready, { exact: false }).first().waitFor({ state: 'visible', timeout: 120_000 });
    // The paint of that content is reported a frame later.
    await page.waitForTimeout(1500);
    const result = await page.evaluate(
      () =>
        new Promise<{ lcp: number; fcp: number; element: string }>((done) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries() as (PerformanceEntry & { element?: Element | null })[];
            const last = entries[entries.length - 1];
            const paint = performance.getEntriesByName('first-contentful-paint')[0];
            const element = last?.element;
            const label = element ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"` : '(gone)';
            done({ lcp: last?.startTime ?? NaN, fcp: paint?.startTime ?? NaN, element: label });
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    return { ...result, kbTransferred: transferred / 1024 };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-web-lcp-'));
  const base = `http://127.0.0.1:${args.port}`;
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  try {
    execFileSync(join(REPO, 'node_modules', '.bin', 'tsx'), ['--tsconfig', 'server/tsconfig.json', 'server/src/scripts/seed-demo.ts'], {
      cwd: REPO,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    server = startServer(args, dataDir);
    await waitForHealth(base, server);
    const session = await signIn(base);
    await addConversations(base, session.access_token);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const rows: string[][] = [];
    for (const route of ROUTES) {
      const loads: Load[] = [];
      for (let run = 0; run < args.runs; run++) {
        // A fresh sign-in per load keeps the access token young (its lifetime is minutes).
        const stored = route.signedIn ? JSON.stringify(await signIn(base)) : null;
        const load = await measure(browser, base, route, stored, args.cpu);
        loads.push(load);
        console.log(`${route.path} run ${run + 1}: LCP ${load.lcp.toFixed(0)} ms (FCP ${load.fcp.toFixed(0)} ms, ${load.kbTransferred.toFixed(0)} KB) ${load.element}`);
      }
      const lcps = loads.map((l) => l.lcp);
      rows.push([
        route.path + (route.signedIn ? ' (signed in)' : ''),
        median(lcps).toFixed(0),
        Math.min(...lcps).toFixed(0),
        Math.max(...lcps).toFixed(0),
        median(loads.map((l) => l.fcp)).toFixed(0),
        median(loads.map((l) => l.kbTransferred)).toFixed(0),
        loads[loads.length - 1]!.element,
      ]);
    }
    console.log(`\nSlow 4G (CDP: ${SLOW_4G.latency} ms latency, 1.6 Mbit/s down, 750 kbit/s up), CPU ${args.cpu}x slower, 412x823 viewport, cold cache, ${args.runs} loads each.`);
    console.log('| page | LCP median ms | min | max | FCP median ms | KB transferred | LCP element |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  } finally {
    await browser?.close();
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
