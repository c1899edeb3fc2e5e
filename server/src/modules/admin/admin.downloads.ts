// GET /api/admin/exports/<token>: the download behind an export's `downloadUrl`. The signed token
// is the credential (a browser follows the address without its bearer token), so the route takes
// none; the service checks the signature, the 5 minutes and that the administrator who asked still
// is one, then the file streams out. Refusals answer the REST envelope.
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../../rest/envelope.js';
import type { Services } from '../../lib/services.js';
import { EXPORT_DOWNLOAD_PATH, EXPORT_MESSAGES, ExportLinkExpiredError, type ExportDownload } from './admin-exports.service.js';

export function registerAdminExportRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { adminExports } = deps.services;
  // A wildcard, not `:token`: a signed token is longer than the router's 100-character limit on
  // named parameters. No HEAD route: answering HEAD would build the file only to discard it.
  app.get(`${EXPORT_DOWNLOAD_PATH}/*`, { exposeHeadRoute: false }, async (request, reply) => {
    const token = (request.params as { '*': string })['*'];
    let file: ExportDownload;
    try {
      file = await adminExports.open(token);
    } catch (err) {
      if (!(err instanceof ExportLinkExpiredError)) throw err;
      const gone: Envelope<null> = { success: false, data: null, error: EXPORT_MESSAGES.linkExpired, code: 'LINK_EXPIRED' };
      return reply.status(410).header('cache-control', 'no-store').send(gone);
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
}
