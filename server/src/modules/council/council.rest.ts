// REST paths of the sports council (spec section 7) and its calendar feeds. Thin: the service
// decides; meetings answer in the spec's snake_case names.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../../rest/envelope.js';
import type { CouncilMeetingRow } from '../../db/schema/index.js';
import type { Services } from '../../lib/services.js';
import { meetingFile, meetingFileName, meetingsFeed } from './council.ics.js';

type Body = Record<string, unknown> | undefined;

export function meetingJson(m: CouncilMeetingRow) {
  return {
    id: m.id,
    title: m.title,
    meeting_date: m.meetingDate,
    meeting_time: m.meetingTime,
    location: m.location,
    agenda: m.agenda,
    minutes: m.minutes,
    status: m.status,
    is_public: m.isPublic,
    created_at: m.createdAt,
    updated_at: m.updatedAt,
  };
}

/** The spec's field names to the service's; absent fields stay absent (an update keeps them). */
function meetingInput(body: Body): Record<string, unknown> {
  const names: Record<string, string> = {
    title: 'title',
    meeting_date: 'meetingDate',
    meeting_time: 'meetingTime',
    location: 'location',
    agenda: 'agenda',
    minutes: 'minutes',
    status: 'status',
    is_public: 'isPublic',
  };
  const input: Record<string, unknown> = {};
  for (const [from, to] of Object.entries(names)) if (body && body[from] !== undefined) input[to] = body[from];
  return input;
}

export function registerCouncilRoutes(app: FastifyInstance, deps: { services: Services; appUrl: string }) {
  const { council } = deps.services;
  const ics = { appUrl: deps.appUrl, timeZone: council.timeZone };
  const query = (req: FastifyRequest) => req.query as Record<string, string | undefined>;

  app.get('/api/sports-council/meetings', async (req) => {
    const q = query(req);
    const rows = await council.listAll(req.viewer, { status: (q.status || null) as never, year: q.year || null });
    return ok(rows.map(meetingJson));
  });
  app.post('/api/sports-council/meetings', async (req, reply) => {
    const row = await council.create(req.viewer, meetingInput(req.body as Body));
    return reply.status(201).send(ok(meetingJson(row)));
  });
  app.put('/api/sports-council/meetings/:id', async (req) =>
    ok(meetingJson(await council.update(req.viewer, (req.params as { id: string }).id, meetingInput(req.body as Body)))),
  );
  app.delete('/api/sports-council/meetings/:id', async (req) => ok({ id: await council.delete(req.viewer, (req.params as { id: string }).id) }));
  app.get('/api/sports-council/check-admin', async (req) => ok({ is_admin: council.isAdmin(req.viewer) }));
  app.get('/api/sports-council/stats', async (req) => {
    const s = await council.stats(req.viewer);
    return ok({
      total_meetings: s.totalMeetings,
      upcoming_meetings: s.upcomingMeetings,
      completed_meetings: s.completedMeetings,
      meetings_this_year: s.meetingsThisYear,
    });
  });

  // Calendar feeds: public meetings only (a calendar app sends no credentials).
  app.get('/api/sports-council/meetings.ics', async (_req, reply) => {
    const body = meetingsFeed(await council.listAll(null), ics);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="sports-council-meetings.ics"')
      .header('cache-control', 'public, max-age=300')
      .send(body);
  });
  app.get('/api/sports-council/meetings/:id.ics', async (req, reply) => {
    const meeting = await council.get(req.viewer, (req.params as { id: string }).id);
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${meetingFileName(meeting)}"`)
      .send(meetingFile(meeting, ics));
  });
}
