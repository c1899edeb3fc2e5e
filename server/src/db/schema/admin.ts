import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const ADMIN_ACTION_TYPES = [
  'approve',
  'reject',
  'view',
  'export',
  'bulk_approve',
  'bulk_reject',
  'verify',
  'unverify',
  // Users (issue 13)
  'suspend',
  'ban',
  'reinstate',
  'grant_admin',
  'revoke_admin',
  // Moderation (issue 13)
  'review_report',
  'warn',
  'remove_content',
  'restore_content',
  'dismiss_report',
  // Accounts (issue 28): written by the server for a member's own deletion, not by an administrator.
  'delete_account',
] as const;
export type AdminActionType = (typeof ADMIN_ACTION_TYPES)[number];

/** The audit trail of platform administrators: one row per action, written by the server in the
 *  same transaction as the change it describes. The admin's name and email are copied, so an entry
 *  still says who acted after the account changes or goes; `admin_id` is kept (set null) for that. */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actionType: text('action_type', { enum: ADMIN_ACTION_TYPES }).notNull(),
    /** 'club_application', 'club' (verification), 'export', 'user' (suspend, ban, reinstate, role)
     *  or 'report' (moderation; target_id is the report, details name the item). */
    targetType: text('target_type').notNull(),
    /** The club, user or report acted on; null for exports. Not a foreign key: the entry outlives it. */
    targetId: uuid('target_id'),
    targetName: text('target_name').notNull(),
    details: text('details').notNull().default(''),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminName: text('admin_name').notNull(),
    adminEmail: text('admin_email').notNull(),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The audit page: newest first, optionally one action type, optionally one admin.
    index('admin_actions_created_idx').on(t.createdAt, t.id),
    index('admin_actions_type_created_idx').on(t.actionType, t.createdAt, t.id),
    index('admin_actions_admin_created_idx').on(t.adminId, t.createdAt, t.id),
    // One application's timeline.
    index('admin_actions_target_created_idx').on(t.targetId, t.createdAt, t.id),
    // The Audit tab's search: ILIKE '%…%' over these four columns (pg_trgm, migration 0008).
    index('admin_actions_search_trgm_idx').using(
      'gin',
      t.targetName.op('gin_trgm_ops'),
      t.details.op('gin_trgm_ops'),
      t.adminName.op('gin_trgm_ops'),
      t.adminEmail.op('gin_trgm_ops'),
    ),
  ],
);

/** A bulk approval the server works through one application (one transaction) at a time; any
 *  instance answers its progress from this row. */
export const adminBulkApprovals = pgTable(
  'admin_bulk_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clubIds: uuid('club_ids').array().notNull(),
    adminNotes: text('admin_notes'),
    status: text('status', { enum: ['running', 'completed'] }).notNull().default('running'),
    processed: integer('processed').notNull().default(0),
    succeeded: uuid('succeeded').array().notNull().default(sql`'{}'::uuid[]`),
    /** [{ clubId, clubName, message }] in the order they failed. */
    failures: jsonb('failures').$type<{ clubId: string; clubName: string | null; message: string }[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('admin_bulk_approvals_admin_idx').on(t.adminId, t.createdAt)],
);

export type AdminActionRow = typeof adminActions.$inferSelect;
export type AdminBulkApprovalRow = typeof adminBulkApprovals.$inferSelect;
