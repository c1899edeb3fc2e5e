// The real Clubroom server (createClubroom, as server/src/main.ts runs it) on the bench database,
// started by the benchmarks in its own process. Prints `{ "url", "pid" }` once listening and adds
// routes for the benchmarks only: GET /__bench/memory answers process.memoryUsage() (after a full
// garbage collection when Node runs with --expose-gc); GET /__bench/profile/start and /stop run
// the V8 CPU profiler, /stop answering the profile (/__bench/allocations/… the same for the
// sampling heap profiler); /__bench/pubsub and /__bench/sockets (below)
// serve the WebSocket benchmarks.
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { loadConfig } from '../server/src/config.js';
import { createClubroom } from '../server/src/app/clubroom.js';
import { BENCH_DATABASE_URL, BENCH_PASSWORD } from './lib.js';

const config = loadConfig({
  // The benchmarks send far more messages per member than a person may (docs/API.md, 'Limits on
  // writes that reach other people'): the limits still count every send, but never refuse one.
  MESSAGE_LIMIT_PER_RECIPIENT: '1000000000',
  MESSAGE_LIMIT_PER_SENDER: '1000000000',
  // The benchmarks' sessions send documents of their own (bench/queries.ts); the trusted part
  // (bench/trusted-documents.ts) starts its server with TRUSTED_DOCUMENTS=enforce.
  TRUSTED_DOCUMENTS: 'off',
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: BENCH_DATABASE_URL,
  DATA_DIR: mkdtempSync(join(tmpdir(), 'clubroom-bench-')),
  LOG_LEVEL: 'silent',
  SERVE_WEB: 'false',
  HOST: '127.0.0.1',
  PORT: '0',
  ADMIN_EMAIL: 'admin@bench.clubroom.test',
  ADMIN_PASSWORD: BENCH_PASSWORD,
});
const clubroom = await createClubroom(config);

const gc = (globalThis as { gc?: () => void }).gc;
clubroom.app.get('/__bench/memory', async () => {
  if (gc) for (let i = 0; i < 3; i++) gc();
  return process.memoryUsage();
});

// A V8 heap snapshot written to the file named by ?to= (after a full collection, as above): two of
// them, before and after opening connections, show per constructor where their memory goes.
clubroom.app.get<{ Querystring: { to: string } }>('/__bench/heap-snapshot', async (request) => {
  if (gc) for (let i = 0; i < 3; i++) gc();
  return { file: writeHeapSnapshot(request.query.to) };
});

// The pub/sub's listeners (bench/ws-scale.ts counts what closed sockets leave behind), and the
// GraphQL sockets' unsent bytes: GET /__bench/sockets answers how many are open and the most one
// of them held since /__bench/sockets/watch (sampled every 5 ms while watching).
clubroom.app.get('/__bench/pubsub', async () => clubroom.pubsub.stats());
const upgraded = new Set<Socket>();
clubroom.app.server.on('upgrade', (_request, socket: Socket) => {
  upgraded.add(socket);
  socket.once('close', () => upgraded.delete(socket));
});
let mostUnsent = 0;
let watching: NodeJS.Timeout | undefined;
clubroom.app.get('/__bench/sockets/watch', async () => {
  mostUnsent = 0;
  clearInterval(watching);
  watching = setInterval(() => {
    for (const socket of upgraded) mostUnsent = Math.max(mostUnsent, socket.writableLength);
  }, 5);
  return { watching: true };
});
clubroom.app.get('/__bench/sockets', async () => ({ open: upgraded.size, mostUnsent }));

const inspector = new Session();
inspector.connect();
clubroom.app.get('/__bench/profile/start', async () => {
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
  return { started: true };
});
clubroom.app.get('/__bench/profile/stop', async () => (await inspector.post('Profiler.stop')).profile);
// What the server allocates (V8's sampling heap profiler, every ~32 KB allocated, the objects that
// the young and old collections freed included): /stop answers the sampled allocation tree.
// ?retained=1: only the sampled objects not yet collected when sampling stops (what is alive, and
// what was promoted to the old generation and waits there for a major GC), by allocating function.
// ?promoted=1: the sampled objects that outlived the young generation's collections (promoted to
// the old generation, collected by a major GC since or not).
clubroom.app.get<{ Querystring: { retained?: string; promoted?: string } }>('/__bench/allocations/start', async (request) => {
  const retained = request.query.retained === '1';
  const promoted = request.query.promoted === '1';
  await inspector.post('HeapProfiler.enable');
  await inspector.post('HeapProfiler.startSampling', {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: !retained,
    includeObjectsCollectedByMinorGC: !retained && !promoted,
  });
  return { started: true };
});
clubroom.app.get('/__bench/allocations/stop', async () => (await inspector.post('HeapProfiler.stopSampling')).profile);

await clubroom.app.listen({ port: 0, host: '127.0.0.1' });
const address = clubroom.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
console.log(JSON.stringify({ url: `http://127.0.0.1:${port}`, pid: process.pid }));

const stop = async () => {
  await clubroom.close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
