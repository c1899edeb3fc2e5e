import { sql, type SQL } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid, customType } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { clubs, clubVolunteerPositions } from './clubs.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The words a club's volunteer search matches: names, location and bio ('simple': unstemmed,
 *  the search adds prefix matching). Skills are matched through skill_keys. */
const profileDocument: SQL = sql`to_tsvector('simple'::regconfig,
  coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(location, '') || ' ' || coalesce(bio, ''))`;

/** A volunteer's profile, one per account (keyed by the user id). Having one makes the account a
 *  volunteer in the directory of volunteers that approved clubs search. */
export const volunteerProfiles = pgTable(
  'volunteer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** The contact address the volunteer gives; shown only to the volunteer and administrators. */
    email: text('email').notNull(),
    location: text('location').notNull().default(''),
    /** As the volunteer wrote them (trimmed, duplicates removed, at most 20). */
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    /** lower(skills), written by the service with skills: what the skill filter matches (GIN). */
    skillKeys: text('skill_keys').array().notNull().default(sql`'{}'::text[]`),
    availability: text('availability').array().notNull().default(sql`'{}'::text[]`),
    bio: text('bio').notNull().default(''),
    /** '/uploads/<file>' of the checked image, or null. */
    profileImageUrl: text('profile_image_url'),
    /** Set when a moderator removed the item (content_removal): hidden from everyone but
     *  platform administrators, kept for the audit, cleared again by a restore. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(profileDocument),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('volunteer_profiles_created_idx').on(t.createdAt, t.userId),
    index('volunteer_profiles_skill_keys_idx').using('gin', t.skillKeys),
    index('volunteer_profiles_search_idx').using('gin', t.searchVector),
    index('volunteer_profiles_location_trgm_idx').using('gin', sql`lower(${t.location}) gin_trgm_ops`),
  ],
);

/** pending (asked), accepted, rejected, withdrawn (by the volunteer); waitlisted (in the position's
 *  line, ordered by queued_at), offered (a timed offer until offer_expires_at), lapsed (the offer
 *  ran out). A position with shifts keeps the per-shift states on shift_signups. */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'withdrawn', 'waitlisted', 'offered', 'lapsed'] as const;
export type ApplicationStatusValue = (typeof APPLICATION_STATUSES)[number];

/** A volunteer's application to a club's position. club_id is the position's club, kept on the row
 *  so the club's lists and the statistics need no join. One open (pending, accepted, waitlisted or offered) application
 *  per volunteer and position: a unique index, so two concurrent applies cannot both succeed. */
export const volunteerApplications = pgTable(
  'volunteer_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => clubVolunteerPositions.id, { onDelete: 'cascade' }),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('pending'),
    /** The volunteer's message to the club. */
    message: text('message').notNull().default(''),
    /** The caller's retry key of the apply request (unique per volunteer), null when not sent. */
    idempotencyKey: text('idempotency_key'),
    /** When it joined the position's waiting line (its order); null unless waitlisted or offered. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    /** Until when an offered place stands; null unless offered. */
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('volunteer_applications_open_key')
      .on(t.positionId, t.volunteerId)
      .where(sql`${t.status} in ('pending', 'accepted', 'waitlisted', 'offered')`),
    // A position's waiting line, in order.
    index('volunteer_applications_line_idx').on(t.positionId, t.queuedAt).where(sql`${t.status} in ('waitlisted', 'offered')`),
    uniqueIndex('volunteer_applications_idempotency_key').on(t.volunteerId, t.idempotencyKey),
    // The volunteer's dashboard: newest first, optionally by status.
    index('volunteer_applications_volunteer_applied_idx').on(t.volunteerId, t.appliedAt, t.id),
    index('volunteer_applications_volunteer_status_idx').on(t.volunteerId, t.status, t.appliedAt, t.id),
    // A position's applications (the club's side), and the club's counts.
    index('volunteer_applications_position_idx').on(t.positionId, t.status, t.appliedAt, t.id),
    index('volunteer_applications_club_idx').on(t.clubId, t.status, t.appliedAt),
    // Analytics: applications per week over the whole platform.
    index('volunteer_applications_applied_idx').on(t.appliedAt),
  ],
);

/** Every status an application has had, with who set it: its history. */
export const volunteerApplicationEvents = pgTable(
  'volunteer_application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => volunteerApplications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The club's note on an acceptance or rejection; null otherwise. */
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('volunteer_application_events_application_idx').on(t.applicationId, t.createdAt)],
);

export type VolunteerProfileRow = typeof volunteerProfiles.$inferSelect;
export type VolunteerApplicationRow = typeof volunteerApplications.$inferSelect;
export type VolunteerApplicationEventRow = typeof volunteerApplicationEvents.$inferSelect;
