// Is a closed subscription's memory released? 500 graphql-ws clients subscribe to
// `subscription { unreadMessageCount }` and disconnect, three times; the server's heap (after a
// full gc) is read after each step, and again after one message has been sent to each of the 500
// users (an event for a closed subscription's user).
//
//   npx tsx --tsconfig server/tsconfig.json bench/ws-release.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { benchUsers, connect, mb, RESULTS, rssOf, startChild, table } from './lib.js';
import { memberId } from './operations.js';

const CLIENTS = 500;
const SUBJECT = 'Bench release probe';
const sql = connect();
const users = await benchUsers(sql, Array.from({ length: CLIENTS }, (_, i) => 1001 + i));
const [sender] = await benchUsers(sql, [9500]);
const server = await startChild('server.ts', {}, ['--expose-gc']);
const rows: string[][] = [];
const measure = async (step: string) => {
  const { heapUsed } = (await (await fetch(`${server.url}/__bench/memory`)).json()) as { heapUsed: number };
  rows.push([step, mb(heapUsed), mb(rssOf(server.pid))]);
  console.log(step, mb(heapUsed));
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function subscribed(token: string): Promise<Client> {
  const client = createClient({
    url: `${server.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    retryAttempts: 0,
    lazy: false,
    onNonLazyError: () => {},
  });
  return new Promise((resolve, reject) =>
    client.subscribe({ query: 'subscription { unreadMessageCount { count } }' }, { next: () => resolve(client), error: reject, complete: () => {} }),
  );
}

try {
  await measure('before');
  for (let cycle = 1; cycle <= 3; cycle++) {
    const clients = await Promise.all(users.map((u) => subscribed(u.token)));
    await measure(`cycle ${cycle}: ${CLIENTS} subscribed`);
    await Promise.all(clients.map((c) => c.dispose()));
    await pause(3000);
    await measure(`cycle ${cycle}: all closed, 3 s later`);
  }
  for (const user of users) {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${sender!.token}` },
      body: JSON.stringify({
        query: 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }',
        variables: { input: { recipientId: memberId(user.id), subject: SUBJECT, content: 'Release probe, please ignore.' } },
      }),
    });
    if (res.status !== 200) throw new Error(await res.text());
  }
  await pause(3000);
  await measure(`one message sent to each of the ${CLIENTS} users`);
} finally {
  await server.stop();
  await sql`delete from messages where subject = ${SUBJECT}`;
  await sql.end();
}
const report = [`Subscriptions released? ${CLIENTS} clients, three connect/close cycles. ${new Date().toISOString()}`, '', table(['step', 'V8 heap used (after gc)', 'RSS'], rows)].join('\n');
console.log(`\n${report}`);
writeFileSync(join(RESULTS, 'ws-release.txt'), `${report}\n`);
