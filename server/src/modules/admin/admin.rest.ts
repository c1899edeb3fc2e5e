// REST paths of the administration area (../shared/spec/administration.md, section 7). Thin: the
// service decides who may (platform administrators only), checks the rules, counts the rate
// limits and writes the audit trail; this file translates the spec's snake_case payloads and
// query strings to it and answers in the { success, data, error } envelope. The security token of
// the POSTs is checked for every REST path in app/clubroom.ts, before any of this runs.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, errors } from '../../lib/errors.js';
import { ok } from '../../rest/envelope.js';
import type { Shown } from '../../db/columns.js';
import type { AdminActionRow, ClubRow } from '../../db/schema/index.js';
import type { Services } from '../../lib/services.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import { ADMIN_MESSAGES, parseListFilters, type QueryParams } from './admin.rules.js';

type Body = Record<string, unknown> | undefined;

/** One application's history is read 100 entries a page, at most this many pages (a timeline
 *  holds a handful of entries: views, a decision, a verification). */
const HISTORY_PAGE = 100;
const HISTORY_PAGES_MAX = 10;

/** A list item (section 3, 'Club application (list item)'). */
export function applicationListJson(c: Shown<ClubRow>) {
  return {
    id: c.id,
    name: c.name,
    contact_email: c.contactEmail,
    contact_phone: c.contactPhone,
    location: c.city,
    description: c.description,
    application_status: c.applicationStatus,
    created_at: c.createdAt,
  };
}

/** The detail (section 3, 'Club application (detail)'), plus whether the club is verified. */
export function applicationJson(c: ClubRow) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    location: c.city,
    sport_types: c.category ? [c.category] : [],
    website_url: c.website,
    contact_email: c.contactEmail,
    contact_phone: c.contactPhone,
    application_status: c.applicationStatus,
    admin_notes: c.adminNotes,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    reviewed_at: c.reviewedAt,
    verified: c.verified,
  };
}

/** An admin action log entry (section 3). */
export function adminActionJson(a: AdminActionRow) {
  return {
    id: a.id,
    action_type: a.actionType,
    target_type: a.targetType,
    target_id: a.targetId,
    target_name: a.targetName,
    details: a.details,
    admin_id: a.adminId,
    admin_name: a.adminName,
    admin_email: a.adminEmail,
    ip_address: a.ipAddress,
    created_at: a.createdAt,
  };
}

/** The caller. A bearer token that was refused (forged, expired, of an ended session) answers 401
 *  with its reason; without one the caller is anonymous and the service answers
 *  'Authentication required'. */
function callerOf(req: FastifyRequest): Viewer | null {
  if (!req.viewer && req.authError) throw req.authError;
  return req.viewer;
}

const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/** The query string read as URLSearchParams reads it (`get`: the first value, `getAll`: every one;
 *  text values only), straight from the values Fastify parsed (and the text check of app/clubroom.ts
 *  passed), without copying them into a URLSearchParams on every request. */
function queryParams(req: FastifyRequest): QueryParams {
  const query = (req.query ?? {}) as Record<string, unknown>;
  const valueOf = (name: string): unknown => (Object.hasOwn(query, name) ? query[name] : undefined);
  return {
    get(name) {
      const value = valueOf(name);
      if (typeof value === 'string') return value;
      if (Array.isArray(value)) for (const v of value) if (typeof v === 'string') return v;
      return null;
    },
    getAll(name) {
      const value = valueOf(name);
      if (typeof value === 'string') return [value];
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    },
  };
}

/** The body as an object (anything else reads as no fields, and the rules refuse what is missing). */
const bodyOf = (req: FastifyRequest): Body => (req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Body) : undefined);

/** Field errors named as the REST payload names them. */
function renameFields(err: unknown, names: Record<string, string>): unknown {
  if (!(err instanceof AppError) || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([key, message]) => [names[key] ?? key, message]));
  return new AppError(err.code, err.message, fields);
}
const SNAKE = { clubId: 'club_id', adminNotes: 'admin_notes', rejectionReason: 'rejection_reason' };
const rethrowSnake = (err: unknown): never => {
  throw renameFields(err, SNAKE);
};

const uuidRule = z.uuid();
const isUuid = (value: string) => uuidRule.safeParse(value).success;

export function registerAdminRoutes(app: FastifyInstance, deps: { services: Services }) {
  const { admin, adminApplications, adminApprovals, adminAudit, adminReports } = deps.services;

  // Whether the caller is a platform administrator: false when not signed in; never an error.
  app.get('/api/admin/check-role', async (req) => ok({ is_admin: admin.isAdmin(req.viewer) }));

  app.get('/api/admin/platform-stats', async (req) => {
    const s = await adminReports.platformStats(callerOf(req));
    return ok({
      total_clubs: s.totalClubs,
      verified_clubs: s.verifiedClubs,
      total_volunteers: s.totalVolunteers,
      total_opportunities: s.totalOpportunities,
      total_applications: s.totalApplications,
      active_users: s.activeUsers,
      pending_applications: s.pendingApplications,
      pending_verifications: s.pendingVerifications,
    });
  });

  app.get('/api/admin/club-applications/stats', async (req) => {
    const c = await adminApplications.applicationCounts(callerOf(req));
    return ok({ pending: c.pending, approved: c.approved, rejected: c.rejected, total: c.total });
  });

  // The list: every query-string parameter is taken only when valid (parseListFilters), else its
  // default (pending, newest first, 10 from 0).
  app.get('/admin/club-applications', async (req) => {
    const viewer = callerOf(req);
    const f = parseListFilters(queryParams(req));
    const result = await adminApplications.applications(
      viewer,
      { status: f.status, search: f.search, searchFields: f.search_fields, submittedFrom: f.date_from, submittedTo: f.date_to, location: f.location },
      { field: f.sort_by, direction: f.sort_order },
      { first: f.limit, offset: f.offset },
    );
    const total = Number(await result.totalCount);
    return {
      ...ok(result.nodes.map(applicationListJson)),
      count: total,
      page: Math.floor(f.offset / f.limit) + 1,
      limit: f.limit,
      total_pages: Math.ceil(total / f.limit),
    };
  });

  // One application: an audited view (and counted against the view limit). No HEAD route: a HEAD
  // shows nobody the application, so it must not be recorded as a view.
  app.get('/admin/club-applications/:id', { exposeHeadRoute: false }, async (req) => {
    const { id } = req.params as { id: string };
    const club = await adminApplications.viewApplication(callerOf(req), id, meta(req));
    if (!club) throw errors.notFound(ADMIN_MESSAGES.applicationNotFound);
    return ok({ club: applicationJson(club) });
  });

  // One application's history from the audit trail, newest first. An id no club has has no
  // history (the trail outlives a removed club, so entries about it are still listed).
  app.get('/admin/club-applications/:id/history', async (req) => {
    const viewer = admin.requireAdmin(callerOf(req));
    const { id } = req.params as { id: string };
    if (!isUuid(id)) throw errors.validation(ADMIN_MESSAGES.invalidClubId, { id: ADMIN_MESSAGES.invalidClubId });
    const entries: AdminActionRow[] = [];
    let after: string | null = null;
    for (let page = 0; page < HISTORY_PAGES_MAX; page++) {
      const result = await adminAudit.auditLog(viewer, { clubId: id }, { first: HISTORY_PAGE, after });
      entries.push(...result.nodes);
      if (!result.pageInfo.hasNextPage || !result.pageInfo.endCursor) break;
      after = result.pageInfo.endCursor;
    }
    return ok(entries.map(adminActionJson));
  });

  app.post('/admin/club-applications/approve', async (req) => {
    const body = bodyOf(req);
    const club = await adminApprovals.approve(callerOf(req), { clubId: body?.club_id, adminNotes: body?.admin_notes }, meta(req)).catch(rethrowSnake);
    return ok({ club: applicationJson(club) });
  });

  app.post('/admin/club-applications/reject', async (req) => {
    const body = bodyOf(req);
    const club = await adminApprovals.reject(callerOf(req), { clubId: body?.club_id, rejectionReason: body?.rejection_reason }, meta(req)).catch(rethrowSnake);
    return ok({ club: applicationJson(club) });
  });

  // Approves each application in its own transaction and answers when all are done. Ids that are
  // not UUIDs (or not text) are dropped, as the spec says; none left: 'No applications selected …'.
  app.post('/admin/club-applications/bulk-approve', async (req) => {
    const body = bodyOf(req);
    const raw = body?.clubIds;
    const clubIds = Array.isArray(raw) ? raw.filter((v) => typeof v === 'string') : raw == null ? [] : raw;
    const job = await adminApprovals.bulkApproveNow(callerOf(req), { clubIds, adminNotes: body?.adminNotes }, meta(req));
    return ok({
      successful: job.succeeded,
      failed: job.failures.map((f) => ({ id: f.clubId, error: f.message })),
    });
  });
}
