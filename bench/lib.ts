// Shared by the benchmark scripts: the bench database, its users and their tokens, child
// processes, memory readings and percentiles. Nothing here is used by the server or the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import postgres from 'postgres';
import { SignJWT } from 'jose';

export const ROOT = join(import.meta.dirname, '..');
/** The Node flags `npm start` runs the server with (package.json's start script): the benchmarks
 *  start the built server, and the servers it is compared with, with the same ones. */
export const SERVER_NODE_FLAGS: string[] = (() => {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const flags = /\bnode ((?:--\S+ )*)dist\/server\/main\.js/.exec(start)?.[1];
  if (flags === undefined) throw new Error(`package.json's start script does not run node … dist/server/main.js: ${start}`);
  return flags.trim().split(' ').filter(Boolean);
})();
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/clubroom_bench';
export const BENCH_PASSWORD = 'Bench-Passw0rd!';
export const USER_COUNT = 10_000;
/** Users 1..HEAVY_USERS receive a large share of all conversations (see generate.ts). */
export const HEAVY_USERS = 10;
/** Users 1..CLUB_OWNERS own a club. */
export const CLUB_OWNERS = 300;

export const emailOf = (n: number) => `member${String(n).padStart(5, '0')}@bench.clubroom.test`;
export const numberOf = (email: string) => Number(/^member(\d+)@/.exec(email)?.[1] ?? NaN);

/** Drops the database `url` names (connections and all) and creates it empty; answers its name. */
export async function recreateDatabase(url: string): Promise<string> {
  const database = new URL(url).pathname.slice(1);
  const admin = postgres(Object.assign(new URL(url), { pathname: '/postgres' }).toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.unsafe(`create database "${database}"`);
  } finally {
    await admin.end();
  }
  return database;
}

export function databaseName(url = BENCH_DATABASE_URL): string {
  return new URL(url).pathname.slice(1);
}

/** A connection to the bench database (or, with `db`, another database on the same server). */
export function connect(opts: { db?: string; max?: number } = {}) {
  const url = new URL(BENCH_DATABASE_URL);
  if (opts.db) url.pathname = `/${opts.db}`;
  return postgres(url.toString(), { max: opts.max ?? 1, onnotice: () => {} });
}
export type Sql = ReturnType<typeof connect>;

export interface BenchUser {
  n: number;
  id: string;
  sessionId: string;
  token: string;
}

/** The users' open sessions (made by generate.ts) with an access token each, signed exactly as
 *  server/src/modules/auth/tokens.ts signs them, with the jwt_secret the server uses. */
export async function benchUsers(sql: Sql, numbers: number[], ttlSeconds = 3 * 3600): Promise<BenchUser[]> {
  const [secretRow] = await sql<{ value: string }[]>`select value from app_settings where key = 'jwt_secret'`;
  const secret = process.env.JWT_SECRET ?? secretRow?.value;
  if (!secret) throw new Error('No jwt_secret: run bench/generate.ts first.');
  const key = new TextEncoder().encode(secret);
  const rows = await sql<{ email: string; id: string; session_id: string }[]>`
    select u.email, u.id, s.id as session_id from users u
    join sessions s on s.user_id = u.id and s.revoked_at is null and s.idle_expires_at > now()
    where u.email = any(${numbers.map(emailOf)})`;
  const expiresAt = Math.floor(Date.now() / 1000) + ttlSeconds;
  const users = await Promise.all(
    rows.map(async (r) => ({
      n: numberOf(r.email),
      id: r.id,
      sessionId: r.session_id,
      token: await new SignJWT({ sid: r.session_id, expires_at: expiresAt })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(r.id)
        .setIssuer('clubroom')
        .setIssuedAt()
        .setExpirationTime(expiresAt)
        .sign(key),
    })),
  );
  if (users.length !== numbers.length) throw new Error(`Expected ${numbers.length} bench users with sessions, found ${users.length}.`);
  return users.sort((a, b) => a.n - b.n);
}

/** For each user, one partner they have exchanged messages with (their most recent). */
export async function partnersOf(sql: Sql, userIds: string[]): Promise<Map<string, string>> {
  const rows = await sql<{ me: string; partner: string }[]>`
    select distinct on (recipient_id) recipient_id as me, sender_id as partner
    from messages where recipient_id = any(${userIds}) order by recipient_id, created_at desc`;
  return new Map(rows.map((r) => [r.me, r.partner]));
}

export interface Child {
  process: ChildProcess;
  pid: number;
  url: string;
  stop(): Promise<void>;
}

// Children still running when the orchestrator is interrupted are stopped with it.
const children = new Set<ChildProcess>();
let signalsHandled = false;
function stopChildrenOnSignal() {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of children) child.kill('SIGTERM');
      process.exit(130);
    });
  }
}

/** Starts a bench server script (bench/server.ts or bench/bare.ts) in its own Node process and
 *  waits for the JSON line it prints once listening: `{ "url": ... }`. NODE_ENV is production, as
 *  in a deployment (graphql-js, for one, skips its development checks then). */
export async function startChild(script: string, env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Child> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', join(ROOT, 'bench', script)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: join(ROOT, 'server', 'tsconfig.json'), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stopChildrenOnSignal();
  children.add(child);
  child.once('exit', () => children.delete(child));
  const lines = createInterface({ input: child.stdout! });
  // Lines before the `{ "url" … }` one (a --trace-gc flag's, say) are passed on like the later ones.
  let url: string | undefined;
  const listening = new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
    lines.on('line', (line) => {
      if (url === undefined && line.startsWith('{"url"')) resolve((url = (JSON.parse(line) as { url: string }).url));
      else process.stdout.write(`[${script}] ${line}\n`);
    });
  });
  await listening;
  return {
    process: child,
    pid: child.pid!,
    url: url!,
    stop: stopper(child),
  };
}

/** Stops a child process of ours: SIGTERM, then SIGKILL after 10 s; at once when it has ended
 *  already, by itself (exitCode) or by a signal (signalCode, exitCode stays null). */
export function stopper(child: ChildProcess) {
  return () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
}

/** Resident set size of a process, in bytes (Linux). */
export function rssOf(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** Seconds of CPU (user + system) a process has used so far (Linux). */
export function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints a Markdown table. */
export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

export function machine(): string {
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? 'unknown CPU';
  const memKb = Number(/MemTotal:\s+(\d+)/.exec(readFileSync('/proc/meminfo', 'utf8'))?.[1] ?? 0);
  return `${cpu}, ${availableParallelism()} cores, ${(memKb / 1024 / 1024).toFixed(0)} GiB RAM, Node ${process.version}`;
}

export const RESULTS = join(ROOT, 'bench', 'results');

/** Machine-wide CPU time so far, in seconds of one core (Linux /proc/stat): busy, total, and the
 *  part of busy spent in interrupts (irq + softirq: mostly loopback network work here). */
export function machineCpu(): { busy: number; total: number; irq: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = ticks[3]! + ticks[4]!; // idle + iowait
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: (total - idle) / 100, total: total / 100, irq: (ticks[5]! + ticks[6]!) / 100 };
}

type MachineCpu = ReturnType<typeof machineCpu>;

/** Cores busy across the machine between two machineCpu() readings (`irq`: only interrupts). */
export function coresBusy(before: MachineCpu, after: MachineCpu, part: 'busy' | 'irq' = 'busy'): number {
  return ((after[part] - before[part]) / (after.total - before.total)) * availableParallelism();
}

/** Waits (up to `maxSeconds`) until the machine is nearly idle, so that other work on a shared
 *  machine does not run during a measurement; answers the cores that were busy last. */
export async function waitForQuiet(maxSeconds = Number(process.env.BENCH_QUIET_WAIT ?? 180), threshold = 0.25): Promise<number> {
  const deadline = Date.now() + maxSeconds * 1000;
  for (;;) {
    const before = machineCpu();
    await new Promise((r) => setTimeout(r, 2000));
    const busy = coresBusy(before, machineCpu());
    if (busy < threshold || Date.now() > deadline) return busy;
  }
}

/** Each sport category's club name endings (a place name comes first); about half contain "Club".
 *  Shared by the generators (bench/fill.ts, bench/clubs-generate.ts, bench/admin-generate.ts). */
export const CLUB_NAME_ENDINGS: Record<string, string[]> = {
  Football: ['Football Club', 'FC', 'United', 'Rovers', 'Athletic', 'Wanderers', 'Town FC', 'Ladies FC', 'Juniors FC'],
  Rugby: ['Rugby Club', 'RFC', 'Rugby League Club', 'Harlequins', 'Rugby Union FC'],
  Cricket: ['Cricket Club', 'CC', 'Village Cricket Club', 'Cricket Society'],
  Tennis: ['Tennis Club', 'Lawn Tennis Club', 'Tennis Academy', 'Racquets Club'],
  Swimming: ['Swimming Club', 'Swimmers', 'Dolphins', 'Aquatics', 'Otters SC'],
  Athletics: ['Harriers', 'Athletics Club', 'Striders', 'Running Club', 'Road Runners', 'AC'],
  Cycling: ['Wheelers', 'Cycling Club', 'Velo', 'Road Club', 'Cycle Club'],
  Badminton: ['Badminton Club', 'Shuttlers', 'Badminton Academy'],
  Basketball: ['Basketball Club', 'Hoops', 'Giants', 'Flyers'],
  Chess: ['Chess Club', 'Chess Society', 'Knights Chess Club'],
  Golf: ['Golf Club', 'Golf Society', 'Golf & Country Club'],
  Netball: ['Netball Club', 'Netball Academy', 'Thunder Netball'],
  'Martial Arts': ['Judo Club', 'Karate Academy', 'Taekwondo', 'Kickboxing Gym', 'Jiu-Jitsu Club'],
  'Table Tennis': ['Table Tennis Club', 'TTC', 'Ping Pong Club'],
  Other: ['Archery Club', 'Rowing Club', 'Hockey Club', 'Bowls Club', 'Climbing Club', 'Triathlon Club', 'Volleyball Club', 'Fencing Club', 'Sailing Club'],
};

/** Club description sentences the generators pick from (bench/clubs-generate.ts adds more). */
export const CLUB_DESCRIPTIONS = [
  'We train twice a week and play in the local league.',
  'New members are always welcome, and your first session is free.',
  'Our junior section meets on Saturday mornings.',
  'Coaching for beginners, and competitive squads for experienced players.',
  'Volunteers keep the club running: come and lend a hand.',
  'The clubhouse has changing rooms, a kitchen and parking.',
];

/** sendMessage over HTTP to the server at `baseUrl` as `sender` (one write per request, keep-alive
 *  through `agent`); resolves when the response has ended with no error, rejects otherwise. */
export function sendMessageOverHttp(baseUrl: string, agent: http.Agent, sender: BenchUser, input: { recipientId: string; subject: string; content: string }): Promise<void> {
  const body = JSON.stringify({
    query: 'mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } userErrors { message } } }',
    variables: { input },
  });
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: '/graphql', method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${sender.token}` } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => (res.statusCode === 200 && !text.includes('"errors"') && text.includes('"userErrors":[]') ? resolve() : reject(new Error(`${res.statusCode} ${text}`))));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
