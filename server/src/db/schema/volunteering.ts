import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { checkKinds, clubs, clubVolunteerPositions } from './clubs.js';
import { volunteerApplications } from './volunteers.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Volunteering that runs itself (issue 30). Places and the waiting line live on the position
 * (`club_volunteer_positions.places`, `waitlist_policy`, `offer_hours`) for a position without
 * shifts, and on each shift for one with shifts. A line's states are the same in both:
 * requested/pending → accepted | waitlisted → offered → accepted | lapsed | withdrawn.
 */

/** The states of a volunteer's place on a shift (a position's own application uses the same words,
 *  with `pending` for `requested`). */
export const SIGNUP_STATUSES = ['requested', 'accepted', 'rejected', 'withdrawn', 'waitlisted', 'offered', 'lapsed'] as const;
export type SignupStatusValue = (typeof SIGNUP_STATUSES)[number];

/** A dated slot of a position (§1): one-off, or one of a weekly series (`series_id` names the
 *  series, so it can be changed or cancelled as one). */
export const positionShifts = pgTable(
  'position_shifts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => clubVolunteerPositions.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    places: integer('places').notNull(),
    /** Shared by the shifts of one weekly series; null for a one-off shift. */
    seriesId: uuid('series_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('position_shifts_position_starts_idx').on(t.positionId, t.startsAt),
    index('position_shifts_club_starts_idx').on(t.clubId, t.startsAt),
    check('position_shifts_order_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('position_shifts_places_check', sql`${t.places} between 1 and 1000`),
  ],
);

/** A volunteer's place on one shift, under their application to the shift's position: asked for,
 *  decided by the club, in the shift's waiting line (`queued_at` orders it), offered until
 *  `offer_expires_at`, and after the shift its attendance. */
export const shiftSignups = pgTable(
  'shift_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shiftId: uuid('shift_id')
      .notNull()
      .references(() => positionShifts.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => volunteerApplications.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id')
      .notNull()
      .references(() => clubVolunteerPositions.id, { onDelete: 'cascade' }),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SIGNUP_STATUSES }).notNull().default('requested'),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    /** Set by the club after the shift: whether the volunteer came. */
    attendance: text('attendance', { enum: ['attended', 'absent'] }),
    attendanceAt: timestamp('attendance_at', { withTimezone: true }),
    attendanceBy: uuid('attendance_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shift_signups_shift_volunteer_key').on(t.shiftId, t.volunteerId),
    // A shift's head count and waiting line.
    index('shift_signups_shift_status_idx').on(t.shiftId, t.status, t.queuedAt),
    index('shift_signups_application_idx').on(t.applicationId),
    index('shift_signups_volunteer_idx').on(t.volunteerId, t.status),
  ],
);

/** A proposal between two accepted volunteers of one position to exchange their shifts (§1). */
export const shiftSwaps = pgTable(
  'shift_swaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    positionId: uuid('position_id')
      .notNull()
      .references(() => clubVolunteerPositions.id, { onDelete: 'cascade' }),
    /** The proposer's accepted signup, and the other volunteer's. */
    fromSignupId: uuid('from_signup_id')
      .notNull()
      .references(() => shiftSignups.id, { onDelete: 'cascade' }),
    toSignupId: uuid('to_signup_id')
      .notNull()
      .references(() => shiftSignups.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['proposed', 'accepted', 'declined', 'cancelled'] })
      .notNull()
      .default('proposed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shift_swaps_open_key').on(t.fromSignupId, t.toSignupId).where(sql`${t.status} = 'proposed'`),
    index('shift_swaps_to_idx').on(t.toSignupId, t.status),
  ],
);

/** Hours a volunteer gave (§3): from a shift whose attendance the club confirmed (`shift_signup_id`,
 *  approved at once), or claimed by the volunteer for a position they were accepted to (pending
 *  until the club approves or declines). A club can revoke approved hours; certificates that
 *  counted them then say so. */
export const volunteerHours = pgTable(
  'volunteer_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    positionId: uuid('position_id')
      .notNull()
      .references(() => clubVolunteerPositions.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => volunteerApplications.id, { onDelete: 'cascade' }),
    shiftSignupId: uuid('shift_signup_id').references(() => shiftSignups.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['shift', 'claim'] }).notNull(),
    workDate: date('work_date').notNull(),
    /** Whole minutes (an hour claim of 1.5 is 90). */
    minutes: integer('minutes').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'declined', 'revoked'] }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The club's reason for declining or revoking. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('volunteer_hours_shift_signup_key').on(t.shiftSignupId),
    index('volunteer_hours_volunteer_idx').on(t.volunteerId, t.status, t.workDate),
    index('volunteer_hours_club_idx').on(t.clubId, t.status, t.workDate),
    index('volunteer_hours_approved_month_idx').on(t.workDate).where(sql`${t.status} = 'approved'`),
    check('volunteer_hours_minutes_check', sql`${t.minutes} between 1 and 1440`),
  ],
);

/** Every decision on hours (§3: approved, declined, revoked, confirmed from a shift), by whom. */
export const volunteerHoursEvents = pgTable(
  'volunteer_hours_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    hoursId: uuid('hours_id')
      .notNull()
      .references(() => volunteerHours.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['claimed', 'confirmed', 'approved', 'declined', 'revoked'] }).notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('volunteer_hours_events_hours_idx').on(t.hoursId, t.createdAt)],
);

/** A statement of approved hours (§4), verifiable at /verify/{code}. `facts` is what it stated when
 *  issued (name, clubs, positions, hours); the hours it counted are in certificate_hours, so a
 *  later revocation shows. The PDF is built by a job and kept as bytes until `pdf_expires_at`. */
export const volunteerCertificates = pgTable(
  'volunteer_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Unguessable (128 random bits, base32), the only key the public page takes. */
    code: text('code').notNull().unique(),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One club's hours, or every club's (null). */
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    facts: jsonb('facts').notNull(),
    totalMinutes: integer('total_minutes').notNull(),
    status: text('status', { enum: ['pending', 'ready', 'failed'] }).notNull().default('pending'),
    /** The PDF once the job built it. */
    pdf: bytea('pdf'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('volunteer_certificates_volunteer_idx').on(t.volunteerId, t.issuedAt)],
);

export const certificateHours = pgTable(
  'certificate_hours',
  {
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => volunteerCertificates.id, { onDelete: 'cascade' }),
    hoursId: uuid('hours_id')
      .notNull()
      .references(() => volunteerHours.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.certificateId, t.hoursId] }), index('certificate_hours_hours_idx').on(t.hoursId)],
);

/** A check a volunteer recorded (§5), with the minimum data: its kind and dates, nothing else (no
 *  certificate numbers, no scans). */
export const volunteerChecks = pgTable(
  'volunteer_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    volunteerId: uuid('volunteer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kindId: uuid('kind_id')
      .notNull()
      .references(() => checkKinds.id, { onDelete: 'restrict' }),
    issuedOn: date('issued_on').notNull(),
    /** When it expires or is due for renewal. */
    expiresOn: date('expires_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('volunteer_checks_volunteer_kind_key').on(t.volunteerId, t.kindId),
    index('volunteer_checks_expires_idx').on(t.expiresOn),
    check('volunteer_checks_dates_check', sql`${t.expiresOn} > ${t.issuedOn}`),
  ],
);

/** A club owner's verification of a volunteer's check, for their club only. */
export const volunteerCheckVerifications = pgTable(
  'volunteer_check_verifications',
  {
    checkId: uuid('check_id')
      .notNull()
      .references(() => volunteerChecks.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.clubId] }), index('volunteer_check_verifications_club_idx').on(t.clubId)],
);

/** Every view and change of a check (§5), by whom: its audit. */
export const volunteerCheckEvents = pgTable(
  'volunteer_check_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept after the check is deleted (the audit outlives it). */
    checkId: uuid('check_id'),
    volunteerId: uuid('volunteer_id').references(() => users.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['recorded', 'changed', 'deleted', 'viewed', 'verified', 'unverified', 'reminded'] }).notNull(),
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('volunteer_check_events_volunteer_idx').on(t.volunteerId, t.createdAt), index('volunteer_check_events_check_idx').on(t.checkId, t.createdAt)],
);

export type PositionShiftRow = typeof positionShifts.$inferSelect;
export type ShiftSignupRow = typeof shiftSignups.$inferSelect;
export type ShiftSwapRow = typeof shiftSwaps.$inferSelect;
export type VolunteerHoursRow = typeof volunteerHours.$inferSelect;
export type VolunteerCertificateRow = typeof volunteerCertificates.$inferSelect;
export type VolunteerCheckRow = typeof volunteerChecks.$inferSelect;
