import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** One club, one record, keyed by its owner's user id. Registration creates it as an application
 *  with status pending; later issues extend it with the profile fields. */
export const clubs = pgTable(
  'clubs',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contactEmail: text('contact_email').notNull(),
    applicationStatus: text('application_status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    verified: boolean('verified').notNull().default(false),
    adminNotes: text('admin_notes'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clubs_status_created_idx').on(t.applicationStatus, t.createdAt),
    index('clubs_name_lower_idx').on(sql`lower(${t.name})`),
  ],
);

export type ClubRow = typeof clubs.$inferSelect;
