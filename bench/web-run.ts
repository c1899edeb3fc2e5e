// `npm run bench`'s web part (issue 27's goals), also run alone by `npm run bench -- --web` (or
// `npm run bench:web`): builds the app (`npm run build`, unless --no-build), then
//   - bench/web-size.ts: JavaScript per route from Vite's manifest (public routes ≤ 200 KB gzipped),
//   - bench/web-lcp.ts: the largest contentful paint of every public page and of the signed-in
//     /messages, /volunteer/dashboard, /club/dashboard and /admin (slow 4G, 4x CPU, cold cache,
//     median of 3; ≤ 2.5 s public, ≤ 3.5 s signed in),
//   - bench/web-lighthouse.ts: Lighthouse 12.2.3 with its default (mobile) settings on every
//     public page, median of 3 (performance ≥ 90, accessibility 100, best practices ≥ 95, SEO 100),
// and prints their tables. A whole web part writes them into docs/BENCHMARKS.md (between the
// bench:web markers) unless --no-write; each script also writes bench/results/web-*.json.
// `--quick` measures the sizes only, of the app as last built (no build, no browser: the quick
// run's 3-minute bar).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib.js';
import { run } from './run-servers.js';
import { loadAverage } from './web-harness.js';
import { printLighthouseReport, runLighthouse, writeLighthouseReport } from './web-lighthouse.js';
import { runLcp, writeLcpReport } from './web-lcp.js';
import { PUBLIC_ROUTE_GOAL_KB, routeSizes } from './web-size.js';

export interface WebPartOptions {
  build: boolean;
  quick: boolean;
  /** Loads per page (LCP) and Lighthouse runs per page: 3. */
  runs: number;
  writeDocs: boolean;
  command: string;
}

const MARKERS = ['<!-- bench:web:start -->', '<!-- bench:web:end -->'] as const;

export async function runWebPart(options: WebPartOptions): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  console.log(`\n== The web client (issue 27) ==`);
  if (options.build && !options.quick) {
    console.log('Building the app (npm run build)...');
    await run('npm', ['run', '-s', 'build']);
  }
  if (options.quick && !existsSync(join(ROOT, 'dist', 'web', '.vite', 'manifest.json'))) {
    console.log('No client build in dist/web: the sizes need one ("npm run build"; a quick run does not build it).');
    return;
  }
  const sizes = routeSizes(join(ROOT, 'dist', 'web'));
  writeFileSync(join(ROOT, 'bench', 'results', 'web-size.json'), `${JSON.stringify({ date: new Date().toISOString(), goalKbGzip: PUBLIC_ROUTE_GOAL_KB, rows: sizes.rows }, null, 2)}\n`);
  const blocks = [`JavaScript per route (bench/web-size.ts, from Vite's manifest; load average ${loadAverage()}):\n\n${sizes.table}\n\n${sizes.summary}`];
  console.log(`\n${blocks[0]}`);
  if (!options.quick) {
    console.log(`\n[${elapsed()}] Largest contentful paint (bench/web-lcp.ts, ${options.runs} loads per page)...`);
    const lcp = await runLcp({ root: ROOT, runs: options.runs, cpu: 4 });
    writeLcpReport(lcp);
    blocks.push(`Largest contentful paint (bench/web-lcp.ts). ${lcp.settings}\n\n${lcp.table}`);
    console.log(`\n${blocks.at(-1)}`);
    console.log(`\n[${elapsed()}] Lighthouse (bench/web-lighthouse.ts, ${options.runs} runs per page)...`);
    const lighthouse = await runLighthouse({ root: ROOT, runs: options.runs });
    writeLighthouseReport(lighthouse);
    printLighthouseReport(lighthouse);
    // The failing audits are printed above (printLighthouseReport) and kept per run in
    // bench/results/web-lighthouse.json; docs/BENCHMARKS.md names them only (its ≤ 300 lines, issue 26).
    blocks.push(`Lighthouse (bench/web-lighthouse.ts). ${lighthouse.settings}\n\n${lighthouse.table}${lighthouse.audits ? '\n\nFailing audits (score < 0.9), page by page and run by run: printed by the run and kept in bench/results/web-lighthouse.json.' : ''}`);
  }
  console.log(`\n[${elapsed()}] web part done.`);
  if (options.writeDocs && !options.quick) {
    const docs = join(ROOT, 'docs', 'BENCHMARKS.md');
    const text = readFileSync(docs, 'utf8');
    const [start, end] = MARKERS;
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    const section = `${start}\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`${options.command}\` (the web part took ${elapsed()}).\n\n${blocks.join('\n\n')}\n${end}`;
    if (from >= 0 && to > from) {
      writeFileSync(docs, text.slice(0, from) + section + text.slice(to + end.length));
      console.log(`Written: ${docs} (between ${start} and ${end})`);
    } else {
      console.log(`docs/BENCHMARKS.md has no ${start} … ${end} markers: the tables are above only.`);
    }
  }
}
