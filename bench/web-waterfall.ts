// One cold load of a page under slow 4G and 4x CPU, as bench/web-lcp.ts measures it, printed as a
// waterfall: each request's start and end (ms from the document's request), its size on the wire, and
// where the first contentful and the largest contentful paints fall among them. To see what a page
// waits for before its largest paint.
//
//   npm run build && npx tsx --tsconfig server/tsconfig.json bench/web-waterfall.ts /club/dashboard
import { chromium } from '@playwright/test';
import { ACCOUNTS, CHROMIUM, CHROMIUM_ARGS, SESSION_KEY, SLOW_4G, startDemoServer, webPages } from './web-harness.js';

const only = process.argv[2] ?? '/club/dashboard';
const server = await startDemoServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = (await webPages(server)).find((p) => p.label === only);
  if (!page) throw new Error(`No measured page is labelled ${only}.`);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1 });
  if (page.as !== 'anonymous') {
    const stored = JSON.stringify(await server.signIn(ACCOUNTS[page.as]));
    await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [SESSION_KEY, stored] as const);
  }
  const tab = await context.newPage();
  const cdp = await context.newCDPSession(tab);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  interface Row { url: string; start: number; end?: number; bytes?: number; initiator?: string }
  const rows = new Map<string, Row>();
  let origin = 0;
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string; method: string; postData?: string }; initiator: { type: string } }) => {
    if (!origin) origin = e.timestamp;
    const op = e.request.postData?.match(/"operationName":"(\w+)"/)?.[1];
    rows.set(e.requestId, { url: `${e.request.method} ${e.request.url.replace(server.base, '')}${op ? ` (${op})` : ''}`, start: e.timestamp, initiator: e.initiator.type });
  });
  cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
    const row = rows.get(e.requestId);
    if (row) Object.assign(row, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  await tab.goto(`${server.base}${page.path}`, { waitUntil: 'load', timeout: 120_000 });
  await tab.getByText(page.ready, { exact: false }).first().waitFor({ state: 'visible', timeout: 120_000 });
  await tab.waitForTimeout(1500);
  const paints = await tab.evaluate(
    () =>
      new Promise<{ lcp: number; fcp: number }>((done) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          done({ lcp: entries[entries.length - 1]?.startTime ?? NaN, fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
  const ms = (t?: number) => (t === undefined ? '-' : ((t - origin) * 1000).toFixed(0).padStart(6));
  for (const row of [...rows.values()].sort((a, b) => a.start - b.start)) {
    console.log(`${ms(row.start)} ${ms(row.end)} ${((row.bytes ?? 0) / 1024).toFixed(1).padStart(7)} KB  ${row.initiator?.padEnd(8)} ${row.url.slice(0, 110)}`);
  }
  console.log(`FCP ${paints.fcp.toFixed(0)} ms, LCP ${paints.lcp.toFixed(0)} ms (from navigation start; the document's request is sent a few ms after it)`);
  console.log('Columns: start and end ms, KB on the wire, what asked for it (parser: the HTML; script: a script), the request.');
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
