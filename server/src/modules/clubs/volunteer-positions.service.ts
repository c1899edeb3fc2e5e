// A club's volunteer positions: the owner's changes (create, update, show or hide, delete; at most
// POSITIONS_MAX a club) and the loaders' batched reads (by id, per club, live ones counted). The club
// itself is clubs.service.ts's; who else may see a position is the opportunities module's
// (position-visibility.service.ts).
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { anyOfPlaceholder } from '../../db/any.js';
import type { Db, Executor } from '../../db/client.js';
import { clubs, clubVolunteerPositions, type ClubVolunteerPositionRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import type { Loaders } from '../../graphql/context.js';
import type { Viewer } from '../../lib/viewer.js';
import { CLUB_MESSAGES } from './clubs.rules.js';
import { NO_CLUB } from './clubs.service.js';
import { LIVE_POSITION, sanitized } from './clubs.shared.js';
import { opportunityPositionRules } from '../opportunities/opportunities.rules.js';
import { offeredCheckKindId } from '../safeguarding/check-kinds.service.js';
import { skillKey } from '../volunteers/volunteers.rules.js';

export const POSITION_NOT_FOUND = 'Volunteer position not found';
export const NOT_YOUR_POSITION = "You can only change your own club's volunteer positions.";
export const POSITIONS_MAX = 200;
export const TOO_MANY_POSITIONS = `A club can have at most ${POSITIONS_MAX} volunteer positions.`;
export const POSITION_REMOVED = 'This position was removed by a moderator.';

const positionIdRule = uuidRule('position');
const isLiveRule = z.boolean({ error: 'isLive must be true or false' });
/** The position form's plain-text fields. */
const POSITION_TEXT_FIELDS = ['title', 'description', 'responsibilities', 'requirements', 'timeCommitment', 'location', 'contactInfo'] as const;

/** A position's form, sanitised, checked, with the skill filter's keys (lower(trim(skill))). */
function positionValues(raw: unknown) {
  const copy = sanitized(raw, POSITION_TEXT_FIELDS) as Record<string, unknown> | null;
  if (copy && Array.isArray(copy.requiredSkills)) {
    copy.requiredSkills = copy.requiredSkills.map((item) => (typeof item === 'string' ? sanitizeText(item) : item));
  }
  const input = parseInput(opportunityPositionRules, copy);
  return { ...input, skillKeys: input.requiredSkills.map(skillKey) };
}

/** Runs in a position's update, after the row changed. */
export type PositionUpdateHook = (tx: Executor, positionId: string) => Promise<void>;

/** Runs in a position's deletion, before the row (and its applications) go. */
export type PositionDeletionHook = (tx: Executor, position: ClubVolunteerPositionRow) => Promise<void>;

export class VolunteerPositionsService {
  /** The batched load by id, built once (one text whatever the batch size: `= any($1)`). */
  private positionsByIdsStatement?: { execute(values: Record<string, unknown>): Promise<ClubVolunteerPositionRow[]> };

  constructor(private readonly db: Db) {}

  // ---- the owner's changes ----------------------------------------------------------------

  /** A new position of the caller's club; it starts hidden. Without a club the caller may not
   *  (FORBIDDEN); a club whose profile is not saved yet is a rule of its state (BAD_USER_INPUT). */
  async createPosition(viewer: Viewer, raw: unknown): Promise<ClubVolunteerPositionRow> {
    const input = positionValues(raw);
    return this.db.transaction(async (tx) => {
      const [club] = await tx
        .select({ profileSavedAt: clubs.profileSavedAt })
        .from(clubs)
        .where(eq(clubs.id, viewer.userId))
        .for('update');
      if (!club) throw errors.forbidden(NO_CLUB);
      if (!club.profileSavedAt) throw errors.validation(CLUB_MESSAGES.profileFirst);
      const [{ value }] = (await tx
        .select({ value: count() })
        .from(clubVolunteerPositions)
        .where(eq(clubVolunteerPositions.clubId, viewer.userId))) as [{ value: number }];
      if (value >= POSITIONS_MAX) throw errors.validation(TOO_MANY_POSITIONS);
      const requiredCheckKindId = await offeredCheckKindId(tx, (raw as { requiredCheckId?: unknown } | null)?.requiredCheckId, null);
      const [row] = await tx
        .insert(clubVolunteerPositions)
        .values({ clubId: viewer.userId, ...input, requiredCheckKindId, isLive: false })
        .returning();
      return row!;
    });
  }

  /** Replaces one of the caller's positions' fields; `afterUpdate` runs in the same transaction
   *  (the opportunities module checks the places against those taken and fills freed ones). */
  async updatePosition(viewer: Viewer, id: string, raw: unknown, afterUpdate?: PositionUpdateHook): Promise<ClubVolunteerPositionRow> {
    const positionId = this.positionId(id);
    const input = positionValues(raw);
    const requiredCheckKindId = await offeredCheckKindId(this.db, (raw as { requiredCheckId?: unknown } | null)?.requiredCheckId, positionId);
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(clubVolunteerPositions)
        .set({ ...input, requiredCheckKindId, updatedAt: new Date() })
        .where(this.ownPosition(viewer, positionId))
        .returning();
      if (!updated) return null;
      if (!afterUpdate) return updated;
      await afterUpdate(tx, updated.id);
      const [after] = await tx.select().from(clubVolunteerPositions).where(eq(clubVolunteerPositions.id, updated.id));
      return after!;
    });
    return row ?? this.refuse(positionId);
  }

  /** Shows or hides one of the caller's positions; one a moderator removed can be hidden but not
   *  shown again ('This position was removed by a moderator.'). */
  async setPositionLive(viewer: Viewer, id: string, isLive: unknown): Promise<ClubVolunteerPositionRow> {
    const positionId = this.positionId(id);
    const live = parseInput(isLiveRule, isLive);
    const [row] = await this.db
      .update(clubVolunteerPositions)
      .set({ isLive: live, updatedAt: new Date() })
      .where(live ? and(this.ownPosition(viewer, positionId), isNull(clubVolunteerPositions.removedAt)) : this.ownPosition(viewer, positionId))
      .returning();
    return row ?? this.refuse(positionId, viewer);
  }

  /** Deletes one of the caller's positions (its applications go with it); answers the deleted
   *  row. `beforeDelete` runs in the same transaction while the applications still exist (the
   *  opportunities module tells pending applicants). */
  async deletePosition(viewer: Viewer, id: string, beforeDelete?: PositionDeletionHook): Promise<ClubVolunteerPositionRow> {
    const positionId = this.positionId(id);
    const row = await this.db.transaction(async (tx) => {
      const [own] = await tx.select().from(clubVolunteerPositions).where(this.ownPosition(viewer, positionId)).for('update');
      if (!own) return null;
      if (beforeDelete) await beforeDelete(tx, own);
      const [deleted] = await tx.delete(clubVolunteerPositions).where(this.ownPosition(viewer, positionId)).returning();
      return deleted ?? null;
    });
    return row ?? this.refuse(positionId);
  }

  private positionId(id: string): string {
    if (!positionIdRule.safeParse(id).success) throw new AppError('NOT_FOUND', POSITION_NOT_FOUND, { id: POSITION_NOT_FOUND });
    return id;
  }

  private ownPosition(viewer: Viewer, id: string): SQL {
    return and(eq(clubVolunteerPositions.id, id), eq(clubVolunteerPositions.clubId, viewer.userId))!;
  }

  /** Nothing changed: says whether the position is someone else's, was removed by a moderator
   *  (the owner's only; `viewer` given where that refuses) or does not exist. */
  private async refuse(id: string, viewer?: Viewer): Promise<never> {
    const [other] = await this.db
      .select({ clubId: clubVolunteerPositions.clubId, removedAt: clubVolunteerPositions.removedAt })
      .from(clubVolunteerPositions)
      .where(eq(clubVolunteerPositions.id, id));
    if (other && viewer && other.clubId === viewer.userId && other.removedAt) throw errors.validation(POSITION_REMOVED, { id: POSITION_REMOVED });
    throw other ? errors.forbidden(NOT_YOUR_POSITION) : new AppError('NOT_FOUND', POSITION_NOT_FOUND, { id: POSITION_NOT_FOUND });
  }

  // ---- batched relations (DataLoaders) ----------------------------------------------------

  /** Positions by id, whatever their club or visibility (callers decide who may see them). */
  async positionsByIds(ids: readonly string[]): Promise<ClubVolunteerPositionRow[]> {
    if (ids.length === 0) return [];
    this.positionsByIdsStatement ??= this.db.select().from(clubVolunteerPositions).where(anyOfPlaceholder(clubVolunteerPositions.id, 'ids')).prepare('positions_by_ids');
    return this.positionsByIdsStatement.execute({ ids: [...ids] });
  }

  /** Live positions per club (not those a moderator removed), one grouped statement for any
   *  number of clubs. */
  async liveRoleCounts(clubIds: readonly string[]): Promise<Map<string, number>> {
    if (clubIds.length === 0) return new Map();
    const rows = await this.db
      .select({ clubId: clubVolunteerPositions.clubId, value: count() })
      .from(clubVolunteerPositions)
      .where(and(inArray(clubVolunteerPositions.clubId, [...clubIds]), LIVE_POSITION))
      .groupBy(clubVolunteerPositions.clubId);
    return new Map(rows.map((r) => [r.clubId, Number(r.value)]));
  }

  /** Positions of many clubs, newest first: only the live ones a moderator has not removed, or
   *  with `hidden` (the owner's view) every one. */
  async positionsOf(clubIds: readonly string[], { hidden }: { hidden: boolean }): Promise<ClubVolunteerPositionRow[]> {
    if (clubIds.length === 0) return [];
    const ofClubs = inArray(clubVolunteerPositions.clubId, [...clubIds]);
    return this.db
      .select()
      .from(clubVolunteerPositions)
      .where(hidden ? ofClubs : and(ofClubs, LIVE_POSITION))
      .orderBy(desc(clubVolunteerPositions.createdAt), desc(clubVolunteerPositions.id));
  }
}

/** After a change to a club's positions, later reads in the same request see it. */
export function forgetPositions(loaders: Loaders, clubId: string): void {
  loaders.liveRoleCount.clear(clubId);
  loaders.livePositions.clear(clubId);
  loaders.allPositions.clear(clubId);
}

declare module '../../lib/services.js' {
  interface Services {
    /** A club's volunteer positions: the owner's changes, the loaders' batched reads. */
    volunteerPositions: VolunteerPositionsService;
  }
}
