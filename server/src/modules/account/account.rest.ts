// The download of a data archive: GET /api/me/data-export?token=… (the emailed, signed link; the
// token in the query, which request logs redact). The link is the authority: no sign-in needed,
// so it opens from the mail on any device; it names the member and the archive and expires with it.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../lib/services.js';

export function registerDataExportRoutes(app: FastifyInstance, services: Pick<Services, 'dataExports'>) {
  app.get('/api/me/data-export', async (req, reply) => {
    const token = String((req.query as { token?: unknown }).token ?? '');
    const file = await services.dataExports.download(token);
    return reply
      .type('application/zip')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(file.bytes));
  });
}
