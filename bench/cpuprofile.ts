// A V8 CPU profile summed up: self time by package and the functions with most self time. Used by
// bench/profile.ts (the profiler started over the inspector) and on its own for the profiles
// `npm run bench` writes when BENCH_PROFILE_DIR is set (the built server under --cpu-prof):
//
//   npx tsx bench/cpuprofile.ts <file.cpuprofile> [requests]
import { readFileSync } from 'node:fs';
import { table } from './lib.js';

export interface CpuProfile {
  nodes: { id: number; hitCount: number; callFrame: { functionName: string; url: string } }[];
  startTime: number;
  endTime: number;
  samples: number[];
}

const categoryOf = ({ functionName, url }: CpuProfile['nodes'][number]['callFrame']): string => {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node: (core)';
  const own = /\/(server\/src|bench|dist\/server)\//.exec(url)?.[1];
  return own ?? url;
};

/** Busy (non-idle) milliseconds in the profile, and the two tables (top `rows` of each). */
export function summarise(profile: CpuProfile, rows = 18): { busy: number; byPackage: string; byFunction: string } {
  const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
  const totals = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = node.hitCount * msPerSample;
    const category = categoryOf(node.callFrame);
    totals.set(category, (totals.get(category) ?? 0) + ms);
    const { functionName, url } = node.callFrame;
    const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server\/src|bench|dist\/server)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${file ? `(${file})` : ''}`.trim();
    functions.set(key, (functions.get(key) ?? 0) + ms);
  }
  const busy = [...totals].filter(([k]) => k !== '(idle)').reduce((sum, [, v]) => sum + v, 0);
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k.replaceAll('|', '/'), `${((100 * v) / busy).toFixed(1)}%`]);
  return {
    busy,
    byPackage: table(['self time in', 'share of busy CPU'], top(totals, rows)),
    byFunction: table(['function (file)', 'share of busy CPU'], top(functions, rows + 12)),
  };
}

if (process.argv[1]?.endsWith('cpuprofile.ts')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: bench/cpuprofile.ts <file.cpuprofile> [requests]');
  const { busy, byPackage, byFunction } = summarise(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile);
  const requests = Number(process.argv[3] ?? 0);
  console.log(`Busy CPU ${(busy / 1000).toFixed(1)} s${requests ? `, ${(busy / requests).toFixed(2)} ms per request` : ''}\n\n${byPackage}\n\n${byFunction}`);
}
