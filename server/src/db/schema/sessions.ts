import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clubs } from './clubs.js';

/**
 * A club's dated sessions and events (issue 29 §2). A **session** is made from one of the club's
 * weekly meeting times for one local date (`slot_key` + `local_date`: at most one per slot and
 * day); an **event** is one the owner added (`slot_key` null). Sessions are materialised for a
 * rolling window (modules/sessions) in the club's time zone, so a session keeps its wall-clock
 * time across daylight-saving changes. A session the owner moved (`moved_at`) or cancelled
 * (`cancelled_at`, kept so calendars show it cancelled) no longer follows its meeting time.
 */
export const clubSessions = pgTable(
  'club_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['session', 'event'] }).notNull(),
    /** The meeting time it was made from ('2-19:00-20:30': ISO day, start, end); null for an event. */
    slotKey: text('slot_key'),
    /** Its date on the club's wall clock; null for an event. */
    localDate: date('local_date'),
    /** An event's title (a session is named by its club and time). */
    title: text('title'),
    description: text('description'),
    place: text('place'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity'),
    movedAt: timestamp('moved_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** Raised on every change (the calendar feed's SEQUENCE). */
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_sessions_slot_day_key').on(t.clubId, t.slotKey, t.localDate).where(sql`${t.slotKey} is not null`),
    // A club's week and its upcoming sessions, by start.
    index('club_sessions_club_starts_idx').on(t.clubId, t.startsAt),
  ],
);

export type ClubSessionRow = typeof clubSessions.$inferSelect;
