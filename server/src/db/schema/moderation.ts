import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const REPORT_TARGET_TYPES = ['opportunity', 'profile', 'message', 'club', 'announcement'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['spam', 'harassment', 'inappropriate', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['pending', 'reviewed', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const MODERATION_ACTION_TYPES = ['warning', 'content_removal', 'account_suspension', 'dismissal', 'content_restoration'] as const;
export type ModerationActionType = (typeof MODERATION_ACTION_TYPES)[number];

/** A member's report of an item (an opportunity, a volunteer profile, a message, a club or a
 *  club's announcement). What
 *  the item said is copied when it is reported, so the moderators (and the audit) see what was
 *  reported even after the item changes or goes. One open (pending or reviewed) report per
 *  reporter and item: a unique index, so two concurrent reports cannot both be filed. */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Set null when the reporter's account goes: the report stays for the audit. */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    /** The message, position, club or volunteer profile (its user id). Not a foreign key: the
     *  report outlives the item. */
    targetId: uuid('target_id').notNull(),
    /** The account answerable for the item (the sender, the club owner, the volunteer). */
    targetOwnerId: uuid('target_owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** What the item was called when reported: the message subject, the position title, the
     *  club's name, the volunteer's name. */
    targetLabel: text('target_label').notNull(),
    /** The item's text when reported (at most 1000 characters). */
    targetExcerpt: text('target_excerpt').notNull().default(''),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** First marked reviewed, or decided, by a moderator. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    /** When it was resolved or dismissed. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('content_reports_open_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} in ('pending', 'reviewed')`),
    // The Moderation tab's lists: all reports and one status, newest first (keyset).
    index('content_reports_created_idx').on(t.createdAt, t.id),
    index('content_reports_status_created_idx').on(t.status, t.createdAt, t.id),
    // Other reports of the same item (closed together when the item is removed).
    index('content_reports_target_idx').on(t.targetType, t.targetId),
    // A user's detail: reports against them and by them.
    index('content_reports_owner_idx').on(t.targetOwnerId),
    index('content_reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

/** What a moderator did: a warning (delivered as a message), a removal or restoration of content,
 *  an account suspension, or a dismissal. Written with the report's change and the audit entry in
 *  one transaction. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The report decided; null for a restoration made from the actions list. */
    reportId: uuid('report_id').references(() => contentReports.id, { onDelete: 'set null' }),
    actionType: text('action_type', { enum: MODERATION_ACTION_TYPES }).notNull(),
    targetType: text('target_type', { enum: REPORT_TARGET_TYPES }).notNull(),
    targetId: uuid('target_id').notNull(),
    targetLabel: text('target_label').notNull(),
    /** The account the action concerns (warned, suspended, or the owner of the removed item). */
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    /** The moderator's note: the warning's text, the suspension's reason, why it was dismissed. */
    note: text('note').notNull().default(''),
    /** The warning's message (a warning is delivered as a private message). */
    messageId: uuid('message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt, t.id),
    index('moderation_actions_report_idx').on(t.reportId),
    index('moderation_actions_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('moderation_actions_user_idx').on(t.targetUserId),
  ],
);

/** A write's Idempotency-Key (HTTP header on POST /graphql and the REST writes): the first request
 *  with a key runs and its answer is kept; a repeat by the same account gets that answer again
 *  instead of running twice (the offline queue replays writes with their key). Kept 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, path and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still running. */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export type ContentReportRow = typeof contentReports.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
