// GET /api/me/certificates/download?token=…: a ready certificate's PDF, behind the short-lived
// signed link `VolunteerCertificate.downloadUrl` gives its volunteer (a browser follows it without
// its bearer token, so the link is the credential; request logs redact the token). A link that is
// not ours, names another volunteer's certificate or one not ready answers 404; an expired one 410.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../lib/services.js';
import type { Envelope } from '../../rest/envelope.js';
import { CERTIFICATE_DOWNLOAD_PATH, CertificateLinkExpiredError } from './certificates.service.js';

export function registerCertificateRoutes(app: FastifyInstance, services: Pick<Services, 'certificates'>) {
  // No HEAD route: answering HEAD would read the PDF only to discard it.
  app.get(CERTIFICATE_DOWNLOAD_PATH, { exposeHeadRoute: false }, async (req, reply) => {
    const token = String((req.query as { token?: unknown }).token ?? '');
    let file: { filename: string; bytes: Uint8Array };
    try {
      file = await services.certificates.download(token);
    } catch (err) {
      if (!(err instanceof CertificateLinkExpiredError)) throw err;
      const gone: Envelope<null> = { success: false, data: null, error: err.message, code: 'LINK_EXPIRED' };
      return reply.status(410).header('cache-control', 'no-store').send(gone);
    }
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(file.bytes));
  });
}
