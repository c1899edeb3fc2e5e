// The platform's list of safeguarding check kinds (issue 30 §5): administrators add, rename, retire
// and restore them; everyone reads the kinds offered; a position form names one
// (offeredCheckKindId, called by the clubs module inside its own transaction). A volunteer's own
// checks and the enforcement are safeguarding.service.ts's, clubs' reviews check-reviews.service.ts's,
// the expiry reminders check-reminders.service.ts's.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { checkKinds, clubVolunteerPositions, type CheckKindRow } from '../../db/schema/index.js';
import { databaseId } from '../../graphql/relay.js';
import { AppError, errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { CHECK_MESSAGES as M, CHECK_KINDS_MAX, checkKindRules } from './safeguarding.rules.js';

/**
 * The check kind a position form chose, as a database id (null: none): `globalId` must name a kind
 * that is offered (not retired), or the one the position `positionId` already requires (a kind
 * retired since stays on the positions that name it). A userError on `requiredCheckId` otherwise.
 */
export async function offeredCheckKindId(executor: Executor, globalId: unknown, positionId: string | null): Promise<string | null> {
  if (globalId === null || globalId === undefined || globalId === '') return null;
  const id = databaseId(globalId, 'CheckKind');
  if (!id) throw new AppError('NOT_FOUND', M.kindRequired, { requiredCheckId: M.kindRequired });
  const [kind] = await executor.select().from(checkKinds).where(eq(checkKinds.id, id));
  if (!kind) throw new AppError('NOT_FOUND', M.kindRequired, { requiredCheckId: M.kindRequired });
  if (kind.retiredAt) {
    const kept = positionId
      ? await executor
          .select({ id: clubVolunteerPositions.id })
          .from(clubVolunteerPositions)
          .where(and(eq(clubVolunteerPositions.id, positionId), eq(clubVolunteerPositions.requiredCheckKindId, id)))
      : [];
    if (kept.length === 0) throw errors.validation(M.kindRetired(kind.name), { requiredCheckId: M.kindRetired(kind.name) });
  }
  return id;
}

const kindNotFound = () => new AppError('NOT_FOUND', M.kindNotFound, { checkKindId: M.kindNotFound });

export class CheckKindsService {
  constructor(private readonly db: Db) {}

  /** The kinds offered (not retired), by name; with `includeRetired`, every kind (administrators). */
  async kinds(opts: { includeRetired?: boolean } = {}): Promise<CheckKindRow[]> {
    return this.db
      .select()
      .from(checkKinds)
      .where(opts.includeRetired ? undefined : isNull(checkKinds.retiredAt))
      .orderBy(sql`lower(${checkKinds.name})`, asc(checkKinds.id));
  }

  async kindsByIds(ids: readonly string[]): Promise<CheckKindRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(checkKinds).where(anyOf(checkKinds.id, ids));
  }

  async createKind(viewer: Viewer, raw: unknown): Promise<CheckKindRow> {
    this.assertAdmin(viewer);
    const input = parseInput(checkKindRules, raw);
    return this.db.transaction(async (tx) => {
      await this.assertNameFree(tx, input.name, null);
      const [{ n }] = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from check_kinds`)) as [{ n: number }];
      if (n >= CHECK_KINDS_MAX) throw errors.validation(M.tooManyKinds);
      const [row] = await tx.insert(checkKinds).values(input).returning();
      return row!;
    });
  }

  async updateKind(viewer: Viewer, id: string | null, raw: unknown): Promise<CheckKindRow> {
    this.assertAdmin(viewer);
    const input = parseInput(checkKindRules, raw);
    if (!id) throw kindNotFound();
    return this.db.transaction(async (tx) => {
      await this.assertNameFree(tx, input.name, id);
      const [row] = await tx.update(checkKinds).set(input).where(eq(checkKinds.id, id)).returning();
      if (!row) throw kindNotFound();
      return row;
    });
  }

  /** Retires a kind (no longer offered for new checks and positions; kept where it is named) or
   *  restores it. */
  async setKindRetired(viewer: Viewer, id: string | null, retired: boolean): Promise<CheckKindRow> {
    this.assertAdmin(viewer);
    if (!id) throw kindNotFound();
    const [row] = await this.db
      .update(checkKinds)
      .set({ retiredAt: retired ? sql`coalesce(${checkKinds.retiredAt}, now())` : null })
      .where(eq(checkKinds.id, id))
      .returning();
    if (!row) throw kindNotFound();
    return row;
  }

  /** Names are unique whatever their letter case; kinds are named one at a time (a transaction
   *  lock), so two administrators cannot add the same name at once. */
  private async assertNameFree(tx: Executor, name: string, except: string | null): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('check_kinds.name'))`);
    const [taken] = await tx
      .select({ id: checkKinds.id, name: checkKinds.name })
      .from(checkKinds)
      .where(and(sql`lower(${checkKinds.name}) = lower(${name})`, except ? sql`${checkKinds.id} <> ${except}` : undefined));
    if (taken) throw errors.validation(M.kindNameTaken(taken.name), { name: M.kindNameTaken(taken.name) });
  }

  private assertAdmin(viewer: Viewer): void {
    if (!viewer.isPlatformAdmin) throw errors.forbidden();
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Safeguarding check kinds: the platform's list administrators keep, and the kinds offered. */
    checkKinds: CheckKindsService;
  }
}
