// Club application review (../shared/spec/administration.md): approving and rejecting one
// application, and bulk approval. A decision is one conditional UPDATE of the club row, written
// with its audit entry and the owner's mail (outbox) and notification in one transaction.
import { and, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { adminBulkApprovals, clubs, users, type AdminActionType, type AdminBulkApprovalRow, type ClubRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { sanitizeText } from '../../lib/sanitize.js';
import { parseInput } from '../../lib/validate.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import type { NotificationDispatcher } from '../notifications/notify.service.js';
import { clubApplicationEvent } from '../clubs/clubs.service.js';
import type { WebhookEmitter } from '../webhooks/webhooks.rules.js';
import { ADMIN_MESSAGES, BULK_APPROVAL_MAX, adminNotesRule, rejectionReasonRule } from './admin.rules.js';
import type { Actor, AdminService } from './admin.service.js';
import { clubIdRule, uuidRule } from './admin.shared.js';

const M = ADMIN_MESSAGES;
/** A bulk approval still running after this long has no process working on it. */
const STALE_BULK_MINUTES = 10;
const approveRules = z.object({ clubId: clubIdRule, adminNotes: adminNotesRule });
const rejectRules = z.object({ clubId: clubIdRule, rejectionReason: rejectionReasonRule });
const bulkRules = z.object({
  clubIds: z
    .array(z.string())
    .transform((ids) => [...new Set(ids.filter((id) => uuidRule.safeParse(id).success))])
    .pipe(z.array(z.string()).min(1, { error: M.noneSelected }).max(BULK_APPROVAL_MAX, { error: M.tooManySelected })),
  adminNotes: adminNotesRule,
});

/** Admin notes as plain text (tags removed, as the spec sanitises both review bodies); null when
 *  nothing is left. */
const plainNotes = (notes: string | null) => (notes ? sanitizeText(notes) || null : null);

export class AdminApprovalsService {
  /** Bulk approvals this process is working through (awaited by tests and shutdown). */
  private readonly running = new Set<Promise<void>>();
  /** The run of each bulk approval this process works through, by id (REST waits for its own). */
  private readonly runs = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly admin: AdminService,
    private readonly notifications: Pick<NotificationDispatcher, 'notify'>,
    private readonly webOrigin: string,
    /** Webhook events (issue 31), written in each decision's transaction. */
    private readonly webhooks: WebhookEmitter,
  ) {}

  /** Approves a pending application: the club enters the directory and may save meeting times at
   *  once; its owner is mailed and notified; the audit entry is written in the same transaction. */
  async approve(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ClubRow> {
    const admin = this.admin.requireAdmin(viewer);
    const input = parseInput(approveRules, raw);
    // Sanitised like the rejection reason (section 5: both bodies are sanitised); notes that are
    // only markup are no notes.
    const notes = plainNotes(input.adminNotes);
    await this.admin.consume('approve', admin);
    const actor = await this.admin.actor(admin, meta);
    return this.db.transaction((tx) => this.decide(tx, actor, input.clubId, 'approved', notes, 'approve'));
  }

  async reject(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ClubRow> {
    const admin = this.admin.requireAdmin(viewer);
    const input = parseInput(rejectRules, raw);
    // Checked before the action is counted: a reason that is only markup is refused like a blank
    // one, and a refused input does not use up the administrator's per-minute allowance.
    const reason = sanitizeText(input.rejectionReason);
    if (!reason) throw errors.validation(M.rejectionRequired, { rejectionReason: M.rejectionRequired });
    await this.admin.consume('reject', admin);
    const actor = await this.admin.actor(admin, meta);
    return this.db.transaction((tx) => this.decide(tx, actor, input.clubId, 'rejected', reason, 'reject'));
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
    await this.admin.record(tx, actor, { actionType: action, targetType: 'club_application', targetId: club.id, targetName: club.name, details });
    await this.tellOwner(tx, club, status, notes);
    await this.webhooks.emit(tx, clubApplicationEvent(status === 'approved' ? 'club.application.approved' : 'club.application.rejected', club));
    return club;
  }

  /** The owner's notification (bell and email, through the dispatcher), in the decision's
   *  transaction. */
  private async tellOwner(tx: Executor, club: ClubRow, status: 'approved' | 'rejected', notes: string | null): Promise<void> {
    const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, club.id));
    const dashboard = `${this.webOrigin}/club/dashboard`;
    const approved = status === 'approved';
    await this.notifications.notify(tx, club.id, {
      kind: 'club_application_decided',
      title: approved ? 'Club application approved' : 'Club application not approved',
      description: approved
        ? `${club.name} has been approved and now appears in the club directory. You can now save your meeting times.`
        : `${club.name} was not approved. Reason: ${notes ?? ''}`,
      actionUrl: '/club/dashboard',
      email: approved
        ? {
            subject: `Your club application for ${club.name} has been approved`,
            paragraphs: [
              `Good news: ${club.name} has been approved on Clubroom. It now appears in the club directory, and you can add your weekly meeting times and volunteer positions.`,
              `Sign in with your email address (${owner?.email ?? ''}) and the password you chose when you registered: ${dashboard}`,
            ],
            action: { url: dashboard, label: 'Open your club dashboard' },
          }
        : {
            subject: `Your club application for ${club.name} was not approved`,
            paragraphs: [`Thank you for registering ${club.name} on Clubroom. After review, your application was not approved.`, `Reason: ${notes ?? ''}`, 'If you have questions, reply to this email.'],
            action: { url: dashboard, label: 'Open your club dashboard' },
          },
    });
  }

  /**
   * Starts approving up to 50 pending applications, each in its own transaction, in the
   * background; the row it answers is updated after each one (poll `bulkApproval`). Ids that are
   * not UUIDs are dropped, as the spec says.
   */
  async startBulkApproval(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<AdminBulkApprovalRow> {
    const admin = this.admin.requireAdmin(viewer);
    const input = parseInput(bulkRules, raw);
    await this.admin.consume('bulk', admin);
    const actor = await this.admin.actor(admin, meta);
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
    const admin = this.admin.requireAdmin(viewer);
    const [row] = await this.db.select().from(adminBulkApprovals).where(and(eq(adminBulkApprovals.id, id), eq(adminBulkApprovals.adminId, admin.userId)));
    return row ?? null;
  }
}

declare module '../../lib/services.js' {
  interface Services {
    adminApprovals: AdminApprovalsService;
  }
}
