// GET <prefix>/<token>: the download behind an export's `downloadUrl`. The signed token is the
// credential (a browser follows the address without its bearer token), so the route takes none;
// `open` checks the signature, the expiry and that whoever asked still may, then the file streams
// out. An expired address answers 410; other refusals the REST envelope of their error.
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Envelope } from '../rest/envelope.js';
import { DOWNLOAD_LINK_MESSAGES, ExportLinkExpiredError } from '../lib/download-links.js';

/** A file ready to stream to the member who asked for it. */
export interface ExportDownload {
  filename: string;
  contentType: string;
  body: Readable;
}

export function registerSignedDownloadRoute(app: FastifyInstance, prefix: string, open: (token: string) => Promise<ExportDownload>): void {
  // A wildcard, not `:token`: a signed token is longer than the router's 100-character limit on
  // named parameters. No HEAD route: answering HEAD would build the file only to discard it.
  app.get(`${prefix}/*`, { exposeHeadRoute: false }, async (request, reply) => {
    const token = (request.params as { '*': string })['*'];
    let file: ExportDownload;
    try {
      file = await open(token);
    } catch (err) {
      if (!(err instanceof ExportLinkExpiredError)) throw err;
      const gone: Envelope<null> = { success: false, data: null, error: DOWNLOAD_LINK_MESSAGES.linkExpired, code: 'LINK_EXPIRED' };
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
