import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, customType, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The words the directory's free-text search matches: name, description, city and category.
 *  'simple' keeps club names unstemmed; the search adds prefix matching. */
const searchDocument: SQL = sql`to_tsvector('simple'::regconfig,
  coalesce(name, '') || ' ' || coalesce(description, '') || ' ' || coalesce(city, '') || ' ' || coalesce(category, ''))`;

/** The words the opportunities search matches: title, description, location and time commitment. */
const positionDocument: SQL = sql`to_tsvector('simple'::regconfig,
  coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(location, '') || ' ' || coalesce(time_commitment, ''))`;

/** One club, one record, keyed by its owner's user id. Registration creates it as an application
 *  (status pending); the owner's first profile save fills the profile (profile_saved_at). The
 *  directory, the public page and the admin views are projections of this row. */
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
    // The profile. Optional texts are stored as null when blank.
    category: text('category'),
    description: text('description'),
    website: text('website'),
    contactPhone: text('contact_phone'),
    facebookUrl: text('facebook_url'),
    instagramUrl: text('instagram_url'),
    twitterUrl: text('twitter_url'),
    address: text('address'),
    city: text('city'),
    postcode: text('postcode'),
    what3words: text('what3words'),
    googleMapsUrl: text('google_maps_url'),
    logoUrl: text('logo_url'),
    /** The IANA time zone of the club's meeting times and sessions; null: the platform's
     *  (COUNCIL_TIME_ZONE). */
    timeZone: text('time_zone'),
    /** Spond's model: followers count as Going for the club's training sessions (not its events)
     *  unless they answer otherwise. */
    attendingByDefault: boolean('attending_by_default').notNull().default(false),
    /** When reminders go out, in minutes before a session starts (default 48 hours and 2 hours). */
    reminderOffsetsMinutes: integer('reminder_offsets_minutes').array().notNull().default(sql`'{2880,120}'::integer[]`),
    /** Null until the owner first saves the profile: from then on the name is read-only. */
    profileSavedAt: timestamp('profile_saved_at', { withTimezone: true }),
    /** Set when a moderator removed the item (content_removal): hidden from everyone but
     *  platform administrators, kept for the audit, cleared again by a restore. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    searchVector: tsvector('search_vector').generatedAlwaysAs(searchDocument),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clubs_status_created_idx').on(t.applicationStatus, t.createdAt),
    // The admin applications list: every sort is a keyset (key, id) under a status.
    index('clubs_status_created_id_idx').on(t.applicationStatus, t.createdAt, t.id),
    index('clubs_created_id_idx').on(t.createdAt, t.id),
    index('clubs_status_name_idx').on(t.applicationStatus, sql`lower(${t.name})`, t.id),
    index('clubs_status_city_idx').on(t.applicationStatus, sql`lower(coalesce(${t.city}, ''))`, t.id),
    // The Clubs tab: approved clubs by verification.
    index('clubs_verified_name_idx').on(t.verified, sql`lower(${t.name})`, t.id).where(sql`${t.applicationStatus} = 'approved'`),
    index('clubs_name_lower_idx').on(sql`lower(${t.name})`),
    // The directory: approved clubs a moderator has not removed, by name (case-insensitive),
    // optionally one sport (also the sport list, index-only), optionally matching words.
    index('clubs_directory_name_idx').on(sql`lower(${t.name})`, t.id).where(sql`${t.applicationStatus} = 'approved' and ${t.removedAt} is null`),
    index('clubs_directory_category_name_idx').on(t.category, sql`lower(${t.name})`, t.id).where(sql`${t.applicationStatus} = 'approved' and ${t.removedAt} is null`),
    index('clubs_directory_search_idx').using('gin', t.searchVector).where(sql`${t.applicationStatus} = 'approved' and ${t.removedAt} is null`),
  ],
);

/** Weekly meeting times; replaced as a whole when the owner saves. Days are ISO (1 = Monday). */
export const clubMeetingTimes = pgTable(
  'club_meeting_times',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('club_meeting_times_club_idx').on(t.clubId, t.dayOfWeek, t.startTime),
    check('club_meeting_times_day_check', sql`${t.dayOfWeek} between 1 and 7`),
    check('club_meeting_times_order_check', sql`${t.endTime} > ${t.startTime}`),
    check('club_meeting_times_format_check', sql`${t.startTime} ~ '^[0-2][0-9]:[03]0$' and ${t.endTime} ~ '^[0-2][0-9]:[03]0$'`),
  ],
);

/** The platform's list of safeguarding checks a position can require (§5), kept by administrators. */
export const checkKinds = pgTable('check_kinds', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** Retired kinds stay on the checks that name them but are no longer offered. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A club's volunteer positions. The volunteer side calls a live, active one an opportunity;
 *  status, skills, start date and recurrence are that side's (defaults keep them inert here). */
export const clubVolunteerPositions = pgTable(
  'club_volunteer_positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    responsibilities: text('responsibilities').notNull().default(''),
    requirements: text('requirements').notNull().default(''),
    timeCommitment: text('time_commitment').notNull().default(''),
    location: text('location').notNull().default(''),
    contactInfo: text('contact_info').notNull().default(''),
    isLive: boolean('is_live').notNull().default(false),
    status: text('status', { enum: ['active', 'filled', 'cancelled'] })
      .notNull()
      .default('active'),
    requiredSkills: text('required_skills').array().notNull().default(sql`'{}'::text[]`),
    startDate: date('start_date'),
    /** How many volunteers it takes (issue 30 §1); null: no limit. A position with shifts counts
     *  places per shift instead. */
    places: integer('places'),
    /** What happens when a place frees: the first in line is accepted ('automatic') or offered
     *  the place until a deadline ('offer'). */
    waitlistPolicy: text('waitlist_policy', { enum: ['automatic', 'offer'] })
      .notNull()
      .default('automatic'),
    /** How long a timed offer stands (shortened close to the start). */
    offerHours: integer('offer_hours').notNull().default(24),
    /** Set when the position became FILLED by itself (full), so a freed place makes it ACTIVE
     *  again; a club that closes it by hand clears it. */
    autoFilled: boolean('auto_filled').notNull().default(false),
    /** The safeguarding check a volunteer needs, verified by this club and unexpired (§5). */
    requiredCheckKindId: uuid('required_check_kind_id').references(() => checkKinds.id, { onDelete: 'set null' }),
    isRecurring: boolean('is_recurring').notNull().default(false),
    /** lower(required_skills), written by the service with them: what the skill filter matches (GIN). */
    skillKeys: text('skill_keys').array().notNull().default(sql`'{}'::text[]`),
    searchVector: tsvector('search_vector').generatedAlwaysAs(positionDocument),
    /** Set when a moderator removed the item (content_removal): hidden from everyone but
     *  platform administrators, kept for the audit, cleared again by a restore. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => {
    const OPEN_POSITION = sql`${t.isLive} and ${t.status} = 'active' and ${t.removedAt} is null`;
    return [
      index('club_volunteer_positions_club_created_idx').on(t.clubId, t.createdAt),
      // Live-role counts and a club page's live positions touch only live rows not removed.
      index('club_volunteer_positions_live_idx').on(t.clubId, t.createdAt).where(sql`${t.isLive} and ${t.removedAt} is null`),
      // The opportunities browser: live, active positions a moderator has not removed (every read of
      // open positions says so), newest first, and its filters.
      index('club_volunteer_positions_open_idx').on(t.createdAt, t.id).where(OPEN_POSITION),
      // The opportunities count joins each open position to its club: an index-only scan (bench: 17 → 6 ms).
      index('club_volunteer_positions_open_club_idx').on(t.clubId).where(OPEN_POSITION),
      index('club_volunteer_positions_skill_keys_idx').using('gin', t.skillKeys).where(OPEN_POSITION),
      index('club_volunteer_positions_search_idx').using('gin', t.searchVector).where(OPEN_POSITION),
      index('club_volunteer_positions_location_trgm_idx').using('gin', sql`lower(${t.location}) gin_trgm_ops`).where(OPEN_POSITION),
      check('club_volunteer_positions_places_check', sql`${t.places} is null or ${t.places} between 1 and 1000`),
      check('club_volunteer_positions_offer_hours_check', sql`${t.offerHours} between 1 and 168`),
    ];
  },
);

/** A member following a club (issue 29): the club's news, sessions and reminders reach them. One
 *  row per member and club. `role` is 'follower' for now; a later membership with roles (member,
 *  coach) takes the same row rather than a second table. */
export const clubFollows = pgTable(
  'club_follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['follower'] })
      .notNull()
      .default('follower'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('club_follows_club_user_key').on(t.clubId, t.userId),
    // A club's followers, newest first (keyset), and their count.
    index('club_follows_club_created_idx').on(t.clubId, t.createdAt, t.id),
    // A member's clubs, newest first (keyset).
    index('club_follows_user_created_idx').on(t.userId, t.createdAt, t.id),
  ],
);

export type ClubRow = typeof clubs.$inferSelect;
export type CheckKindRow = typeof checkKinds.$inferSelect;
export type ClubFollowRow = typeof clubFollows.$inferSelect;
export type ClubMeetingTimeRow = typeof clubMeetingTimes.$inferSelect;
export type ClubVolunteerPositionRow = typeof clubVolunteerPositions.$inferSelect;
