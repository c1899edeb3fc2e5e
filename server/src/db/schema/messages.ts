import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Private messages between two accounts. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    content: text('content').notNull(),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The sender's key for this send (sendMessage's idempotencyKey): a retry with the same key
     *  answers this message instead of sending another. */
    idempotencyKey: text('idempotency_key'),
    /** Set when a moderator removed the item (content_removal): hidden from everyone but
     *  platform administrators, kept for the audit, cleared again by a restore. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // One message per sender and key: the database, not a check in code, stops a second one.
    uniqueIndex('messages_sender_idempotency_key').on(t.senderId, t.idempotencyKey).where(sql`${t.idempotencyKey} is not null`),
    // A conversation, each side (the pair's messages by time and id, the conversation list's
    // partners and has-sent probes): only messages a moderator has not removed, as every such read
    // asks, with the id in the key so the conversation list reads no table row (index-only).
    index('messages_recipient_sender_shown_idx').on(t.recipientId, t.senderId, t.createdAt, t.id).where(sql`${t.removedAt} is null`),
    index('messages_sender_recipient_shown_idx').on(t.senderId, t.recipientId, t.createdAt, t.id).where(sql`${t.removedAt} is null`),
    // Inbox and sent list; whole (not partial) so that deleting an account finds its messages.
    index('messages_recipient_created_idx').on(t.recipientId, t.createdAt),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    // Unread counts touch only unread rows a moderator has not removed (index-only).
    index('messages_unread_idx').on(t.recipientId, t.senderId).where(sql`not ${t.read} and ${t.removedAt} is null`),
    // The few messages a moderator removed: what hides a removed message's notification is an
    // anti-join against this small set, not a probe of the messages table per notification.
    index('messages_removed_idx').on(t.id).where(sql`${t.removedAt} is not null`),
    // Analytics: messages per week over the whole platform.
    index('messages_created_idx').on(t.createdAt),
  ],
);

/** The notification bell, kept on the server so that every device shows the same one. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['message', 'application', 'system'] }).notNull(),
    /** Which kind of notification (notifications.rules.ts NOTIFICATION_KINDS). */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    actionUrl: text('action_url'),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the notification is about, when its sender wants repeats folded (e.g. one volunteer's
     *  applications to one position): another one with the same key for the same recipient within
     *  the collapse window updates this row instead of adding one. Null: never folded. */
    collapseKey: text('collapse_key'),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_collapse_idx').on(t.userId, t.collapseKey, t.createdAt).where(sql`${t.collapseKey} is not null`),
    // The unread count: index-only, the message id there for the anti-join that leaves out the
    // notifications of removed messages (messages_removed_idx).
    index('notifications_unread_idx').on(t.userId, t.messageId).where(sql`not ${t.read}`),
    index('notifications_message_idx').on(t.messageId),
  ],
);

export type MessageRow = typeof messages.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/** A member who blocked another: the blocked member cannot message them, and nothing the blocked
 *  member does reaches them as a notification. Moderators see how many blocked a member. */
export const memberBlocks = pgTable(
  'member_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('member_blocks_blocked_idx').on(t.blockedId)],
);
