import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** The sports council's meetings. Dates are calendar dates in the council's time zone
 *  (COUNCIL_TIME_ZONE); agenda and minutes are sanitised rich text. */
export const councilMeetings = pgTable(
  'council_meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    meetingDate: date('meeting_date', { mode: 'string' }).notNull(),
    /** HH:MM, or null when the time is not set. */
    meetingTime: text('meeting_time'),
    location: text('location'),
    agenda: text('agenda').notNull().default(''),
    minutes: text('minutes').notNull().default(''),
    status: text('status', { enum: ['upcoming', 'completed', 'cancelled'] })
      .notNull()
      .default('upcoming'),
    isPublic: boolean('is_public').notNull().default(true),
    /** Bumped on every change: calendar apps replace an event when its SEQUENCE grows. */
    revision: integer('revision').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('council_meetings_date_idx').on(t.meetingDate),
    index('council_meetings_public_date_idx').on(t.meetingDate).where(sql`${t.isPublic}`),
  ],
);

export type CouncilMeetingRow = typeof councilMeetings.$inferSelect;
