// `npm run bench`: the one benchmark command (issue 14). It creates a fresh database
// (BENCH_DATABASE_URL, default clubroom_bench_all; clubroom_bench_all_quick with --quick), fills it
// at a stated scale (bench/fill.ts), builds the server (`npm run build:server`) meanwhile, records
// the SQL Clubroom sends for each scenario (bench/run-scenarios.ts) in process (bench/recorder.ts),
// then starts the BUILT server as `npm start` does (node dist/server/main.js, production), a bare
// node:http + postgres.js server replaying the recorded statements (bench/bare-generic.ts), a lean
// Apollo server doing the bare handler's work and then executing the operation over the data
// Clubroom answered (bench/peers/lean-apollo.ts: the ceiling of an Apollo server, GraphQL
// scenarios only) and, when bench/peers/postgraphile.ts exists, PostGraphile for the directory
// page. Each server alone under load (autocannon, bench/http-harness.ts: CPU of the server and of
// PostgreSQL's backends from /proc), after each is checked to answer what Clubroom answered in
// process. It prints one table and writes it to bench/results/run[-quick][-partial].json; a whole
// full-scale run also writes it into docs/BENCHMARKS.md (between the bench:run markers), a --quick
// or partial run never does.
//
//   npm run bench                       # full scale, 3 s warm-up then 10 s per run
//   npm run bench -- --quick            # a tenth of the data, 1 s warm-up then 2 s (under 3 minutes;
//                                       # results/run-quick.json only, never the docs)
//   flags: --only=<names, comma-separated, matched as parts of scenario names>, --no-write (leave the
//   docs alone), --keep (reuse the filled database: no fill), --no-build (start dist/ as last
//   built); with --only or --no-write the figures go to results/run-partial.json, and run.json
//   keeps the last whole run's
//   --web: the web part alone (bench/web-run.ts: the app built, JavaScript per route, largest
//   contentful paint and Lighthouse of the pages of issue 27's goals; no database); --no-web: the
//   server part alone. A whole run does the server part, then the web part (with --quick, the web
//   part measures the sizes of the app as last built; with --only, none of it).
//   --notify: the notification dispatcher's cost on sendMessage alone (bench/notify-dispatch.ts: its
//   own database, Clubroom and a bare handler per case, notify() in a transaction; about 1.5 min);
//   a whole run does it after the server part (--no-notify: not).
//   --calendar: a member's calendar feed with 20 followed clubs (bench/calendar-feed.ts: its own
//   database, Clubroom and a bare handler, the whole file and a 304 revalidation; about 1 min); a
//   whole run does it after the dispatcher's part (--no-calendar: not).
//   --reminders: the reminder run for 10,000 due reminders (bench/session-reminders.ts: its own
//   database, Clubroom's job worker and a bare handler by hand, the time to queue them and the
//   statements used; about 1 min, 1,000 reminders with --quick); a whole run does it after the
//   calendar part (--no-reminders: not).
//   --waitlist: the waitlist promotion under 50 concurrent withdrawals on one position
//   (bench/waitlist-promotion.ts: its own database, Clubroom's services in process and a bare
//   handler by hand, automatic promotion and timed offer, time and statements, checked exactly one
//   promotion each; under a minute); a whole run does it after the reminder part (--no-waitlist: not).
//   --certificates: certificate generation (bench/certificates.ts: the PDF alone, no database, each
//   case in a fresh process: ms per PDF and peak memory, beside pdf-lib with a standard font; about
//   30 s); a whole run does it after the reminders part (--no-certificates: not).
//   --trusted: trusted documents (bench/trusted-documents.ts: its own filled database; the
//   directory page's and the inbox's requests by hash to a TRUSTED_DOCUMENTS=enforce server and as
//   raw documents to an `off` one, beside the bare handler; a few minutes, most of it the fill); a
//   whole run does it after the certificates part (--no-trusted: not).
//   env: BENCH_DATABASE_URL, BENCH_DURATION (s), BENCH_CONNECTIONS (50), BENCH_ATTEMPTS (1: a run
//   during which other processes used more than 0.3 cores is repeated up to this many times, the
//   least disturbed kept), BENCH_QUIET_WAIT (s to wait for an idle machine before each run:
//   10, 0 with --quick), BENCH_SIGNIN_CONNECTIONS (4), DATABASE_PREPARE (passed to the server; the bare handler prepares when
//   the server does).
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import type { RawRequest } from 'autocannon';
import postgres from 'postgres';
import { LONG_SESSION_ENV } from './admin-lib.js';
import type { BarePlan, BarePlanScenario } from './bare-generic.js';
import { describeScale, fill, followSessionsClub, FULL_SCALE, memberEmail, ADMINS, QUICK_SCALE, sessionsClubId } from './fill.js';
import { errors, loadTool, rps, runLine, type HttpSettings, type Length, type Run, type Target } from './http-harness.js';
import { cpuSecondsOf, machine, RESULTS, ROOT, SERVER_NODE_FLAGS, startChild, table, waitForQuiet } from './lib.js';
import { openRecorder, type Statement } from './recorder.js';
import { benchOutputs } from './outputs.js';
import { runScenarios, type RunScenario } from './run-scenarios.js';
import { run, startBuiltServer } from './run-servers.js';
import { runNotifyPart } from './notify-dispatch.js';
import { runCalendarPart } from './calendar-feed.js';
import { runRemindersPart } from './session-reminders.js';
import { runWaitlistPart } from './waitlist-promotion.js';
import { runTrustedPart } from './trusted-documents.js';
import { runCertificatesPart } from './certificates.js';
import { runWebPart } from './web-run.js';

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const keep = argv.includes('--keep');
const noWrite = argv.includes('--no-write');
const noBuild = argv.includes('--no-build');
const webOnly = argv.includes('--web');
const noWeb = argv.includes('--no-web');
const notifyOnly = argv.includes('--notify');
const noNotify = argv.includes('--no-notify');
const calendarOnly = argv.includes('--calendar');
const noCalendar = argv.includes('--no-calendar');
const remindersOnly = argv.includes('--reminders');
const noReminders = argv.includes('--no-reminders');
const waitlistOnly = argv.includes('--waitlist');
const noWaitlist = argv.includes('--no-waitlist');
const trustedOnly = argv.includes('--trusted');
const noTrusted = argv.includes('--no-trusted');
const certificatesOnly = argv.includes('--certificates');
const noCertificates = argv.includes('--no-certificates');
const only = argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const scale = quick ? QUICK_SCALE : FULL_SCALE;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/clubroom_bench_all${quick ? '_quick' : ''}`;
const database = new URL(databaseUrl).pathname.slice(1);
const command = `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
const settings: HttpSettings = {
  duration: Number(process.env.BENCH_DURATION ?? (quick ? 2 : 10)),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
  attempts: Number(process.env.BENCH_ATTEMPTS ?? 1),
  label: '',
  warmUp: quick ? 1 : 3,
  interference: 0.3,
  quietWait: Number(process.env.BENCH_QUIET_WAIT ?? (quick ? 0 : 10)),
  checkOnly: false,
  only: null,
};
/** The sign-in's connections (BENCH_SIGNIN_CONNECTIONS, default 4): argon2 runs on libuv's 4
 *  threads, so more connections only queue (and would outlast a short run). */
const signInConnections = Number(process.env.BENCH_SIGNIN_CONNECTIONS ?? 4);
const stopping: (() => Promise<void>)[] = [];
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

/** Whether the server prepares its statements: it reads DATABASE_PREPARE (default on) once
 *  server/src/config.ts knows it; before that it never prepared. */
function serverPrepares(): boolean {
  if (!/DATABASE_PREPARE/.test(readFileSync(join(ROOT, 'server', 'src', 'config.ts'), 'utf8'))) return false;
  return !/^(false|0|no|off)$/i.test(process.env.DATABASE_PREPARE ?? '');
}

/** The ids in an access token (its payload, not verified: our own server signed it). */
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string; sub: string };

interface Recorded {
  scenario: RunScenario;
  token: string | undefined;
  /** The answer Clubroom gave in process: the GraphQL data, or the REST body. */
  answer: unknown;
  plan: BarePlanScenario;
  statements: number;
}

// ---- 0. the web part alone (--web) ------------------------------------------------------------------
if (webOnly) {
  console.log(`${command}: ${machine()}`);
  await runWebPart({ build: !noBuild, quick, runs: 3, writeDocs: !noWrite, command });
  process.exit(0);
}

// ---- 0. the dispatcher's cost alone (--notify) --------------------------------------------------------
if (notifyOnly) {
  console.log(`${command}: ${machine()}`);
  await runNotifyPart({ quick, writeDocs: !quick && !noWrite, command });
  process.exit(0);
}

// ---- 0. a member's calendar feed alone (--calendar) ----------------------------------------------------
if (calendarOnly) {
  console.log(`${command}: ${machine()}`);
  await runCalendarPart({ quick, writeDocs: !quick && !noWrite, command });
  process.exit(0);
}

// ---- 0. the reminder run alone (--reminders) -----------------------------------------------------------
if (remindersOnly) {
  console.log(`${command}: ${machine()}`);
  await runRemindersPart({ quick, writeDocs: !quick && !noWrite, command });
  process.exit(0);
}

// ---- 0. the waitlist promotion alone (--waitlist) ------------------------------------------------------
if (waitlistOnly) {
  console.log(`${command}: ${machine()}`);
  await runWaitlistPart({ quick, writeDocs: !quick && !noWrite, command });
  process.exit(0);
}

// ---- 0. trusted documents alone (--trusted) --------------------------------------------------------------
if (trustedOnly) {
  console.log(`${command}: ${machine()}`);
  await runTrustedPart({ quick, writeDocs: !quick && !noWrite, command });
  process.exit(0);
}

// ---- 0. certificate generation alone (--certificates) ---------------------------------------------------
if (certificatesOnly) {
  console.log(`${command}: ${machine()}`);
  await runCertificatesPart({ quick, writeDocs: !quick && !noWrite, command });
  process.exit(0);
}

// ---- 1. the database and the build -----------------------------------------------------------------
console.log(`${command}: ${machine()}`);
console.log(`Database ${database}${keep ? ' (kept: --keep)' : `, filled at ${describeScale(scale)}`}${noBuild ? '; the server as last built (--no-build)' : '; building the server meanwhile'}.`);
// The build runs while the database is filled and the statements recorded (awaited before the
// servers start; a failed build stops the run).
const building = noBuild ? Promise.resolve() : run('npm', ['run', '-s', 'build:server']);
building.catch(() => {}); // awaited below
if (!keep) await fill(databaseUrl, scale);
console.log(`[${elapsed()}] database ready`);

const monitor = postgres(databaseUrl, { max: 1, onnotice: () => {} });
const [{ version }] = await monitor<{ version: string }[]>`select current_setting('server_version') as version`;
// A typical member for the messaging and volunteer reads: the median number of messages
// received among the members who are not "heavy" (1..10), and members 1 and 2's long thread.
const [typical] = await monitor<{ email: string; received: number }[]>`
  with per as (
    select u.email, count(*)::int as received from messages m join users u on u.id = m.recipient_id
    where u.email like 'member%' and u.email > ${memberEmail(10)} group by u.email
  )
  select email, received from per order by received, email offset (select count(*) / 2 from per) limit 1`;
const [partner] = await monitor<{ id: string }[]>`select id from users where email = ${memberEmail(2)}`;
const [hashRow] = await monitor<{ password_hash: string }[]>`select password_hash from users where email = ${memberEmail(3)}`;
if (!typical || !partner || !hashRow) throw new Error(`${database} is not filled: run without --keep`);
const argon2Source = /const ARGON2 = (\{[^}]*\})/.exec(readFileSync(join(ROOT, 'server', 'src', 'modules', 'auth', 'auth.service.ts'), 'utf8'))?.[1] ?? 'unknown';
// The hash's own parameters ($argon2id$v=19$m=…,p=…,t=…$): argon2.verify uses these.
const hashParams = Object.fromEntries([...(hashRow.password_hash.split('$')[3] ?? '').matchAll(/([mtp])=(\d+)/g)].map((m) => [m[1], m[2]]));
const argon2Line = `argon2 options in server/src/modules/auth/auth.service.ts: ${argon2Source} (node-argon2's defaults otherwise); the verified hash's parameters: memoryCost ${hashParams.m} KiB, timeCost ${hashParams.t}, parallelism ${hashParams.p}`;
console.log(`Typical member: ${typical.email} (${typical.received} messages received). ${argon2Line}`);

// The typical member also follows the club page's club and answered some of its sessions.
await followSessionsClub(monitor, typical.email);
const sessionsClub = await sessionsClubId(monitor);
const scenarios = runScenarios({ longThreadPartner: partner.id, signInEmail: memberEmail(3), sessionsClub }).filter(
  (s) => !only || only.some((o) => s.name.toLowerCase().includes(o)),
);
if (scenarios.length === 0) throw new Error(`--only matches no scenario`);
const prepare = serverPrepares();

// ---- 2. the SQL of each request, recorded in process ---------------------------------------------
const recorded: Recorded[] = [];
{
  const clubroom = await openRecorder(databaseUrl, LONG_SESSION_ENV, ADMINS[0].email);
  try {
    const tokens: Record<RunScenario['as'], string | undefined> = {
      anonymous: undefined,
      member: await clubroom.signIn(typical.email),
      longThread: await clubroom.signIn(memberEmail(1)),
      admin: await clubroom.signIn(ADMINS[0].email),
    };
    const send = (s: RunScenario) => (s.rest ? clubroom.get(s.rest, tokens[s.as]) : clubroom.post(JSON.stringify(s.graphql), tokens[s.as]));
    for (const s of scenarios) await send(s); // once first: start-up work is over before recording
    await new Promise((r) => setTimeout(r, 300));
    for (const s of scenarios) {
      const { res, log } = await clubroom.recording(() => send(s));
      const body = res.json() as { data?: unknown; errors?: unknown; success?: boolean };
      if (res.statusCode !== 200 || body.errors || !body.data) throw new Error(`${s.name}: ${res.body.slice(0, 500)}`);
      const token = tokens[s.as];
      let session: BarePlanScenario['session'] = null;
      let rest: Statement[] = log;
      if (token) {
        const [first, ...others] = log;
        if (!first || !/ from "sessions" /.test(first.sql)) throw new Error(`${s.name}: the first statement is not the session check: ${first?.sql}`);
        const { sid, sub } = claimsOf(token);
        session = { statement: { sql: first.sql, params: first.params }, sessionId: sid, userId: sub };
        rest = others;
      }
      const turns: Statement[][] = [];
      let last: number | undefined;
      for (const t of rest) {
        if (turns.length === 0 || t.turn !== last) turns.push([]);
        turns.at(-1)!.push({ sql: t.sql, params: t.params });
        last = t.turn;
      }
      recorded.push({
        scenario: s,
        token,
        answer: s.rest ? body : body.data,
        plan: { name: s.name, session, turns, ...(s.signIn ? { signInPassword: s.signIn.password } : {}), ...(s.rest ? {} : { data: body.data }) },
        statements: log.length,
      });
    }
  } finally {
    await clubroom.close();
  }
}
const shape = (r: Recorded) => `${r.statements} (${r.plan.session ? 'session, ' : ''}${r.plan.turns.map((t) => t.length).join(' + ') || 'none'})`;
console.log(`[${elapsed()}] recorded: ${recorded.map((r) => `${r.scenario.name} ${shape(r)}`).join('; ')}`);

// ---- 3. the servers ------------------------------------------------------------------------------
await building;
console.log(`[${elapsed()}] build ready`);
const planFile = join(mkdtempSync(join(tmpdir(), 'clubroom-bench-plan-')), 'plan.json');
writeFileSync(planFile, JSON.stringify({ prepare, scenarios: recorded.map((r) => r.plan) } satisfies BarePlan));
interface Peer {
  url: string;
  pid: number;
  request: RawRequest;
  /** Throws unless its first page's clubs are these (Clubroom's ids), in this order. */
  check(expectedFirstClubIds: string[]): Promise<void>;
  stop(): Promise<void>;
}
const peerFile = join(ROOT, 'bench', 'peers', 'postgraphile.ts');
const directoryIndex = recorded.findIndex((r) => r.scenario.name === 'directory page');
let peer: Peer | null = null;

const graphqlScenarios = recorded.some((r) => !r.scenario.rest);
const [built, bare, lean] = await Promise.all([
  startBuiltServer(databaseUrl),
  startChild('bare-generic.ts', { BENCH_DATABASE_URL: databaseUrl, BARE_PLAN: planFile }, SERVER_NODE_FLAGS),
  graphqlScenarios ? startChild('peers/lean-apollo.ts', { BENCH_DATABASE_URL: databaseUrl, BARE_PLAN: planFile }, SERVER_NODE_FLAGS) : null,
]);
stopping.push(built.stop, bare.stop, ...(lean ? [lean.stop] : []));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void Promise.all(stopping.map((s) => s())).then(() => process.exit(130)));

const json = { 'content-type': 'application/json' };
const auth = (token: string | undefined): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});
const clubroomRequest = (r: Recorded): RawRequest =>
  r.scenario.rest
    ? { method: 'GET', path: r.scenario.rest, headers: auth(r.token) }
    : { method: 'POST', path: '/graphql', headers: { ...json, ...auth(r.token) }, body: JSON.stringify(r.scenario.graphql) };
const bareRequest = (r: Recorded, i: number): RawRequest =>
  r.scenario.rest ? { method: 'GET', path: `/s/${i}`, headers: auth(r.token) } : { method: 'POST', path: `/s/${i}`, headers: { ...json, ...auth(r.token) }, body: JSON.stringify(r.scenario.graphql) };

const clubroomTarget: Target = {
  name: 'Clubroom',
  child: built,
  request: (i) => clubroomRequest(recorded[i]!),
};
const restTarget: Target = { ...clubroomTarget, verifyBody: (body) => body.startsWith('{"success":true') };
const signInTarget: Target = { ...clubroomTarget, verifyBody: (body) => body.includes('"accessToken":"') && !body.includes('"errors":') };
const bareTarget: Target = { name: 'bare', child: bare, request: (i) => bareRequest(recorded[i]!, i), verifyBody: (body) => body.startsWith('{"data":') };
// The lean Apollo server answers POST /s/i as bare does (the same body and token).
const leanTarget: Target | null = lean && { name: 'lean Apollo', child: lean, request: (i) => bareRequest(recorded[i]!, i) };
const targetsOf = (r: Recorded): Target[] => [r.scenario.rest ? restTarget : r.scenario.signIn ? signInTarget : clubroomTarget, bareTarget, ...(leanTarget && !r.scenario.rest ? [leanTarget] : [])];

const results: { scenario: string; statements: string; clubroom: Run; bare: Run; leanApollo?: Run; postgraphile?: Run }[] = [];
try {
  // Every server answers what Clubroom answered in process (the sign-in: a session).
  for (const [i, r] of recorded.entries()) {
    const c = clubroomRequest(r);
    const got = (await (await fetch(built.url + c.path, { method: c.method, headers: c.headers, body: c.body })).json()) as { data?: { signIn?: { session?: unknown } } };
    const same = r.scenario.signIn ? Boolean(got.data?.signIn?.session) : isDeepStrictEqual(r.scenario.rest ? got : got.data, r.answer);
    if (!same) throw new Error(`The built server answers ${r.scenario.name} differently:\n${JSON.stringify(got).slice(0, 600)}\nin process:\n${JSON.stringify(r.answer).slice(0, 600)}`);
    const b = bareRequest(r, i);
    const res = await fetch(bare.url + b.path, { method: b.method, headers: b.headers, body: b.body });
    const bareBody = (await res.json()) as { data?: unknown };
    const expected = r.plan.turns.flat().length;
    const answered = Array.isArray(bareBody.data) ? bareBody.data.length : (bareBody.data as { results?: unknown[] } | undefined)?.results?.length;
    if (res.status !== 200 || answered !== expected) throw new Error(`The bare handler answers ${r.scenario.name} with ${res.status}: ${JSON.stringify(bareBody).slice(0, 400)}`);
    if (lean && !r.scenario.rest) {
      const leanRes = await fetch(lean.url + b.path, { method: b.method, headers: b.headers, body: b.body });
      const leanBody = (await leanRes.json()) as { data?: unknown; errors?: unknown };
      if (leanRes.status !== 200 || leanBody.errors || !isDeepStrictEqual(leanBody.data, r.answer)) {
        throw new Error(`The lean Apollo server answers ${r.scenario.name} differently (${leanRes.status}):\n${JSON.stringify(leanBody).slice(0, 600)}\nClubroom in process:\n${JSON.stringify(r.answer).slice(0, 600)}`);
      }
    }
  }
  console.log(
    `[${elapsed()}] the built server answers the ${recorded.length} scenarios as in process; the bare handler runs their statements (prepared: ${prepare})${lean ? '; the lean Apollo server answers the GraphQL ones as Clubroom did' : ''}.`,
  );
  if (directoryIndex >= 0 && existsSync(peerFile)) {
    const { startPostgraphile } = (await import(pathToFileURL(peerFile).href)) as { startPostgraphile(url: string): Promise<Peer> };
    peer = await startPostgraphile(databaseUrl);
    stopping.push(peer.stop);
    const page = recorded[directoryIndex]!.answer as { clubs: { edges: { node: { id: string } }[] } };
    await peer.check(page.clubs.edges.map((e) => e.node.id));
    console.log(`[${elapsed()}] PostGraphile answers the directory page's clubs (bench/peers/postgraphile.ts).`);
  }

  // ---- 4. the load runs --------------------------------------------------------------------------
  const tools = {
    default: loadTool({ sql: monitor, database, settings, busyDatabase: true }),
    signIn: loadTool({ sql: monitor, database, settings: { ...settings, connections: signInConnections }, busyDatabase: true }),
  };
  /** Waits (up to 15 s) until a server has finished the requests the load tool abandoned at the
   *  end of a run (its CPU below a fifth of a core), so that they do not weigh on the next run. */
  const settle = async (pid: number) => {
    const deadline = Date.now() + 15_000;
    let before = cpuSecondsOf(pid);
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const now = cpuSecondsOf(pid);
      if (now - before < 0.05 || Date.now() > deadline) return;
      before = now;
    }
  };
  /** Up to BENCH_ATTEMPTS runs, each after a warm-up; without a `length` it is set by the first
   *  warm-up (too slow to answer twice per connection: 3 answers per connection instead of a
   *  duration, as bench/http-harness.ts does) and passed on to the scenario's other servers. */
  const measure = async (target: Target, i: number, length?: Length): Promise<{ run: Run; length: Length }> => {
    const { load } = recorded[i]!.scenario.signIn ? tools.signIn : tools.default;
    const connections = recorded[i]!.scenario.signIn ? signInConnections : settings.connections;
    let best: Run | undefined;
    for (let attempt = 1; attempt <= settings.attempts && !(best && best.cpu.other < settings.interference); attempt++) {
      if (settings.quietWait > 0) await waitForQuiet(settings.quietWait);
      const warmUp = await load(target, i, { duration: settings.warmUp });
      await settle(target.child.pid);
      length ??= warmUp.result.requests.total >= 2 * connections ? { duration: settings.duration } : { amount: 3 * connections };
      const run = await load(target, i, length);
      await settle(target.child.pid);
      if (!best || run.cpu.other < best.cpu.other) best = run;
    }
    return { run: best!, length: length! };
  };
  for (const [i, r] of recorded.entries()) {
    const runs: Run[] = [];
    let length: Length | undefined;
    for (const target of targetsOf(r)) {
      const result = await measure(target, i, length);
      length = result.length;
      runs.push(result.run);
      console.log(runLine(`[${elapsed()}] ${r.scenario.name}, ${target.name}`, result.run, length, 0));
    }
    let postgraphile: Run | undefined;
    if (peer && i === directoryIndex) {
      const p = peer;
      const target: Target = { name: 'postgraphile', child: { process: null as unknown as ChildProcess, pid: p.pid, url: p.url, stop: p.stop }, request: () => p.request };
      postgraphile = (await measure(target, i, length)).run;
      console.log(runLine(`[${elapsed()}] ${r.scenario.name}, postgraphile`, postgraphile, length!, 0));
    }
    results.push({ scenario: r.scenario.name, statements: shape(r), clubroom: runs[0]!, bare: runs[1]!, leanApollo: runs[2], postgraphile });
  }
} finally {
  await Promise.all(stopping.map((s) => s()));
  await monitor.end();
  rmSync(planFile, { force: true });
}

// ---- 5. the table ----------------------------------------------------------------------------------
const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 1 : 0) : '-');
const msPer = (cores: number, run: Run) => (rps(run) > 0 ? ((1000 * cores) / rps(run)).toFixed(2) : '-');
const directoryPeer = results.find((x) => x.postgraphile)?.postgraphile;
const rows: (string | number)[][] = [];
const verdicts: string[] = [];
for (const x of results) {
  const r = recorded.find((y) => y.scenario.name === x.scenario)!;
  const [c, b] = [x.clubroom, x.bare];
  const ratio = rps(b) > 0 ? rps(c) / rps(b) : NaN;
  const p99 = b.result.latency.p99 > 0 ? c.result.latency.p99 / b.result.latency.p99 : NaN;
  // What misses the bar, if anything.
  const misses: string[] = [];
  const least = r.scenario.bar === 'rest' ? 0.8 : 0.6;
  if (!(ratio >= least)) misses.push(`req/s ${ratio.toFixed(2)} of bare < ${least}`);
  if (r.scenario.bar === 'graphql' && !(p99 <= 2)) misses.push(`p99 ${p99.toFixed(1)}× bare's > 2×`);
  if (x.scenario === 'directory page' && directoryPeer && !(rps(c) >= rps(directoryPeer))) misses.push(`< PostGraphile's ${f0(rps(directoryPeer))} req/s`);
  const errs = errors(c) + errors(b);
  const l = x.leanApollo;
  // The lean Apollo server's columns ('-' for REST): its req/s, p99, server CPU, and req/s ÷ bare's.
  const leanCells = l ? [f0(rps(l)), l.result.latency.p99, msPer(l.cpu.server, l), rps(b) > 0 ? (rps(l) / rps(b)).toFixed(2) : '-'] : ['-', '-', '-', '-'];
  rows.push([
    x.scenario,
    f0(rps(c)),
    c.result.latency.p50,
    c.result.latency.p99,
    msPer(c.cpu.server, c),
    msPer(c.cpu.postgres, c),
    f0(rps(b)),
    b.result.latency.p99,
    msPer(b.cpu.server, b),
    ratio.toFixed(2),
    p99.toFixed(2),
    ...leanCells,
    `${misses.length ? `no: ${misses.join('; ')}` : 'yes'}${errs ? `; ${errs} errors` : ''}${l && errors(l) ? `; lean Apollo ${errors(l)} errors` : ''}`,
  ]);
  if (x.postgraphile) {
    const p = x.postgraphile;
    rows.push([
      'directory page: postgraphile',
      f0(rps(p)),
      p.result.latency.p50,
      p.result.latency.p99,
      msPer(p.cpu.server, p),
      msPer(p.cpu.postgres, p),
      f0(rps(b)),
      b.result.latency.p99,
      msPer(b.cpu.server, b),
      (rps(p) / rps(b)).toFixed(2),
      (p.result.latency.p99 / b.result.latency.p99).toFixed(2),
      ...leanCells,
      `(peer)${errors(p) ? `; ${errors(p)} errors` : ''}`,
    ]);
  }
  if (r.scenario.signIn) {
    verdicts.push(`Sign-in: ${f0(rps(c))} sign-ins/s on ${c.cpu.server.toFixed(2)} server cores = ${(rps(c) / c.cpu.server).toFixed(1)} sign-ins/s per core (bare: ${(rps(b) / b.cpu.server).toFixed(1)}). ${argon2Line}.`);
  }
}
const allRuns = results.flatMap((x) => [x.clubroom, x.bare, ...(x.leanApollo ? [x.leanApollo] : []), ...(x.postgraphile ? [x.postgraphile] : [])]);
const otherCores = allRuns.reduce((sum, run) => sum + run.cpu.other, 0) / Math.max(1, allRuns.length);
const head = [
  'scenario',
  'req/s',
  'p50 ms',
  'p99 ms',
  'server CPU ms/req',
  'PostgreSQL CPU ms/req',
  'bare req/s',
  'bare p99',
  'bare server CPU ms/req',
  'ratio (req/s ÷ bare)',
  'p99 ÷ bare p99',
  'lean Apollo req/s',
  'lean Apollo p99',
  'lean Apollo server CPU ms/req',
  'lean Apollo ÷ bare',
  'bar met?',
];
const date = new Date().toISOString();
const block = [
  `Measured ${date.slice(0, 16).replace('T', ' ')} UTC by \`${command}\` (wall time ${elapsed()}).`,
  `Machine: ${machine()} (nproc ${availableParallelism()}), PostgreSQL ${version}. Load: autocannon, ${settings.connections} connections, ${settings.warmUp} s warm-up then ${settings.duration} s per run, one server under load at a time, ${settings.attempts} attempt(s); the sign-in at ${signInConnections} connections. Other processes used ${otherCores.toFixed(2)} of the ${availableParallelism()} cores on average during the runs${otherCores > 0.3 ? ' (a shared machine: compare server CPU per request, not req/s)' : ''}.`,
  `Data (bench/fill.ts): ${describeScale(scale)}. Messaging reads as ${typical.email} (a typical member: the median of messages received, ${typical.received}); the conversation is members 1 and 2's thread of ${scale.longThread.toLocaleString('en')} messages.`,
  `Clubroom is the built server (node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js, as npm start runs it, NODE_ENV=production, LOG_LEVEL=warn); bare is bench/bare-generic.ts (node:http + postgres.js + jose) replaying the statements Clubroom sent for the same request, concurrent ones concurrently, prepared: ${prepare}. Lean Apollo (GraphQL rows) is bench/peers/lean-apollo.ts: Apollo Server 5 on Fastify as Clubroom runs it (no plugins but Apollo's defaults, cache control and landing page off as in Clubroom), doing bare's work per request (jose, the same statements) and then executing the operation with graphql-js's default execution over the data Clubroom answered (rootValue, fields read by response key): the ceiling of a GraphQL server on this stack whose resolvers cost nothing, measured in the same run; "lean Apollo ÷ bare" is that ceiling as a share of bare. Bare and lean Apollo run with the same Node flags as Clubroom. Bars: GraphQL ≥ 0.6 of bare with p99 ≤ 2×; REST ≥ 0.8; the directory page at least PostGraphile's req/s${directoryPeer ? '' : ' (no PostGraphile row in this run)'}.`,
  '',
  table(head, rows),
  '',
  ...verdicts,
  '',
  `Statements per request (session check, then each turn's statements: those of one turn run concurrently): ${results.map((x) => `${x.scenario} ${x.statements}`).join('; ')}.`,
].join('\n');
console.log(`\n${block}`);

// A quick run, a run of some scenarios (--only) or one kept out of the docs (--no-write) does not
// replace the record of the last whole run, which docs/BENCHMARKS.md shows (bench/outputs.ts).
const outputs = benchOutputs({ quick, partial: only !== undefined, noWrite });
const file = join(RESULTS, outputs.resultsFile);
const record = (run: Run) => ({ rps: rps(run), latency: run.result.latency, errors: errors(run), cpu: run.cpu });
writeFileSync(
  file,
  `${JSON.stringify(
    {
      date,
      command,
      machine: machine(),
      nproc: availableParallelism(),
      postgres: version,
      scale,
      settings: { duration: settings.duration, warmUp: settings.warmUp, connections: settings.connections, attempts: settings.attempts },
      prepared: prepare,
      argon2: argon2Line,
      typicalMember: typical,
      scenarios: results.map((x) => ({
        name: x.scenario,
        statements: x.statements,
        clubroom: record(x.clubroom),
        bare: record(x.bare),
        ...(x.leanApollo ? { leanApollo: record(x.leanApollo) } : {}),
        ...(x.postgraphile ? { postgraphile: record(x.postgraphile) } : {}),
      })),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWritten: ${file}`);
if (outputs.writeDocs) {
  const docs = join(ROOT, 'docs', 'BENCHMARKS.md');
  const [start, end] = ['<!-- bench:run:start -->', '<!-- bench:run:end -->'];
  const text = readFileSync(docs, 'utf8');
  const section = `${start}\n${block}\n${end}`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  writeFileSync(
    docs,
    from >= 0 && to > from ? text.slice(0, from) + section + text.slice(to + end.length) : `# Benchmarks: the whole server (npm run bench)\n\n${section}\n\n${text}`,
  );
  console.log(`Written: ${docs} (between ${start} and ${end})`);
}
// ---- 6. the dispatcher's cost on sendMessage (bench/notify-dispatch.ts) -----------------------------
if (!noNotify && !only) await runNotifyPart({ quick, writeDocs: outputs.writeDocs, command });
// ---- 6b. a member's calendar feed with 20 followed clubs (bench/calendar-feed.ts) --------------------
if (!noCalendar && !only) await runCalendarPart({ quick, writeDocs: outputs.writeDocs, command });
// ---- 6c. the reminder run for 10,000 due reminders (bench/session-reminders.ts) ----------------------
if (!noReminders && !only) await runRemindersPart({ quick, writeDocs: outputs.writeDocs, command });
// ---- 6d. the waitlist promotion under 50 concurrent withdrawals (bench/waitlist-promotion.ts) --------
if (!noWaitlist && !only) await runWaitlistPart({ quick, writeDocs: outputs.writeDocs, command });
// ---- 6e. certificate generation: ms per PDF and peak memory (bench/certificates.ts) -----------------
if (!noCertificates && !only) await runCertificatesPart({ quick, writeDocs: outputs.writeDocs, command });
// ---- 6f. trusted documents: by hash vs raw document (bench/trusted-documents.ts) ---------------------
if (!noTrusted && !only) await runTrustedPart({ quick, writeDocs: outputs.writeDocs, command });
// ---- 7. the web part (bench/web-run.ts) -------------------------------------------------------------
// The app is built whole for it (the server part built the server only); a quick run measures the
// sizes only, a run of some scenarios (--only) none of it.
if (!noWeb && !only) await runWebPart({ build: !noBuild, quick, runs: 3, writeDocs: outputs.writeDocs, command });
console.log(`Done in ${elapsed()}.`);
process.exit(0);
