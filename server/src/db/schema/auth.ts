import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Accounts. The email is unique whatever its letter case (index on lower(email)). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    status: text('status', { enum: ['active', 'suspended', 'banned', 'deleted'] }).notNull().default('active'),
    /** 'deleted': the member deleted the account (modules/account/account-deletion.service.ts); the
     *  row stays, emptied of personal data, so that the messages others received keep a sender. */
    /** Why the account is suspended or banned (told to the member at sign-in); null when active. */
    statusReason: text('status_reason'),
    /** A suspension's end; null for a suspension without an end, a ban, or an active account. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** When the status last changed (suspension, ban, reinstatement). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_platform_admin_idx').on(t.isPlatformAdmin).where(sql`${t.isPlatformAdmin}`),
    // The admin Users list (newest first, keyset) and the weekly sign-ups of Analytics.
    index('users_created_id_idx').on(t.createdAt, t.id),
    // The Suspended tab and the worker that ends suspensions whose time is up.
    index('users_status_created_idx').on(t.status, t.createdAt, t.id).where(sql`${t.status} <> 'active'`),
    // The Users tab's search: ILIKE '%…%' over name and email (pg_trgm).
    index('users_search_trgm_idx').using('gin', sql`lower(${t.fullName}) gin_trgm_ops`, sql`lower(${t.email}) gin_trgm_ops`),
  ],
);

/** One row per signed-in device. The access token names the session; revoking the row ends the
 *  token at once. The refresh token is stored only as a SHA-256 hash and rotates on every use. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    previousRefreshTokenHash: text('previous_refresh_token_hash'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    idleExpiresAt: timestamp('idle_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    uniqueIndex('sessions_refresh_token_key').on(t.refreshTokenHash),
    index('sessions_previous_refresh_token_idx').on(t.previousRefreshTokenHash),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_key').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/** The counters of rate-limiter-flexible's RateLimiterDrizzle store (sign-in failures per email+IP
 *  and per IP, sign-up and reset requests), shared by every instance. The store reads the columns by
 *  these property names. `key` is the limiter's prefix and a hash of the email/IP, never raw input.
 *  A row counts until `expire`; a blocked key holds more points than its limit until `expire`. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/** Secrets generated once and shared by every instance on the same database. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sports council administrators, by email (the spec keys the check on the user's email).
 *  Platform administrators are council administrators without a row here. */
export const councilAdmins = pgTable(
  'council_admins',
  {
    email: text('email').primaryKey(),
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
