// Shared by the web client's measurements (bench/web-lcp.ts, bench/web-lighthouse.ts): the BUILT
// server (dist/server/main.js serving dist/web and rendering the public pages from dist/ssr) over
// an embedded PGlite database in a temp dir filled by the demo seed (server/src/scripts/seed-demo.ts),
// demo members signed in through the REST adapter as the client does, the pages measured (every
// public page and the signed-in ones of issue 27's goals) with their goals, and the browser's flags.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_CLUBS, DEMO_VOLUNTEERS } from '../server/src/scripts/seed-demo-data.js';
import { SERVER_NODE_FLAGS, stopper } from './lib.js';
import { freePort } from './run-servers.js';

export const REPO = resolve(import.meta.dirname, '..');
/** Every demo account's password (server/src/scripts/seed-demo.ts). */
export const DEMO_PASSWORD = 'Clubroom-Demo1!';
/** The demo seed makes no platform administrator: the server makes this one at start-up
 *  (ADMIN_EMAIL / ADMIN_PASSWORD, README 'The first administrator'). */
export const DEMO_ADMIN = 'admin@clubroom.example';
/** The members the signed-in pages are measured as: a volunteer with applications, the owner of
 *  the first demo club (Riverside Football Club, approved), and the administrator. */
export const ACCOUNTS = {
  volunteer: DEMO_VOLUNTEERS[0][1],
  clubOwner: DEMO_CLUBS[0]!.email,
  admin: DEMO_ADMIN,
} as const;
export type Account = keyof typeof ACCOUNTS;
/** Where the client keeps its session (web/src/lib/session-storage.ts). */
export const SESSION_KEY = 'clubroom.session';

/** Issue 27's goals: a public page's largest paint ≤ 2.5 s, a signed-in page's ≤ 3.5 s (slow 4G,
 *  4× CPU slowdown, cold cache, median of 3); Lighthouse (mobile defaults) on every public page. */
export const GOALS = {
  publicLcpMs: 2500,
  signedInLcpMs: 3500,
  lighthouse: { performance: 0.9, accessibility: 1, 'best-practices': 0.95, seo: 1 },
  publicJsKbGzip: 200,
} as const;

/** Debian's Chromium (TOOLCHAIN.md: Playwright's own browser cannot be downloaded here). */
/** Lighthouse's slow 4G ("mobileSlow4G"): 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, as
 *  CDP's Network.emulateNetworkConditions takes it. */
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface WebPage {
  /** The address measured, with the demo ids filled in. */
  path: string;
  /** The row's name (the route, ids as placeholders). */
  label: string;
  /** Signed out, or signed in as one of the demo accounts. */
  as: 'anonymous' | Account;
  /** Text that shows the page's real content is on screen (not a loader). */
  ready: string;
  goalMs: number;
}

export interface StoredSession {
  access_token: string;
  expires_at: number;
  user: unknown;
}

export interface DemoServer {
  base: string;
  pid: number;
  /** Signs a member in through the REST adapter as the client does (CSRF token, then sign-in):
   *  the session the client stores under SESSION_KEY. */
  signIn(email: string): Promise<StoredSession>;
  graphql<T>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T>;
  stop(): Promise<void>;
}

/** Throws unless `root` holds a full build (server, client, server renderer). */
export function assertBuilt(root: string): void {
  for (const file of ['dist/server/main.js', 'dist/web/index.html', 'dist/ssr/entry-server.js']) {
    if (!existsSync(join(root, file))) throw new Error(`No ${file} in ${root}: run "npm run build".`);
  }
}

/** Seeds the demo community into a fresh PGlite directory, then starts the built server of `root`
 *  on it (production, as `npm start` runs it) and waits for /health. */
export async function startDemoServer(options: { root?: string; port?: number } = {}): Promise<DemoServer> {
  const root = resolve(options.root ?? REPO);
  assertBuilt(root);
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-web-bench-'));
  try {
    execFileSync(join(REPO, 'node_modules', '.bin', 'tsx'), ['--tsconfig', 'server/tsconfig.json', 'server/src/scripts/seed-demo.ts'], {
      cwd: REPO,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: DEMO_ADMIN,
      ADMIN_PASSWORD: DEMO_PASSWORD,
      // Every measured load signs in afresh: never refused by the sign-in limits.
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_RATE_LIMIT_FAILS_PER_IP_PER_DAY: '10000',
      MAIL_POLL_INTERVAL_MS: '3600000',
      // The harness's own setup (addConversations) sends documents of its own with a member's
      // session, which production refuses (only the web client's, by hash); the pages measured send
      // the client's hashes either way.
      TRUSTED_DOCUMENTS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stopChild = stopper(child);
  const stop = async () => {
    await stopChild();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`dist/server/main.js exited with ${child.exitCode}`);
      const ok = await fetch(`${base}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error('The server did not answer /health within 60 s.');
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  const graphql = async <T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> => {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { data?: T; errors?: unknown };
    if (!body.data || body.errors) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  const signIn = async (email: string): Promise<StoredSession> => {
    const csrfResponse = await fetch(`${base}/api/auth/csrf`, { headers: { Accept: 'application/json' } });
    const cookie = csrfResponse.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const csrf = (await csrfResponse.json()) as { data?: { token?: string; csrf_token?: string } };
    const token = csrf.data?.token ?? csrf.data?.csrf_token ?? '';
    const response = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', Cookie: cookie, 'X-CSRF-Token': token },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    const body = (await response.json()) as { success: boolean; data?: { session: StoredSession }; error?: unknown };
    if (!body.success || !body.data) throw new Error(`Signing ${email} in failed: ${JSON.stringify(body.error)}`);
    const { access_token, expires_at, user } = body.data.session;
    return { access_token, expires_at, user };
  };
  return { base, pid: child.pid!, signIn, graphql, stop };
}

/** A handful of conversations for the volunteer, so that /messages has a list to paint. */
export async function addConversations(server: DemoServer): Promise<void> {
  const { access_token: token } = await server.signIn(ACCOUNTS.volunteer);
  const { messageRecipients } = await server.graphql<{ messageRecipients: { nodes: { id: string }[] } }>(
    'query Recipients { messageRecipients(search: "", first: 6) { nodes { id } } }',
    {},
    token,
  );
  if (messageRecipients.nodes.length === 0) throw new Error('The volunteer has no one to write to.');
  for (const [i, recipient] of messageRecipients.nodes.entries()) {
    const input = {
      recipientId: recipient.id,
      subject: `Bench conversation ${i + 1}`,
      content: 'Hello! I would like to help on Saturday mornings; is there a place on the rota?',
      idempotencyKey: `bench-web-${i}`,
    };
    await server.graphql('mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }', { input }, token);
  }
}

/** The pages of issue 27's goals, with the demo community's ids: the public pages (each one the
 *  server renders) and the signed-in ones. `which` picks public or signed-in pages only. */
export async function webPages(server: DemoServer, which: 'all' | 'public' | 'signed-in' = 'all'): Promise<WebPage[]> {
  const club = DEMO_CLUBS[0]!;
  const { clubs } = await server.graphql<{ clubs: { edges: { node: { id: string; name: string } }[] } }>(
    'query Clubs($search: String) { clubs(search: $search, first: 24) { edges { node { id name } } } }',
    { search: club.name },
  );
  const clubId = clubs.edges.find((e) => e.node.name === club.name)?.node.id;
  if (!clubId) throw new Error(`The demo club ${club.name} is not listed.`);
  const { opportunities } = await server.graphql<{ opportunities: { edges: { node: { id: string; title: string; club: { name: string } } }[] } }>(
    'query Opportunities { opportunities(first: 24) { edges { node { id title club { name } } } } }',
  );
  const opportunity = opportunities.edges[0]?.node;
  if (!opportunity) throw new Error('The demo community lists no opportunity.');
  const { publicCouncilMeetings } = await server.graphql<{ publicCouncilMeetings: { upcoming: { edges: { node: { id: string; title: string } }[] } } }>(
    'query Meetings { publicCouncilMeetings { upcoming(first: 1) { edges { node { id title } } } } }',
  );
  const meeting = publicCouncilMeetings.upcoming.edges[0]?.node;
  if (!meeting) throw new Error('The demo community has no upcoming council meeting.');
  // A session of the demo club: the server's job worker plans them from its meeting times as it
  // starts (the seed asks for the window job), so the first look may come before it has.
  let session: { id: string; name: string } | undefined;
  for (let attempt = 0; attempt < 60 && !session; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    const { club: withSessions } = await server.graphql<{ club: { upcomingSessions: { nodes: { id: string; name: string }[] } } | null }>(
      'query Sessions($id: ID!) { club(id: $id) { upcomingSessions(first: 1) { nodes { id name } } } }',
      { id: clubId },
    );
    session = withSessions?.upcomingSessions.nodes[0];
  }
  if (!session) throw new Error(`The demo club ${club.name} has no upcoming session 30 s after the server started.`);
  const publicPages: WebPage[] = [
    { path: '/', label: '/', as: 'anonymous', ready: 'Discover Local Sports Clubs', goalMs: GOALS.publicLcpMs },
    { path: '/clubs', label: '/clubs', as: 'anonymous', ready: club.name, goalMs: GOALS.publicLcpMs },
    { path: `/clubs/${clubId}`, label: '/clubs/{id}', as: 'anonymous', ready: club.description ?? club.name, goalMs: GOALS.publicLcpMs },
    { path: '/volunteer-opportunities', label: '/volunteer-opportunities', as: 'anonymous', ready: opportunity.title, goalMs: GOALS.publicLcpMs },
    { path: '/opportunities', label: '/opportunities', as: 'anonymous', ready: opportunity.title, goalMs: GOALS.publicLcpMs },
    { path: `/opportunities/${opportunity.id}`, label: '/opportunities/{id}', as: 'anonymous', ready: opportunity.title, goalMs: GOALS.publicLcpMs },
    { path: '/sports-council', label: '/sports-council', as: 'anonymous', ready: 'Quarterly Council Meeting', goalMs: GOALS.publicLcpMs },
    { path: `/sports-council/meetings/${meeting.id}`, label: '/sports-council/meetings/{id}', as: 'anonymous', ready: meeting.title, goalMs: GOALS.publicLcpMs },
    { path: `/clubs/${clubId}/sessions/${session.id}`, label: '/clubs/{id}/sessions/{id}', as: 'anonymous', ready: session.name, goalMs: GOALS.publicLcpMs },
  ];
  const signedIn: WebPage[] = [
    { path: '/messages', label: '/messages', as: 'volunteer', ready: 'Bench conversation 1', goalMs: GOALS.signedInLcpMs },
    { path: '/volunteer/dashboard', label: '/volunteer/dashboard', as: 'volunteer', ready: 'Applications', goalMs: GOALS.signedInLcpMs },
    { path: '/club/dashboard', label: '/club/dashboard', as: 'clubOwner', ready: club.name, goalMs: GOALS.signedInLcpMs },
    { path: '/admin', label: '/admin', as: 'admin', ready: 'Total Clubs', goalMs: GOALS.signedInLcpMs },
  ];
  return which === 'public' ? publicPages : which === 'signed-in' ? signedIn : [...publicPages, ...signedIn];
}

export const median = (values: number[]): number => {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The machine's load average (1, 5, 15 min) as /proc/loadavg gives it, and the cores: noted
 *  beside each measurement (a shared 2-core machine: a busy one slows the simulated phone too). */
export function loadAverage(): string {
  const [one, five, fifteen] = readFileSync('/proc/loadavg', 'utf8').split(' ');
  return `${one} ${five} ${fifteen} (${cpus().length} cores)`;
}

/** Markdown table. */
export function markdownTable(head: string[], rows: (string | number)[][], numeric: (i: number) => boolean = (i) => i > 0): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), `|${head.map((_, i) => (numeric(i) ? '---:' : '---')).join('|')}|`, ...rows.map(line)].join('\n');
}
