// Lighthouse (the `lighthouse` package, 12.2.3: the last to run on Node 20) on every public page,
// as issue 27's goals ask: its default configuration, which IS the mobile one (a Moto G Power-sized
// screen, simulated slow 4G and 4x CPU slowdown, cold cache), driving Debian's Chromium through
// chrome-launcher. Starts the built server over the demo community (bench/web-harness.ts); --runs
// runs per page (3), each in a fresh Chromium; prints the median score of each category
// (performance, accessibility, best practices, SEO) and the median LCP, TBT and CLS against the
// goals (≥ 90, 100, ≥ 95, 100), and for each page the audits that failed (score under 0.9) with the
// number of runs they failed in: what to fix. Writes bench/results/web-lighthouse.json.
//
// --compare DIR runs another build's pages in turns with this build's (as bench/web-lcp.ts does).
//
//   npm run build && npx tsx --tsconfig server/tsconfig.json bench/web-lighthouse.ts
//   npx tsx --tsconfig server/tsconfig.json bench/web-lighthouse.ts --runs 1 --only /clubs --root /a/built/copy
//   npx tsx --tsconfig server/tsconfig.json bench/web-lighthouse.ts --compare .e2e/before
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { RESULTS } from './lib.js';
import { CHROMIUM, GOALS, loadAverage, markdownTable, median, REPO, startDemoServer, webPages, type DemoServer, type WebPage } from './web-harness.js';

/** chrome-launcher's flags for Debian's Chromium here (root, no GPU). */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export interface LighthouseArgs {
  root: string;
  runs: number;
  port?: number;
  only?: string[];
  /** A directory to keep each run's whole Lighthouse report in (JSON: open it in the Lighthouse viewer). */
  save?: string;
  /** Another build run in turns with this one (reported first, as 'before'). */
  compare?: string;
}

export function parseLighthouseArgs(argv: string[]): LighthouseArgs {
  const args: LighthouseArgs = { root: REPO, runs: 3 };
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i + 1];
    if (argv[i] === '--root') args.root = resolve(value ?? '');
    else if (argv[i] === '--runs') args.runs = Number(value);
    else if (argv[i] === '--port') args.port = Number(value);
    else if (argv[i] === '--only') args.only = (value ?? '').split(',').filter(Boolean);
    else if (argv[i] === '--save') args.save = resolve(value ?? '');
    else if (argv[i] === '--compare') args.compare = resolve(value ?? '');
    else throw new Error(`Unknown argument ${argv[i]} (use --root DIR, --runs N, --port N, --only /a,/b, --save DIR, --compare DIR).`);
    i++;
  }
  return args;
}

interface Failing {
  id: string;
  title: string;
  category: Category;
  display: string;
}

interface LighthouseRun {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  failing: Failing[];
  warnings: string[];
  version: string;
  /** Lighthouse's measure of the host's CPU (its BenchmarkIndex): the 4x slowdown is calibrated
   *  for a host of ~1000 or more, and a slower (or busier) host scores lower for the same page. */
  benchmarkIndex: number;
}

/** One Lighthouse run of `url` in a fresh Chromium, with Lighthouse's default (mobile) settings. */
async function runOnce(url: string, save?: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
    const { lhr } = result;
    if (save) {
      mkdirSync(dirname(save), { recursive: true });
      writeFileSync(save, typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? NaN])) as Record<Category, number>;
    const failing: Failing[] = [];
    for (const category of CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (!audit || audit.score === null || audit.score >= 0.9) continue;
        if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
        failing.push({ id: audit.id, title: audit.title, category, display: audit.displayValue ?? '' });
      }
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      scores,
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      fcp: numeric('first-contentful-paint'),
      failing,
      warnings: lhr.runWarnings,
      version: lhr.lighthouseVersion,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    chrome.kill();
  }
}

export interface LighthouseRow {
  page: string;
  path: string;
  runs: LighthouseRun[];
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** Each failing audit once, with the number of runs it failed in and its last display value. */
  failing: (Failing & { runs: number })[];
  pass: boolean;
}

export interface LighthouseReport {
  date: string;
  settings: string;
  loadBefore: string;
  loadAfter: string;
  rows: LighthouseRow[];
  table: string;
  audits: string;
}

const score = (value: number) => (Number.isFinite(value) ? String(Math.round(value * 100)) : '-');

export async function runLighthouse(args: LighthouseArgs): Promise<LighthouseReport> {
  return (await runLighthouseBuilds(args, [args.root]))[0]!;
}

/** Each build's report, its runs taking turns with the others' (page by page, run by run). */
export async function runLighthouseBuilds(args: LighthouseArgs, roots: string[]): Promise<LighthouseReport[]> {
  const loadBefore = loadAverage();
  const servers: DemoServer[] = [];
  try {
    for (const [i, root] of roots.entries()) servers.push(await startDemoServer({ root, port: i === 0 ? args.port : undefined }));
    const pagesOf: WebPage[][] = [];
    for (const server of servers) pagesOf.push((await webPages(server, 'public')).filter((p) => !args.only || args.only.some((o) => p.label.includes(o))));
    const runsOf: LighthouseRun[][][] = servers.map(() => []);
    for (const [p, page] of pagesOf[0]!.entries()) {
      servers.forEach((_, b) => runsOf[b]!.push([]));
      for (let run = 0; run < args.runs; run++) {
        for (const [b, server] of servers.entries()) {
          const name = `${page.label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}${roots.length > 1 ? `-build${b + 1}` : ''}-${run + 1}.json`;
          const r = await runOnce(`${server.base}${pagesOf[b]![p]!.path}`, args.save ? join(args.save, name) : undefined);
          runsOf[b]![p]!.push(r);
          const which = roots.length > 1 ? ` [${roots[b]}]` : '';
          console.log(
            `${page.label}${which} run ${run + 1}: ${CATEGORIES.map((c) => `${c} ${score(r.scores[c])}`).join(', ')}; LCP ${r.lcp.toFixed(0)} ms, TBT ${r.tbt.toFixed(0)} ms, CLS ${r.cls.toFixed(3)}  [BenchmarkIndex ${r.benchmarkIndex.toFixed(0)}, load ${loadAverage()}]`,
          );
          for (const warning of r.warnings) console.log(`  warning: ${warning}`);
        }
      }
    }
    const loadAfter = loadAverage();
    const goals = CATEGORIES.map((c) => `${c} ≥ ${score(GOALS.lighthouse[c])}`).join(', ');
    return servers.map((_, b) => {
      const rows: LighthouseRow[] = pagesOf[b]!.map((page, p) => {
        const runs = runsOf[b]![p]!;
        const scores = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<Category, number>;
        const failing = new Map<string, Failing & { runs: number }>();
        for (const r of runs) {
          for (const f of r.failing) {
            const key = `${f.category}/${f.id}`;
            failing.set(key, { ...f, runs: (failing.get(key)?.runs ?? 0) + 1 });
          }
        }
        return {
          page: page.label,
          path: page.path,
          runs,
          scores,
          lcpMs: median(runs.map((r) => r.lcp)),
          tbtMs: median(runs.map((r) => r.tbt)),
          cls: median(runs.map((r) => r.cls)),
          fcpMs: median(runs.map((r) => r.fcp)),
          failing: [...failing.values()],
          pass: CATEGORIES.every((c) => scores[c] >= GOALS.lighthouse[c]),
        };
      });
      const version = rows[0]?.runs[0]?.version ?? '?';
      const indexes = rows.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)).filter(Number.isFinite);
      const host = indexes.length ? ` The host's BenchmarkIndex (Lighthouse's CPU measure, taken in each run) ${Math.min(...indexes).toFixed(0)}–${Math.max(...indexes).toFixed(0)}, median ${median(indexes).toFixed(0)}.` : '';
      const settings = `Lighthouse ${version}, default (mobile) settings: simulated slow 4G and 4x CPU slowdown, cold cache; Debian's Chromium (${CHROME_FLAGS.join(' ')}), a fresh one per run; median of ${args.runs} runs.${roots.length > 1 ? ` ${roots.length} builds run in turns; this one: ${roots[b]}.` : ''} Goals: ${goals}. Load average before ${loadBefore}, after ${loadAfter}.${host}`;
      const table = markdownTable(
        ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms (simulated)', 'TBT ms', 'CLS', 'FCP ms', 'goals met?'],
        rows.map((r) => [
          r.page,
          ...CATEGORIES.map((c) => `${score(r.scores[c])}${r.scores[c] >= GOALS.lighthouse[c] ? '' : ' ✗'}`),
          r.lcpMs.toFixed(0),
          r.tbtMs.toFixed(0),
          r.cls.toFixed(3),
          r.fcpMs.toFixed(0),
          r.pass ? 'yes' : `no: ${CATEGORIES.filter((c) => !(r.scores[c] >= GOALS.lighthouse[c])).join(', ')}`,
        ]),
        (i) => i > 0 && i < 9,
      );
      const audits = rows
        .filter((r) => r.failing.length > 0)
        .map((r) => [`${r.page}:`, ...r.failing.map((f) => `  - ${f.category}: ${f.id} (${f.title})${f.display ? `: ${f.display}` : ''} [${f.runs}/${r.runs.length} runs]`)].join('\n'))
        .join('\n');
      return { date: new Date().toISOString(), settings, loadBefore, loadAfter, rows, table, audits };
    });
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export function writeLighthouseReport(report: LighthouseReport): string {
  mkdirSync(RESULTS, { recursive: true });
  const file = join(RESULTS, 'web-lighthouse.json');
  writeFileSync(file, `${JSON.stringify({ ...report, table: undefined, audits: undefined }, null, 2)}\n`);
  return file;
}

export function printLighthouseReport(report: LighthouseReport): void {
  console.log(`\nLighthouse. ${report.settings}\n`);
  console.log(report.table);
  console.log(report.audits ? `\nFailing audits (score < 0.9):\n${report.audits}` : '\nNo failing audits.');
}

async function main(): Promise<void> {
  const args = parseLighthouseArgs(process.argv.slice(2));
  if (args.compare) {
    const [before, after] = await runLighthouseBuilds(args, [args.compare, args.root]);
    console.log(`\nBefore (${args.compare}):`);
    printLighthouseReport(before!);
    console.log(`\nAfter (${args.root}):`);
    printLighthouseReport(after!);
    return;
  }
  const report = await runLighthouse(args);
  printLighthouseReport(report);
  if (!args.only) console.log(`\nWritten: ${writeLighthouseReport(report)}`);
  const missed = report.rows.filter((r) => !r.pass);
  console.log(missed.length ? `\nGoals missed on ${missed.length} of ${report.rows.length} pages: ${missed.map((r) => r.page).join(', ')}.` : `\nGoals met on all ${report.rows.length} pages.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
