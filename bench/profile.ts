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
import 'reflect-metadata';
import autocannon from 'autocannon';
import { summarise, type CpuProfile } from './cpuprofile.js';
import { benchUsers, connect, partnersOf, RESULTS, startChild } from './lib.js';
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
const profile = (await (await fetch(`${server.url}/__bench/profile/stop`)).json()) as CpuProfile;
await server.stop();
if (op === 'sendMessage') await sql`delete from messages where subject = ${SUBJECT}`;
await sql.end();

const { busy, byPackage, byFunction } = summarise(profile);
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
