// Certificate generation (issue 30 §4 and "Measured"): `npm run bench -- --certificates` (or this
// file alone). The PDF alone, as the certificate job makes it (renderCertificatePdf: the layout,
// the fonts chosen per character and embedded as subsets, the QR code), no database: each case runs
// in a fresh Node process of its own, BENCH_CERTIFICATES PDFs one after
// another (50; 10 with --quick) after 3 unmeasured ones (JIT, the font files read and parsed once).
// Cases:
// 1. Clubroom, a typical certificate: a Latin name with accents ("Zoë Åström"), 2 clubs, 3 positions.
// 2. Clubroom, a name in three scripts (Latin, Cyrillic, Chinese: four font slices embedded).
// 3. Clubroom, a long statement: 6 clubs, 120 positions over 4 pages.
// 4. Bare: pdf-lib drawing the typical certificate's lines with the standard Helvetica (nothing
//    embedded, Latin-1 only, so it cannot draw most names) and the same QR code: the floor under
//    the embedded fonts.
// Per case: ms per PDF (median, p95), the PDF's size, the child process's own peak RSS (VmHWM from
// /proc/self/status, read at the end of the child; not getrusage's maxRSS, which on Linux carries the
// spawning runner's RSS across fork/exec and so showed the runner's ~250 MiB for every case; where
// /proc is missing, the largest RSS sampled after each PDF) and the largest V8 heap in use measured
// after each PDF.
// It prints a Markdown block, writes bench/results/certificates[-quick].json and, when asked, puts
// the block into docs/BENCHMARKS.md between the bench:certificates markers. About 30 s.
// Environment: BENCH_CERTIFICATES (PDFs per case).
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { machine, RESULTS, ROOT, table } from './lib.js';

const CASES = ['typical', 'three-scripts', 'long', 'bare'] as const;
type CaseName = (typeof CASES)[number];
const LABELS: Record<CaseName, string> = {
  typical: 'Clubroom: a typical certificate (accented Latin name, 2 clubs, 3 positions)',
  'three-scripts': 'Clubroom: a name in Latin, Cyrillic and Chinese',
  long: 'Clubroom: 6 clubs, 120 positions (4 pages)',
  bare: 'bare: pdf-lib, Helvetica (no font embedded), same lines and QR code',
};
const CODE = '7F3K-Q9XM-2BWD-H4RT-N6PA-C8VE-Z1YJ';
const URL_ = `https://clubroom.example/verify/${CODE}`;

interface CaseResult {
  name: CaseName;
  n: number;
  medianMs: number;
  p95Ms: number;
  bytes: number;
  peakRssMiB: number;
  /** The same high-water mark before the first PDF (Node, tsx and the modules loaded): the floor. */
  startRssMiB: number;
  /** Where peakRssMiB comes from: the kernel's high-water mark, or RSS sampled after each PDF. */
  rssSource: 'VmHWM' | 'sampled';
  peakHeapMiB: number;
}

/** This process's own peak resident set (VmHWM, kB in /proc/self/status) in MiB; null off Linux. */
function ownPeakRssMiB(): number | null {
  if (!existsSync('/proc/self/status')) return null;
  const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('VmHWM:'));
  const kB = line ? Number(/(\d+)\s*kB/.exec(line)?.[1]) : NaN;
  return Number.isFinite(kB) ? kB / 1024 : null;
}

async function facts(name: CaseName) {
  const { factsOf } = await import('../server/src/modules/certificates/certificate-facts.js');
  const typical = [
    { minutes: 210, clubId: 'c1', clubName: 'Harbour Rowing Club', positionId: 'p1', title: 'Coach' },
    { minutes: 45, clubId: 'c1', clubName: 'Harbour Rowing Club', positionId: 'p2', title: 'Safety boat' },
    { minutes: 180, clubId: 'c2', clubName: 'Łódź Fencing Society', positionId: 'p3', title: 'Timekeeper' },
  ];
  if (name === 'long') {
    const hours = Array.from({ length: 120 }, (_, i) => ({ minutes: 60 + i, clubId: `c${i % 6}`, clubName: `Riverside Athletic Club ${i % 6}`, positionId: `p${i}`, title: `Event steward and first-aid cover, season ${i}` }));
    return factsOf('Zoë Åström', '2016-01-01', '2026-06-30', true, hours, '2026-07-01');
  }
  return factsOf(name === 'three-scripts' ? 'Zoë Дмитрий 王小明' : 'Zoë Åström', '2026-01-01', '2026-06-30', true, typical, '2026-07-01');
}

/** The bare floor: the typical certificate's lines in Helvetica, and the QR code. */
async function barePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595.28, 841.89]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const lines: Array<[string, boolean, number]> = [
    ['Certificate of volunteering', true, 24],
    ['This certifies that', false, 12],
    ['Zoe Astrom', true, 20],
    ['gave 7.25 hours of volunteering with the clubs below, approved by the clubs,', false, 12],
    ['between 1 January 2026 and 30 June 2026.', false, 12],
    ['Harbour Rowing Club    4.25 hours', true, 14],
    ['Coach    3.5 hours', false, 11],
    ['Safety boat    0.75 hours', false, 11],
    ['Lodz Fencing Society    3 hours', true, 14],
    ['Timekeeper    3 hours', false, 11],
    ['Total    7.25 hours', true, 14],
    ['Period: 1 January 2026 to 30 June 2026', false, 11],
    ['Issued on 1 July 2026 by Clubroom', false, 11],
  ];
  let y = 786;
  for (const [text, isBold, size] of lines) {
    page.drawText(text, { x: 56, y: y - size, size, font: isBold ? bold : regular });
    y -= size * 1.6;
  }
  const qr = await doc.embedPng(await QRCode.toBuffer(URL_, { type: 'png', errorCorrectionLevel: 'M', margin: 1, scale: 4 }));
  page.drawImage(qr, { x: 56, y: y - 96, width: 96, height: 96 });
  page.drawText(`Verify at ${URL_}`, { x: 168, y: y - 20, size: 10, font: regular });
  page.drawText(`Verification code: ${CODE}`, { x: 168, y: y - 36, size: 11, font: regular });
  return doc.save();
}

/** One case, in this process (the child): n PDFs after 3 unmeasured ones. */
async function runCase(name: CaseName, n: number): Promise<CaseResult> {
  const { renderCertificatePdf } = await import('../server/src/modules/certificates/certificate-pdf.js');
  const input = name === 'bare' ? null : { facts: await facts(name), code: CODE, verifyUrl: URL_ };
  const make = () => (input ? renderCertificatePdf(input) : barePdf());
  const startRss = ownPeakRssMiB() ?? process.memoryUsage().rss / 1024 / 1024;
  for (let i = 0; i < 3; i++) await make();
  const times: number[] = [];
  let bytes = 0;
  let peakHeap = 0;
  let sampledRss = 0;
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const pdf = await make();
    times.push(performance.now() - t);
    bytes = pdf.byteLength;
    const memory = process.memoryUsage();
    peakHeap = Math.max(peakHeap, memory.heapUsed);
    sampledRss = Math.max(sampledRss, memory.rss);
  }
  const hwm = ownPeakRssMiB();
  times.sort((a, b) => a - b);
  return {
    name,
    n,
    medianMs: times[Math.floor(n / 2)]!,
    p95Ms: times[Math.min(n - 1, Math.ceil(n * 0.95) - 1)]!,
    bytes,
    peakRssMiB: hwm ?? sampledRss / 1024 / 1024,
    startRssMiB: startRss,
    rssSource: hwm === null ? 'sampled' : 'VmHWM',
    peakHeapMiB: peakHeap / 1024 / 1024,
  };
}

/** A case in a fresh Node process: its peak RSS (VmHWM) is its own, not the runner's. */
function inChild(name: CaseName, n: number): Promise<CaseResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', 'certificates.ts'), `--case=${name}`, `--n=${n}`], {
      cwd: ROOT,
      env: { ...process.env, TSX_TSCONFIG_PATH: 'server/tsconfig.json', NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`the ${name} case ended with ${code}: ${out}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as CaseResult);
    });
  });
}

export async function runCertificatesPart(opts: { quick: boolean; writeDocs: boolean; command: string }): Promise<void> {
  const started = performance.now();
  const n = Number(process.env.BENCH_CERTIFICATES ?? (opts.quick ? 10 : 50));
  const results: CaseResult[] = [];
  for (const name of CASES) results.push(await inChild(name, name === 'long' ? Math.max(5, Math.round(n / 5)) : n));
  const [typical, , , bare] = results;
  const rows = results.map((r) => [LABELS[r.name], r.n, r.medianMs.toFixed(1), r.p95Ms.toFixed(1), (r.bytes / 1024).toFixed(1), r.startRssMiB.toFixed(0), r.peakRssMiB.toFixed(0), (r.peakRssMiB - r.startRssMiB).toFixed(0), r.peakHeapMiB.toFixed(1)]);
  const sources = [...new Set(results.map((r) => r.rssSource))];
  const rssSaid = sources.length === 1 && sources[0] === 'VmHWM'
    ? "peak RSS is the child process's own high-water mark (VmHWM in /proc/self/status, read at its end; “before the first PDF” is the same mark once Node, tsx and the modules are loaded, and the difference is what making the PDFs added)"
    : "peak RSS is the child's largest RSS sampled after each PDF (no /proc here)";
  const date = new Date().toISOString();
  const block = [
    `Measured ${date.slice(0, 16).replace('T', ' ')} UTC by \`${opts.command}\` (wall time ${((performance.now() - started) / 1000).toFixed(0)} s).`,
    `Machine: ${machine()} (nproc ${availableParallelism()}). Each case in a fresh Node process: ${n} PDFs one after another (the long one ${results[2]!.n}) after 3 unmeasured; ${rssSaid}; the heap the largest V8 heap in use after a PDF.`,
    '',
    table(['certificate PDF', 'PDFs', 'ms (median)', 'ms (p95)', 'PDF KiB', 'RSS before the first PDF MiB', 'peak RSS MiB', 'added by the PDFs MiB', 'peak heap MiB'], rows),
    '',
    `Clubroom's typical certificate ÷ bare: ${(typical!.medianMs / bare!.medianMs).toFixed(1)}× the time, for fonts that draw every name.`,
  ].join('\n');
  console.log(`\n${block}`);
  const file = join(RESULTS, `certificates${opts.quick ? '-quick' : ''}.json`);
  writeFileSync(file, `${JSON.stringify({ date, command: opts.command, machine: machine(), n, results }, null, 2)}\n`);
  console.log(`Written: ${file}`);
  if (opts.writeDocs) {
    const docs = join(ROOT, 'docs', 'BENCHMARKS.md');
    const [start, end] = ['<!-- bench:certificates:start -->', '<!-- bench:certificates:end -->'];
    const text = readFileSync(docs, 'utf8');
    const from = text.indexOf(start);
    const to = text.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/BENCHMARKS.md has no ${start} … ${end} section`);
    writeFileSync(docs, text.slice(0, from) + `${start}\n${block}\n${end}` + text.slice(to + end.length));
    console.log(`Written: ${docs} (between ${start} and ${end})`);
  }
}

if (process.argv[1] === import.meta.filename) {
  const argv = process.argv.slice(2);
  const caseName = argv.find((a) => a.startsWith('--case='))?.slice('--case='.length) as CaseName | undefined;
  if (caseName) {
    const n = Number(argv.find((a) => a.startsWith('--n='))?.slice('--n='.length) ?? 50);
    process.stdout.write(`RESULT ${JSON.stringify(await runCase(caseName, n))}\n`);
  } else {
    await runCertificatesPart({ quick: argv.includes('--quick'), writeDocs: !argv.includes('--no-write') && !argv.includes('--quick'), command: `npx tsx --tsconfig server/tsconfig.json bench/certificates.ts${argv.length ? ` ${argv.join(' ')}` : ''}` });
  }
  process.exit(0);
}
