// Trusted documents (issue 31 §3): `npm run bench -- --trusted` (or this file alone). The web
// client's own requests of the directory page (ClubDirectory, 24 clubs) and of the inbox
// (Conversations, 50 conversations of a typical member), each sent as the web client sends it,
// by hash (extensions.persistedQuery, no text) to a server with TRUSTED_DOCUMENTS=enforce, and as a
// raw document (the same text in `query`) to one with TRUSTED_DOCUMENTS=off; beside the bare
// handler (bench/bare-generic.ts: node:http + postgres.js replaying the statements Clubroom sent for
// that request, recorded in process), as the main run measures every scenario.
// 1. A database filled as the main run's (bench/fill.ts; BENCH_TRUSTED_DATABASE_URL, default
//    clubroom_bench_trusted[_quick]), the two requests recorded in process (bench/recorder.ts).
// 2. Over HTTP (bench/server.ts twice, enforce and off, and the bare handler), each checked to
//    answer what Clubroom answered in process, then each alone under autocannon.
// It prints a Markdown block and writes bench/results/trusted-documents[-quick].json.
// Environment: BENCH_TRUSTED_DATABASE_URL, BENCH_CONNECTIONS (50), BENCH_DURATION (10 s; 2 quick).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import autocannon from 'autocannon';
import type { BarePlan, BarePlanScenario } from './bare-generic.js';
import { fill, FULL_SCALE, memberEmail, QUICK_SCALE } from './fill.js';
import { ADMINS } from './admin-lib.js';
import { machine, RESULTS, ROOT, SERVER_NODE_FLAGS, startChild, table, type Child } from './lib.js';
import { openRecorder, type Statement } from './recorder.js';

const manifest = JSON.parse(readFileSync(join(ROOT, 'web', 'src', 'gql', 'persisted-documents.json'), 'utf8')) as Record<string, string>;
/** The manifest id of the web client's operation whose text starts so. */
function hashOf(start: string): string {
  const found = Object.entries(manifest).find(([, text]) => text.startsWith(start) || text.includes(` ${start}`));
  if (!found) throw new Error(`no document starting ${start} in the manifest: run npm run generate`);
  return found[0];
}

interface Case {
  name: string;
  hash: string;
  variables: Record<string, unknown>;
  member: boolean;
}

const CASES: Case[] = [
  { name: 'directory page', hash: hashOf('query ClubDirectory('), variables: { search: null, sport: null, first: 24, after: null }, member: false },
  { name: 'inbox', hash: hashOf('query Conversations('), variables: { filter: 'ALL', search: null, first: 50 }, member: true },
];

const byHash = (c: Case) => JSON.stringify({ extensions: { persistedQuery: { version: 1, sha256Hash: c.hash.replace(/^sha256:/, '') } }, variables: c.variables });
const asText = (c: Case) => JSON.stringify({ query: manifest[c.hash], variables: c.variables });

export async function runTrustedPart(opts: { quick: boolean; writeDocs: boolean; command: string }): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const databaseUrl = process.env.BENCH_TRUSTED_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/clubroom_bench_trusted${opts.quick ? '_quick' : ''}`;
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  const duration = Number(process.env.BENCH_DURATION ?? (opts.quick ? 2 : 10));
  const warmUp = opts.quick ? 1 : 3;

  // ---- 1. the data and the recording ---------------------------------------------------------------
  await fill(databaseUrl, opts.quick ? QUICK_SCALE : FULL_SCALE);
  const member = memberEmail(20);
  const recorder = await openRecorder(databaseUrl, {}, ADMINS[0].email);
  const token = await recorder.signIn(member);
  const recorded: { c: Case; answer: unknown; plan: BarePlanScenario }[] = [];
  try {
    for (const c of CASES) await recorder.post(byHash(c), c.member ? token : undefined); // start-up work done first
    for (const c of CASES) {
      const { res, log } = await recorder.recording(() => recorder.post(byHash(c), c.member ? token : undefined));
      const body = res.json() as { data?: unknown; errors?: unknown };
      if (res.statusCode !== 200 || body.errors || !body.data) throw new Error(`${c.name}: ${res.body.slice(0, 500)}`);
      let rest: Statement[] = log;
      let session: BarePlanScenario['session'] = null;
      if (c.member) {
        const [first, ...others] = log;
        if (!first || !/ from "sessions" /.test(first.sql)) throw new Error(`${c.name}: the first statement is not the session check: ${first?.sql}`);
        const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string; sub: string };
        session = { statement: { sql: first.sql, params: first.params }, sessionId: claims.sid, userId: claims.sub };
        rest = others;
      }
      const turns: { sql: string; params: unknown[] }[][] = [];
      let last: number | undefined;
      for (const t of rest) {
        if (turns.length === 0 || t.turn !== last) turns.push([]);
        turns.at(-1)!.push({ sql: t.sql, params: t.params });
        last = t.turn;
      }
      recorded.push({ c, answer: body.data, plan: { name: c.name, session, turns, data: body.data } });
    }
  } finally {
    await recorder.close();
  }
  console.log(`[${elapsed()}] recorded: ${recorded.map((r) => `${r.c.name} ${r.plan.turns.flat().length} statements`).join('; ')}`);

  // ---- 2. over HTTP ------------------------------------------------------------------------------------
  const planFile = join(mkdtempSync(join(tmpdir(), 'clubroom-bench-trusted-')), 'plan.json');
  writeFileSync(planFile, JSON.stringify({ prepare: !/^(false|0|no|off)$/i.test(process.env.DATABASE_PREPARE ?? ''), scenarios: recorded.map((r) => r.plan) } satisfies BarePlan));
  const children: Child[] = [];
  const start = async (script: string, env: Record<string, string>) => {
    const child = await startChild(script, { BENCH_DATABASE_URL: databaseUrl, ...env }, SERVER_NODE_FLAGS);
    children.push(child);
    return child;
  };
  const rows: { name: string; bare: number; raw: number; trusted: number }[] = [];
  try {
    const enforcing = await start('server.ts', { TRUSTED_DOCUMENTS: 'enforce' });
    const open = await start('server.ts', { TRUSTED_DOCUMENTS: 'off' });
    const bare = await start('bare-generic.ts', { BARE_PLAN: planFile });
    const auth = (c: Case): Record<string, string> => ({ 'content-type': 'application/json', ...(c.member ? { authorization: `Bearer ${token}` } : {}) });
    const rps = async (url: string, path: string, headers: Record<string, string>, body: string, seconds: number) => {
      const result = await autocannon({ url, connections, duration: seconds, timeout: 10, requests: [{ setupRequest: (request) => ({ ...request, method: 'POST', path, headers, body }) }] });
      if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${url}${path}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
      return result.requests.average;
    };
    for (const [i, r] of recorded.entries()) {
      const { c } = r;
      // Both servers answer what Clubroom answered in process; the enforcing one refuses the text.
      for (const [server, body] of [[enforcing, byHash(c)], [open, asText(c)]] as const) {
        const got = (await (await fetch(`${server.url}/graphql`, { method: 'POST', headers: auth(c), body })).json()) as { data?: unknown };
        if (!isDeepStrictEqual(got.data, r.answer)) throw new Error(`${c.name}: ${server.url} answers differently: ${JSON.stringify(got).slice(0, 400)}`);
      }
      if (c.member && (await fetch(`${enforcing.url}/graphql`, { method: 'POST', headers: auth(c), body: asText(c) })).status !== 403) throw new Error(`${c.name}: the enforcing server ran a session's text`);
      const measure = async (url: string, path: string, body: string) => {
        await rps(url, path, auth(c), body, warmUp);
        return rps(url, path, auth(c), body, duration);
      };
      const row = { name: c.name, bare: await measure(bare.url, `/s/${i}`, asText(c)), raw: await measure(open.url, '/graphql', asText(c)), trusted: await measure(enforcing.url, '/graphql', byHash(c)) };
      rows.push(row);
      console.log(`[${elapsed()}] ${c.name}: bare ${row.bare.toFixed(0)}, raw ${row.raw.toFixed(0)}, by hash ${row.trusted.toFixed(0)} req/s`);
    }
  } finally {
    await Promise.all(children.map((child) => child.stop()));
  }

  const block = [
    `${opts.command}: ${machine()}; ${connections} connections, ${duration} s per run after ${warmUp} s of warm-up; the inbox as ${member}.`,
    '',
    table(
      ['request', 'bare (req/s)', 'raw document, TRUSTED_DOCUMENTS=off', 'by hash, enforce', 'raw / bare', 'by hash / bare', 'by hash / raw'],
      rows.map((r) => [r.name, r.bare.toFixed(0), r.raw.toFixed(0), r.trusted.toFixed(0), (r.raw / r.bare).toFixed(2), (r.trusted / r.bare).toFixed(2), (r.trusted / r.raw).toFixed(2)]),
    ),
  ].join('\n');
  console.log(`\n${block}\n`);
  writeFileSync(join(RESULTS, `trusted-documents${opts.quick ? '-quick' : ''}.json`), `${JSON.stringify({ command: opts.command, machine: machine(), connections, duration, rows }, null, 2)}\n`);
  if (opts.writeDocs) console.log('docs/BENCHMARKS.md: copy the block above under "Trusted documents" (this part does not write the docs itself).');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const quick = process.argv.includes('--quick');
  await runTrustedPart({ quick, writeDocs: false, command: `bench/trusted-documents.ts${quick ? ' --quick' : ''}` });
  process.exit(0);
}
