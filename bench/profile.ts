// Where the server's CPU time goes: profiles Clubroom (V8's sampling profiler, started after a
// warm-up) under a GraphQL load (autocannon, as `npm run bench` applies) for one operation, and
// sums the self time of the profile by package.
//
//   npx tsx --tsconfig server/tsconfig.json bench/profile.ts [operation]   (default: inbox)
//
// operation: one of the four read operations, or sendMessage (messages from one bench user to
// another; they are deleted afterwards).
//
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50). BENCH_ALLOCATIONS=1: what the
// server allocates instead of where its CPU goes (V8's sampling heap profiler; bytes per request
// by allocating function, what the collectors freed included); BENCH_ALLOCATIONS=retained: only
// what is still held at 90% of the run, the load going on (alive, or promoted and waiting for a
// major GC).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import 'reflect-metadata';
import autocannon from 'autocannon';
import { summarise, type CpuProfile } from './cpuprofile.js';
import { benchUsers, connect, partnersOf, RESULTS, SERVER_NODE_FLAGS, startChild } from './lib.js';
import { graphqlRequest, memberId, OPERATIONS, type Operation, type Target } from './operations.js';

const op = (process.argv[2] ?? 'inbox') as Operation | 'sendMessage';
if (op !== 'sendMessage' && !OPERATIONS.includes(op)) throw new Error(`Operation must be sendMessage or one of ${OPERATIONS.join(', ')}`);
const SUBJECT = 'Bench profile probe';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const sql = connect();
const users = await benchUsers(sql, Array.from({ length: 2000 }, (_, i) => 301 + i * 4));
const partners = await partnersOf(sql, users.map((u) => u.id));

const request = (i: number): Target => {
  const user = users[i % users.length]!;
  if (op !== 'sendMessage') return graphqlRequest(op, user, partners.get(user.id) ?? user.id);
  const recipient = users[(i * 7 + 1) % users.length]!;
  return {
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
    body: JSON.stringify({
      query: 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }',
      variables: { input: { recipientId: memberId(recipient.id), subject: SUBJECT, content: `Profile probe ${i}: see you at training on Saturday.` } },
    }),
  };
};

const server = await startChild('server.ts', {}, SERVER_NODE_FLAGS);
let next = 0;
const run = (duration: number) =>
  autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration,
    requests: [{ setupRequest: () => request(next++) }],
  });
await run(3);
const RETAINED = process.env.BENCH_ALLOCATIONS === 'retained';
const PROMOTED = process.env.BENCH_ALLOCATIONS === 'promoted';
const ALLOCATIONS = process.env.BENCH_ALLOCATIONS === '1' || RETAINED || PROMOTED;
const profiler = ALLOCATIONS ? 'allocations' : 'profile';
await fetch(`${server.url}/__bench/${profiler}/start${RETAINED ? '?retained=1' : PROMOTED ? '?promoted=1' : ''}`);
// Retained objects are read while the load still runs: once it ends, an idle-time collection
// would take the promoted garbage with it.
const stopped = (async () => {
  if (RETAINED) await new Promise((r) => setTimeout(r, DURATION * 900));
  return (await (await fetch(`${server.url}/__bench/${profiler}/stop`)).json()) as unknown;
});
const [result, profile] = RETAINED ? await Promise.all([run(DURATION), stopped()]) : [await run(DURATION), await stopped()];
await server.stop();
if (op === 'sendMessage') await sql`delete from messages where subject = ${SUBJECT}`;
await sql.end();
if (ALLOCATIONS) {
  const report = [
    PROMOTED
      ? `Objects the Clubroom server allocated under GraphQL \`${op}\` load (${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up, ${result.requests.total} requests) that outlived the young generation's collections: promoted to the old generation (collected by a major GC since or not).`
      : RETAINED
      ? `Objects the Clubroom server allocated under GraphQL \`${op}\` load (${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up, ${result.requests.total} requests) and still held at 90% of the run, the load going on: alive, or promoted to the old generation and not yet collected.`
      : `Allocations of the Clubroom server under GraphQL \`${op}\` load (${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up), ${result.requests.total} requests.`,
    '',
    summariseAllocations(profile as AllocationNode & { head?: AllocationNode }, result.requests.total),
  ].join('\n');
  console.log(report);
  writeFileSync(join(RESULTS, `${RETAINED ? 'retained' : PROMOTED ? 'promoted' : 'allocations'}-${op}.txt`), `${report}\n`);
  process.exit(0);
}

const { busy, byPackage, byFunction } = summarise(profile as CpuProfile);
const requests = result.requests.total;

const report = [
  `CPU profile of the Clubroom server under GraphQL \`${op}\` load (${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up).`,
  `Requests measured: ${requests} (${(requests / result.duration).toFixed(0)} req/s). Busy (non-idle) CPU in the profile: ${(busy / 1000).toFixed(1)} s, ${(busy / requests).toFixed(2)} ms per request.`,
  '',
  byPackage,
  '',
  byFunction,
].join('\n');
console.log(report);
writeFileSync(join(RESULTS, `profile-${op}.txt`), `${report}\n`);

interface AllocationNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
}
/** Bytes allocated per request by function (with its caller), the 30 largest. */
function summariseAllocations(profile: { head?: AllocationNode }, requests: number): string {
  const bySite = new Map<string, number>();
  let total = 0;
  const name = (f: AllocationNode['callFrame']) => `${f.functionName || '(anonymous)'} (${f.url.replace(/^.*node_modules\//, '').replace(/^.*\/server\/src\//, '')}:${f.lineNumber + 1})`;
  const walk = (node: AllocationNode, parent?: AllocationNode) => {
    if (node.selfSize) {
      const key = `${name(node.callFrame)} ← ${parent ? name(parent.callFrame) : ''}`;
      bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) walk(child, node);
  };
  walk(profile.head!);
  const rows = [...bySite].sort((a, b) => b[1] - a[1]).slice(0, 30);
  return [
    `Sampled allocations: ${(total / requests / 1024).toFixed(1)} KB per request.`,
    '',
    '| allocated in ← called from | KB per request | share |',
    '| --- | --- | --- |',
    ...rows.map(([site, bytes]) => `| ${site.replaceAll('|', '/')} | ${(bytes / requests / 1024).toFixed(2)} | ${((bytes / total) * 100).toFixed(1)}% |`),
  ].join('\n');
}
