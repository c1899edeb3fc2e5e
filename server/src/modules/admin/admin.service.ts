// The administration area (../shared/spec/administration.md): club application review (single and
// bulk), verification, the audit trail, counters and reports. Every operation is for platform
// administrators only; every action is audited by the server in the transaction of its change.
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, lt, or, sql, type Param, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { oncePerShape } from '../../db/statements.js';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { shownColumns, type Shown } from '../../db/columns.js';
import {
  ADMIN_ACTION_TYPES,
  adminActions,
  adminBulkApprovals,
  clubs,
  clubVolunteerPositions,
  rateLimits,
  users,
  volunteerApplications,
  type AdminActionRow,
  type AdminActionType,
  type AdminBulkApprovalRow,
  type ClubRow,
} from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import { enqueueMail } from '../../mail/outbox.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type KeyColumn, type PageArgs } from '../../graphql/relay.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import { volunteerCount } from '../volunteers/volunteer-count.service.js';
import {
  ADMIN_ACTION_LIMITS,
  ADMIN_MESSAGES,
  AUDIT_PAGE_SIZE,
  BULK_APPROVAL_MAX,
  LIST_PAGE_DEFAULT,
  OFFSET_MAX,
  SEARCH_FIELDS,
  SEARCH_MAX,
  TOP_LOCATIONS,
  TOP_REJECTION_REASONS,
  adminNotesRule,
  isValidDay,
  rejectionReasonRule,
  type RateLimitedAdminAction,
  type SearchField,
  type SortField,
} from './admin.rules.js';

export interface ApplicationFilter {
  status?: 'all' | 'pending' | 'approved' | 'rejected' | null;
  search?: string | null;
  searchFields?: readonly SearchField[] | null;
  submittedFrom?: string | null;
  submittedTo?: string | null;
  location?: string | null;
  verified?: boolean | null;
}
export interface ApplicationSort {
  field: SortField;
  direction: 'asc' | 'desc';
}
export interface AuditFilter {
  actionType?: AdminActionType | null;
  from?: string | null;
  to?: string | null;
  adminId?: string | null;
  clubId?: string | null;
  search?: string | null;
}
export interface DateRange {
  from?: string | null;
  to?: string | null;
}

/** A list row: the club with its cursor key as the database computes it. */
export type ApplicationRow = Shown<ClubRow> & { sortKey: string; cursorAt: string };
export type AuditRow = AdminActionRow & { cursorAt: string };

export interface ApplicationCounts {
  pending: number;
  approved: number;
  rejected: number;
  total: number;
}

export interface PlatformStatsRow {
  totalClubs: number;
  verifiedClubs: number;
  totalVolunteers: number;
  totalOpportunities: number;
  totalApplications: number;
  activeUsers: number;
  pendingApplications: number;
  pendingVerifications: number;
}

export interface ApplicationStatistics {
  totalApplications: number;
  approvedApplications: number;
  pendingApplications: number;
  rejectedApplications: number;
  approvalRate: number;
  averageProcessingTimeHours: number | null;
  topRejectionReasons: { reason: string; count: number }[];
  applicationsByMonth: { month: string; total: number; approved: number; pending: number; rejected: number }[];
  applicationsByLocation: { location: string; count: number }[];
}

export interface AdminActivityRow {
  adminId: string | null;
  adminName: string;
  adminEmail: string;
  totalActions: number;
  approvalsCount: number;
  rejectionsCount: number;
  bulkOperationsCount: number;
  lastActivityAt: Date | null;
  averageProcessingTimeHours: number | null;
}

/** Who acted and from where: copied into every audit entry. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  ip: string | null;
}

const M = ADMIN_MESSAGES;
/** A bulk approval still running after this long has no process working on it. */
const STALE_BULK_MINUTES = 10;

// Every rule is built once, here: zod v4 compiles an object schema on its first parse, so a schema
// built inside a method is built and compiled again on every request.
const uuidRule = z.uuid();
const clubIdRule = z.uuid({ error: M.invalidClubId });
const approveRules = z.object({ clubId: clubIdRule, adminNotes: adminNotesRule });
const rejectRules = z.object({ clubId: clubIdRule, rejectionReason: rejectionReasonRule });
const verifiedRules = z.object({ clubId: clubIdRule, verified: z.boolean() });
const bulkRules = z.object({
  clubIds: z
    .array(z.string())
    .transform((ids) => [...new Set(ids.filter((id) => uuidRule.safeParse(id).success))])
    .pipe(z.array(z.string()).min(1, { error: M.noneSelected }).max(BULK_APPROVAL_MAX, { error: M.tooManySelected })),
  adminNotes: adminNotesRule,
});
const dayRule = (field: string) =>
  z
    .string()
    .refine(isValidDay, { error: `${field} must be a date (YYYY-MM-DD)` })
    .nullish();
const rangeRules = z
  .object({ from: dayRule('from'), to: dayRule('to') })
  .refine((r) => !r.from || !r.to || r.from <= r.to, { error: M.invalidDateRange, path: ['to'] });
const offsetRules = z.object({ offset: z.number().int().min(0).max(OFFSET_MAX, { error: `offset must be between 0 and ${OFFSET_MAX}` }).nullish() });
const textFilter = z.string().max(SEARCH_MAX, { error: `Search must be at most ${SEARCH_MAX} characters` }).nullish();
const applicationFilterRules = z.object({
  status: z.enum(['all', 'pending', 'approved', 'rejected']).nullish(),
  search: textFilter,
  searchFields: z.array(z.enum(SEARCH_FIELDS)).nullish(),
  submittedFrom: dayRule('submittedFrom'),
  submittedTo: dayRule('submittedTo'),
  location: textFilter,
  verified: z.boolean().nullish(),
});
const auditFilterRules = rangeRules.and(
  z.object({
    actionType: z.enum(ADMIN_ACTION_TYPES).nullish(),
    adminId: z.uuid().nullish(),
    clubId: z.uuid({ error: M.invalidClubId }).nullish(),
    search: textFilter,
  }),
);
const activityRules = rangeRules.and(z.object({ adminId: z.uuid().nullish() }));

/** Admin notes as plain text (tags removed, as the spec sanitises both review bodies); null when
 *  nothing is left. */
const plainNotes = (notes: string | null) => (notes ? sanitizeText(notes) || null : null);

/** The start of a UTC day and the start of the day after. */
const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
const dayAfter = (day: string) => new Date(dayStart(day).getTime() + 86_400_000);

/** The keyset of each sort: its key columns and how a cursor casts them. */
const SORT_KEYS: Record<SortField, KeyColumn[]> = {
  name: [[sql`lower(${clubs.name})`, 'text'], [sql`${clubs.id}`, 'uuid']],
  location: [[sql`lower(coalesce(${clubs.city}, ''))`, 'text'], [sql`${clubs.id}`, 'uuid']],
  application_status: [[sql<string>`${clubs.applicationStatus}`, 'text'], [sql`${clubs.createdAt}`, 'timestamptz'], [sql`${clubs.id}`, 'uuid']],
  created_at: [[sql`${clubs.createdAt}`, 'timestamptz'], [sql`${clubs.id}`, 'uuid']],
};
const sortKeys = (field: SortField): KeyColumn[] => SORT_KEYS[field] ?? SORT_KEYS.created_at;

/** Decodes a list cursor: [key, id] (or [status, instant, id]) of the right shapes. */
const LIST_CURSORS = {
  application_status: (v: unknown[]) => (v.length === 3 && cursorValue.text(v[0]) && cursorValue.instant(v[1]) && cursorValue.uuid(v[2]) ? v : null),
  created_at: (v: unknown[]) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null),
  text: (v: unknown[]) => (v.length === 2 && cursorValue.text(v[0]) && cursorValue.uuid(v[1]) ? v : null),
};
const listCursor = (field: SortField): ((v: unknown[]) => unknown[] | null) =>
  field === 'application_status' ? LIST_CURSORS.application_status : field === 'created_at' ? LIST_CURSORS.created_at : LIST_CURSORS.text;

/** The columns a list row answers with: every shown column of the club (no search document). */
const LIST_COLUMNS = shownColumns(clubs);
/** Searchable fields and their columns. */
const SEARCH_COLUMNS = { name: clubs.name, email: clubs.contactEmail, description: clubs.description };

/**
 * The parts a checked filter puts in the list's statements: which conditions (its shape, the key
 * of the statements built for it) and their values (the statements' placeholders). The status goes
 * in as a literal, so it is part of the shape.
 */
interface ApplicationFilterShape {
  key: string;
  status: 'pending' | 'approved' | 'rejected' | null;
  /** The fields searched, in the order given; null without a search. */
  searchFields: readonly SearchField[] | null;
  from: boolean;
  to: boolean;
  location: boolean;
  verified: boolean;
  values: Record<string, unknown>;
}

/** A placeholder bound to `column`: its value is mapped for the driver as a literal value compared
 *  with that column would be (a Date to an ISO string for a timestamp), so the parameters sent are
 *  those of the statement built with the values in it. */
const bound = (name: string, column: Parameters<typeof sql.param>[1]) => sql.param(sql.placeholder(name), column);

/** The WHERE of a filter shape, with placeholders for its values. */
function applicationWhereOf(f: ApplicationFilterShape): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  // The status as a literal (one of three checked values): a prepared statement's generic plan
  // then still matches the indexes partial on 'approved' (clubs_verified_name_idx).
  if (f.status) conditions.push(sql`${clubs.applicationStatus} = ${sql.raw(`'${f.status}'`)}`);
  if (f.searchFields) conditions.push(or(...f.searchFields.map((name) => ilike(SEARCH_COLUMNS[name], bound('search', SEARCH_COLUMNS[name])))));
  if (f.from) conditions.push(gte(clubs.createdAt, bound('from', clubs.createdAt)));
  if (f.to) conditions.push(lt(clubs.createdAt, bound('to', clubs.createdAt)));
  if (f.location) conditions.push(ilike(clubs.city, bound('location', clubs.city)));
  if (f.verified) conditions.push(eq(clubs.verified, bound('verified', clubs.verified)));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The columns of an audit trail row. */
const AUDIT_COLUMNS = getTableColumns(adminActions);
/** The audit trail's keyset: newest first, by instant and id. */
const AUDIT_KEYS: KeyColumn[] = [[sql`${adminActions.createdAt}`, 'timestamptz'], [sql`${adminActions.id}`, 'uuid']];
const auditCursor = (v: unknown[]) => (v.length === 2 && cursorValue.instant(v[0]) && cursorValue.uuid(v[1]) ? v : null);

/** A checked audit filter's values by name (the conditions present are the filter's shape). */
type AuditValues = Partial<Record<'actionType' | 'from' | 'to' | 'adminId' | 'clubId' | 'search', unknown>>;
/** Where a value goes in a statement: the value itself, or the placeholder of that name. */
type Bind = (name: keyof AuditValues, column: Parameters<typeof sql.param>[1]) => Param;

/** The audit filter's WHERE: with its values (exports) or with placeholders for them (the
 *  prepared list and count). */
function auditWhereOf(values: AuditValues, bind: Bind): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if ('actionType' in values) conditions.push(eq(adminActions.actionType, bind('actionType', adminActions.actionType)));
  if ('from' in values) conditions.push(gte(adminActions.createdAt, bind('from', adminActions.createdAt)));
  if ('to' in values) conditions.push(lt(adminActions.createdAt, bind('to', adminActions.createdAt)));
  if ('adminId' in values) conditions.push(eq(adminActions.adminId, bind('adminId', adminActions.adminId)));
  if ('clubId' in values) conditions.push(eq(adminActions.targetId, bind('clubId', adminActions.targetId)));
  if ('search' in values) {
    const columns = [adminActions.targetName, adminActions.details, adminActions.adminName, adminActions.adminEmail];
    conditions.push(or(...columns.map((column) => ilike(column, bind('search', column)))));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** A page by keyset, or (with `offset` and no cursor) from that position of the list. */
function withOffset<T>(req: ReturnType<typeof pageRequest<unknown[]>>, offset: number | null | undefined) {
  if (offset == null || offset === 0) return 0;
  if (!req.forward || req.cursor || req.hasBefore) throw errors.validation('Pass offset with first only, not with a cursor or last.', { offset: 'Pass offset with first only, not with a cursor or last.' });
  return offset as number & T;
}

export class AdminService {
  private readonly limiters: Record<RateLimitedAdminAction, RateLimiterDrizzle>;
  /** Bulk approvals this process is working through (awaited by tests and shutdown). */
  private readonly running = new Set<Promise<void>>();
  /** The run of each bulk approval this process works through, by id (REST waits for its own). */
  private readonly runs = new Map<string, Promise<void>>();
  /** The applications list's statements and their counts, built once per shape and then only
   *  given their values: building a statement (its selection, conditions and keyset) was a large
   *  part of the server's time per list request. */
  private readonly listStatements = new Map<string, ReturnType<AdminService['buildListStatement']>>();
  private readonly countStatements = new Map<string, ReturnType<AdminService['buildCountStatement']>>();
  /** The audit trail's, likewise. */
  private readonly auditStatements = new Map<string, ReturnType<AdminService['buildAuditStatement']>>();
  private readonly auditCountStatements = new Map<string, ReturnType<AdminService['buildAuditCountStatement']>>();

  constructor(
    private readonly db: Db,
    private readonly notifications: NotificationsService,
    private readonly onMailQueued: () => void,
    private readonly webOrigin: string,
  ) {
    const limiter = (action: RateLimitedAdminAction) =>
      new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: `admin_${action}`, points: ADMIN_ACTION_LIMITS[action], duration: 60, clearExpiredByTimeout: false });
    this.limiters = {
      approve: limiter('approve'),
      reject: limiter('reject'),
      bulk: limiter('bulk'),
      view: limiter('view'),
      export: limiter('export'),
    };
  }

  // ---- access -----------------------------------------------------------------------------------

  /** The spec's refusals: 'Authentication required', then 'Admin permissions required'. */
  requireAdmin(viewer: Viewer | null): Viewer {
    if (!viewer) throw errors.unauthenticated(M.authenticationRequired);
    if (!viewer.isPlatformAdmin) throw errors.forbidden(M.adminRequired);
    return viewer;
  }

  /** Whether the caller is a platform administrator (GET /api/admin/check-role); false when not signed in. */
  isAdmin(viewer: Viewer | null): boolean {
    return viewer?.isPlatformAdmin === true;
  }

  /** Counts one action of the administrator; past its per-minute limit: 'Admin action rate limit exceeded'. */
  async consume(action: RateLimitedAdminAction, viewer: Viewer, points = 1): Promise<void> {
    try {
      await this.limiters[action].consume(viewer.userId, points);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', M.rateLimited);
      throw err;
    }
  }

  /** The administrator as the audit trail records them: id, current name and email, and IP. */
  async actor(viewer: Viewer, meta: RequestMeta): Promise<Actor> {
    const [row] = await this.db.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, viewer.userId));
    return { id: viewer.userId, name: row?.name ?? viewer.email, email: row?.email ?? viewer.email, ip: meta.ip || null };
  }

  /** Writes one audit entry in the caller's transaction. */
  async record(tx: Executor, actor: Actor, entry: { actionType: AdminActionType; targetType: string; targetId: string | null; targetName: string; details: string }): Promise<void> {
    await tx.insert(adminActions).values({ ...entry, adminId: actor.id, adminName: actor.name, adminEmail: actor.email, ipAddress: actor.ip });
  }

  // ---- review -----------------------------------------------------------------------------------

  /** Approves a pending application: the club enters the directory and may save meeting times at
   *  once; its owner is mailed and notified; the audit entry is written in the same transaction. */
  async approve(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ClubRow> {
    const admin = this.requireAdmin(viewer);
    const input = parseInput(approveRules, raw);
    // Sanitised like the rejection reason (section 5: both bodies are sanitised); notes that are
    // only markup are no notes.
    const notes = plainNotes(input.adminNotes);
    await this.consume('approve', admin);
    const actor = await this.actor(admin, meta);
    const club = await this.db.transaction((tx) => this.decide(tx, actor, input.clubId, 'approved', notes, 'approve'));
    this.onMailQueued();
    return club;
  }

  async reject(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ClubRow> {
    const admin = this.requireAdmin(viewer);
    const input = parseInput(rejectRules, raw);
    // Checked before the action is counted: a reason that is only markup is refused like a blank
    // one, and a refused input does not use up the administrator's per-minute allowance.
    const reason = sanitizeText(input.rejectionReason);
    if (!reason) throw errors.validation(M.rejectionRequired, { rejectionReason: M.rejectionRequired });
    await this.consume('reject', admin);
    const actor = await this.actor(admin, meta);
    const club = await this.db.transaction((tx) => this.decide(tx, actor, input.clubId, 'rejected', reason, 'reject'));
    this.onMailQueued();
    return club;
  }

  /**
   * Moves a pending application to `status` in `tx`. The UPDATE's `where status = 'pending'` makes
   * two reviewers at the same moment safe: exactly one changes the row (and writes the audit
   * entry); the other finds it reviewed and is refused.
   */
  private async decide(tx: Executor, actor: Actor, clubId: string, status: 'approved' | 'rejected', notes: string | null, action: AdminActionType): Promise<ClubRow> {
    const [club] = await tx
      .update(clubs)
      .set({ applicationStatus: status, adminNotes: notes, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(clubs.id, clubId), eq(clubs.applicationStatus, 'pending')))
      .returning();
    if (!club) {
      const [exists] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
      if (!exists) throw new AppError('NOT_FOUND', M.applicationNotFound, { clubId: M.applicationNotFound });
      throw errors.validation(M.notPending, { clubId: M.notPending });
    }
    const details = status === 'approved' ? (notes ? `${M.approvedDetail}: ${notes}` : M.approvedDetail) : M.rejectedDetail(notes ?? '');
    await this.record(tx, actor, { actionType: action, targetType: 'club_application', targetId: club.id, targetName: club.name, details });
    await this.tellOwner(tx, club, status, notes);
    return club;
  }

  /** The owner's email (through the outbox) and live notification, in the decision's transaction. */
  private async tellOwner(tx: Executor, club: ClubRow, status: 'approved' | 'rejected', notes: string | null): Promise<void> {
    const [owner] = await tx.select({ email: users.email, name: users.fullName }).from(users).where(eq(users.id, club.id));
    const dashboard = `${this.webOrigin}/club/dashboard`;
    if (status === 'approved') {
      if (owner) {
        await enqueueMail(tx, {
          to: owner.email,
          subject: `Your club application for ${club.name} has been approved`,
          text: `Hello ${owner.name},\n\nGood news: ${club.name} has been approved on Clubroom. It now appears in the club directory, and you can add your weekly meeting times and volunteer positions.\n\nSign in with your email address (${owner.email}) and the password you chose when you registered: ${dashboard}\n\nThe Clubroom team`,
        });
      }
      await this.notifications.create(tx, {
        userId: club.id,
        type: 'system',
        title: 'Club application approved',
        description: `${club.name} has been approved and now appears in the club directory. You can now save your meeting times.`,
        actionUrl: '/club/dashboard',
      });
    } else {
      if (owner) {
        await enqueueMail(tx, {
          to: owner.email,
          subject: `Your club application for ${club.name} was not approved`,
          text: `Hello ${owner.name},\n\nThank you for registering ${club.name} on Clubroom. After review, your application was not approved.\n\nReason: ${notes ?? ''}\n\nIf you have questions, reply to this email.\n\nThe Clubroom team`,
        });
      }
      await this.notifications.create(tx, {
        userId: club.id,
        type: 'system',
        title: 'Club application not approved',
        description: `${club.name} was not approved. Reason: ${notes ?? ''}`,
        actionUrl: '/club/dashboard',
      });
    }
  }

  /**
   * Starts approving up to 50 pending applications, each in its own transaction, in the
   * background; the row it answers is updated after each one (poll `bulkApproval`). Ids that are
   * not UUIDs are dropped, as the spec says.
   */
  async startBulkApproval(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<AdminBulkApprovalRow> {
    const admin = this.requireAdmin(viewer);
    const input = parseInput(bulkRules, raw);
    await this.consume('bulk', admin);
    const actor = await this.actor(admin, meta);
    const [job] = await this.db.insert(adminBulkApprovals).values({ adminId: admin.userId, clubIds: input.clubIds, adminNotes: plainNotes(input.adminNotes) }).returning();
    // Each application's failure is recorded in the job; a failure outside them (the database gone
    // mid-run) must not become an unhandled rejection, which stops the process: the job then stays
    // running and closeStaleBulkApprovals reports what was left as not processed.
    const run: Promise<void> = this.runBulk(job!, actor)
      .catch(() => undefined)
      .finally(() => {
        this.running.delete(run);
        this.runs.delete(job!.id);
      });
    this.running.add(run);
    this.runs.set(job!.id, run);
    return job!;
  }

  /** Approves every application of a bulk approval now (REST's synchronous bulk-approve). */
  async bulkApproveNow(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<AdminBulkApprovalRow> {
    const job = await this.startBulkApproval(viewer, raw, meta);
    // Only this job: another administrator's bulk approval running meanwhile is not waited for.
    await this.runs.get(job.id);
    return (await this.bulkApproval(viewer, job.id))!;
  }

  /** Resolves when every bulk approval this process runs has finished. */
  async settle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async runBulk(job: AdminBulkApprovalRow, actor: Actor): Promise<void> {
    for (const clubId of job.clubIds) {
      let failure: { clubId: string; clubName: string | null; message: string } | null = null;
      try {
        await this.db.transaction(async (tx) => {
          await this.decide(tx, actor, clubId, 'approved', job.adminNotes, 'bulk_approve');
          await tx
            .update(adminBulkApprovals)
            .set({ processed: sql`${adminBulkApprovals.processed} + 1`, succeeded: sql`array_append(${adminBulkApprovals.succeeded}, ${clubId}::uuid)` })
            .where(eq(adminBulkApprovals.id, job.id));
        });
        this.onMailQueued();
      } catch (err) {
        const message = err instanceof AppError ? err.message : M.approvalFailed;
        const [club] = await this.db.select({ name: clubs.name }).from(clubs).where(eq(clubs.id, clubId));
        failure = { clubId, clubName: club?.name ?? null, message };
      }
      if (failure) {
        await this.db
          .update(adminBulkApprovals)
          .set({ processed: sql`${adminBulkApprovals.processed} + 1`, failures: sql`${adminBulkApprovals.failures} || ${JSON.stringify([failure])}::jsonb` })
          .where(eq(adminBulkApprovals.id, job.id));
      }
    }
    await this.db.update(adminBulkApprovals).set({ status: 'completed', finishedAt: sql`now()` }).where(eq(adminBulkApprovals.id, job.id));
  }

  /**
   * Closes bulk approvals left running by a process that stopped (a restart mid-run): what was not
   * processed is listed as failed, so the administrator sees it and can retry. A bulk approval of 50
   * takes seconds, so one still running after STALE_BULK_MINUTES has no process working on it.
   */
  async closeStaleBulkApprovals(): Promise<number> {
    const stale = await this.db
      .select()
      .from(adminBulkApprovals)
      .where(and(eq(adminBulkApprovals.status, 'running'), lt(adminBulkApprovals.createdAt, new Date(Date.now() - STALE_BULK_MINUTES * 60_000))));
    for (const job of stale) {
      const done = new Set([...job.succeeded, ...job.failures.map((f) => f.clubId)]);
      const left = job.clubIds.filter((id) => !done.has(id)).map((clubId) => ({ clubId, clubName: null, message: M.bulkInterrupted }));
      await this.db
        .update(adminBulkApprovals)
        .set({ status: 'completed', finishedAt: sql`now()`, processed: job.clubIds.length, failures: sql`${adminBulkApprovals.failures} || ${JSON.stringify(left)}::jsonb` })
        .where(and(eq(adminBulkApprovals.id, job.id), eq(adminBulkApprovals.status, 'running')));
    }
    return stale.length;
  }

  /** A bulk approval, for the administrator who started it (null for anyone else). */
  async bulkApproval(viewer: Viewer | null, id: string): Promise<AdminBulkApprovalRow | null> {
    const admin = this.requireAdmin(viewer);
    const [row] = await this.db.select().from(adminBulkApprovals).where(and(eq(adminBulkApprovals.id, id), eq(adminBulkApprovals.adminId, admin.userId)));
    return row ?? null;
  }

  // ---- verification -----------------------------------------------------------------------------

  /** Verifies (or unverifies) an approved club; the directory's badge follows at once. */
  async setVerified(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ClubRow> {
    const admin = this.requireAdmin(viewer);
    const input = parseInput(verifiedRules, raw);
    await this.consume('approve', admin);
    const actor = await this.actor(admin, meta);
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(clubs).where(eq(clubs.id, input.clubId)).for('update');
      if (!current) throw new AppError('NOT_FOUND', M.clubNotFound, { clubId: M.clubNotFound });
      if (current.applicationStatus !== 'approved') throw errors.validation(M.notApproved, { clubId: M.notApproved });
      if (current.verified === input.verified) return current;
      const [club] = await tx.update(clubs).set({ verified: input.verified, updatedAt: sql`now()` }).where(eq(clubs.id, input.clubId)).returning();
      await this.record(tx, actor, {
        actionType: input.verified ? 'verify' : 'unverify',
        targetType: 'club',
        targetId: club!.id,
        targetName: club!.name,
        details: input.verified ? 'Club verified' : 'Club verification withdrawn',
      });
      return club!;
    });
  }

  // ---- reads --------------------------------------------------------------------------------------

  /** One application's detail; the view is audited (and counted against the view limit). */
  async viewApplication(viewer: Viewer | null, clubId: string, meta: RequestMeta): Promise<ClubRow | null> {
    const admin = this.requireAdmin(viewer);
    if (!uuidRule.safeParse(clubId).success) throw errors.validation(M.invalidClubId, { id: M.invalidClubId });
    await this.consume('view', admin);
    const actor = await this.actor(admin, meta);
    return this.db.transaction(async (tx) => {
      const [club] = await tx.select().from(clubs).where(eq(clubs.id, clubId));
      if (!club) return null;
      await this.record(tx, actor, { actionType: 'view', targetType: 'club_application', targetId: club.id, targetName: club.name, details: 'Viewed application details' });
      return club;
    });
  }

  /** The applications list: filters, sort, keyset pages (or a numbered page through `offset`). */
  async applications(viewer: Viewer | null, filter: ApplicationFilter, sort: ApplicationSort | null, args: PageArgs & { offset?: number | null }): Promise<ConnectionResult<ApplicationRow>> {
    this.requireAdmin(viewer);
    const shape = this.applicationFilterShape(filter);
    const field = sort?.field ?? 'created_at';
    const direction = sort?.direction ?? 'desc';
    const req = pageRequest(args, listCursor(field), LIST_PAGE_DEFAULT, `applications:${field}`);
    const offset = withOffset(req, parseInput(offsetRules, { offset: args.offset }).offset);
    const values: Record<string, unknown> = { ...shape.values, limit: req.size + 1 };
    if (offset > 0) values.offset = offset;
    req.cursor?.forEach((v, i) => (values[`k${i}`] = v));
    const key = `${shape.key}|${field}|${direction}|${req.forward ? 'f' : 'b'}|${req.cursor ? 'c' : ''}|${offset > 0 ? 'o' : ''}`;
    const list = oncePerShape(this.listStatements, key, () => this.buildListStatement(shape, field, direction, req.forward, req.cursor != null, offset > 0, key));
    const rows: ApplicationRow[] = await list.execute(values);
    const result = connectionFrom(
      rows,
      req,
      (r) => (field === 'created_at' ? [r.cursorAt, r.id] : field === 'application_status' ? [r.sortKey, r.cursorAt, r.id] : [r.sortKey, r.id]),
      async () => {
        const [n] = await oncePerShape(this.countStatements, shape.key, () => this.buildCountStatement(shape)).execute(shape.values);
        return Number(n?.n ?? 0);
      },
    );
    if (offset > 0) result.pageInfo.hasPreviousPage = true;
    return result;
  }

  /** The list's statement for one shape: the page's rows with their sort key and cursor instant
   *  (flat, as the list answers them), its keyset cursor, limit and offset as placeholders. */
  private buildListStatement(shape: ApplicationFilterShape, field: SortField, direction: 'asc' | 'desc', forward: boolean, cursor: boolean, offset: boolean, key: string) {
    const keys = sortKeys(field);
    const page = keyset(keys, direction, { forward, size: 0, cursor: cursor ? keys.map((_, i) => sql.placeholder(`k${i}`)) : null, hasAfter: false, hasBefore: false, list: '' });
    const query = this.db
      .select({ ...LIST_COLUMNS, sortKey: sql<string>`${keys[0]![0]}::text`, cursorAt: preciseInstant(clubs.createdAt) })
      .from(clubs)
      .where(and(applicationWhereOf(shape), page.where))
      .orderBy(...page.orderBy)
      .limit(sql.placeholder('limit'))
      .$dynamic();
    // No offset clause for the first page, as drizzle leaves out `offset 0`.
    return (offset ? query.offset(sql.placeholder('offset')) : query).prepare(`admin_applications:${key}`);
  }

  private buildCountStatement(shape: ApplicationFilterShape) {
    return this.db.select({ n: count() }).from(clubs).where(applicationWhereOf(shape)).prepare(`admin_applications_count:${shape.key}`);
  }

  /** Checks a list filter and splits it into its shape and values (applicationWhereOf). */
  private applicationFilterShape(raw: ApplicationFilter): ApplicationFilterShape {
    const f = parseInput(applicationFilterRules, raw);
    const values: Record<string, unknown> = {};
    const status = f.status && f.status !== 'all' ? f.status : null;
    const search = f.search?.trim();
    let searchFields: readonly SearchField[] | null = null;
    if (search) {
      searchFields = f.searchFields && f.searchFields.length > 0 ? f.searchFields : SEARCH_FIELDS;
      values.search = containsPattern(search);
    }
    if (f.submittedFrom) values.from = dayStart(f.submittedFrom);
    if (f.submittedTo) values.to = dayAfter(f.submittedTo);
    const location = f.location?.trim();
    if (location) values.location = containsPattern(location);
    if (f.verified != null) values.verified = f.verified;
    const shape = { status, searchFields, from: 'from' in values, to: 'to' in values, location: 'location' in values, verified: 'verified' in values };
    const key = `${status ?? ''}|${searchFields?.join(',') ?? ''}|${shape.from ? 'f' : ''}${shape.to ? 't' : ''}${shape.location ? 'l' : ''}${shape.verified ? 'v' : ''}`;
    return { key, ...shape, values };
  }

  async applicationCounts(viewer: Viewer | null): Promise<ApplicationCounts> {
    this.requireAdmin(viewer);
    const rows = await this.db.select({ status: clubs.applicationStatus, n: count() }).from(clubs).groupBy(clubs.applicationStatus);
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    const pending = by.pending ?? 0;
    const approved = by.approved ?? 0;
    const rejected = by.rejected ?? 0;
    return { pending, approved, rejected, total: pending + approved + rejected };
  }

  async platformStats(viewer: Viewer | null): Promise<PlatformStatsRow> {
    this.requireAdmin(viewer);
    const [row] = await this.db.execute(sql`
      select
        (select count(*) from ${clubs} where ${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null) as total_clubs,
        (select count(*) from ${clubs} where ${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null and ${clubs.verified}) as verified_clubs,
        (select count(*) from ${clubs} where ${clubs.applicationStatus} = 'approved' and ${clubs.removedAt} is null and not ${clubs.verified}) as pending_verifications,
        (select count(*) from ${volunteerApplications}) as total_applications,
        (select count(*) from ${clubs} where ${clubs.applicationStatus} = 'pending') as pending_applications,
        ${volunteerCount()} as total_volunteers,
        (select count(*) from ${clubVolunteerPositions} p join ${clubs} c on c.id = p.club_id
           where p.is_live and p.status = 'active' and c.application_status = 'approved' and p.removed_at is null and c.removed_at is null) as total_opportunities,
        (select count(*) from ${users} where ${users.status} = 'active') as active_users`).then((r) => rowsOf<Record<string, string | number>>(r));
    const n = (k: string) => Number(row?.[k] ?? 0);
    return {
      totalClubs: n('total_clubs'),
      verifiedClubs: n('verified_clubs'),
      totalVolunteers: n('total_volunteers'),
      totalOpportunities: n('total_opportunities'),
      totalApplications: n('total_applications'),
      activeUsers: n('active_users'),
      pendingApplications: n('pending_applications'),
      pendingVerifications: n('pending_verifications'),
    };
  }

  /** The audit trail, newest first, 25 a page (keyset, or a numbered page through `offset`). */
  async auditLog(viewer: Viewer | null, filter: AuditFilter, args: PageArgs & { offset?: number | null }): Promise<ConnectionResult<AuditRow>> {
    this.requireAdmin(viewer);
    const filterValues = this.auditValues(filter);
    const req = pageRequest(args, auditCursor, AUDIT_PAGE_SIZE, 'adminActions');
    const offset = withOffset(req, parseInput(offsetRules, { offset: args.offset }).offset);
    const shape = Object.keys(filterValues).join(',');
    const values: Record<string, unknown> = { ...filterValues, limit: req.size + 1 };
    if (offset > 0) values.offset = offset;
    req.cursor?.forEach((v, i) => (values[`k${i}`] = v));
    const key = `${shape}|${req.forward ? 'f' : 'b'}|${req.cursor ? 'c' : ''}|${offset > 0 ? 'o' : ''}`;
    const list = oncePerShape(this.auditStatements, key, () => this.buildAuditStatement(filterValues, req.forward, req.cursor != null, offset > 0, key));
    const rows: AuditRow[] = await list.execute(values);
    const result = connectionFrom(
      rows,
      req,
      (r) => [r.cursorAt, r.id],
      async () => {
        const [n] = await oncePerShape(this.auditCountStatements, shape, () => this.buildAuditCountStatement(filterValues, shape)).execute(filterValues);
        return Number(n?.n ?? 0);
      },
    );
    if (offset > 0) result.pageInfo.hasPreviousPage = true;
    return result;
  }

  /** The audit list's statement for one shape (see buildListStatement). */
  private buildAuditStatement(filter: AuditValues, forward: boolean, cursor: boolean, offset: boolean, key: string) {
    const page = keyset(AUDIT_KEYS, 'desc', { forward, size: 0, cursor: cursor ? AUDIT_KEYS.map((_, i) => sql.placeholder(`k${i}`)) : null, hasAfter: false, hasBefore: false, list: '' });
    const query = this.db
      .select({ ...AUDIT_COLUMNS, cursorAt: preciseInstant(adminActions.createdAt) })
      .from(adminActions)
      .where(and(auditWhereOf(filter, bound), page.where))
      .orderBy(...page.orderBy)
      .limit(sql.placeholder('limit'))
      .$dynamic();
    return (offset ? query.offset(sql.placeholder('offset')) : query).prepare(`admin_actions:${key}`);
  }

  private buildAuditCountStatement(filter: AuditValues, shape: string) {
    return this.db.select({ n: count() }).from(adminActions).where(auditWhereOf(filter, bound)).prepare(`admin_actions_count:${shape}`);
  }

  /** A checked audit filter's values, by the names auditWhereOf binds (only the conditions present). */
  private auditValues(raw: AuditFilter): AuditValues {
    const f = parseInput(auditFilterRules, raw);
    const values: AuditValues = {};
    if (f.actionType) values.actionType = f.actionType;
    if (f.from) values.from = dayStart(f.from);
    if (f.to) values.to = dayAfter(f.to);
    if (f.adminId) values.adminId = f.adminId;
    if (f.clubId) values.clubId = f.clubId;
    const search = f.search?.trim();
    if (search) values.search = containsPattern(search);
    return values;
  }

  /** The audit filter's WHERE with its values in it (exports read the trail with it in batches). */
  auditWhere(raw: AuditFilter): SQL | undefined {
    const values = this.auditValues(raw);
    return auditWhereOf(values, (name, column) => sql.param(values[name], column));
  }

  async auditByIds(viewer: Viewer | null, ids: readonly string[]): Promise<AdminActionRow[]> {
    if (!viewer?.isPlatformAdmin || ids.length === 0) return [];
    return this.db.select().from(adminActions).where(anyOf(adminActions.id, [...ids]));
  }

  /** Per-administrator activity over a period (by the audit trail), most active first. */
  async activity(viewer: Viewer | null, raw: DateRange & { adminId?: string | null }): Promise<AdminActivityRow[]> {
    this.requireAdmin(viewer);
    const range = parseInput(activityRules, raw);
    const conditions: (SQL | undefined)[] = [];
    if (range.from) conditions.push(gte(adminActions.createdAt, dayStart(range.from)));
    if (range.to) conditions.push(lt(adminActions.createdAt, dayAfter(range.to)));
    if (range.adminId) conditions.push(eq(adminActions.adminId, range.adminId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const decided = sql`${adminActions.actionType} in ('approve', 'reject', 'bulk_approve', 'bulk_reject')`;
    const rows = await this.db
      .select({
        adminId: adminActions.adminId,
        adminName: sql<string>`(array_agg(${adminActions.adminName} order by ${adminActions.createdAt} desc))[1]`,
        adminEmail: sql<string>`(array_agg(${adminActions.adminEmail} order by ${adminActions.createdAt} desc))[1]`,
        totalActions: count(),
        approvalsCount: sql<number>`count(*) filter (where ${adminActions.actionType} = 'approve')`,
        rejectionsCount: sql<number>`count(*) filter (where ${adminActions.actionType} = 'reject')`,
        bulkOperationsCount: sql<number>`count(*) filter (where ${adminActions.actionType} in ('bulk_approve', 'bulk_reject'))`,
        lastActivityAt: sql<string>`max(${adminActions.createdAt})`,
        averageProcessingTimeHours: sql<string | null>`avg(extract(epoch from (${adminActions.createdAt} - ${clubs.createdAt})) / 3600) filter (where ${decided})`,
      })
      .from(adminActions)
      .leftJoin(clubs, and(eq(clubs.id, adminActions.targetId), decided))
      .where(where)
      .groupBy(adminActions.adminId, sql`case when ${adminActions.adminId} is null then ${adminActions.adminEmail} end`)
      .orderBy(desc(count()), asc(sql`(array_agg(${adminActions.adminEmail} order by ${adminActions.createdAt} desc))[1]`));
    return rows.map((r) => ({
      adminId: r.adminId,
      adminName: r.adminName,
      adminEmail: r.adminEmail,
      totalActions: Number(r.totalActions),
      approvalsCount: Number(r.approvalsCount),
      rejectionsCount: Number(r.rejectionsCount),
      bulkOperationsCount: Number(r.bulkOperationsCount),
      lastActivityAt: r.lastActivityAt ? new Date(r.lastActivityAt) : null,
      averageProcessingTimeHours: r.averageProcessingTimeHours == null ? null : Number(r.averageProcessingTimeHours),
    }));
  }

  /** The application report over a period of submission days. */
  async statistics(viewer: Viewer | null, raw: DateRange): Promise<ApplicationStatistics> {
    this.requireAdmin(viewer);
    const range = parseInput(rangeRules, raw);
    const conditions: (SQL | undefined)[] = [];
    if (range.from) conditions.push(gte(clubs.createdAt, dayStart(range.from)));
    if (range.to) conditions.push(lt(clubs.createdAt, dayAfter(range.to)));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const [totals] = await this.db
      .select({
        total: count(),
        approved: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'approved')`,
        pending: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'pending')`,
        rejected: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'rejected')`,
        avgHours: sql<string | null>`avg(extract(epoch from (${clubs.reviewedAt} - ${clubs.createdAt})) / 3600) filter (where ${clubs.applicationStatus} <> 'pending' and ${clubs.reviewedAt} is not null)`,
      })
      .from(clubs)
      .where(where);
    const reasons = await this.db
      .select({ reason: sql<string>`${clubs.adminNotes}`, count: count() })
      .from(clubs)
      .where(and(where, eq(clubs.applicationStatus, 'rejected'), sql`coalesce(${clubs.adminNotes}, '') <> ''`))
      .groupBy(clubs.adminNotes)
      .orderBy(desc(count()), asc(clubs.adminNotes))
      .limit(TOP_REJECTION_REASONS);
    const month = sql<string>`to_char(${clubs.createdAt} at time zone 'UTC', 'YYYY-MM')`;
    const months = await this.db
      .select({
        month,
        total: count(),
        approved: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'approved')`,
        pending: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'pending')`,
        rejected: sql<number>`count(*) filter (where ${clubs.applicationStatus} = 'rejected')`,
      })
      .from(clubs)
      .where(where)
      .groupBy(month)
      .orderBy(desc(month))
      .limit(120);
    const locations = await this.db
      .select({ location: sql<string>`min(trim(${clubs.city}))`, count: count() })
      .from(clubs)
      .where(and(where, sql`coalesce(trim(${clubs.city}), '') <> ''`))
      .groupBy(sql`lower(trim(${clubs.city}))`)
      .orderBy(desc(count()), asc(sql`lower(trim(${clubs.city}))`))
      .limit(TOP_LOCATIONS);
    const approved = Number(totals?.approved ?? 0);
    const rejected = Number(totals?.rejected ?? 0);
    return {
      totalApplications: Number(totals?.total ?? 0),
      approvedApplications: approved,
      pendingApplications: Number(totals?.pending ?? 0),
      rejectedApplications: rejected,
      approvalRate: approved + rejected === 0 ? 0 : approved / (approved + rejected),
      averageProcessingTimeHours: totals?.avgHours == null ? null : Number(totals.avgHours),
      topRejectionReasons: reasons.map((r) => ({ reason: r.reason, count: Number(r.count) })),
      applicationsByMonth: months.reverse().map((m) => ({ month: m.month, total: Number(m.total), approved: Number(m.approved), pending: Number(m.pending), rejected: Number(m.rejected) })),
      applicationsByLocation: locations.map((l) => ({ location: l.location, count: Number(l.count) })),
    };
  }
}

declare module '../../lib/services.js' {
  interface Services {
    admin: AdminService;
  }
}
