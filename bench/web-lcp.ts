// The largest contentful paint of every public page and of the signed-in pages of issue 27's goals
// on a slow 4G network, the way a phone on a poor connection first meets Clubroom. Starts the built
// server over the demo community (bench/web-harness.ts), adds a few conversations for the demo
// volunteer, then loads each page in Debian's Chromium with a cold cache (a new browser context per
// load), the network throttled through CDP to Lighthouse's slow 4G (150 ms latency, 1.6 Mbit/s
// down, 750 kbit/s up) and the CPU slowed 4x, and reads the 'largest-contentful-paint' entries once
// the page shows its content. Median of --runs loads (3), against the goal: public pages ≤ 2.5 s,
// signed-in ones ≤ 3.5 s. Writes bench/results/web-lcp.json.
//
// --compare DIR measures another build (a copy of the repository built elsewhere, its dist/ beside
// a node_modules it can resolve) in the same run, its loads taking turns with this build's, page by
// page and run by run, so that both meet the same load on a shared machine; it prints both tables
// and the change.
//
//   npm run build && npx tsx --tsconfig server/tsconfig.json bench/web-lcp.ts
//   npx tsx --tsconfig server/tsconfig.json bench/web-lcp.ts --runs 5 --cpu 1 --only /clubs --root /a/built/copy
//   npx tsx --tsconfig server/tsconfig.json bench/web-lcp.ts --compare .e2e/before   # that build, then this one, in turns
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { RESULTS } from './lib.js';
import { ACCOUNTS, addConversations, SLOW_4G, CHROMIUM, CHROMIUM_ARGS, loadAverage, markdownTable, median, REPO, SESSION_KEY, startDemoServer, webPages, type DemoServer, type WebPage } from './web-harness.js';


export interface LcpArgs {
  root: string;
  runs: number;
  cpu: number;
  port?: number;
  /** Only the pages whose label contains one of these. */
  only?: string[];
  /** Another build measured in turns with this one (reported first, as 'before'). */
  compare?: string;
}

export function parseLcpArgs(argv: string[]): LcpArgs {
  const args: LcpArgs = { root: REPO, runs: 3, cpu: 4 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--root') args.root = resolve(value ?? '');
    else if (argv[i] === '--runs') args.runs = Number(value);
    else if (argv[i] === '--cpu') args.cpu = Number(value);
    else if (argv[i] === '--port') args.port = Number(value);
    else if (argv[i] === '--only') args.only = (value ?? '').split(',').filter(Boolean);
    else if (argv[i] === '--compare') args.compare = resolve(value ?? '');
    else throw new Error(`Unknown argument ${argv[i]} (use --root DIR, --runs N, --cpu RATE, --port N, --only /a,/b, --compare DIR).`);
    i++;
  }
  return args;
}

interface Load {
  lcp: number;
  fcp: number;
  element: string;
  kbTransferred: number;
  /** Of which scripts (what the browser really fetched, beside bench/web-size.ts's manifest count). */
  jsKbTransferred: number;
}

async function measure(browser: Browser, base: string, page: WebPage, session: string | null, cpu: number): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  try {
    if (session) await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [SESSION_KEY, session] as const);
    const tab: Page = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    let transferred = 0;
    let scripts = 0;
    const types = new Map<string, string>();
    cdp.on('Network.responseReceived', (event: { requestId: string; type: string }) => {
      types.set(event.requestId, event.type);
    });
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      transferred += event.encodedDataLength;
      if (types.get(event.requestId) === 'Script') scripts += event.encodedDataLength;
    });
    await tab.goto(`${base}${page.path}`, { waitUntil: 'load', timeout: 120_000 });
    await tab.getByText(page.ready, { exact: false }).first().waitFor({ state: 'visible', timeout: 120_000 });
    // The paint of that content is reported a frame later.
    await tab.waitForTimeout(1500);
    const result = await tab.evaluate(
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
    return { ...result, kbTransferred: transferred / 1024, jsKbTransferred: scripts / 1024 };
  } finally {
    await context.close();
  }
}

export interface LcpRow {
  page: string;
  path: string;
  signedIn: boolean;
  goalMs: number;
  lcpMs: number[];
  medianMs: number;
  fcpMedianMs: number;
  kbTransferred: number;
  jsKbTransferred: number;
  element: string;
  pass: boolean;
}

export interface LcpReport {
  date: string;
  settings: string;
  loadBefore: string;
  loadAfter: string;
  rows: LcpRow[];
  table: string;
}

export async function runLcp(args: LcpArgs): Promise<LcpReport> {
  return (await runLcpBuilds(args, [args.root]))[0]!;
}

/** Each build's report, its loads taking turns with the others' (page by page, run by run). */
export async function runLcpBuilds(args: LcpArgs, roots: string[]): Promise<LcpReport[]> {
  const loadBefore = loadAverage();
  const servers: DemoServer[] = [];
  let browser: Browser | null = null;
  try {
    for (const [i, root] of roots.entries()) servers.push(await startDemoServer({ root, port: i === 0 ? args.port : undefined }));
    const pagesOf: WebPage[][] = [];
    for (const server of servers) {
      await addConversations(server);
      pagesOf.push((await webPages(server)).filter((p) => !args.only || args.only.some((o) => p.label.includes(o))));
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const loadsOf: Load[][][] = servers.map(() => []);
    for (const [p, page] of pagesOf[0]!.entries()) {
      servers.forEach((_, b) => loadsOf[b]!.push([]));
      for (let run = 0; run < args.runs; run++) {
        for (const [b, server] of servers.entries()) {
          const own = pagesOf[b]![p]!;
          // A fresh sign-in per load keeps the access token young (its lifetime is minutes).
          const stored = own.as === 'anonymous' ? null : JSON.stringify(await server.signIn(ACCOUNTS[own.as]));
          const load = await measure(browser, server.base, own, stored, args.cpu);
          loadsOf[b]![p]!.push(load);
          const which = roots.length > 1 ? ` [${roots[b]}]` : '';
          console.log(`${page.label}${which} run ${run + 1}: LCP ${load.lcp.toFixed(0)} ms (FCP ${load.fcp.toFixed(0)} ms, ${load.kbTransferred.toFixed(0)} KB, of which JS ${load.jsKbTransferred.toFixed(0)} KB) ${load.element}  [load ${loadAverage()}]`);
        }
      }
    }
    const loadAfter = loadAverage();
    const settings = `Slow 4G (CDP: ${SLOW_4G.latency} ms latency, 1.6 Mbit/s down, 750 kbit/s up), CPU ${args.cpu}x slower, 412x823 viewport, cold cache (a new context per load), median of ${args.runs} loads; Debian's Chromium.${roots.length > 1 ? ` ${roots.length} builds measured in turns.` : ''} Load average before ${loadBefore}, after ${loadAfter}.`;
    return servers.map((_, b) => {
      const pages = pagesOf[b]!;
      const rows: LcpRow[] = pages.map((page, p) => {
        const loads = loadsOf[b]![p]!;
        const lcps = loads.map((l) => l.lcp);
        const medianMs = median(lcps);
        return {
          page: page.label,
          path: page.path,
          signedIn: page.as !== 'anonymous',
          goalMs: page.goalMs,
          lcpMs: lcps,
          medianMs,
          fcpMedianMs: median(loads.map((l) => l.fcp)),
          kbTransferred: median(loads.map((l) => l.kbTransferred)),
          jsKbTransferred: median(loads.map((l) => l.jsKbTransferred)),
          element: loads[loads.length - 1]!.element,
          pass: medianMs <= page.goalMs,
        };
      });
      const table = markdownTable(
        ['page', 'signed in as', 'LCP median ms', 'min', 'max', 'goal ms', 'met?', 'FCP median ms', 'KB transferred', 'JS KB transferred', 'LCP element'],
        rows.map((r, i) => [
          r.page,
          pages[i]!.as === 'anonymous' ? '-' : pages[i]!.as,
          r.medianMs.toFixed(0),
          Math.min(...r.lcpMs).toFixed(0),
          Math.max(...r.lcpMs).toFixed(0),
          r.goalMs,
          r.pass ? 'yes' : 'no',
          r.fcpMedianMs.toFixed(0),
          r.kbTransferred.toFixed(0),
          r.jsKbTransferred.toFixed(0),
          r.element.replace(/\|/g, '/'),
        ]),
        (i) => i >= 2 && i !== 6 && i !== 10,
      );
      return { date: new Date().toISOString(), settings: roots.length > 1 ? `${settings} This build: ${roots[b]}.` : settings, loadBefore, loadAfter, rows, table };
    });
  } finally {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export function writeLcpReport(report: LcpReport): string {
  mkdirSync(RESULTS, { recursive: true });
  const file = join(RESULTS, 'web-lcp.json');
  writeFileSync(file, `${JSON.stringify({ ...report, table: undefined }, null, 2)}\n`);
  return file;
}

async function main(): Promise<void> {
  const args = parseLcpArgs(process.argv.slice(2));
  if (args.compare) {
    const [before, after] = await runLcpBuilds(args, [args.compare, args.root]);
    console.log(`\nLargest contentful paint. ${before!.settings}\n\nBefore (${args.compare}):\n\n${before!.table}\n\nAfter (${args.root}):\n\n${after!.table}\n`);
    console.log(
      markdownTable(
        ['page', 'goal ms', 'LCP median ms before', 'after', 'JS KB transferred before', 'after'],
        after!.rows.map((r, i) => [r.page, r.goalMs, before!.rows[i]!.medianMs.toFixed(0), r.medianMs.toFixed(0), before!.rows[i]!.jsKbTransferred.toFixed(0), r.jsKbTransferred.toFixed(0)]),
      ),
    );
    return;
  }
  const report = await runLcp(args);
  console.log(`\nLargest contentful paint. ${report.settings}\n`);
  console.log(report.table);
  if (!args.only) console.log(`\nWritten: ${writeLcpReport(report)}`);
  const missed = report.rows.filter((r) => !r.pass);
  console.log(missed.length ? `\nGoal missed on ${missed.length} of ${report.rows.length} pages: ${missed.map((r) => r.page).join(', ')}.` : `\nGoal met on all ${report.rows.length} pages.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
