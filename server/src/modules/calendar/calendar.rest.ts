// The calendar files (issue 29 §6): a member's feed at its secret address, which calendar apps poll
// without credentials, and a session's 'Add to calendar' file. Thin: calendar.service.ts decides.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { databaseId } from '../../graphql/relay.js';
import { errors } from '../../lib/errors.js';
import type { Services } from '../../lib/services.js';
import { sendError } from '../../rest/envelope.js';

const CALENDAR = 'text/calendar; charset=utf-8';

/** Nothing is said about why: an unknown, replaced or malformed secret all look alike. */
const notFound = (reply: FastifyReply) => sendError(reply.header('cache-control', 'no-store'), errors.notFound('Not found'));

export function registerCalendarRoutes(app: FastifyInstance, deps: { services: Pick<Services, 'calendar'> }) {
  const { calendar } = deps.services;

  app.get('/calendar/:secret.ics', async (req, reply) => {
    const { secret } = req.params as { secret: string };
    const answer = await calendar.feed(secret, req.headers['if-none-match']);
    if (!answer) return notFound(reply);
    // The address is a credential: kept out of shared caches and search engines.
    reply.header('etag', answer.etag).header('cache-control', 'private, max-age=300').header('x-robots-tag', 'noindex');
    if (answer.body === null) return reply.status(304).send();
    return reply.header('content-type', CALENDAR).header('content-disposition', 'inline; filename="clubroom.ics"').send(answer.body);
  });

  app.get('/clubs/:clubId/sessions/:sessionId.ics', async (req, reply) => {
    const params = req.params as { clubId: string; sessionId: string };
    const clubId = databaseId(params.clubId, 'Club');
    const sessionId = databaseId(params.sessionId, 'ClubSession');
    const file = clubId && sessionId ? await calendar.sessionFile(clubId, sessionId) : null;
    if (!file) return notFound(reply);
    return reply
      .header('content-type', CALENDAR)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'public, max-age=300')
      .send(file.body);
  });
}
