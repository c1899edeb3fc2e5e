// GET /api/hours/exports/<token>: the download behind a club's hours export (the shared signed
// download route, http/downloads.ts): the service checks the signature, the 5 minutes and that the
// club owner who asked still is one, then the file streams out.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../lib/services.js';
import { registerSignedDownloadRoute } from '../../http/downloads.js';
import { HOURS_EXPORT_PATH } from './hours-exports.service.js';

export function registerHoursExportRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { hoursExports } = deps.services;
  registerSignedDownloadRoute(app, HOURS_EXPORT_PATH, (token) => hoursExports.openExport(token));
}
