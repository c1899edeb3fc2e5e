// Which React commits a public page makes as it starts, and what each one rendered: the topmost
// components that rendered again in it (their props or state changed since the commit before).
// Finds the renders that follow hydration (a hook whose browser value differs from the server's,
// the session check settling) and how much of the page each one takes with it. A React DevTools
// hook (the one React's production build reports its commits to) records them, at 4x CPU slowdown.
//
//   npm run build && npx vite build --minify false   # the components' names, not the minifier's
//   npx tsx --tsconfig server/tsconfig.json bench/web-commits.ts [/clubs] [--root DIR]
//
// Prints, per page whose label contains the filter, each commit: its time since the page started
// (ms, at 4x), the event it ran in, how many components rendered, and the topmost ones with the
// path above them.
import { chromium } from 'playwright';
import { CHROMIUM, CHROMIUM_ARGS, startDemoServer, webPages } from './web-harness.js';

const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const root = rootAt >= 0 ? args[rootAt + 1] : undefined;
const only = args.find((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--root') ?? '/';
const HOOK = `
(() => {
  const log = []; const seen = new WeakMap();
  window.__commits = log;
  const t0 = performance.now();
  const name = (f) => { const t = f.type; if (!t) return f.tag === 5 ? '' : '#' + f.tag; if (typeof t === 'string') return t; return t.displayName || t.name || (t.render && (t.render.displayName || t.render.name)) || (t._context && 'Ctx') || '?'; };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), isDisabled: false,
    inject() { return 1; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(id, root) {
      const now = performance.now();
      const tops = []; let count = 0;
      const walk = (f, parentWorked, path) => {
        for (let c = f; c; c = c.sibling) {
          let key = seen.get(c) || (c.alternate && seen.get(c.alternate));
          if (!key) { key = {}; seen.set(c, key); }
          if (c.alternate) seen.set(c.alternate, key);
          const worked = key.p !== c.memoizedProps || key.s !== c.memoizedState;
          key.p = c.memoizedProps; key.s = c.memoizedState;
          if (worked) count++;
          const n = name(c);
          if (worked && !parentWorked && tops.length < 12) tops.push(path.slice(-3).join('>') + '>' + n);
          if (c.child) walk(c.child, worked, n && typeof c.type !== 'string' ? [...path, n] : path);
        }
      };
      walk(root.current.child, false, []);
      log.push({ at: Math.round(now - t0), event: window.event ? window.event.type : '-', count, tops });
    },
  };
})();`;

const server = await startDemoServer({ root });
try {
  const pages = (await webPages(server, 'public')).filter((p) => p.label.includes(only));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  for (const page of pages) {
    const context = await browser.newContext();
    const tab = await context.newPage();
    await tab.addInitScript({ content: HOOK });
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await tab.goto(`${server.base}${page.path}`, { waitUntil: 'load' });
    await tab.waitForTimeout(6000);
    const commits = await tab.evaluate(() => (window as unknown as { __commits: unknown[] }).__commits);
    console.log(`== ${page.label}`);
    for (const c of commits as { at: number; event: string; count: number; tops: string[] }[]) console.log(`  @${c.at} ms (${c.event}): ${c.count} rendered; ${c.tops.join(' | ')}`);
    await context.close();
  }
  await browser.close();
} finally {
  await server.stop();
}
