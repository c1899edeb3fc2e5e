// The club applications as administrators read them (../shared/spec/administration.md): the list
// with its filters, sorts and numbered pages, the counts by status, and one application's detail,
// whose every view is audited. A club application is the `clubs` row itself.
import { and, count, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { oncePerShape } from '../../db/statements.js';
import type { Db } from '../../db/client.js';
import { shownColumns, type Shown } from '../../db/columns.js';
import { clubs, type ClubRow } from '../../db/schema/index.js';
import { errors } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { parseInput } from '../../lib/validate.js';
import { connectionFrom, cursorValue, keyset, pageRequest, preciseInstant, type ConnectionResult, type KeyColumn, type PageArgs } from '../../graphql/relay.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import { ADMIN_MESSAGES, LIST_PAGE_DEFAULT, SEARCH_FIELDS, type SearchField, type SortField } from './admin.rules.js';
import type { AdminService } from './admin.service.js';
import { bound, dayAfter, dayRule, dayStart, offsetRules, textFilter, uuidRule, withOffset } from './admin.shared.js';

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

/** A list row: the club with its cursor key as the database computes it. */
export type ApplicationRow = Shown<ClubRow> & { sortKey: string; cursorAt: string };

export interface ApplicationCounts {
  pending: number;
  approved: number;
  rejected: number;
  total: number;
}

const M = ADMIN_MESSAGES;

const applicationFilterRules = z.object({
  status: z.enum(['all', 'pending', 'approved', 'rejected']).nullish(),
  search: textFilter,
  searchFields: z.array(z.enum(SEARCH_FIELDS)).nullish(),
  submittedFrom: dayRule('submittedFrom'),
  submittedTo: dayRule('submittedTo'),
  location: textFilter,
  verified: z.boolean().nullish(),
});

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

export class AdminApplicationsService {
  /** The applications list's statements and their counts, built once per shape and then only
   *  given their values: building a statement (its selection, conditions and keyset) was a large
   *  part of the server's time per list request. */
  private readonly listStatements = new Map<string, ReturnType<AdminApplicationsService['buildListStatement']>>();
  private readonly countStatements = new Map<string, ReturnType<AdminApplicationsService['buildCountStatement']>>();

  constructor(
    private readonly db: Db,
    private readonly admin: AdminService,
  ) {}

  /** One application's detail; the view is audited (and counted against the view limit). */
  async viewApplication(viewer: Viewer | null, clubId: string, meta: RequestMeta): Promise<ClubRow | null> {
    const admin = this.admin.requireAdmin(viewer);
    if (!uuidRule.safeParse(clubId).success) throw errors.validation(M.invalidClubId, { id: M.invalidClubId });
    await this.admin.consume('view', admin);
    const actor = await this.admin.actor(admin, meta);
    return this.db.transaction(async (tx) => {
      const [club] = await tx.select().from(clubs).where(eq(clubs.id, clubId));
      if (!club) return null;
      await this.admin.record(tx, actor, { actionType: 'view', targetType: 'club_application', targetId: club.id, targetName: club.name, details: 'Viewed application details' });
      return club;
    });
  }

  /** The applications list: filters, sort, keyset pages (or a numbered page through `offset`). */
  async applications(viewer: Viewer | null, filter: ApplicationFilter, sort: ApplicationSort | null, args: PageArgs & { offset?: number | null }): Promise<ConnectionResult<ApplicationRow>> {
    this.admin.requireAdmin(viewer);
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
    this.admin.requireAdmin(viewer);
    const rows = await this.db.select({ status: clubs.applicationStatus, n: count() }).from(clubs).groupBy(clubs.applicationStatus);
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    const pending = by.pending ?? 0;
    const approved = by.approved ?? 0;
    const rejected = by.rejected ?? 0;
    return { pending, approved, rejected, total: pending + approved + rejected };
  }
}

declare module '../../lib/services.js' {
  interface Services {
    adminApplications: AdminApplicationsService;
  }
}
