// Processes of `npm run bench` (bench/run.ts): a command run to its end (the build), a free port,
// and the built server started as `npm start` starts it, stopped by its own pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LONG_SESSION_ENV } from './admin-lib.js';
import { ROOT, SERVER_NODE_FLAGS, stopper, type Child } from './lib.js';

/** Runs a command to its end (its output shown); rejects unless it exits with 0. */
export function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`))));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The built server as `npm start` runs it (node with the start script's flags, SERVER_NODE_FLAGS,
 *  on dist/server/main.js), in production, on a free port of 127.0.0.1; ready once /health answers. */
export async function startBuiltServer(databaseUrl: string): Promise<Child> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'clubroom-bench-run-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    // The benchmarks' sessions send documents of their own (bench/queries.ts).
    TRUSTED_DOCUMENTS: process.env.TRUSTED_DOCUMENTS ?? 'off',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SERVE_WEB: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    MAIL_POLL_INTERVAL_MS: '3600000',
    ...LONG_SESSION_ENV,
  };
  delete env.JWT_SECRET; // the recorder's server used the database's jwt_secret: so must this one
  // BENCH_PROFILE_DIR: the server runs under V8's profiler and writes a .cpuprofile there when it
  // stops (summed up by bench/cpuprofile.ts).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  // BENCH_SERVER_FLAGS: more Node flags for the server alone, after the start script's (so they win:
  // --trace-gc to see its pauses, another --max-semi-space-size).
  const extra = process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profile, ...SERVER_NODE_FLAGS, ...extra, join(ROOT, 'dist', 'server', 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const stop = stopper(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`dist/server/main.js exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error('dist/server/main.js did not answer /health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    process: child,
    pid: child.pid!,
    url,
    stop: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
