// One-click unsubscribe (RFC 8058): a notification email's List-Unsubscribe names
// `{APP_URL}/unsubscribe?token={token}` (a query, so request logs redact it) and List-Unsubscribe-Post says `List-Unsubscribe=One-Click`, so a
// mail client POSTs that body there, with no cookie and no sign-in: the signed token alone names
// the member and what to turn off. A GET of the same address is the web page (never a change: link
// scanners open links), which offers the button and the rest of the settings.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.js';
import type { Services } from '../../lib/services.js';

/** The body RFC 8058 prescribes, urlencoded or as a multipart field. */
const ONE_CLICK = /List-Unsubscribe=One-Click|name="List-Unsubscribe"\r?\n\r?\nOne-Click/;
export const UNSUBSCRIBE_DONE = 'You will no longer receive these emails.';
export const ONE_CLICK_REQUIRED = 'Expected the body List-Unsubscribe=One-Click (RFC 8058).';

export function registerUnsubscribeRoutes(app: FastifyInstance, services: Pick<Services, 'notificationPreferences'>) {
  // Its own scope: the form and multipart bodies mail clients send are read as text here only.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => done(null, body));
    scope.post('/unsubscribe', async (req, reply) => {
      const body = typeof req.body === 'string' ? req.body.trim() : '';
      if (!ONE_CLICK.test(body)) return reply.code(400).type('text/plain; charset=utf-8').send(ONE_CLICK_REQUIRED);
      try {
        await services.notificationPreferences.unsubscribe(String((req.query as { token?: unknown }).token ?? ''));
      } catch (err) {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return reply.code(404).type('text/plain; charset=utf-8').send(err.message);
        throw err;
      }
      return reply.code(200).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(UNSUBSCRIBE_DONE);
    });
  });
}
