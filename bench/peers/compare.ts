// The directory's first page (24 cards with live-role counts and meeting times, and the total)
// served three ways from the same data, each in its own process and alone under load: Clubroom
// (bench/server.ts), the bare node:http + postgres.js handler running the SQL Clubroom runs for it,
// and PostGraphile 4 over views of the same tables (bench/peers/postgraphile.ts). Before measuring,
// the bare handler must answer Clubroom's data exactly and PostGraphile the same cards in the same
// order with the same content. Prints req/s, p50, p99 and CPU ms per request (server, PostgreSQL).
//
//   BENCH_CLUBS_DATABASE=clubroom_bench_peer npx tsx --tsconfig server/tsconfig.json bench/clubs-generate.ts   # once
//   BENCH_CLUBS_DATABASE=clubroom_bench_peer npx tsx --tsconfig server/tsconfig.json bench/peers/compare.ts
//
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 50), BENCH_ATTEMPTS (default 2: a run
// during which other processes used more than 0.3 cores is repeated, the least disturbed kept),
// BENCH_QUIET_WAIT (s, default 5), BENCH_LABEL (names bench/results/peers-compare[-label].txt/.json).
import { isDeepStrictEqual } from 'node:util';
import { CASES, CLUBS_DATABASE, CLUBS_DATABASE_URL, connectClubs, directoryBody } from '../clubs-lib.js';
import { errors, httpSettings, loadTool, rps, runLine, writeResults, type Run, type Target } from '../http-harness.js';
import { machine, startChild, table, type Child } from '../lib.js';
import { openRecorder } from '../recorder.js';
import { asClubroomPage, type PeerDirectoryAnswer } from './postgraphile-schema.js';
import { startPostgraphile } from './postgraphile.js';

const settings = {
  ...httpSettings({ duration: 10, connections: 50 }),
  attempts: Number(process.env.BENCH_ATTEMPTS ?? 2),
  quietWait: Number(process.env.BENCH_QUIET_WAIT ?? 5),
};
const FIRST_PAGE = CASES[0]!;
const body = directoryBody(FIRST_PAGE);

interface ClubroomPage {
  clubs: { totalCount: number; edges: { cursor: string; node: { id: string } & Record<string, unknown> }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

console.log(`Machine: ${machine()}`);

// What Clubroom sends for the page, and its answer: the bare handler runs exactly that SQL.
const recorder = await openRecorder(CLUBS_DATABASE_URL);
let statements: { sql: string; params: unknown[] }[];
let answer: ClubroomPage;
try {
  await recorder.post(body); // start-up work (first mail poll, caches) out of the way
  const { res, log } = await recorder.recording(() => recorder.post(body));
  answer = (res.json() as { data: ClubroomPage }).data;
  statements = log.filter((s) => !/mail_outbox/i.test(s.sql));
} finally {
  await recorder.close();
}
console.log(`Clubroom runs ${statements.length} statement(s) for the page.`);

// One statement (the directory page): bench/peers/directory-bare.ts. Prepared when Clubroom's are
// (DATABASE_PREPARE, default true).
const prepared = process.env.DATABASE_PREPARE !== 'false';
if (statements.length !== 1) throw new Error(`No bare handler for ${statements.length} statements:\n${statements.map((s) => s.sql).join('\n')}`);
const bare: Child = await startChild('peers/directory-bare.ts', { BARE_DIRECTORY_STATEMENT: JSON.stringify(statements[0]), BARE_DATABASE_URL: CLUBS_DATABASE_URL, BARE_PREPARE: String(prepared) });
const [clubroom, peer] = await Promise.all([startChild('server.ts', { BENCH_DATABASE_URL: CLUBS_DATABASE_URL }), startPostgraphile(CLUBS_DATABASE_URL)]);
// The load tool reads a target's url and pid only.
const peerChild = { pid: peer.pid, url: peer.url, stop: peer.stop } as Child;

type Name = 'Clubroom' | 'bare' | 'PostGraphile';
const targets: Target<Name>[] = [
  { name: 'Clubroom', child: clubroom, request: () => ({ method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body }) },
  { name: 'bare', child: bare, request: () => ({ method: 'GET', path: '/directory?case=0', headers: {} }) },
  { name: 'PostGraphile', child: peerChild, request: () => peer.request },
];

const sql = connectClubs();
const { measure } = loadTool({ sql, database: CLUBS_DATABASE, settings, busyDatabase: false });
const runs = new Map<Name, Run>();
try {
  // Same answers first: Clubroom over HTTP and the bare handler give the recorded data; PostGraphile
  // the same clubs in the same order, with the same card content, count and next-page flag.
  for (const target of targets.slice(0, 2)) {
    const r = target.request(0);
    const res = await fetch(target.child.url + r.path, { method: r.method, headers: r.headers, body: r.body });
    const data = ((await res.json()) as { data?: unknown }).data;
    if (!isDeepStrictEqual(data, answer)) throw new Error(`${target.name} answers differently:\n${JSON.stringify(data).slice(0, 600)}`);
  }
  await peer.check(answer.clubs.edges.map((e) => e.node.id));
  const res = await fetch(peer.url + peer.request.path, { method: 'POST', headers: peer.request.headers, body: peer.request.body });
  const peerPage = asClubroomPage((await res.json()) as PeerDirectoryAnswer);
  const ourPage = { totalCount: answer.clubs.totalCount, nodes: answer.clubs.edges.map((e) => e.node), hasNextPage: answer.clubs.pageInfo.hasNextPage };
  if (!isDeepStrictEqual(peerPage, ourPage)) throw new Error(`PostGraphile's page differs:\n${JSON.stringify(peerPage).slice(0, 800)}\nClubroom's:\n${JSON.stringify(ourPage).slice(0, 800)}`);
  console.log('The three servers answer the same page.');

  for (const target of targets) {
    const { run, length } = await measure(target, 0, { duration: settings.duration });
    runs.set(target.name, run);
    console.log(runLine(target.name, run, length, 0));
  }
} finally {
  await Promise.all([clubroom.stop(), bare.stop(), peer.stop(), sql.end()]);
}

const ms = (cpu: number, run: Run) => ((1000 * cpu) / rps(run)).toFixed(2);
const bareRps = rps(runs.get('bare')!);
const summary = [
  `The directory's first page, HTTP load: ${settings.connections} connections, ${settings.duration} s per run after a ${settings.warmUp} s warm-up. ${new Date().toISOString()}`,
  `Machine: ${machine()}. Clubroom runs ${statements.length} statement(s) per page, ${prepared ? 'prepared' : 'unprepared'}; the bare handler the same; PostGraphile one.`,
  '',
  table(
    ['server', 'req/s', 'p50 ms', 'p99 ms', '÷ bare', 'server CPU ms/req', 'PostgreSQL CPU ms/req', 'other cores', 'errors'],
    targets.map(({ name }) => {
      const run = runs.get(name)!;
      return [name, rps(run).toFixed(0), run.result.latency.p50, run.result.latency.p99, (rps(run) / bareRps).toFixed(2), ms(run.cpu.server, run), ms(run.cpu.postgres, run), run.cpu.other.toFixed(2), errors(run)];
    }),
  ),
].join('\n');
writeResults(
  `peers-compare${settings.label}`,
  summary,
  targets.map(({ name }) => {
    const run = runs.get(name)!;
    return { target: name, rps: rps(run), latency: run.result.latency, errors: errors(run), cpu: run.cpu };
  }),
);
