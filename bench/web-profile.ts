// Where a page's start-up time goes on a cheap phone: loads one page of the built app
// (bench/web-harness.ts's demo server) in Chromium at 4× CPU slowdown (no network throttling:
// the CPU is what is measured), with V8's sampling profiler on, and prints the long tasks
// (> 50 ms, those Lighthouse's total blocking time counts) and the self time by source: a
// package under node_modules or a file of web/src, read through the build's source maps.
//
//   npm run build && npx vite build --sourcemap hidden   # the maps beside the chunks, not named in them
//   npx tsx --tsconfig server/tsconfig.json bench/web-profile.ts [/clubs] [--runs 3] [--top 25] [--inclusive] [--slow4g]
//
// --slow4g also throttles the network as bench/web-lcp.ts does (cold cache): the tasks then come
// in the order a phone on a poor connection meets them (the session check answering after the
// first render, a page's chunks arriving late).
// Each run is a fresh browser (cold cache); the figures are the sums over the runs divided by the
// number of runs. A run without source maps attributes time to the chunk files. --inclusive also
// prints each function's time with its callees', and for each long task the web/src functions in
// it (ALL_SOURCES=1: every package's). The next `npm run build` removes the maps. A signed-in page
// of bench/web-harness.ts's list (/club/dashboard) is loaded as its member.
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium } from 'playwright';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';
import { ACCOUNTS, CHROMIUM, CHROMIUM_ARGS, REPO, SESSION_KEY, SLOW_4G, startDemoServer, webPages } from './web-harness.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string } };
}

/** The renderer's main thread's tasks over 50 ms, their time by trace event (self time: an
 *  event's duration less its children's), as Lighthouse's main-thread breakdown counts it. */
function longTaskBreakdown(events: TraceEvent[], jsIn: (from: number, to: number) => string): Map<string, number> {
  const threadName = events.find((e) => e.name === 'thread_name' && (e.args as { name?: string } | undefined)?.name === 'CrRendererMain');
  const result = new Map<string, number>();
  if (!threadName) return result;
  const main = events
    .filter((e) => e.ph === 'X' && e.pid === threadName.pid && e.tid === threadName.tid && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const tasks = main.filter((e) => e.name === 'RunTask' && e.dur! > 50_000);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inside = main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur! <= end);
    // Self time: each event's duration less that of the events directly inside it.
    const stack: TraceEvent[] = [];
    const self = new Map<TraceEvent, number>();
    for (const event of inside) {
      while (stack.length && stack.at(-1)!.ts + stack.at(-1)!.dur! <= event.ts) stack.pop();
      const parent = stack.at(-1);
      if (parent) self.set(parent, (self.get(parent) ?? parent.dur!) - event.dur!);
      self.set(event, self.get(event) ?? event.dur!);
      stack.push(event);
    }
    const perTask = new Map<string, number>();
    for (const [event, us] of self) {
      result.set(event.name, (result.get(event.name) ?? 0) + us / 1000);
      perTask.set(event.name, (perTask.get(event.name) ?? 0) + us / 1000);
    }
    const biggest = [...perTask].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(`  task ${(task.dur! / 1000).toFixed(0)} ms: ${biggest.map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ')}\n      js: ${jsIn(task.ts, end)}`);
    const top = inside.filter((e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!));
    const covered = top.reduce((sum, e) => sum + e.dur!, 0);
    result.set('(task, outside any event)', (result.get('(task, outside any event)') ?? 0) + (task.dur! - covered) / 1000);
  }
  return result;
}

function parseArgs(argv: string[]) {
  const args: { path: string; runs: number; top: number; save?: string; slow4g?: boolean } = { path: '/clubs', runs: 3, top: 25 };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') args.runs = Number(argv[++i]);
    else if (argv[i] === '--top') args.top = Number(argv[++i]);
    else if (argv[i] === '--inclusive') args.save = 'inclusive';
    else if (argv[i] === '--slow4g') args.slow4g = true;
    else if (argv[i]!.startsWith('/')) args.path = argv[i]!;
  }
  return args;
}

const maps = new Map<string, SourceMapConsumer | null>();
function sourceMap(url: string): SourceMapConsumer | null {
  if (maps.has(url)) return maps.get(url)!;
  const file = join(REPO, 'dist', 'web', 'assets', basename(new URL(url).pathname) + '.map');
  const consumer = existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8')) as RawSourceMap) : null;
  maps.set(url, consumer);
  return consumer;
}

/** The source a profile node's code came from: a package, a web/src file, or the chunk. */
function sourceOf(frame: ProfileNode['callFrame']): { source: string; fn: string } {
  if (!frame.url) return { source: frame.functionName || '(program)', fn: frame.functionName };
  if (!frame.url.includes('/assets/')) return { source: new URL(frame.url).pathname, fn: frame.functionName };
  const map = sourceMap(frame.url);
  if (!map) return { source: basename(new URL(frame.url).pathname), fn: frame.functionName };
  const original = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const path = original.source ?? '?';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path)?.[1];
  const source = pkg ?? path.replace(/^.*\/web\/src\//, 'web/src/');
  return { source, fn: `${original.name ?? frame.functionName ?? '(anonymous)'} ${path.replace(/^.*node_modules\//, '')}:${original.line ?? '?'}` };
}

/** Each function's inclusive time (its own and its callees'), once per stack (recursion). */
function addInclusive(profile: Profile, into: Map<string, number>, runs: number): void {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const names = new Map<number, string>();
  const nameOf = (id: number) => {
    let name = names.get(id);
    if (name === undefined) {
      const frame = nodes.get(id)!.callFrame;
      name = frame.url.includes('/assets/') ? sourceOf(frame).fn : '';
      names.set(id, name);
    }
    return name;
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000 / runs;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf(at);
      if (!name || seen.has(name)) continue;
      seen.add(name);
      into.set(name, (into.get(name) ?? 0) + ms);
    }
  });
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const server = await startDemoServer();
  const bySource = new Map<string, number>();
  const byFunction = new Map<string, number>();
  const byTraceEvent = new Map<string, number>();
  const inclusive = new Map<string, number>();
  try {
    const pages = await webPages(server);
    const page = pages.find((p) => p.label === args.path || p.path === args.path);
    const url = server.base + (page?.path ?? args.path);
    // A signed-in page of the harness's list is loaded as its member (the session the client keeps).
    const account = page && page.as !== 'anonymous' ? page.as : undefined;
    for (let run = 1; run <= args.runs; run++) {
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        if (account) {
          const session = JSON.stringify(await server.signIn(ACCOUNTS[account]));
          await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [SESSION_KEY, session] as const);
        }
        const tab = await context.newPage();
        await tab.addInitScript(() => {
          const tasks: { start: number; duration: number }[] = [];
          (window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) tasks.push({ start: Math.round(entry.startTime), duration: Math.round(entry.duration) });
          }).observe({ type: 'longtask', buffered: true });
        });
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        if (args.slow4g) {
          await cdp.send('Network.enable');
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
        }
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        const events: TraceEvent[] = [];
        cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
        const traced = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
        await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,loading', transferMode: 'ReportEvents' });
        await tab.goto(url, { waitUntil: 'load' });
        await tab.waitForTimeout(4000);
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
        await cdp.send('Tracing.end');
        const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
        await traced;
        const sampleTimes: number[] = [];
        let clock = profile.startTime;
        for (const delta of profile.timeDeltas) sampleTimes.push((clock += delta));
        const jsIn = (from: number, to: number): string => {
          const sums = new Map<string, number>();
          profile.samples.forEach((id, i) => {
            if (sampleTimes[i]! < from || sampleTimes[i]! > to) return;
            const { source } = sourceOf(nodeById.get(id)!.callFrame);
            sums.set(source, (sums.get(source) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
          });
          const app = new Map<string, number>();
          if (args.save) {
            const parent = new Map<number, number>();
            for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
            profile.samples.forEach((id, i) => {
              if (sampleTimes[i]! < from || sampleTimes[i]! > to) return;
              const seen = new Set<string>();
              for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
                const frame = nodeById.get(at)!.callFrame;
                if (!frame.url.includes('/assets/')) continue;
                const { source, fn } = sourceOf(frame);
                if ((process.env.ALL_SOURCES ? false : !source.startsWith('web/src')) || seen.has(fn)) continue;
                seen.add(fn);
                app.set(fn, (app.get(fn) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
              }
            });
          }
          const appTop = [...app].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([name, ms]) => `${name.replace(/ web\/src\/|.*web\/src\//, ' ')} ${ms.toFixed(0)}`);
          return [...sums].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, ms]) => `${name} ${ms.toFixed(0)}`).join(', ') + (appTop.length ? `\n      app: ${appTop.join('; ')}` : '');
        };
        for (const [name, ms] of longTaskBreakdown(events, jsIn)) byTraceEvent.set(name, (byTraceEvent.get(name) ?? 0) + ms / args.runs);
        const tasks = await tab.evaluate(() => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks);
        const blocking = tasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
        console.log(`run ${run}: long tasks ${tasks.map((t) => `${t.duration}@${t.start}`).join(', ')}; blocking ${blocking} ms`);
        const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
        if (args.save) addInclusive(profile, inclusive, args.runs);
        profile.samples.forEach((id, i) => {
          const node = nodes.get(id)!;
          const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
          const { source, fn } = sourceOf(node.callFrame);
          if (source === '(idle)') return;
          bySource.set(source, (bySource.get(source) ?? 0) + ms / args.runs);
          byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms / args.runs);
        });
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
  }
  const print = (title: string, map: Map<string, number>) => {
    console.log(`\n${title}`);
    const total = [...map.values()].reduce((a, b) => a + b, 0);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, args.top)) {
      console.log(`${ms.toFixed(0).padStart(6)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`);
    }
    console.log(`${total.toFixed(0).padStart(6)} ms total (busy, at 4x)`);
  };
  print(`Self time by source (${args.path}, mean of ${args.runs})`, bySource);
  print('Self time by function', byFunction);
  print('Within the long tasks, self time by trace event', byTraceEvent);
  if (args.save) print('Inclusive time by function (app and package code)', inclusive);
}

await main();
