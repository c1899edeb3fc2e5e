// A moderator's decisions (issue 13 contract, section 2): marking a report reviewed, acting on it
// (warning, content removal, account suspension, dismissal) and restoring removed content. Each is
// one transaction with its moderation_actions row, its audit entry, the notifications it sends and
// the live counters' event. A report is decided by a conditional UPDATE, so of two moderators
// deciding it at once exactly one acts.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { contentReports, moderationActions, type AdminActionType, type ContentReportRow, type ModerationActionRow, type ModerationActionType } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { Actor } from '../admin/admin.service.js';
import { suspensionEndRule } from '../admin-users/admin-users.rules.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import type { MessagesService } from '../messages/messages.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import type { PubSub } from '../../graphql/pubsub.js';
import { actionNoteForms, actionNoteRules, MODERATION_MESSAGES, MODERATION_TEXTS, type DecisionAction } from './moderation.rules.js';
import { isTokenViewer, lacksScope } from '../../graphql/scopes.js';
import { setRemoved, snapshotTarget, TARGET_WORD } from './moderation.targets.js';

const M = MODERATION_MESSAGES;
const T = MODERATION_TEXTS;

/** The Users tab's suspension, run inside the decision's transaction (admin-users.service.ts). */
export interface AccountSuspender {
  suspendWithin(tx: Executor, actor: Actor, userId: string, input: { reason: string; until: Date | null }): Promise<unknown>;
}

export interface DecisionDeps {
  db: Db;
  pubsub: PubSub;
  notifications: NotificationsService;
  messages: Pick<MessagesService, 'deliverWithin'>;
  admin: { actor(viewer: Viewer, meta: RequestMeta): Promise<Actor>; record(tx: Executor, actor: Actor, entry: { actionType: AdminActionType; targetType: string; targetId: string | null; targetName: string; details: string }): Promise<void> };
  accounts: () => AccountSuspender;
  /** The notification dispatcher (the owner of removed content, the reporter). */
  notify: Pick<NotificationDispatcher, 'notify'>;
  changed: (tx: Executor) => Promise<void>;
}

export interface DecisionInput {
  reportId: string | null;
  action: ModerationActionType;
  note?: unknown;
  suspendUntil?: unknown;
}

const STATUS_AFTER: Record<DecisionAction, 'resolved' | 'dismissed'> = { warning: 'resolved', content_removal: 'resolved', account_suspension: 'resolved', dismissal: 'dismissed' };
const AUDIT_TYPE: Record<Exclude<DecisionAction, 'account_suspension'>, AdminActionType> = { warning: 'warn', content_removal: 'remove_content', dismissal: 'dismiss_report' };

export const notFoundTarget = () => new AppError('NOT_FOUND', M.targetNotFound, { targetId: M.targetNotFound });

/** The refusals of every administrator-only operation, the live counters included. */
export function requireModerator(viewer: Viewer | null): Viewer {
  if (!viewer) throw errors.unauthenticated();
  if (!viewer.isPlatformAdmin) throw errors.forbidden('Admin permissions required');
  if (isTokenViewer(viewer) && !viewer.scopes.includes('admin')) throw lacksScope('admin');
  return viewer;
}

/** Each action's decision input, built once per action: only a suspension reads an end date. */
const notSuspending = z.unknown().transform(() => null);
const decisionRules = Object.fromEntries(
  (Object.keys(actionNoteRules) as DecisionAction[]).map((action) => [
    action,
    z.object({ note: actionNoteRules[action], suspendUntil: action === 'account_suspension' ? suspensionEndRule : notSuspending }),
  ]),
) as Record<DecisionAction, z.ZodObject<{ note: (typeof actionNoteRules)[DecisionAction]; suspendUntil: typeof suspensionEndRule | typeof notSuspending }>>;

const reportNotFound = () => new AppError('NOT_FOUND', M.reportNotFound, { reportId: M.reportNotFound });
const describe = (r: Pick<ContentReportRow, 'targetType' | 'targetLabel'>) => `${TARGET_WORD[r.targetType]} "${r.targetLabel}"`;
const withNote = (text: string, note: string) => (note ? `${text}: ${note}` : text);

/** The suspension's user errors under this mutation's field names. */
function asDecisionError(err: unknown): unknown {
  if (!(err instanceof AppError) || !err.fields) return err;
  const names: Record<string, string> = { reason: 'note', until: 'suspendUntil', userId: 'reportId' };
  const fields = Object.fromEntries(Object.entries(err.fields).map(([field, message]) => [names[field] ?? field, message]));
  return new AppError(err.code, err.message, fields);
}

export class ModerationDecisions {
  constructor(private readonly deps: DecisionDeps) {}

  /** Pending → reviewed (an already reviewed report is answered as it is); audited. */
  async markReviewed(viewer: Viewer | null, reportId: string | null, meta: RequestMeta): Promise<ContentReportRow> {
    const admin = requireModerator(viewer);
    if (reportId === null) throw reportNotFound();
    const actor = await this.deps.admin.actor(admin, meta);
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(contentReports)
        .set({ status: 'reviewed', reviewedAt: sql`coalesce(${contentReports.reviewedAt}, now())`, reviewedBy: sql`coalesce(${contentReports.reviewedBy}, ${admin.userId}::uuid)` })
        .where(and(eq(contentReports.id, reportId), eq(contentReports.status, 'pending')))
        .returning();
      if (!row) {
        const [current] = await tx.select().from(contentReports).where(eq(contentReports.id, reportId));
        if (!current) throw reportNotFound();
        if (current.status === 'reviewed') return current;
        throw errors.validation(M.reportClosed, { reportId: M.reportClosed });
      }
      await this.deps.admin.record(tx, actor, { actionType: 'review_report', targetType: 'report', targetId: row.id, targetName: row.targetLabel, details: `Report reviewed: ${describe(row)}` });
      await this.deps.changed(tx);
      return row;
    });
  }

  /** Acts on an open report; see the contract for each action's effects. */
  async decide(viewer: Viewer | null, input: DecisionInput, meta: RequestMeta): Promise<{ report: ContentReportRow; action: ModerationActionRow }> {
    const admin = requireModerator(viewer);
    if (input.action === 'content_restoration') throw errors.validation(M.restorationNotAnAction, { action: M.restorationNotAnAction });
    const action = input.action;
    const parsed = parseInput(decisionRules[action], { note: input.note, suspendUntil: input.suspendUntil });
    // Markup is no text: what is left must still meet the rule.
    const note = parseInput(actionNoteForms[action], { note: sanitizeText(parsed.note) }).note;
    if (input.reportId === null) throw reportNotFound();
    const reportId = input.reportId;
    const actor = await this.deps.admin.actor(admin, meta);
    try {
      const decided = await this.deps.db.transaction(async (tx) => {
        const report = await this.close(tx, reportId, STATUS_AFTER[action], admin.userId);
        let messageId: string | null = null;
        if (action === 'warning') {
          const owner = requireOwner(report);
          const message = await this.deps.messages.deliverWithin(tx, { senderId: admin.userId, recipientId: owner, subject: T.warningSubject, content: T.warningBody(note, report.targetLabel) });
          messageId = message.id;
        } else if (action === 'content_removal') {
          await this.remove(tx, report, admin.userId);
        } else if (action === 'account_suspension') {
          await this.deps.accounts().suspendWithin(tx, actor, requireOwner(report), { reason: note, until: parsed.suspendUntil as Date | null });
        }
        const [row] = await tx
          .insert(moderationActions)
          .values({ reportId: report.id, actionType: action, targetType: report.targetType, targetId: report.targetId, targetLabel: report.targetLabel, targetUserId: report.targetOwnerId, adminId: actor.id, adminName: actor.name, note, messageId })
          .returning();
        // A suspension's audit entry is the Users tab's own (suspendWithin writes it).
        if (action !== 'account_suspension') {
          const what = action === 'warning' ? `Warning sent about ${describe(report)}` : action === 'content_removal' ? `Removed ${describe(report)}` : `Report dismissed: ${describe(report)}`;
          await this.deps.admin.record(tx, actor, { actionType: AUDIT_TYPE[action], targetType: 'report', targetId: report.id, targetName: report.targetLabel, details: withNote(what, note) });
        }
        await this.tellReporter(tx, report);
        await this.deps.changed(tx);
        return { report, action: row! };
      });
      return decided;
    } catch (err) {
      throw asDecisionError(err);
    }
  }

  /** Clears a removal: the item is seen again; a CONTENT_RESTORATION action and an audit entry. */
  async restore(viewer: Viewer | null, actionId: string | null, meta: RequestMeta): Promise<ModerationActionRow> {
    const admin = requireModerator(viewer);
    const notFound = () => new AppError('NOT_FOUND', M.actionNotFound, { actionId: M.actionNotFound });
    if (actionId === null) throw notFound();
    const actor = await this.deps.admin.actor(admin, meta);
    return this.deps.db.transaction(async (tx) => {
      const [removal] = await tx.select().from(moderationActions).where(eq(moderationActions.id, actionId)).for('update');
      if (!removal) throw notFound();
      const restored = removal.actionType === 'content_removal' && (await setRemoved(tx, removal.targetType, removal.targetId, false, this.deps));
      if (!restored) throw errors.validation(M.notRemoved, { actionId: M.notRemoved });
      const [row] = await tx
        .insert(moderationActions)
        .values({ reportId: null, actionType: 'content_restoration', targetType: removal.targetType, targetId: removal.targetId, targetLabel: removal.targetLabel, targetUserId: removal.targetUserId, adminId: actor.id, adminName: actor.name })
        .returning();
      await this.deps.admin.record(tx, actor, { actionType: 'restore_content', targetType: 'report', targetId: removal.reportId, targetName: removal.targetLabel, details: `Restored ${describe(removal)}` });
      await this.deps.changed(tx);
      return row!;
    });
  }

  /** Closes an open report (the one winner of concurrent decisions); else why not. */
  private async close(tx: Executor, reportId: string, status: 'resolved' | 'dismissed', adminId: string): Promise<ContentReportRow> {
    const [report] = await tx
      .update(contentReports)
      .set({ status, closedAt: sql`now()`, reviewedAt: sql`coalesce(${contentReports.reviewedAt}, now())`, reviewedBy: sql`coalesce(${contentReports.reviewedBy}, ${adminId}::uuid)` })
      .where(and(eq(contentReports.id, reportId), inArray(contentReports.status, ['pending', 'reviewed'])))
      .returning();
    if (report) return report;
    const [exists] = await tx.select({ id: contentReports.id }).from(contentReports).where(eq(contentReports.id, reportId));
    if (!exists) throw reportNotFound();
    throw errors.validation(M.reportClosed, { reportId: M.reportClosed });
  }

  /** Hides the item, resolves every other open report of it (their reporters hear so too) and
   *  tells its owner. An item removed already stays so; one that is gone cannot be removed. */
  private async remove(tx: Executor, report: ContentReportRow, adminId: string): Promise<void> {
    const changed = await setRemoved(tx, report.targetType, report.targetId, true, this.deps);
    if (!changed && !(await snapshotTarget(tx, report.targetType, report.targetId))) throw notFoundTarget();
    const others = await tx
      .update(contentReports)
      .set({ status: 'resolved', closedAt: sql`now()`, reviewedAt: sql`coalesce(${contentReports.reviewedAt}, now())`, reviewedBy: sql`coalesce(${contentReports.reviewedBy}, ${adminId}::uuid)` })
      .where(and(eq(contentReports.targetType, report.targetType), eq(contentReports.targetId, report.targetId), inArray(contentReports.status, ['pending', 'reviewed'])))
      .returning();
    for (const other of others) await this.tellReporter(tx, other);
    if (changed && report.targetOwnerId) {
      await this.deps.notify.notify(tx, report.targetOwnerId, { kind: 'moderation_notice', title: T.removedTitle, description: T.removedBody(TARGET_WORD[report.targetType], report.targetLabel) });
    }
  }

  /** The reporter's 'system' notification of the outcome (none once their account is gone). */
  private async tellReporter(tx: Executor, report: ContentReportRow): Promise<void> {
    if (!report.reporterId) return;
    const description = report.status === 'dismissed' ? T.noBreach(report.targetLabel) : T.actionTaken(report.targetLabel);
    await this.deps.notify.notify(tx, report.reporterId, { kind: 'report_outcome', title: T.reviewedTitle, description });
  }
}

/** The account answerable for the item; gone accounts cannot be warned or suspended. */
function requireOwner(report: ContentReportRow): string {
  if (!report.targetOwnerId) throw new AppError('NOT_FOUND', 'User not found', { reportId: 'User not found' });
  return report.targetOwnerId;
}
