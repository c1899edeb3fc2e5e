import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
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

/**
 * A member's answer for one session or event (issue 29 §3). `going` and `cant` are what the member
 * said; `waiting` is a Going beyond the capacity, in line by `queued_at` and promoted to `going`
 * in the transaction that frees a place. No row: no answer (counted as Going for a training session
 * of a club that set "attending by default").
 */
export const sessionAnswers = pgTable(
  'session_answers',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => clubSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: ['going', 'cant', 'waiting'] }).notNull(),
    /** The optional reason given with Can't make it. */
    reason: text('reason'),
    /** When the member joined the waiting list (its order); null unless waiting. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.userId] }),
    // The head count and the waiting line of a session.
    index('session_answers_session_answer_idx').on(t.sessionId, t.answer, t.queuedAt),
    // A member's answers (the calendar feed, My clubs).
    index('session_answers_user_idx').on(t.userId, t.sessionId),
  ],
);

/**
 * A one-tap answer link that was used (issue 29 §4): the link's id (its signed `jti`), so that a
 * link changes the answer once and a reused one is told so. Links expire; rows older than the
 * longest link life can be removed.
 */
export const sessionAnswerLinkUses = pgTable('session_answer_link_uses', {
  linkId: text('link_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id')
    .notNull()
    .references(() => clubSessions.id, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A member's private calendar feed (issue 29 §6): the SHA-256 of the secret in the feed's URL
 * (the secret itself is never stored). Rotating replaces the row, so the old URL stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A club owner's announcement to the club's followers (issue 29 §5); `removed_at` as for other
 *  moderated content. */
export const clubAnnouncements = pgTable(
  'club_announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('club_announcements_club_created_idx').on(t.clubId, t.createdAt, t.id)],
);

/** One follower an announcement was delivered to, and when they read it (the owner's delivered and
 *  read counts). */
export const announcementReceipts = pgTable(
  'announcement_receipts',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => clubAnnouncements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] }), index('announcement_receipts_user_idx').on(t.userId)],
);

export type SessionAnswerRow = typeof sessionAnswers.$inferSelect;
export type ClubAnnouncementRow = typeof clubAnnouncements.$inferSelect;
