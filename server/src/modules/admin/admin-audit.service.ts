// The audit trail as administrators read it (../shared/spec/administration.md): its filtered,
// numbered pages, its entries by id, and its filter as a WHERE for the audit log export. Entries
// are written by AdminService.record, in the transaction of the change they describe.
import { and, count, eq, getTableColumns, gte, ilike, lt, or, sql, type Param, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { anyOf } from '../../db/any.js';
import { oncePerShape } from '../../db/statements.js';
import type { Db } from '../../db/client.js';
import { ADMIN_ACTION_TYPES, adminActions, type AdminActionRow, type AdminActionType } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/like.js';
import { parseInput } from '../../lib/validate.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type KeyColumn, type PageArgs } from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import { ADMIN_MESSAGES, AUDIT_PAGE_SIZE } from './admin.rules.js';
import type { AdminService } from './admin.service.js';
import { bound, dayAfter, dayStart, offsetRules, rangeRules, textFilter, withOffset } from './admin.shared.js';

export interface AuditFilter {
  actionType?: AdminActionType | null;
  from?: string | null;
  to?: string | null;
  adminId?: string | null;
  clubId?: string | null;
  search?: string | null;
}

export type AuditRow = AdminActionRow & { cursorAt: string };

const M = ADMIN_MESSAGES;

const auditFilterRules = rangeRules.and(
  z.object({
    actionType: z.enum(ADMIN_ACTION_TYPES).nullish(),
    adminId: z.uuid().nullish(),
    clubId: z.uuid({ error: M.invalidClubId }).nullish(),
    search: textFilter,
  }),
);

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

export class AdminAuditService {
  /** The audit trail's statements and their counts, built once per shape and then only given their
   *  values (as the applications list's). */
  private readonly auditStatements = new Map<string, ReturnType<AdminAuditService['buildAuditStatement']>>();
  private readonly auditCountStatements = new Map<string, ReturnType<AdminAuditService['buildAuditCountStatement']>>();

  constructor(
    private readonly db: Db,
    private readonly admin: AdminService,
  ) {}

  /** The audit trail, newest first, 25 a page (keyset, or a numbered page through `offset`). */
  async auditLog(viewer: Viewer | null, filter: AuditFilter, args: PageArgs & { offset?: number | null }): Promise<ConnectionResult<AuditRow>> {
    this.admin.requireAdmin(viewer);
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

}

declare module '../../lib/services.js' {
  interface Services {
    adminAudit: AdminAuditService;
  }
}
