import { sql } from 'drizzle-orm';
import { boolean, customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { clubs } from './clubs.js';

/** The kinds and channels of notifications/notifications.rules.ts (checked there and at the
 *  GraphQL boundary; stored as text so that a new kind needs no migration). */
type Kind = string;

/** Raw bytes (PostgreSQL bytea). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** A member's choice for one kind on one channel, where it differs from the kind's default
 *  (notifications.rules.ts NOTIFICATION_KINDS). No row: the default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<Kind>().notNull(),
    channel: text('channel', { enum: ['in_app', 'email', 'push'] }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/** How notifications reach a member besides the per-kind choices; no row: the defaults
 *  (instant email, no quiet hours, the platform's time zone). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailCadence: text('email_cadence', { enum: ['instant', 'daily', 'weekly', 'off'] }).notNull().default('instant'),
  /** Quiet hours, minutes after midnight in `time_zone`; both null: none. The end may be before
   *  the start (22:00–07:00 runs over midnight). */
  quietStart: smallint('quiet_start'),
  quietEnd: smallint('quiet_end'),
  timeZone: text('time_zone').notNull(),
  /** The hour (in `time_zone`) a daily or weekly (Monday) digest is sent. */
  digestHour: smallint('digest_hour').notNull().default(8),
  /** Whether push notifications may show the text (a message's first words) on a lock screen. */
  pushPreviews: boolean('push_previews').notNull().default(false),
  /** The digest watermark: when the last digest was sent (updated in the sending transaction). */
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A club whose notifications reach a member only in the bell (no email, push or digest). */
export const notificationClubMutes = pgTable(
  'notification_club_mutes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clubId: uuid('club_id')
      .notNull()
      .references(() => clubs.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clubId] })],
);

/**
 * What the instant email would have said, kept for a member's next digest. The digest claims the
 * rows it sends by setting `digest_id` in the transaction that queues its mail: a row committed
 * while a digest is being built is not visible to that claim and waits for the next one, and a
 * claimed row is never claimed again (exactly once, whatever the window edges).
 */
export const notificationDigestItems = pgTable(
  'notification_digest_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<Kind>().notNull(),
    /** The digest's group: `club:{id}`, `conversation:{memberId}` or `other`. */
    groupKey: text('group_key').notNull(),
    groupLabel: text('group_label').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    actionUrl: text('action_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The digest that sent it; null while waiting. */
    digestId: uuid('digest_id'),
  },
  (t) => [
    index('notification_digest_items_waiting_idx').on(t.userId, t.createdAt).where(sql`${t.digestId} is null`),
    index('notification_digest_items_digest_idx').on(t.digestId),
  ],
);

/**
 * Work that happens later (digests, and the reminders, expiries and exports of later issues),
 * worked like the mail outbox: claimed with FOR UPDATE SKIP LOCKED under a lease, retried with
 * backoff, and finished in the same transaction as its effects, so that each runs exactly once
 * across instances and restarts. `key` names the job so that scheduling it again moves it rather
 * than adding a second one.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: ['pending', 'done', 'failed'] }).notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Failed or running tries since the job last succeeded (backoff, and `failed` past the
     *  limit). */
    attempts: integer('attempts').notNull().default(0),
    /** The current claim: a worker finishes only the claim it holds (a lease that ran out was
     *  taken over, and the late worker's transaction is rolled back). */
    claimId: uuid('claim_id'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('jobs_key_idx').on(t.key), index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`)],
);

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;
export type NotificationDigestItemRow = typeof notificationDigestItems.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;

/** A device where a member turned push on: its push service endpoint and keys (RFC 8291). Removed
 *  when the push service answers 404 or 410, when the member removes it, or with the account. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this device: a capability (whoever has it can push), never shown. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** What the member calls the device ('Chrome on Android'). */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** A member's "Download my data" archive: asked for, built by a job, kept (as bytes, so any
 *  instance serves it) until it expires, then emptied. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'ready', 'expired'] }).notNull().default('pending'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The .zip while ready; null before and after. */
    archive: bytea('archive'),
    sizeBytes: integer('size_bytes'),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.requestedAt)],
);

export type DataExportRow = typeof dataExports.$inferSelect;
