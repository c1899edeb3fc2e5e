// Ends suspensions whose time is up, every minute, on every instance (the conditional UPDATE lifts
// each one once). A sign-in lifts its own at once; this reinstates the rest and audits it.
import type { FastifyBaseLogger } from 'fastify';
import type { AdminUsersService } from './admin-users.service.js';
import { SUSPENSION_SWEEP_MS } from './admin-users.rules.js';

export function startSuspensionSweep(service: AdminUsersService, log: FastifyBaseLogger, everyMs = SUSPENSION_SWEEP_MS): () => Promise<void> {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = service
      .endDueSuspensions()
      .then(
        (lifted) => {
          if (lifted > 0) log.info({ lifted }, 'suspensions ended');
        },
        (err: unknown) => log.error({ err }, 'suspension sweep failed'),
      )
      .finally(() => (running = null));
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
