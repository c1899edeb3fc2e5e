// Where Clubroom's CPU goes on the directory's first page: V8's sampling profiler in the server
// (bench/server.ts's /__bench/profile routes) during autocannon load after a warm-up; self time
// summed by package and by function. Writes bench/results/profile-directory[-label].txt.
//
//   BENCH_CLUBS_DATABASE=clubroom_bench_peer npx tsx --tsconfig server/tsconfig.json bench/peers/profile-directory.ts
//
// BENCH_DURATION (s, default 8), BENCH_CONNECTIONS (default 50), BENCH_LABEL.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { CASES, CLUBS_DATABASE_URL, directoryBody } from '../clubs-lib.js';
import { RESULTS, startChild, table } from '../lib.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
const body = directoryBody(CASES[0]!);

interface Node {
  id: number;
  hitCount: number;
  callFrame: { functionName: string; url: string };
}

const server = await startChild('server.ts', { BENCH_DATABASE_URL: CLUBS_DATABASE_URL });
const run = (duration: number) =>
  autocannon({ url: server.url, connections: CONNECTIONS, duration, requests: [{ setupRequest: () => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body }) }] });
let profile: { nodes: Node[]; startTime: number; endTime: number; samples: number[] };
let requests: number;
try {
  await run(3);
  await fetch(`${server.url}/__bench/profile/start`);
  requests = (await run(DURATION)).requests.total;
  profile = (await (await fetch(`${server.url}/__bench/profile/stop`)).json()) as typeof profile;
} finally {
  await server.stop();
}

const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
const packageOf = ({ functionName, url }: Node['callFrame']): string => {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node: (core)';
  return /\/(server\/src\/[^/]+(?:\/[^/]+)?)\//.exec(url)?.[1] ?? url;
};
const functionOf = ({ functionName, url }: Node['callFrame']) =>
  `${functionName || '(anonymous)'} (${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server\/src|bench)\//, '$1/')})`.replaceAll('|', '/');
const sum = (key: (frame: Node['callFrame']) => string) => {
  const totals = new Map<string, number>();
  for (const node of profile.nodes) totals.set(key(node.callFrame), (totals.get(key(node.callFrame)) ?? 0) + node.hitCount * msPerSample);
  totals.delete('(idle)');
  totals.delete('(idle) ()');
  return totals;
};
const byPackage = sum(packageOf);
const busy = [...byPackage.values()].reduce((a, b) => a + b, 0);
const top = (totals: Map<string, number>, n: number) =>
  [...totals].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => [k, `${((100 * v) / busy).toFixed(1)}%`, (v / requests).toFixed(3)]);
const report = [
  `CPU profile of Clubroom on the directory's first page (${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up). ${new Date().toISOString()}`,
  `Requests: ${requests} (${(requests / DURATION).toFixed(0)} req/s). Busy CPU: ${(busy / requests).toFixed(2)} ms per request.`,
  '',
  table(['self time in', 'share', 'ms/req'], top(byPackage, 20)),
  '',
  table(['function (file)', 'share', 'ms/req'], top(sum(functionOf), 25)),
].join('\n');
console.log(report);
writeFileSync(join(RESULTS, `profile-directory${LABEL}.txt`), `${report}\n`);
