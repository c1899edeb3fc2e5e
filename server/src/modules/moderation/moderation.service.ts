// Moderation (issue 13 contract, section 2): members report items; platform administrators list
// the reports and the actions taken, follow the counters live, and decide (moderation.decisions.ts).
// Every rule lives here and in the decisions; GraphQL only translates.
import { and, count, desc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/any.js';
import { z } from 'zod';
import { rowsOf, type Db, type Executor } from '../../db/client.js';
import { contentReports, moderationActions, REPORT_TARGET_TYPES, type ContentReportRow, type ModerationActionRow, type ReportStatus, type ReportTargetType } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import { liveValue, Topic, type PubSub } from '../../graphql/pubsub.js';
import { creationPage } from '../../graphql/creation-page.js';
import type { ConnectionResult, PageArgs } from '../../graphql/relay.js';
import type { Viewer } from '../../lib/viewer.js';
import { MODERATION_MESSAGES, MODERATION_PAGE_DEFAULT, REPORT_ACTIONS_MAX, REPORTS_PER_HOUR, reportDetailsRule, reportReasonRule } from './moderation.rules.js';
import { ModerationDecisions, notFoundTarget, requireModerator, type DecisionDeps } from './moderation.decisions.js';
import { removedTargets, snapshotTarget } from './moderation.targets.js';

const M = MODERATION_MESSAGES;

export type ReportListRow = ContentReportRow & { cursorAt: string };
export type ActionListRow = ModerationActionRow & { cursorAt: string };

export interface ModerationStatsRow {
  totalReports: number;
  pending: number;
  reviewed: number;
  resolved: number;
  dismissed: number;
  actionsTaken: number;
  removedItems: number;
}

/** Whether the reporter may see the item, by its own domain's rule (the resolver supplies it). */
export type TargetVisibility = (type: ReportTargetType, id: string) => Promise<boolean>;

/** reportContent's input; `targetId` is the item's database id, or null for an id naming nothing. */
export interface ReportInput {
  targetType: unknown;
  targetId: string | null;
  reason: unknown;
  details?: unknown;
}

const reportRules = z.object({
  targetType: z.enum(REPORT_TARGET_TYPES, { error: M.targetNotFound }),
  reason: reportReasonRule,
  details: reportDetailsRule,
});

const OPEN = sql`${contentReports.status} in ('pending', 'reviewed')`;

export class ModerationService {
  private readonly decisions: ModerationDecisions;

  constructor(
    private readonly db: Db,
    private readonly pubsub: PubSub,
    deps: Omit<DecisionDeps, 'db' | 'pubsub' | 'changed'>,
  ) {
    this.decisions = new ModerationDecisions({ ...deps, db, pubsub, changed: (tx) => this.changed(tx) });
  }

  // ---- decisions (moderation.decisions.ts) -------------------------------------------------------

  markReviewed: ModerationDecisions['markReviewed'] = (...args) => this.decisions.markReviewed(...args);
  decide: ModerationDecisions['decide'] = (...args) => this.decisions.decide(...args);
  restore: ModerationDecisions['restore'] = (...args) => this.decisions.restore(...args);

  // ---- reporting --------------------------------------------------------------------------------

  /**
   * Files the caller's report of an item they may see. One open report per reporter and item is
   * the unique index's decision (ON CONFLICT), so of concurrent reports of the same item one is
   * filed; the hourly limit is counted under a per-reporter lock, so it is exact.
   */
  async report(viewer: Viewer, raw: ReportInput, canSee: TargetVisibility): Promise<ContentReportRow> {
    const input = parseInput(reportRules, { targetType: raw.targetType, reason: raw.reason, details: raw.details });
    const details = sanitizeText(input.details);
    const type = input.targetType;
    const id = raw.targetId;
    if (id === null || !(await canSee(type, id))) throw notFoundTarget();
    return this.db.transaction(async (tx) => {
      const target = await snapshotTarget(tx, type, id, true);
      if (!target || target.removedAt) throw notFoundTarget();
      if (target.ownerId === viewer.userId) throw errors.validation(M.ownContent, { targetId: M.ownContent });
      if (type === 'message' && target.recipientId !== viewer.userId) throw notFoundTarget();
      const [row] = await tx
        .insert(contentReports)
        .values({ reporterId: viewer.userId, targetType: type, targetId: id, targetOwnerId: target.ownerId, targetLabel: target.label, targetExcerpt: target.excerpt, reason: input.reason, details })
        .onConflictDoNothing({ target: [contentReports.reporterId, contentReports.targetType, contentReports.targetId], where: OPEN })
        .returning();
      if (!row) throw errors.validation(M.duplicate, { targetId: M.duplicate });
      // The reporter's reports of the last hour, this one included, counted one transaction at a
      // time (the lock is held to commit), so concurrent reports cannot pass the limit together.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`content_reports:${viewer.userId}`}, 0))`);
      const [recent] = await tx
        .select({ n: count() })
        .from(contentReports)
        .where(and(eq(contentReports.reporterId, viewer.userId), gt(contentReports.createdAt, sql`now() - interval '1 hour'`)));
      if (Number(recent?.n ?? 0) > REPORTS_PER_HOUR) throw new AppError('RATE_LIMITED', M.rateLimited);
      await this.changed(tx);
      return row;
    });
  }

  /** Tells every instance's live counters (after the transaction commits). */
  changed(executor: Executor): Promise<void> {
    return this.pubsub.publish(Topic.ModerationChanged, {}, { executor });
  }

  // ---- lists and counters (administrators) --------------------------------------------------------

  /** Reports, newest first, optionally of one status and one kind of item. */
  async reports(viewer: Viewer | null, args: PageArgs & { status?: ReportStatus | null; targetType?: ReportTargetType | null }): Promise<ConnectionResult<ReportListRow>> {
    requireModerator(viewer);
    const { status, targetType, ...page } = args;
    const conditions: SQL[] = [];
    if (status) conditions.push(eq(contentReports.status, status));
    if (targetType) conditions.push(eq(contentReports.targetType, targetType));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    return creationPage(this.db, contentReports, where, page, { list: 'contentReports', defaultSize: MODERATION_PAGE_DEFAULT });
  }

  /** Moderation actions, newest first. */
  async actions(viewer: Viewer | null, args: PageArgs): Promise<ConnectionResult<ActionListRow>> {
    requireModerator(viewer);
    return creationPage(this.db, moderationActions, undefined, args, { list: 'moderationActions', defaultSize: MODERATION_PAGE_DEFAULT });
  }

  async stats(viewer: Viewer | null): Promise<ModerationStatsRow> {
    requireModerator(viewer);
    return this.currentStats();
  }

  /** The counters in one statement. An item counts as removed while its latest removal or
   *  restoration is a removal. */
  private async currentStats(): Promise<ModerationStatsRow> {
    const [row] = rowsOf<Record<keyof ModerationStatsRow, number | string>>(
      await this.db.execute(sql`
        select
          (select count(*) from content_reports) as "totalReports",
          (select count(*) from content_reports where status = 'pending') as "pending",
          (select count(*) from content_reports where status = 'reviewed') as "reviewed",
          (select count(*) from content_reports where status = 'resolved') as "resolved",
          (select count(*) from content_reports where status = 'dismissed') as "dismissed",
          (select count(*) from moderation_actions) as "actionsTaken",
          (select count(*) from (
            select distinct on (target_type, target_id) action_type
            from moderation_actions
            where action_type in ('content_removal', 'content_restoration')
            order by target_type, target_id, created_at desc, id desc
          ) latest where action_type = 'content_removal') as "removedItems"`),
    );
    const n = (key: keyof ModerationStatsRow) => Number(row?.[key] ?? 0);
    return {
      totalReports: n('totalReports'),
      pending: n('pending'),
      reviewed: n('reviewed'),
      resolved: n('resolved'),
      dismissed: n('dismissed'),
      actionsTaken: n('actionsTaken'),
      removedItems: n('removedItems'),
    };
  }

  /** The counters now and after every change; administrators only. */
  statsStream(viewer: Viewer | null): AsyncIterable<ModerationStatsRow> {
    requireModerator(viewer);
    return liveValue(this.pubsub, Topic.ModerationChanged, '', () => this.currentStats());
  }

  // ---- by id and batched relations (DataLoaders) -------------------------------------------------

  /** Reports by id: every one for administrators, the caller's own for anyone else. */
  async reportsByIds(viewer: Viewer | null, ids: readonly string[]): Promise<ContentReportRow[]> {
    if (!viewer || ids.length === 0) return [];
    const mine = viewer.isPlatformAdmin ? undefined : eq(contentReports.reporterId, viewer.userId);
    return this.db
      .select()
      .from(contentReports)
      .where(and(anyOf(contentReports.id, [...ids]), mine));
  }

  /** Reports by id, whoever asks (the relations of administrators' types). */
  async reportRows(ids: readonly string[]): Promise<ContentReportRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(contentReports).where(anyOf(contentReports.id, [...ids]));
  }

  /** Actions by id, for administrators only. */
  async actionsByIds(viewer: Viewer | null, ids: readonly string[]): Promise<ModerationActionRow[]> {
    if (!viewer?.isPlatformAdmin || ids.length === 0) return [];
    return this.db.select().from(moderationActions).where(anyOf(moderationActions.id, [...ids]));
  }

  /** Each report's actions, newest first, at most REPORT_ACTIONS_MAX each. */
  async actionsOfReports(reportIds: readonly string[]): Promise<Map<string, ModerationActionRow[]>> {
    const byReport = new Map<string, ModerationActionRow[]>(reportIds.map((id) => [id, []]));
    if (reportIds.length === 0) return byReport;
    const rows = await this.db
      .select()
      .from(moderationActions)
      .where(anyOf(moderationActions.reportId, [...reportIds]))
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id));
    for (const row of rows) {
      const list = byReport.get(row.reportId!);
      if (list && list.length < REPORT_ACTIONS_MAX) list.push(row);
    }
    return byReport;
  }

  /** Open reports per item (`${type}:${id}` keys). */
  async openReportCounts(keys: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (keys.length === 0) return counts;
    const byType = new Map<string, string[]>();
    for (const key of keys) {
      const [type, id] = key.split(':') as [string, string];
      byType.set(type, [...(byType.get(type) ?? []), id]);
    }
    const rows = await this.db
      .select({ type: contentReports.targetType, id: contentReports.targetId, n: count() })
      .from(contentReports)
      .where(and(OPEN, or(...[...byType].map(([type, ids]) => and(eq(contentReports.targetType, type as ReportTargetType), anyOf(contentReports.targetId, ids))))))
      .groupBy(contentReports.targetType, contentReports.targetId);
    for (const row of rows) counts.set(`${row.type}:${row.id}`, Number(row.n));
    return counts;
  }

  /** Which items (`${type}:${id}` keys) are removed now. */
  removedOf(keys: readonly string[]): Promise<Set<string>> {
    return removedTargets(this.db, keys);
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Content reports and moderators' decisions. */
    moderation: ModerationService;
  }
}
