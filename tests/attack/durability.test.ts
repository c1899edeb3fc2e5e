// Durability: a real server process (node running server/src/main.ts through tsx's loader, started
// directly, not through npx, so the pid killed is the server's) over a fresh PostgreSQL database
// gets a burst of sendMessage calls and is killed with SIGKILL in the middle of it. After a
// restart every acknowledged message is there exactly once, with its one notification, and
// nothing is there twice. When sendMessage takes an idempotency key, the sends that were never
// acknowledged are retried with their keys after the restart, and then every message of the burst
// is there exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, inject, it } from 'vitest';
import postgres from 'postgres';
import { ApiClient, STRONG_PASSWORD, uniqueEmail } from '../helpers/client.js';
import { createDatabase, dropDatabase, TEST_DATABASE_URL, uniqueName } from '../helpers/pg.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../helpers/server.js';
import { GENEROUS_LIMITS, JWT_SECRET } from './support.js';
import { databaseId } from '../../server/src/graphql/relay.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BURST = Number(process.env.ATTACK_DURABILITY_BURST ?? 240);
const KILL_AFTER_ACKS = Math.max(5, Math.floor(BURST / 4));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

interface Child {
  process: ChildProcess;
  url: string;
  output: string[];
}

const children: ChildProcess[] = [];
const cleanups: Array<() => Promise<void>> = [];

async function startChild(env: Record<string, string>, port: number): Promise<Child> {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      TSX_TSCONFIG_PATH: 'server/tsconfig.json',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      // Its sessions send their own documents (a browser session runs only the web's: docs/API.md).
      TRUSTED_DOCUMENTS: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      SERVE_WEB: 'false',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      JWT_SECRET,
      MAIL_POLL_INTERVAL_MS: '500',
      ...GENEROUS_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output.join('').slice(-3000)}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.status === 200) return { process: child, url, output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /health in 90 s:\n${output.join('').slice(-3000)}`);
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

afterAll(async () => {
  for (const child of children) await killHard(child);
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('durability of sendMessage across a kill -9', () => {
  // The killed process and this test share a PostgreSQL server (CI always has one: .ci/run).
  it.runIf(Boolean(TEST_DATABASE_URL))(
    'keeps every acknowledged message exactly once after the server process is killed mid-burst and restarted',
    async () => {
      const name = uniqueName('clubroom_attack_kill');
      const template = inject('templateDatabase');
      const databaseUrl = await createDatabase(TEST_DATABASE_URL!, name, template ?? undefined);
      const sql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
      const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-kill-'));
      cleanups.push(async () => {
        await sql.end();
        await dropDatabase(TEST_DATABASE_URL!, name);
        rmSync(dataDir, { recursive: true, force: true });
      });
      // The burst is one sender writing to one recipient far faster than the sending limits allow
      // (docs/API.md, 'Limits on writes that reach other people'); this test is about durability.
      const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, MESSAGE_LIMIT_PER_RECIPIENT: '1000000', MESSAGE_LIMIT_PER_SENDER: '1000000' };

      const port = await freePort();
      let server = await startChild(env, port);
      // Two accounts, signed up through the real process.
      const sender = new ApiClient(server.url);
      const recipient = new ApiClient(server.url);
      const senderEmail = uniqueEmail('sender');
      const recipientEmail = uniqueEmail('recipient');
      for (const [client, email] of [[sender, senderEmail], [recipient, recipientEmail]] as const) {
        const up = await client.signUp({ email, password: STRONG_PASSWORD, fullName: 'Durable Member' });
        if (!up.body?.success) throw new Error(`sign-up failed: ${JSON.stringify(up.body)}`);
        const signIn = await client.signIn(email, STRONG_PASSWORD);
        if (!signIn.body?.success) throw new Error(`sign-in failed: ${JSON.stringify(signIn.body)}`);
      }
      const recipientId = (await recipient.gql('{ me { id } }')).data.me.id as string;
      // The sender's database id, for the SQL below (GraphQL answers global ids).
      const senderId = databaseId((await sender.gql('{ me { id } }')).data.me.id, 'Member')!;


      const nonce = randomBytes(4).toString('hex');
      const sends = Array.from({ length: BURST }, (_, i) => ({
        content: `Durability burst ${nonce} message number ${i}.`,
        key: randomUUID(),
      }));
      const acknowledged = new Map<string, string>(); // content → database id
      const send = (client: ApiClient, s: (typeof sends)[number]) =>
        client.gql<{ sendMessage: { message: { id: string } | null } }>('mutation($i: SendMessageInput!) { sendMessage(input: $i) { message { id } userErrors { message } } }', {
          i: { recipientId, subject: 'Durability', content: s.content, idempotencyKey: s.key },
        });

      // The burst: 12 at a time; the process is killed once a quarter are acknowledged.
      let next = 0;
      let killed: Promise<void> | null = null;
      const worker = async () => {
        while (next < sends.length) {
          const s = sends[next++]!;
          try {
            const answer = await send(sender, s);
            if (answer.data?.sendMessage?.message && !answer.errors) acknowledged.set(s.content, databaseId(answer.data.sendMessage.message.id, 'Message')!);
          } catch {
            // The process is gone: this send is not acknowledged.
          }
          if (!killed && acknowledged.size >= KILL_AFTER_ACKS) killed = killHard(server.process);
        }
      };
      await Promise.all(Array.from({ length: 12 }, worker));
      expect(killed, 'the process was killed during the burst').not.toBeNull();
      await killed;
      expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(acknowledged.size, 'some sends were cut off by the kill').toBeLessThan(BURST);

      // Restart over the same database, on the same address.
      server = await startChild(env, port);
      const rows = await sql<Array<{ id: string; content: string; n: number }>>`
        select m.id, m.content, (select count(*)::int from notifications n where n.message_id = m.id) as n
        from messages m where m.sender_id = ${senderId} and m.content like ${`Durability burst ${nonce} %`}`;
      const byContent = new Map<string, Array<{ id: string; content: string; n: number }>>();
      for (const row of rows) byContent.set(row.content, [...(byContent.get(row.content) ?? []), row]);
      const duplicated = [...byContent].filter(([, list]) => list.length > 1).map(([content]) => content);
      expect(duplicated, 'messages stored twice').toEqual([]);
      const failures: string[] = [];
      for (const [content, id] of acknowledged) {
        const stored = byContent.get(content);
        if (!stored) failures.push(`acknowledged but lost: ${content} (${id})`);
        else if (stored[0]!.id !== id) failures.push(`acknowledged as ${id}, stored as ${stored[0]!.id}`);
        else if (stored[0]!.n !== 1) failures.push(`${id} has ${stored[0]!.n} notifications, not 1`);
      }
      expect(failures, failures.slice(0, 10).join('\n')).toEqual([]);
      // Messages committed but not acknowledged (the kill came between commit and answer) are
      // fine; each has its notification too (one transaction).
      for (const row of rows) expect(row.n, `notification of ${row.id}`).toBe(1);

      // The restarted process serves the old sessions and the stored messages.
      const sent: string[] = [];
      for (let after: string | null = null; ; ) {
        const page: { errors?: unknown; data: { sentMessages: { nodes: Array<{ id: string }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } } = await sender.gql(
          'query($after: String) { sentMessages(first: 50, after: $after) { nodes { id } pageInfo { hasNextPage endCursor } } }',
          { after },
        );
        expect(page.errors, JSON.stringify(page.errors)).toBeUndefined();
        sent.push(...page.data.sentMessages.nodes.map((m) => databaseId(m.id, 'Message')!));
        if (!page.data.sentMessages.pageInfo.hasNextPage) break;
        after = page.data.sentMessages.pageInfo.endCursor;
      }
      for (const id of acknowledged.values()) expect(sent).toContain(id);

      {
        // Every send retried with its key: what was stored is answered, what was lost is sent.
        for (const s of sends) {
          const answer = await send(sender, s);
          expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
          const known = acknowledged.get(s.content);
          expect(answer.data.sendMessage.message, JSON.stringify(answer.data)).not.toBeNull();
          if (known) expect(databaseId(answer.data.sendMessage.message!.id, 'Message')).toBe(known);
        }
        const [{ total, distinct }] = await sql<Array<{ total: number; distinct: number }>>`
          select count(*)::int as total, count(distinct content)::int as distinct
          from messages where sender_id = ${senderId} and content like ${`Durability burst ${nonce} %`}`;
        expect({ total, distinct }).toEqual({ total: BURST, distinct: BURST });
      }
      console.info(`durability: ${acknowledged.size} of ${BURST} sends acknowledged before the kill, ${rows.length} stored; every send retried with its idempotency key`);
      await killHard(server.process);
    },
    240_000,
  );
});
