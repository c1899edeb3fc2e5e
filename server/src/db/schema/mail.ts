import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Transactional outbox: a mail is written in the same transaction as the change that causes it,
 *  then delivered by the worker with retries. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post of a notification email). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** What the mail is about, when its sender wants repeats folded (enqueueMail): while a mail
     *  with the same recipient and key is unsent, or was queued within the collapse window, no
     *  second one is queued. Null: never folded. */
    collapseKey: text('collapse_key'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_collapse_idx').on(t.to, t.collapseKey, t.createdAt).where(sql`${t.collapseKey} is not null`),
  ],
);
