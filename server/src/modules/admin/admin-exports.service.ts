// Exports of the administration area (../shared/spec/administration.md sections 3, 7 and 9; issue
// 11 'Exports'): club applications, the audit log and the application statistics. A mutation
// checks the caller and the input, writes one audit entry and answers a signed address that works
// for 5 minutes; the download (admin.downloads.ts) checks the address and the administrator again,
// then streams the file, reading the rows in keyset batches. What each file holds is in
// admin.export-tables.ts; how xlsx, csv and json are written, in lib/export-files.ts; the signed
// address, in lib/download-links.ts.
import type { Readable } from 'node:stream';
import { and, asc, eq, gte, inArray, lt, sql, type Column, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ADMIN_ACTION_TYPES, adminActions, clubs, users, type AdminActionType } from '../../db/schema/index.js';
import { preciseInstant } from '../../graphql/relay.js';
import { errors } from '../../lib/errors.js';
import { DOWNLOAD_LINK_MESSAGES, DownloadLinks } from '../../lib/download-links.js';
import type { ExportDownload } from '../../http/downloads.js';
import { parseInput } from '../../lib/validate.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import { ADMIN_MESSAGES, SEARCH_MAX, isValidDay } from './admin.rules.js';
import type { AdminService } from './admin.service.js';
import type { AdminAuditService } from './admin-audit.service.js';
import type { AdminReportsService } from './admin-reports.service.js';
import { dayAfter, dayStart } from './admin.shared.js';
import { CONTENT_TYPES, EXPORT_FORMATS, csvFile, jsonArrayFile, mapBatches, xlsxFile, type ExportFormat, type Sheet } from '../../lib/export-files.js';
import { AUDIT_COLUMNS, applicationColumns, auditSheetColumns, statisticsFile, type ApplicationRecord, type ApplicationRow, type HistoryEntry } from './admin.export-tables.js';

export interface ExportFileResult {
  downloadUrl: string;
  filename: string;
  expiresAt: Date;
}

/** Rows read from the database at a time (and so held in memory at once). */
export const EXPORT_BATCH_SIZE = 1_000;
export const EXPORT_DOWNLOAD_PATH = '/api/admin/exports';

export const EXPORT_MESSAGES = {
  invalidFormat: 'Format must be xlsx, csv or json',
  invalidStatus: 'Status must be all, pending, approved or rejected',
  invalidAdminId: 'Invalid admin ID format',
  invalidActionType: `Action type must be one of ${ADMIN_ACTION_TYPES.join(', ')}`,
  ...DOWNLOAD_LINK_MESSAGES,
} as const;

// ---- input rules --------------------------------------------------------------------------------

const M = ADMIN_MESSAGES;
const formatRule = z
  .enum(EXPORT_FORMATS, { error: EXPORT_MESSAGES.invalidFormat })
  .nullish()
  .transform((v): ExportFormat => v ?? 'xlsx');
const dayRule = (field: string) =>
  z
    .string()
    .refine(isValidDay, { error: `${field} must be a date (YYYY-MM-DD)` })
    .nullish()
    .transform((v) => v ?? null);
const inOrder = (r: { from: string | null; to: string | null }) => !r.from || !r.to || r.from <= r.to;
const orderError = { error: M.invalidDateRange, path: ['to'] };
const withDefault = (value: boolean) => z.boolean().nullish().transform((v) => v ?? value);

const applicationsRules = z
  .object({
    format: formatRule,
    from: dayRule('from'),
    to: dayRule('to'),
    status: z
      .enum(['all', 'pending', 'approved', 'rejected'], { error: EXPORT_MESSAGES.invalidStatus })
      .nullish()
      .transform((v) => v ?? 'all'),
    includeHistory: withDefault(true),
    includeAdminNotes: withDefault(true),
  })
  .refine(inOrder, orderError);
const auditLogRules = z
  .object({
    format: formatRule,
    from: dayRule('from'),
    to: dayRule('to'),
    adminId: z
      .uuid({ error: EXPORT_MESSAGES.invalidAdminId })
      .nullish()
      .transform((v) => v ?? null),
    actionType: z
      .enum(ADMIN_ACTION_TYPES, { error: EXPORT_MESSAGES.invalidActionType })
      .nullish()
      .transform((v) => v ?? null),
    // The Audit tab's search text, so the file holds what the tab lists.
    search: z
      .string()
      .trim()
      .max(SEARCH_MAX, { error: `Search must be at most ${SEARCH_MAX} characters` })
      .nullish()
      .transform((v) => v || null),
  })
  .refine(inOrder, orderError);
const statisticsRules = z.object({ format: formatRule, from: dayRule('from'), to: dayRule('to') }).refine(inOrder, orderError);

const RULES = { applications: applicationsRules, audit_log: auditLogRules, statistics: statisticsRules };
type ExportKind = keyof typeof RULES;
type ParamsOf<K extends ExportKind> = z.output<(typeof RULES)[K]>;
type ApplicationsParams = ParamsOf<'applications'>;
type AuditLogParams = ParamsOf<'audit_log'>;

const FILE_NAMES: Record<ExportKind, string> = {
  applications: 'club-applications',
  audit_log: 'admin-audit-log',
  statistics: 'club-application-statistics',
};

// ---- the download address -------------------------------------------------------------------------

const AUDIENCE = 'clubroom:admin-export';
const claimsRules = z.object({
  sub: z.uuid(),
  kind: z.enum(['applications', 'audit_log', 'statistics']),
  filename: z.string().regex(/^[a-z0-9-]+\.(xlsx|csv|json)$/),
  params: z.record(z.string(), z.unknown()),
});

/** The review actions an application's history lists (its views are left out). */
const REVIEW_ACTIONS: AdminActionType[] = ['approve', 'reject', 'bulk_approve', 'bulk_reject', 'verify', 'unverify'];

/** Access and auditing, and the two lists whose rules a file follows: the audit trail's filter
 *  and the application report. */
interface ExportDeps {
  admin: AdminService;
  audit: AdminAuditService;
  reports: AdminReportsService;
}

export class AdminExportsService {
  static async create(db: Db, deps: ExportDeps): Promise<AdminExportsService> {
    return new AdminExportsService(db, deps, await DownloadLinks.create(db, AUDIENCE));
  }

  private constructor(
    private readonly db: Db,
    private readonly deps: ExportDeps,
    private readonly links: DownloadLinks,
  ) {}

  /** Club applications (xlsx, csv or json), optionally with their review history and notes. */
  applications(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ExportFileResult> {
    return this.issue(viewer, 'applications', raw, meta);
  }

  /** The audit log, filtered by days, administrator and action type. */
  auditLog(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ExportFileResult> {
    return this.issue(viewer, 'audit_log', raw, meta);
  }

  /** The application statistics of a period of submission days. */
  statistics(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ExportFileResult> {
    return this.issue(viewer, 'statistics', raw, meta);
  }

  /** Checks the caller and the input, audits the export once and signs its download address. */
  private async issue<K extends ExportKind>(viewer: Viewer | null, kind: K, raw: unknown, meta: RequestMeta): Promise<ExportFileResult> {
    const admin = this.deps.admin.requireAdmin(viewer);
    const params = parseInput(RULES[kind], raw) as ParamsOf<K>;
    await this.deps.admin.consume('export', admin);
    const actor = await this.deps.admin.actor(admin, meta);
    const now = Date.now();
    const filename = `${FILE_NAMES[kind]}-${new Date(now).toISOString().slice(0, 10)}.${params.format}`;
    const details = await this.describe(kind, params);
    await this.db.transaction((tx) => this.deps.admin.record(tx, actor, { actionType: 'export', targetType: 'export', targetId: null, targetName: filename, details }));
    const { token, expiresAt } = await this.links.sign(admin.userId, { kind, filename, params }, now);
    return { downloadUrl: `${EXPORT_DOWNLOAD_PATH}/${token}`, filename, expiresAt };
  }

  /** The audit entry's words: what was exported, in which format, and any filters. */
  private async describe(kind: ExportKind, params: ParamsOf<ExportKind>): Promise<string> {
    const filters: string[] = [];
    if ('status' in params && params.status !== 'all') filters.push(`status ${params.status}`);
    if ('actionType' in params && params.actionType) filters.push(`action type ${params.actionType}`);
    if ('search' in params && params.search) filters.push(`search "${params.search}"`);
    if ('adminId' in params && params.adminId) {
      const [who] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, params.adminId));
      filters.push(`administrator ${who?.email ?? params.adminId}`);
    }
    if (params.from) filters.push(`from ${params.from}`);
    if (params.to) filters.push(`to ${params.to}`);
    if ('includeHistory' in params && !params.includeHistory) filters.push('without history');
    if ('includeAdminNotes' in params && !params.includeAdminNotes) filters.push('without admin notes');
    const what = { applications: 'club applications', audit_log: 'the audit log', statistics: 'club application statistics' }[kind];
    return `Exported ${what} (${params.format})${filters.length > 0 ? `: ${filters.join(', ')}` : ''}`;
  }

  // ---- the download -------------------------------------------------------------------------------

  /**
   * The file behind a download address. A forged, altered or malformed address is not found; an
   * expired one is ExportLinkExpiredError; the administrator who asked must still be an active
   * platform administrator ('Admin permissions required').
   */
  async open(token: string): Promise<ExportDownload> {
    const claims = await this.verify(token);
    const [user] = await this.db
      .select({ id: users.id, email: users.email, isPlatformAdmin: users.isPlatformAdmin, status: users.status })
      .from(users)
      .where(eq(users.id, claims.sub));
    if (!user || !user.isPlatformAdmin || user.status !== 'active') throw errors.forbidden(M.adminRequired);
    const viewer: Viewer = { userId: user.id, sessionId: user.id, email: user.email, role: 'platform_admin', isPlatformAdmin: true, isCouncilAdmin: true };
    const file = (format: ExportFormat, body: Readable): ExportDownload => ({ filename: claims.filename, contentType: CONTENT_TYPES[format], body });
    switch (claims.kind) {
      case 'applications': {
        const params = parseInput(applicationsRules, claims.params);
        return file(params.format, this.applicationsFile(params));
      }
      case 'audit_log': {
        const params = parseInput(auditLogRules, claims.params);
        return file(params.format, this.auditLogFile(params));
      }
      case 'statistics': {
        const params = parseInput(statisticsRules, claims.params);
        const asOf = new Date();
        const report = await this.deps.reports.statistics(viewer, { from: params.from, to: params.to });
        return file(params.format, statisticsFile(params, report, asOf));
      }
    }
  }

  private async verify(token: string): Promise<z.output<typeof claimsRules>> {
    const claims = claimsRules.safeParse(await this.links.verify(token));
    if (claims.success) return claims.data;
    throw errors.notFound(EXPORT_MESSAGES.linkInvalid);
  }

  // ---- club applications --------------------------------------------------------------------------

  private applicationsFile(params: ApplicationsParams): Readable {
    const conditions: SQL[] = [];
    if (params.status !== 'all') conditions.push(eq(clubs.applicationStatus, params.status));
    if (params.from) conditions.push(gte(clubs.createdAt, dayStart(params.from)));
    if (params.to) conditions.push(lt(clubs.createdAt, dayAfter(params.to)));
    const where = and(...conditions);
    const rows = keysetBatches(clubs.createdAt, clubs.id, (after) =>
      this.db
        .select({
          id: clubs.id,
          name: clubs.name,
          contactEmail: clubs.contactEmail,
          contactPhone: clubs.contactPhone,
          city: clubs.city,
          category: clubs.category,
          website: clubs.website,
          description: clubs.description,
          applicationStatus: clubs.applicationStatus,
          createdAt: clubs.createdAt,
          reviewedAt: clubs.reviewedAt,
          adminNotes: clubs.adminNotes,
          cursorAt: preciseInstant(clubs.createdAt),
        })
        .from(clubs)
        .where(and(where, after))
        .orderBy(asc(clubs.createdAt), asc(clubs.id))
        .limit(EXPORT_BATCH_SIZE),
    );
    const records = params.includeHistory ? this.withHistory(rows) : mapBatches(rows, (r) => ({ ...r, history: [] as HistoryEntry[] }));
    const columns = applicationColumns(params);
    if (params.format === 'json') return jsonArrayFile(mapBatches(records, (r) => Object.fromEntries(columns.map((c) => [c.field, c.json(r)]))));
    const sheet: Sheet = { name: 'Club applications', columns, batches: mapBatches(records, (r) => columns.map((c) => c.cell(r))) };
    return params.format === 'csv' ? csvFile([sheet]) : xlsxFile([sheet]);
  }

  /** Each batch of applications with its review history: one statement per batch. */
  private async *withHistory(batches: AsyncIterable<ApplicationRow[]>): AsyncGenerator<ApplicationRecord[]> {
    for await (const batch of batches) {
      const entries = await this.db
        .select({
          targetId: adminActions.targetId,
          actionType: adminActions.actionType,
          adminName: adminActions.adminName,
          adminEmail: adminActions.adminEmail,
          details: adminActions.details,
          createdAt: adminActions.createdAt,
        })
        .from(adminActions)
        .where(and(anyOf(adminActions.targetId, batch.map((r) => r.id)), inArray(adminActions.actionType, REVIEW_ACTIONS)))
        .orderBy(asc(adminActions.targetId), asc(adminActions.createdAt), asc(adminActions.id));
      const byClub = new Map<string, HistoryEntry[]>();
      for (const { targetId, ...entry } of entries) {
        const list = byClub.get(targetId!) ?? [];
        list.push(entry);
        byClub.set(targetId!, list);
      }
      yield batch.map((r) => ({ ...r, history: byClub.get(r.id) ?? [] }));
    }
  }

  // ---- the audit log ------------------------------------------------------------------------------

  private auditLogFile(params: AuditLogParams): Readable {
    // The Audit tab's own filter, so the file holds what the tab lists.
    const where = this.deps.audit.auditWhere({ from: params.from, to: params.to, adminId: params.adminId, actionType: params.actionType, search: params.search });
    const rows = keysetBatches(adminActions.createdAt, adminActions.id, (after) =>
      this.db
        .select({
          id: adminActions.id,
          actionType: adminActions.actionType,
          targetType: adminActions.targetType,
          targetId: adminActions.targetId,
          targetName: adminActions.targetName,
          details: adminActions.details,
          adminId: adminActions.adminId,
          adminName: adminActions.adminName,
          adminEmail: adminActions.adminEmail,
          ipAddress: adminActions.ipAddress,
          createdAt: adminActions.createdAt,
          cursorAt: preciseInstant(adminActions.createdAt),
        })
        .from(adminActions)
        .where(and(where, after))
        .orderBy(asc(adminActions.createdAt), asc(adminActions.id))
        .limit(EXPORT_BATCH_SIZE),
    );
    if (params.format === 'json') return jsonArrayFile(mapBatches(rows, (r) => Object.fromEntries(AUDIT_COLUMNS.map(([header, value]) => [header, value(r)]))));
    const sheet: Sheet = {
      name: 'Audit log',
      columns: auditSheetColumns(),
      batches: mapBatches(rows, (r) => AUDIT_COLUMNS.map(([, value]) => value(r))),
    };
    return params.format === 'csv' ? csvFile([sheet]) : xlsxFile([sheet]);
  }
}

// ---- batches ------------------------------------------------------------------------------------------

/**
 * Every row of a list ordered by (created_at, id), EXPORT_BATCH_SIZE at a time: each batch starts
 * after the last row of the one before (by its exact instant, microseconds included), so no row is
 * read twice or skipped and no batch costs more than the first, however deep into the list.
 */
async function* keysetBatches<T extends { id: string; cursorAt: string }>(
  createdAt: Column,
  id: Column,
  read: (after: SQL | undefined) => Promise<T[]>,
): AsyncGenerator<T[]> {
  let after: SQL | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH_SIZE) return;
    const last = rows[rows.length - 1]!;
    after = sql`(${createdAt}, ${id}) > (${last.cursorAt}::timestamptz, ${last.id}::uuid)`;
  }
}

declare module '../../lib/services.js' {
  interface Services {
    adminExports: AdminExportsService;
  }
}
