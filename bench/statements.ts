// Counts the SQL statements PostgreSQL receives for one request of each operation, from the
// server's own log: log_statement = 'all' is set for the bench database only while this runs, and
// the log lines between two markers, from the server's connections, are counted.
//
//   npx tsx --tsconfig server/tsconfig.json bench/statements.ts
//
// BENCH_PG_LOG names PostgreSQL's log file (default: Debian's for PostgreSQL 15).
import { closeSync, openSync, readSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchUsers, connect, databaseName, partnersOf, RESULTS, startChild, table, type BenchUser } from './lib.js';
import { CONVERSATIONS_WITH_NAMES, graphqlRequest, memberId, OPERATIONS, send, type Target } from './operations.js';

const LOG = process.env.BENCH_PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const db = databaseName();
const admin = connect();
await admin.unsafe(`alter database ${db} set log_statement = 'all'`);
// Connections opened from now on log their statements; this one writes the markers.
const sql = connect();
const [{ pid: markerPid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;

interface Entry {
  pid: number;
  db: string;
  text: string;
}

/** Log entries written since byte `from` (continuation lines belong to the entry above). */
function entriesSince(from: number): Entry[] {
  const size = statSync(LOG).size;
  const buffer = Buffer.alloc(size - from);
  const fd = openSync(LOG, 'r');
  readSync(fd, buffer, 0, buffer.length, from);
  closeSync(fd);
  const entries: Entry[] = [];
  for (const line of buffer.toString('utf8').split('\n')) {
    const head = /^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[(\d+)\] \S*@(\S*) (\w+):\s+(.*)$/.exec(line);
    if (head) entries.push({ pid: Number(head[1]), db: head[2]!, text: `${head[3]}: ${head[4]}` });
    else if (entries.length > 0) entries[entries.length - 1]!.text += `\n${line}`;
  }
  return entries;
}

/** The statements the server ran for one request: lines from the server's connections between
 *  a marker before the request and one after its response. */
async function statementsOf(baseUrl: string, target: Target): Promise<{ status: number; rows: number; statements: string[] }> {
  await sql`select 'bench marker: before'`;
  const from = statSync(LOG).size;
  const answer = await send(baseUrl, target);
  await sql`select 'bench marker: after'`;
  await new Promise((r) => setTimeout(r, 100));
  const entries = entriesSince(from);
  const end = entries.findIndex((e) => e.pid === markerPid && e.text.includes('bench marker: after'));
  if (end < 0) throw new Error(`No marker in ${LOG}: is log_statement taking effect?`);
  const statements = entries
    .slice(0, end)
    .filter((e) => e.db === db && e.pid !== markerPid && /^LOG: (statement|execute [^:]*):/.test(e.text))
    .map((e) => e.text.replace(/^LOG: (statement|execute [^:]*): /, '').replace(/\s+/g, ' ').trim());
  const data = answer.body?.data ? (Object.values(answer.body.data)[0] as unknown) : undefined;
  if (answer.body?.errors) throw new Error(JSON.stringify(answer.body.errors));
  return { status: answer.status, rows: Array.isArray(data) ? data.length : 1, statements };
}

// The mail worker's poll is the only background statement: keep it out of the window.
const server = await startChild('server.ts', { MAIL_POLL_INTERVAL_MS: '3600000' });
try {
  // The heaviest user (1), a club owner (150: ~180 conversations) and a typical member (5000).
  const users = await benchUsers(sql, [1, 150, 5000]);
  const partners = await partnersOf(sql, users.map((u) => u.id));
  const rows: (string | number)[][] = [];
  const texts = new Map<string, string[]>();
  const measure = async (label: string, user: BenchUser, target: Target) => {
    await send(server.url, target); // the first request on a connection also prepares statements
    const result = await statementsOf(server.url, target);
    rows.push([label, `member${user.n}`, result.rows, result.statements.length]);
    if (user.n === 150) texts.set(label, result.statements);
  };
  for (const user of users) {
    for (const op of OPERATIONS) await measure(op, user, graphqlRequest(op, user, partners.get(user.id)!));
    for (const limit of [5, 50]) {
      const target = graphqlRequest('conversations', user, '');
      await measure(`conversations (first ${limit})`, user, { ...target, body: JSON.stringify({ query: JSON.parse(target.body!).query, variables: { first: limit } }) });
      await measure(`conversations (first ${limit}) + sender and recipient names`, user, {
        ...target,
        body: JSON.stringify({ query: CONVERSATIONS_WITH_NAMES, variables: { first: limit } }),
      });
    }
  }
  // One write, for the fan-out benchmark: a message from member5000 to member150 (removed below).
  const [member150, member5000] = [users.find((u) => u.n === 150)!, users.find((u) => u.n === 5000)!];
  const sendTarget = (i: number): Target => ({
    method: 'POST',
    path: '/graphql',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${member5000.token}` },
    body: JSON.stringify({
      query: 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }',
      variables: { input: { recipientId: memberId(member150.id), subject: 'Bench statements probe', content: `Statement count probe ${i}.` } },
    }),
  });
  await send(server.url, sendTarget(0));
  const sent = await statementsOf(server.url, sendTarget(1));
  rows.push(['sendMessage', 'member5000', 1, sent.statements.length]);
  texts.set('sendMessage (member5000 to member150)', sent.statements);
  await sql`delete from messages where subject = 'Bench statements probe'`;

  const report = [
    table(['request', 'user', 'rows answered', 'SQL statements'], rows),
    '',
    'The statements, for member150:',
    ...[...texts].map(([label, statements]) => `${label}:\n${statements.map((s, i) => `  ${i + 1}. ${s}`).join('\n')}`),
  ].join('\n');
  console.log(report);
  writeFileSync(join(RESULTS, 'statements.txt'), `${report}\n`);
} finally {
  await admin.unsafe(`alter database ${db} reset log_statement`);
  await server.stop();
  await Promise.all([sql.end(), admin.end()]);
}
