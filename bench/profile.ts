// Where the server's CPU time goes: profiles Clubroom (V8's sampling profiler, started after a
// warm-up) under a GraphQL load (autocannon, as `npm run bench` applies) for one operation, and
// sums the self time of the profile by package.
//
//   npx tsx --tsconfig server/tsconfig.json bench/profile.ts [operation]   (default: inbox)
//
// operation: one of the four read operations, or sendMessage (messages from one bench user to
// another; they are deleted afterwards).
//
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchUsers, connect, partnersOf, RESULTS, startChild, table } from './lib.js';
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

const server = await startChild('server.ts');
let next = 0;
const run = (duration: number) =>
  autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration,
    requests: [{ setupRequest: () => request(next++) }],
  });
await run(3);
await fetch(`${server.url}/__bench/profile/start`);
const result = await run(DURATION);
const profile = (await (await fetch(`${server.url}/__bench/profile/stop`)).json()) as { nodes: Node[]; startTime: number; endTime: number; samples: number[] };
await server.stop();
if (op === 'sendMessage') await sql`delete from messages where subject = ${SUBJECT}`;
await sql.end();

interface Node {
  id: number;
  hitCount: number;
  callFrame: { functionName: string; url: string };
}
const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;

const categoryOf = ({ functionName, url }: Node['callFrame']): string => {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node: (core)';
  const own = /\/(server\/src|bench)\//.exec(url)?.[1];
  return own ?? url;
};
const totals = new Map<string, number>();
for (const node of profile.nodes) totals.set(categoryOf(node.callFrame), (totals.get(categoryOf(node.callFrame)) ?? 0) + node.hitCount * msPerSample);
const busy = [...totals].filter(([k]) => k !== '(idle)').reduce((sum, [, v]) => sum + v, 0);
const requests = result.requests.total;
const rows = [...totals]
  .filter(([k]) => k !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, 18)
  .map(([k, v]) => [k, `${((100 * v) / busy).toFixed(1)}%`]);

// The functions with most self time, named with their file.
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url } = node.callFrame;
  const file = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server\/src|bench)\//, '$1/');
  const key = `${functionName || '(anonymous)'} ${file ? `(${file})` : ''}`.trim();
  byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount * msPerSample);
}
const topFunctions = [...byFunction]
  .filter(([k]) => k !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, 15)
  .map(([k, v]) => [k.replaceAll('|', '/'), `${((100 * v) / busy).toFixed(1)}%`]);

const report = [
  `CPU profile of the Clubroom server under GraphQL \`${op}\` load (${CONNECTIONS} connections, ${DURATION} s after a 3 s warm-up).`,
  `Requests measured: ${requests} (${(requests / result.duration).toFixed(0)} req/s). Busy (non-idle) CPU in the profile: ${(busy / 1000).toFixed(1)} s, ${(busy / requests).toFixed(2)} ms per request.`,
  '',
  table(['self time in', 'share of busy CPU'], rows),
  '',
  table(['function (file)', 'share of busy CPU'], topFunctions),
].join('\n');
console.log(report);
writeFileSync(join(RESULTS, `profile-${op}.txt`), `${report}\n`);
