// GET /api/admin/exports/<token>: the download behind an export's `downloadUrl` (the shared signed
// download route, http/downloads.ts): the service checks the signature, the 5 minutes and that the
// administrator who asked still is one, then the file streams out.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../lib/services.js';
import { registerSignedDownloadRoute } from '../../http/downloads.js';
import { EXPORT_DOWNLOAD_PATH } from './admin-exports.service.js';

export function registerAdminExportRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { adminExports } = deps.services;
  registerSignedDownloadRoute(app, EXPORT_DOWNLOAD_PATH, (token) => adminExports.open(token));
}
