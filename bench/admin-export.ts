// The export of club applications (issue 11 'Performance'): time and memory of downloading the
// applications as .xlsx and .csv at 10,000 and at 50,000 applications. The export streams from
// keyset batches of 1,000 rows, so its memory must stay flat as the rows grow.
//
//   npx tsx --tsconfig server/tsconfig.json bench/admin-export.ts
//
// A scratch database (BENCH_EXPORT_DATABASE, default clubroom_bench_export, on the server of
// BENCH_DATABASE_URL) is created, migrated by the server itself and dropped at the end. The real
// Clubroom server (createClubroom, NODE_ENV=production) runs in this process, so its memory can be
// sampled directly: every 5 ms during a download, process.memoryUsage() (RSS, V8 heap, and
// external: memory outside the heap held by JavaScript objects, Node Buffers included), against a baseline taken
// after a full garbage collection just before. curl (its own process) downloads the file at full
// speed into a temporary file, which is then read back (exceljs's streaming reader for the .xlsx)
// to count its rows.
// The administrator signs in over REST and asks for each file through the GraphQL mutation, as the
// admin panel does; the defaults (history and admin notes included) are used.
import 'reflect-metadata';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import postgres from 'postgres';
import { loadConfig } from '../server/src/config.js';
import { createClubroom } from '../server/src/app/clubroom.js';
import { BENCH_DATABASE_URL, BENCH_PASSWORD, machine, mb, RESULTS, table } from './lib.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const DATABASE = process.env.BENCH_EXPORT_DATABASE ?? 'clubroom_bench_export';
const SERVER_URL = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: '/postgres' }).toString();
const DATABASE_URL = Object.assign(new URL(BENCH_DATABASE_URL), { pathname: `/${DATABASE}` }).toString();
const SIZES = [10_000, 50_000];
const FORMATS = ['xlsx', 'csv'] as const;
type Format = (typeof FORMATS)[number];
const ADMIN_EMAIL = 'admin@bench-export.clubroom.test';
const SAMPLE_MS = 5;
const LIVE_SAMPLE_MS = 100;

const out: string[] = [];
const say = (line = '') => {
  console.log(line);
  out.push(line);
};

say(`Machine: ${machine()}`);
say(`Date: ${new Date().toISOString().slice(0, 10)}; database ${DATABASE} (dropped at the end)`);

const server = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
await server.unsafe(`drop database if exists "${DATABASE}" with (force)`);
await server.unsafe(`create database "${DATABASE}"`);
const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-bench-export-'));
const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => {} });

const config = loadConfig({
  // The benchmark's sessions send documents of their own.
  TRUSTED_DOCUMENTS: 'off',
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  HOST: '127.0.0.1',
  PORT: '0',
  ADMIN_EMAIL,
  ADMIN_PASSWORD: BENCH_PASSWORD,
});
const clubroom = await createClubroom(config);

try {
  await clubroom.app.listen({ port: 0, host: '127.0.0.1' });
  const address = clubroom.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const token = await signIn(url);

  const rows: (string | number)[][] = [];
  let seeded = 0;
  let warmedUp = false;
  for (const size of SIZES) {
    const t = performance.now();
    await seed(seeded + 1, size);
    seeded = size;
    say(`Seeded ${size.toLocaleString('en-GB')} applications (${((performance.now() - t) / 1000).toFixed(1)} s)`);
    if (!warmedUp) {
      // Loads and compiles exceljs, csv-stringify and the routes once, outside the measurements.
      for (const format of FORMATS) await measure(url, token, format);
      warmedUp = true;
    }
    for (const format of FORMATS) {
      const m = await measure(url, token, format);
      const live = await measure(url, token, format, true);
      for (const r of [m, live]) if (r.rows !== size) throw new Error(`The ${format} file has ${r.rows} rows, not ${size}.`);
      const delta = (n: number) => `${n >= 0 ? '+' : ''}${mb(n)}`;
      rows.push([
        size.toLocaleString('en-GB'),
        format,
        m.rows.toLocaleString('en-GB'),
        mb(m.bytes),
        `${(m.ms / 1000).toFixed(2)} s`,
        Math.round(m.rows / (m.ms / 1000)).toLocaleString('en-GB'),
        mb(m.baseline.rss),
        delta(m.peak.rss - m.baseline.rss),
        delta(m.peak.heapUsed - m.baseline.heapUsed),
        delta(live.peak.heapUsed - live.baseline.heapUsed),
        delta(live.peak.external - live.baseline.external),
        delta(m.retained),
      ]);
    }
  }
  say();
  say(
    table(
      ['applications', 'format', 'rows', 'bytes', 'time', 'rows/s', 'RSS before', 'peak RSS Δ', 'peak heap Δ', 'peak live heap Δ', 'peak live external Δ', 'heap after GC Δ'],
      rows,
    ),
  );
  say();
  say('Δ: over the baseline taken after a full GC just before the download. "peak RSS" and "peak heap": sampled every');
  say('5 ms, garbage not yet collected included. "live": a second download of the same file with a full GC before');
  say('each sample (every 100 ms), so only what the export holds at that moment. "external": memory outside the');
  say('V8 heap held by JavaScript objects (Node Buffers: zlib, sockets). "heap after GC": retained once done.');
  writeFileSync(join(RESULTS, 'admin-export.txt'), `${out.join('\n')}\n`);
} finally {
  await clubroom.close();
  await sql.end();
  await server.unsafe(`drop database if exists "${DATABASE}" with (force)`);
  await server.end();
  rmSync(dataDir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------

/** Applications `from`..`to` (one user and one clubs row each), set-based: 40% approved, 40%
 *  pending, 20% rejected (with one of 8 reasons), a profile each, submitted 10 minutes apart from
 *  2025-01-01; each decided one has its review entry in the audit trail (so the history column
 *  has something to say). */
async function seed(from: number, to: number): Promise<void> {
  const [admin] = await sql<{ id: string; full_name: string; email: string }[]>`select id, full_name, email from users where email = ${ADMIN_EMAIL}`;
  await sql`
    with s as (
      select n, gen_random_uuid() as id, timestamptz '2025-01-01 00:00:00+00' + n * interval '10 minutes' as submitted
      from generate_series(${from}::int, ${to}::int) n
    ), owners as (
      insert into users (id, email, full_name, password_hash, created_at)
      select id, 'owner' || n || '@bench-export.clubroom.test', 'Owner ' || n, 'not-a-hash', submitted from s
    )
    insert into clubs (id, name, contact_email, contact_phone, application_status, admin_notes, reviewed_at, category,
                       description, website, city, profile_saved_at, created_at, updated_at)
    select id,
      (array['Riverside', 'Northgate', 'Parkside', 'Hillcrest', 'Meadowbank', 'Eastfield', 'Westbury', 'Kingsway', 'Oakwood', 'Ashford'])[1 + n % 10]
        || ' ' || (array['Rovers', 'Harriers', 'Tennis Club', 'Cricket Club', 'Swimmers', 'Wheelers', 'Athletic', 'Chess Club'])[1 + (n / 10) % 8] || ' ' || n,
      'club' || n || '@bench-export.clubroom.test',
      '+44 20 7946 ' || lpad((n % 10000)::text, 4, '0'),
      case when n % 5 in (0, 1) then 'approved' when n % 5 = 2 then 'rejected' else 'pending' end,
      case when n % 5 = 2 then (array['Incomplete details', 'Duplicate registration', 'Not a sports club', 'Outside our area',
                                      'Contact details could not be verified', 'Website unreachable', 'Missing safeguarding policy', 'Name already in use'])[1 + (n / 5) % 8]
           when n % 5 = 0 then 'All documents in order' end,
      case when n % 5 in (0, 1, 2) then submitted + (1 + n % 72) * interval '1 hour' end,
      (array['Football', 'Rugby', 'Cricket', 'Tennis', 'Swimming', 'Athletics', 'Cycling', 'Badminton', 'Basketball', 'Chess'])[1 + n % 10],
      'A friendly club welcoming players of every age and ability. We train twice a week, play in the local league and run a summer camp.',
      'https://club' || n || '.example.org',
      (array['London', 'Manchester', 'Birmingham', 'Leeds', 'Bristol', 'Brighton', 'Sheffield', 'Liverpool', 'Nottingham', 'Leicester',
             'Newcastle', 'Cardiff', 'Edinburgh', 'Glasgow', 'Oxford', 'Cambridge', 'York', 'Bath', 'Exeter', 'Norwich'])[1 + n % 20],
      submitted, submitted, submitted
    from s`;
  await sql`
    insert into admin_actions (action_type, target_type, target_id, target_name, details, admin_id, admin_name, admin_email, ip_address, created_at)
    select case when c.application_status = 'approved' then 'approve' else 'reject' end, 'club_application', c.id, c.name,
      case when c.application_status = 'rejected' then 'Application rejected: ' || c.admin_notes
           else 'Application approved' || coalesce(': ' || c.admin_notes, '') end,
      ${admin!.id}, ${admin!.full_name}, ${admin!.email}, '127.0.0.1', c.reviewed_at
    from clubs c
    where c.application_status <> 'pending'
      and c.created_at between timestamptz '2025-01-01 00:00:00+00' + ${from}::int * interval '10 minutes'
                           and timestamptz '2025-01-01 00:00:00+00' + ${to}::int * interval '10 minutes'`;
  await sql`vacuum (analyze) clubs`;
  await sql`vacuum (analyze) admin_actions`;
}

async function signIn(url: string): Promise<string> {
  const csrf = await fetch(`${url}/api/auth/csrf`);
  const csrfToken = ((await csrf.json()) as { data: { token: string } }).data.token;
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as { success: boolean; error: string | null; data: { session: { access_token: string } } };
  if (!body.success) throw new Error(`Sign-in failed: ${body.error}`);
  return body.data.session.access_token;
}

async function exportUrl(url: string, token: string, format: Format): Promise<string> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: 'mutation Export($input: ExportClubApplicationsInput!) { exportClubApplications(input: $input) { file { downloadUrl filename } userErrors { message } } }',
      variables: { input: { format: format.toUpperCase() } },
    }),
  });
  const body = (await res.json()) as { data?: { exportClubApplications: { file: { downloadUrl: string } | null; userErrors: { message: string }[] } }; errors?: unknown };
  const file = body.data?.exportClubApplications.file;
  if (!file) throw new Error(`Export refused: ${JSON.stringify(body.errors ?? body.data?.exportClubApplications.userErrors)}`);
  return file.downloadUrl;
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}
function memory(): Memory {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
}
function collected(): Memory {
  for (let i = 0; i < 3; i++) gc();
  return memory();
}

async function measure(url: string, token: string, format: Format, live = false) {
  const path = await exportUrl(url, token, format);
  const file = join(dataDir, `export.${format}`);
  const baseline = collected();
  const peak = { ...baseline };
  const sampler = setInterval(() => {
    if (live) gc();
    const m = memory();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.external = Math.max(peak.external, m.external);
  }, live ? LIVE_SAMPLE_MS : SAMPLE_MS);
  const started = performance.now();
  const bytes = await curl(url + path, file);
  const ms = performance.now() - started;
  clearInterval(sampler);
  const retained = collected().heapUsed - baseline.heapUsed;
  if (statSync(file).size !== bytes) throw new Error('The file on disk is not what was downloaded.');
  const rows = format === 'csv' ? (await carriageReturns(file)) - 1 : await xlsxRows(file);
  gc();
  return { rows, bytes, ms, baseline, peak, retained };
}

/** Downloads `address` into `file` with curl (its own process, so this process's memory is the
 *  server's); answers the bytes received. */
async function curl(address: string, file: string): Promise<number> {
  const child = spawn('curl', ['-sS', '-o', file, '-w', '%{http_code} %{size_download}', address], { stdio: ['ignore', 'pipe', 'inherit'] });
  let written = '';
  child.stdout.on('data', (chunk: Buffer) => (written += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  const [status, size] = written.split(' ');
  if (code !== 0 || status !== '200') throw new Error(`Download answered ${status} (curl exit ${code})`);
  return Number(size);
}

/** Records end with CRLF and no generated value holds a carriage return: CRs count the lines. */
async function carriageReturns(file: string): Promise<number> {
  let count = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) for (const byte of chunk) if (byte === 13) count++;
  return count;
}

/** The data rows of the first worksheet, read back with exceljs's streaming reader. */
async function xlsxRows(file: string): Promise<number> {
  let count = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(file), { worksheets: 'emit', sharedStrings: 'ignore', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const sheet of reader) {
    for await (const _row of sheet) count++;
    break;
  }
  return count - 1;
}
